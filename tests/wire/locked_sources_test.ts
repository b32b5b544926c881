/**
 * Meetily, Buzz, KuraDB and rousseau databases their apps hold locked in the middle of a
 * session (rollback journal, an exclusive lock): a call that reads one answers `busy` after the
 * busy timeout, with one clear line, through tools, resources and prompts alike; a call over
 * every source leaves it out and names it; once the lock goes, it is read again.
 */
import { assertEquals, assertMatch } from "../helpers/assert.ts";
import { brokenDatabase } from "../helpers/broken_sources.ts";
import { holdLock } from "../helpers/app_lock.ts";
import { ROOMY_DEADLINE, startServer } from "../helpers/server_process.ts";
import { assertToolError } from "../helpers/tool_error.ts";

Deno.test("an app's lock taken mid-session: busy for what reads it, the rest served, then read again", async () => {
  const databases = {
    m: brokenDatabase(
      "meetily",
      (db) =>
        db.exec(`INSERT INTO meetings (id, title, created_at, updated_at)
        VALUES ('a', 'A', '2025-11-19T07:07:05+00:00', '')`),
    ),
    b: brokenDatabase(
      "buzz",
      (db) =>
        db.exec(`INSERT INTO transcription (id, status, time_queued, file)
        VALUES ('a', 'completed', '2025-11-19T08:07:05', '/a/a.mp3')`),
    ),
    k: brokenDatabase(
      "kuradb",
      (db) =>
        db.exec(`INSERT INTO file_data (source, chunk, total, content, dismiss, created_at)
        VALUES ('/in/a.md', 1, 1, 'alpha', 0, '2025-11-01 00:00:00')`),
    ),
    r: brokenDatabase(
      "rousseau",
      (db) =>
        db.exec(`INSERT INTO sessions (id, title, payload, message_count, created_at, updated_at)
        VALUES ('a', 'A', '{"messages":[]}', 0, '2026-07-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z')`),
    ),
  };
  const ids = { m: "m:a", b: "b:a", k: "k:1", r: "r:a" };
  const server = startServer([
    ...ROOMY_DEADLINE,
    ...Object.entries(databases).flatMap(([name, db]) => ["--source", `${name}=${db.path}`]),
  ]);
  try {
    await server.initialize();
    for (const [name, db] of Object.entries(databases)) {
      const id = ids[name as keyof typeof ids];
      const release = await holdLock(db.path);
      assertToolError(await server.callTool("get_transcript", { id }), "busy", /locked by its app/);
      // Each costs the busy timeout: resources/read on the first, a listing on the last.
      if (name === "m") {
        const uri = `transcript://${name}/${id.slice(2)}`;
        const read = await server.request("resources/read", { uri });
        assertEquals(read["error"]?.data, { code: "busy" }, name);
        assertMatch(read["error"].message, /locked by its app/);
      }
      if (name === "b") {
        // The kind found at start stays known while the app holds its lock.
        const listed = (await server.callTool("list_sources", {}))["structuredContent"].sources;
        const locked = listed.find((source: { name: string }) => source.name === name);
        assertEquals([locked.kind, locked.available], ["buzz", false], JSON.stringify(locked));
      }
      if (name === "r") {
        const all = (await server.callTool("list_transcripts", {}))["structuredContent"];
        assertEquals(all.transcripts.length, 3, name);
        assertEquals(all.unavailable.map((source: { sourceName: string }) => source.sourceName), [
          name,
        ]);
      }
      await release();
      assertEquals((await server.callTool("get_transcript", { id }))["structuredContent"].id, id);
    }
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    for (const db of Object.values(databases)) db.cleanup();
  }
});
