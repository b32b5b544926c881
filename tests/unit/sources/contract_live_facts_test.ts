/**
 * The facts a listing reads for every transcript on every call (its fields, preview and
 * speakers) are kept per connection, so they must stay current while the app writes: each
 * call of one long-lived connection answers what a fresh connection answers, after every
 * commit.
 */
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { callTool } from "../../../lib/tools/call_tool.ts";
import { findTool } from "../../../lib/tools/registry.ts";

const list = findTool("list_transcripts")!;

/** list_transcripts' page through `sources`, parsed. */
function page(sources: SourceSet, args: Record<string, unknown> = {}) {
  const outcome = callTool(list, sources, args);
  if (!outcome.ok) throw new Error(outcome.message);
  return JSON.parse(outcome.structuredJson);
}

/** The same page through a connection opened now, which has kept nothing. */
function fresh(path: string, args: Record<string, unknown> = {}) {
  const sources = SourceSet.ofStore(openStore(path));
  try {
    return page(sources, args);
  } finally {
    sources.close();
  }
}

Deno.test("a kept connection's listing follows every commit of a live writer", () => {
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(30) });
  const sources = SourceSet.ofStore(openStore(fixture.path));
  const app = new DatabaseSync(fixture.path);
  try {
    const before = page(sources);
    assertEquals(page(sources), before, "kept while nothing changes");
    const newest = before.transcripts[0].id as string;
    const writes = [
      // The newest transcript's text, so its preview, changes.
      `UPDATE transcripts SET text = 'Rewritten by the app. ' || text WHERE id = '${newest}'`,
      // Its title and star, which a listing shows beside the preview.
      `UPDATE transcripts SET title = 'Renamed', starred = 1 - starred WHERE id = '${newest}'`,
      // Someone new speaks first in it.
      `UPDATE segments SET speaker = 'Zoe Newcomer' WHERE transcript_id = '${newest}' AND seq = 0`,
      // A transcript newer than all: a row the kept previews have never seen.
      `INSERT INTO transcripts (id, title, text, created_at)
         VALUES ('live-1', 'Just recorded', 'Fresh words.', '2999-01-01T00:00:00.000Z')`,
      // And gone again.
      "DELETE FROM transcripts WHERE id = 'live-1'",
    ];
    for (const write of writes) {
      app.exec(write);
      assertEquals(page(sources), fresh(fixture.path), `after: ${write.slice(0, 40)}`);
      assertEquals(page(sources, { limit: 3 }), fresh(fixture.path, { limit: 3 }));
    }
    const after = page(sources);
    assert(after.transcripts[0].preview.startsWith("Rewritten by the app."));
    assertEquals(after.transcripts[0].speakers[0], "Zoe Newcomer");
    assertEquals(after.transcripts[0].title, "Renamed");
    assertEquals(after.transcripts[0].starred, !before.transcripts[0].starred);
  } finally {
    app.close();
    sources.close();
    fixture.cleanup();
  }
});
