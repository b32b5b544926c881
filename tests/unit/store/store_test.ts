import { constants, DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertThrows } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import {
  AUTHORIZER_CODES,
  authorizeReadsOnly,
  installAuthorizer,
} from "../../../lib/store/authorizer.ts";
import { StoreInterruptedError, StoreOpenError } from "../../../lib/store/errors.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import { KEEP_GOING_SQL } from "../../../lib/store/store.ts";
import { checkStore, formatStoreReport } from "../../../lib/store/store_check.ts";
import { openDemoStore } from "../../../lib/demo/demo_store.ts";

Deno.test("the authorizer codes match the runtime's SQLite constants", () => {
  const runtime = constants as unknown as Record<string, number>;
  for (const [name, value] of Object.entries(AUTHORIZER_CODES)) {
    assertEquals(runtime[name], value, name);
  }
});

/** Every kind of write a connection must refuse; ATTACH would create a file in `dir`. */
function writeAttempts(dir: string): string[] {
  return [
    "INSERT INTO tasks (id, text, created_at) VALUES ('x', 'y', 'z')",
    "UPDATE transcripts SET title = 'changed'",
    "DELETE FROM transcripts",
    "CREATE TABLE evil (x)",
    "CREATE TEMP TABLE evil (x)",
    "DROP TABLE tasks",
    `ATTACH DATABASE '${join(dir, "other.db")}' AS other`,
    "VACUUM",
    "PRAGMA user_version = 7",
    "PRAGMA query_only = OFF",
    "PRAGMA journal_mode = WAL",
    "SELECT load_extension('/tmp/evil.so')",
    "INSERT INTO transcripts_fts (transcripts_fts) VALUES ('rebuild')",
    "ANALYZE",
    "REINDEX",
    "ALTER TABLE tasks ADD COLUMN evil",
    "CREATE INDEX evil ON tasks (text)",
    "CREATE TRIGGER evil AFTER INSERT ON tasks BEGIN SELECT 1; END",
    "CREATE VIEW evil AS SELECT 1",
    "SAVEPOINT evil",
  ];
}

Deno.test("a write attempt through the server's own connection fails", () => {
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(3) });
  const store = openStore(fixture.path);
  try {
    for (const sql of writeAttempts(fixture.dir)) assertThrows(() => store.all(sql), Error);
    assertEquals(Number(store.get("SELECT count(*) AS n FROM transcripts")?.["n"]), 3);
    assertEquals(Number(store.get("PRAGMA user_version")?.["user_version"]), 1);
    assertEquals(store.get("SELECT title FROM transcripts WHERE title = 'changed'"), undefined);
  } finally {
    store.close();
    fixture.cleanup();
  }
  assertThrows(() => Deno.statSync(join(fixture.dir, "other.db")), Deno.errors.NotFound);
});

Deno.test("the authorizer alone refuses every kind of write, even on a writable connection", () => {
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(3) });
  // A writable connection with no other layer: only the authorizer stands in the way.
  const db = new DatabaseSync(fixture.path);
  installAuthorizer(db, authorizeReadsOnly);
  try {
    for (const sql of writeAttempts(fixture.dir)) {
      const error = assertThrows(() => db.exec(sql), Error);
      assertMatch(error.message, /not authorized|authoriz/i, sql);
    }
    // Reads, including FTS5's own internal reads, pass.
    assertEquals(
      db.prepare("SELECT count(*) AS n FROM transcripts_fts WHERE transcripts_fts MATCH 'fixture'")
        .get()?.["n"],
      3,
    );
  } finally {
    db.close();
    fixture.cleanup();
  }
});

Deno.test("integers beyond 2^53 are read, not silently dropped", () => {
  const fixture = buildFixtureStore({
    transcripts: fixtureTranscripts(2),
    tasks: [],
    afterFill: "UPDATE transcripts SET pk = 9007199254740993 WHERE pk = 1",
  });
  const store = openStore(fixture.path);
  try {
    const rows = store.all("SELECT pk FROM transcripts ORDER BY pk");
    assertEquals(rows.length, 2);
    assertEquals(rows[1]?.["pk"], 9007199254740993n);
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test("opening a bad store fails with one line naming the problem", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const missing = join(dir, "nope.db");
    assertThrows(() => openStore(missing), StoreOpenError, `file not found at ${missing}`);
    assertThrows(() => openStore(dir), StoreOpenError, "is a directory");
    const empty = join(dir, "empty.db");
    Deno.writeTextFileSync(empty, "");
    assertThrows(() => openStore(empty), StoreOpenError, "is empty");
    const text = join(dir, "notes.txt");
    Deno.writeTextFileSync(text, "meeting notes, definitely not SQLite\n".repeat(20));
    assertThrows(() => openStore(text), StoreOpenError, "is not an SQLite database");
    const plain = join(dir, "plain.db");
    new DatabaseSync(plain).exec("CREATE TABLE t (x)");
    assertThrows(() => openStore(plain), StoreOpenError, "schema version 0, expected 1");
    const future = join(dir, "future.db");
    new DatabaseSync(future).exec("PRAGMA user_version = 2; CREATE TABLE t (x)");
    const newer = assertThrows(() => openStore(future), StoreOpenError, "schema version 2");
    assertMatch(newer.message, /upgrade transcript-mcp/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a store missing a required table is refused, naming the table", () => {
  const fixture = buildFixtureStore({ tasks: [], afterFill: "DROP TABLE tasks" });
  try {
    assertThrows(() => openStore(fixture.path), StoreOpenError, "lacks the required table tasks");
  } finally {
    fixture.cleanup();
  }
  const noFts = buildFixtureStore({
    afterFill: "DROP TRIGGER transcripts_fts_insert; DROP TRIGGER transcripts_fts_delete; " +
      "DROP TRIGGER transcripts_fts_update; DROP TABLE transcripts_fts",
  });
  try {
    assertThrows(() => openStore(noFts.path), StoreOpenError, "transcripts_fts");
  } finally {
    noFts.cleanup();
  }
});

Deno.test("check reports counts and an FTS index out of sync", () => {
  const demo = checkStore(openDemoStore());
  assertEquals(demo.counts, { transcripts: 9, segments: demo.counts.segments, tasks: 12 });
  assert((demo.counts.segments ?? 0) > 100);
  assertEquals(demo.fts.inSync, true);
  const fixture = buildFixtureStore({
    transcripts: fixtureTranscripts(5),
    // The app dropped its triggers, then changed rows: the index no longer agrees.
    afterFill: "DROP TRIGGER transcripts_fts_insert; DROP TRIGGER transcripts_fts_delete; " +
      "INSERT INTO transcripts (id, title, text, created_at) VALUES ('new', 't', 'x', '2026-01-01');" +
      "DELETE FROM transcripts WHERE pk = 1;",
  });
  const store = openStore(fixture.path);
  try {
    const report = checkStore(store);
    assertEquals(report.schemaVersion, 1);
    assertEquals(report.counts.transcripts, 5);
    assertEquals(report.fts, { indexed: 5, missing: 1, orphaned: 1, inSync: false });
    assertMatch(formatStoreReport(report), /OUT OF SYNC: 1 transcripts not indexed, 1 stale/);
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test("an interrupted read stops inside SQLite and the connection reads on afterwards", () => {
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(300), tasks: [] });
  const store = openStore(fixture.path);
  try {
    const sql = `SELECT id FROM transcripts WHERE ${KEEP_GOING_SQL}`;
    let checks = 0;
    // The check runs on one row in 64: here at rows 64, 128 and 192, where it says stop.
    store.setInterruptCheck(() => ++checks === 3 ? "timeout" : null);
    const error = assertThrows(() => store.all(sql), StoreInterruptedError);
    assertEquals(error.reason, "timeout");
    assertEquals(checks, 3, "no row is looked at after the stop");
    store.setInterruptCheck(() => null);
    assertEquals(store.all(sql).length, 300);
  } finally {
    store.close();
    fixture.cleanup();
  }
});
