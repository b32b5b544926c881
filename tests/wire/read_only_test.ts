/**
 * The read-only promise at the file level: a full session leaves the store untouched.
 */
import { assertEquals } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { type Message, startServer } from "../helpers/server_process.ts";

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

Deno.test("the store file's bytes and mtime are unchanged after a full session", async () => {
  const fixture = buildFixtureStore();
  try {
    const before = { hash: await sha256(fixture.path), mtime: Deno.statSync(fixture.path).mtime };
    const filesBefore = [...Deno.readDirSync(fixture.dir)].map((e) => e.name).sort();
    const server = startServer(["--db", fixture.path]);
    try {
      await server.initialize();
      await server.request("tools/list");
      let cursor: string | null = null;
      do {
        const page: Message = await server.callTool(
          "list_transcripts",
          cursor === null ? { limit: 10 } : { limit: 10, cursor },
        );
        cursor = page["structuredContent"].nextCursor;
      } while (cursor !== null);
      for (const query of ["pricing", "POL-358", '"sync conflict"', "pric*", "what's the plan?"]) {
        await server.callTool("search_transcripts", { query });
      }
      await server.callTool("get_transcript", { id: fixture.transcripts[0]!.id });
      await server.callTool("list_tasks", { done: false });
      await server.writeRaw("not json\n");
      await server.next();
      assertEquals((await server.finish()).code, 0);
    } finally {
      await server.kill();
    }
    assertEquals(await sha256(fixture.path), before.hash);
    assertEquals(Deno.statSync(fixture.path).mtime, before.mtime);
    assertEquals([...Deno.readDirSync(fixture.dir)].map((e) => e.name).sort(), filesBefore);
  } finally {
    fixture.cleanup();
  }
});
