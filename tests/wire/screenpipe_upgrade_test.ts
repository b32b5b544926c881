/**
 * screenpipe upgraded while the server runs: its migrations change the schema under an
 * open connection (a table rebuilt, dropped or added). The source is read as it is now,
 * as a fresh server reads it, never failing inside the server.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { type Message, ROOMY_DEADLINE, startServer } from "../helpers/server_process.ts";

const T0 = Date.UTC(2026, 4, 12, 8, 0, 0);

/** Every answer a user sees of the source, or its error. */
async function answers(server: ReturnType<typeof startServer>): Promise<Message> {
  const out: Message = {};
  for (
    const [name, args] of [
      ["list_sources", {}],
      ["list_transcripts", {}],
      ["search_transcripts", { query: "budget" }],
      ["get_turns", { id: "screenpipe:1" }],
    ] as const
  ) {
    const result = await server.callTool(name, args);
    assert(!result["isError"], `${name}: ${JSON.stringify(result)}`);
    out[name] = result["structuredContent"];
  }
  return out;
}

Deno.test("screenpipe: a schema changed under the server (its full-text index dropped) is read anew", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/db.sqlite`;
  const app = createScreenpipeDb(path);
  for (const [i, text] of ["the budget review", "a budget follow-up"].entries()) {
    app.addChunk({ device: "Mic", atMs: T0 + i * 3_600_000, segments: [{ text }] });
  }
  app.index();
  const server = startServer(["--source", path, ...ROOMY_DEADLINE]);
  try {
    await server.initialize();
    const before = await answers(server);
    assertEquals(before["list_sources"].sources[0].search, "fts");
    app.db.exec(`DROP TRIGGER audio_transcriptions_update; DROP TRIGGER audio_transcriptions_delete;
      DROP TABLE audio_transcriptions_fts`);
    const after = await answers(server);
    const fresh = startServer(["--source", path, ...ROOMY_DEADLINE]);
    try {
      await fresh.initialize();
      assertEquals(after, await answers(fresh));
    } finally {
      await fresh.kill();
    }
    assertEquals(after["list_sources"].sources[0].search, "scan");
    assertEquals(after["search_transcripts"].results.length, 2);
    assert(!server.stderr.includes("failed"), server.stderr);
  } finally {
    await server.kill();
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
});
