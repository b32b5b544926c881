/**
 * SQLite reads a view as the tables it selects from, and asks the authorizer about those:
 * a source's authorizer therefore denies a view that stands in for a table it may read,
 * benign or not, and above all one that selects what it may not (Meetily's API keys). Sources
 * with such views are refused at open (open_source.ts); this is the layer beneath.
 */
import { DatabaseSync } from "node:sqlite";
import { assertEquals, assertThrows } from "../../helpers/assert.ts";
import { buildMeetilyFixture } from "../../helpers/meetily_fixture.ts";
import { authorizeReadsOf, installAuthorizer } from "../../../lib/store/authorizer.ts";
import { meetilyKind } from "../../../lib/sources/adapters/meetily.ts";

/** The rows `sql` reads from the database at `path` under Meetily's authorizer. */
function readAsMeetily(path: string, sql: string): unknown[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    installAuthorizer(db, authorizeReadsOf(meetilyKind.readable));
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

const READ = "SELECT meeting_id, transcript FROM transcripts ORDER BY meeting_id";

Deno.test("authorizer: a table Meetily may read is read; through a view of it, nothing is", () => {
  const table = buildMeetilyFixture();
  const view = buildMeetilyFixture({
    afterFill: `ALTER TABLE transcripts RENAME TO transcripts_data;
                CREATE VIEW transcripts AS SELECT * FROM transcripts_data;`,
  });
  try {
    assertEquals(readAsMeetily(table.path, READ).length > 0, true);
    assertThrows(
      () => readAsMeetily(view.path, READ),
      Error,
      "access to transcripts_data.",
    );
  } finally {
    table.cleanup();
    view.cleanup();
  }
});

Deno.test("authorizer: a view selecting the API keys of settings is denied when prepared", () => {
  const view = buildMeetilyFixture({
    afterFill: `CREATE VIEW keys AS SELECT openaiApiKey AS transcript FROM settings;
                ALTER TABLE transcripts RENAME TO transcripts_data;
                CREATE VIEW transcripts AS SELECT t.meeting_id, k.transcript FROM transcripts_data t, keys k;`,
  });
  try {
    assertThrows(() => readAsMeetily(view.path, READ), Error, "is prohibited");
    assertThrows(
      () => readAsMeetily(view.path, "SELECT transcript FROM keys"),
      Error,
      "settings.openaiApiKey is prohibited",
    );
  } finally {
    view.cleanup();
  }
});
