/**
 * Sources that failed at start, through the real server: one its app held locked past the
 * busy timeout, and one whose file was not there yet, are served once they can be opened
 * (listed, searched, read, and part of calls over all sources); one that failed for good
 * stays out with its reason; the others are unaffected throughout.
 *
 * Each waits RETRY_SOURCE_AFTER_MS after the change before asking again: every thread's
 * last try was before the change, so after that long any thread tries anew. The wait is a
 * lower bound, which load only lengthens; how often tries are made is tested with a hand
 * clock in tests/unit/sources/source_retry_test.ts.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../helpers/fixture_store.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { holdLock } from "../helpers/app_lock.ts";
import { type Message, ROOMY_DEADLINE, startServer } from "../helpers/server_process.ts";
import { assertToolError } from "../helpers/tool_error.ts";
import { RETRY_SOURCE_AFTER_MS } from "../../lib/config/limits.ts";

const content = (result: Message) => result["structuredContent"];
const byName = (listed: Message[], name: string) => listed.find((s) => s.name === name)!;
const retryWait = () => new Promise((resolve) => setTimeout(resolve, RETRY_SOURCE_AFTER_MS));

/** A screenpipe database of two sittings, in rollback-journal mode so a lock keeps readers out. */
function screenpipeAt(path: string): void {
  const app = createScreenpipeDb(path);
  const start = Date.UTC(2026, 10, 20, 14);
  for (const [i, atMs] of [start, start + 3 * 3600_000].entries()) {
    app.addChunk({ device: "MacBook Pro Microphone", atMs, segments: [{ text: `standup ${i}` }] });
  }
  app.index();
  app.close();
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = DELETE");
  db.close();
}

Deno.test("a source locked at start is served once its app lets go, under its file's name", async () => {
  const kept = buildFixtureStore({ transcripts: fixtureTranscripts(4) });
  const path = join(kept.dir, "db.sqlite");
  screenpipeAt(path);
  const release = await holdLock(path);
  const server = startServer(["--source", `a=${kept.path}`, "--source", path, ...ROOMY_DEADLINE]);
  try {
    await server.initialize();
    let listed = content(await server.callTool("list_sources", {})).sources;
    const locked = byName(listed, "db");
    assertEquals([locked.available, locked.kind], [false, null]);
    assertMatch(locked.notes[0], /locked by its app/);
    assertMatch(locked.notes.join("\n"), /tried again when a call needs it/);
    assertEquals(byName(listed, "a").transcripts, 4);
    assertToolError(
      await server.callTool("list_transcripts", { sourceName: "db" }),
      "busy",
      /locked by its app/,
    );
    const during = content(await server.callTool("list_transcripts", { limit: 50 }));
    assertEquals(during.unavailable.map((u: Message) => u.sourceName), ["db"]);
    assertEquals(during.transcripts.length, 4, "the other answers in full");

    await release();
    await retryWait();

    listed = content(await server.callTool("list_sources", {})).sources;
    const back = byName(listed, "db");
    assertEquals([back.available, back.kind, back.transcripts], [true, "screenpipe", 2]);
    assertMatch(
      back.notes.join("\n"),
      /named 'db' from its file: its kind could not be read at start.*'screenpipe'/,
    );
    const own = content(await server.callTool("list_transcripts", { sourceName: "db" }));
    assertEquals(own.transcripts.length, 2);
    assert(own.transcripts.every((t: Message) => t.id.startsWith("db:")), "ids keep its name");
    const got = content(await server.callTool("get_transcript", { id: own.transcripts[0].id }));
    assertEquals(got.sourceName, "db");
    const found = content(await server.callTool("search_transcripts", { query: "standup" }));
    assertEquals(found.unavailable, undefined);
    assertEquals(found.results.map((r: Message) => r.sourceName), ["db", "db"]);
    const all = content(await server.callTool("list_transcripts", { limit: 50 }));
    assertEquals(all.unavailable, undefined);
    assertEquals(all.transcripts.length, 6);
    assert(!/\n\s+at /.test(server.stderr), "no stack trace");
  } finally {
    await server.kill();
    await release();
    kept.cleanup();
  }
});

Deno.test("a file missing at start is served once it is there; one of no known kind stays out", async () => {
  const kept = buildFixtureStore({ transcripts: fixtureTranscripts(3) });
  const [base] = fixtureTranscripts(1);
  const arriving = buildFixtureStore({
    transcripts: [{
      ...base!,
      id: "1a7e0000-0000-4000-8000-000000000000",
      title: "Arrived later",
      segments: [{ speaker: "Ana", startMs: 0, endMs: 1_000, text: "zanzibar arrives late" }],
    }],
  });
  const late = join(kept.dir, "late.db");
  const bad = join(kept.dir, "notes.db");
  const notes = new DatabaseSync(bad);
  notes.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY)");
  notes.close();
  const server = startServer([
    ...ROOMY_DEADLINE,
    "--source",
    `a=${kept.path}`,
    "--source",
    `late=${late}`,
    "--source",
    `bad=${bad}`,
  ]);
  try {
    await server.initialize();
    let listed = content(await server.callTool("list_sources", {})).sources;
    assertEquals(listed.map((s: Message) => [s.name, s.available]), [
      ["a", true],
      ["late", false],
      ["bad", false],
    ]);
    assertMatch(byName(listed, "late").notes.join("\n"), /file not found[\s\S]*tried again/);
    assertEquals(byName(listed, "bad").notes.length, 1, "no retry is promised");
    assertMatch(byName(listed, "bad").notes[0], /not a database of a known kind/);
    assertMatch(server.stderr, /source late is left out until it can be opened .*file not found/);
    assertMatch(server.stderr, /source bad is left out: .*not a database of a known kind/);

    // The file arrives whole, and the bad one is replaced by a good store: it stays out,
    // since a source of no known kind is not tried again.
    Deno.renameSync(arriving.path, late);
    const good = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
    Deno.renameSync(good.path, bad);
    good.cleanup();
    await retryWait();

    listed = content(await server.callTool("list_sources", {})).sources;
    assertEquals(listed.map((s: Message) => [s.name, s.kind, s.available, s.transcripts]), [
      ["a", "transcript-mcp", true, 3],
      ["late", "transcript-mcp", true, 1],
      ["bad", null, false, null],
    ]);
    assertMatch(byName(listed, "bad").notes[0], /not a database of a known kind/);
    const found = content(await server.callTool("search_transcripts", { query: "zanzibar" }));
    assertEquals(found.results.map((r: Message) => [r.sourceName, r.title]), [
      ["late", "Arrived later"],
    ]);
    assertEquals(found.unavailable.map((u: Message) => u.sourceName), ["bad"]);
    const got = content(
      await server.callTool("get_transcript", { id: "1a7e0000-0000-4000-8000-000000000000" }),
    );
    assertEquals([got.sourceName, got.title], ["late", "Arrived later"]);
    const all = content(await server.callTool("list_transcripts", { limit: 50 }));
    assertEquals(all.transcripts.length, 4);
    assertToolError(
      await server.callTool("list_transcripts", { sourceName: "bad" }),
      "unavailable",
      /Cannot read source bad: .*not a database of a known kind/,
    );
  } finally {
    await server.kill();
    kept.cleanup();
    arriving.cleanup();
  }
});
