/**
 * The server reads a rousseau store while the app saves sessions to it, in another process,
 * in WAL: every call answers, a session saved a moment ago is listed first and found by a
 * word it says right after a line break, and no session is read without all of its blocks.
 */
import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../helpers/assert.ts";
import { buildRousseauFixture } from "../helpers/rousseau_fixture.ts";
import { liveSession } from "./fixtures/live_session.ts";
import { type Message, startServer } from "../helpers/server_process.ts";
import { checksum } from "./fixtures/checksum.ts";
import { lines } from "../helpers/lines.ts";

const WRITER = fileURLToPath(new URL("./fixtures/rousseau_writer.ts", import.meta.url));

interface Saved {
  id: string;
  word: string;
  blocks: number;
  /** The save's number, from 0. */
  n: number;
}

Deno.test("a live rousseau writer: calls answer, saved sessions come first, are found, never torn", async () => {
  const fixture = buildRousseauFixture();
  const server = startServer(["--source", fixture.path, "--tools", "rousseau"]);
  try {
    await server.initialize();
    const writer = new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--allow-write", WRITER, fixture.path, "4000", "150"],
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    const saved: Saved[] = [];
    const reading = (async () => {
      for await (const line of lines(writer.stdout)) saved.push(JSON.parse(line));
    })();
    let writing = true;
    void writer.status.then(() => (writing = false));
    const errors: string[] = [];
    let calls = 0;
    let checked = 0;
    let found = 0;
    const call = async (name: string, args: unknown) => {
      calls++;
      const result: Message = await server.callTool(name, args);
      if (result["isError"]) errors.push(`${name}: ${result["content"][0].text}`);
      return result["isError"] ? null : result["structuredContent"];
    };
    /** A live session read whole: as many blocks as its title says, with their checksum. */
    const checkWhole = async (id: string) => {
      const whole = await call("get_transcript", { id });
      const [, blocks, sum] = /blocks=(\d+) sum=(\w+)$/.exec(whole?.title ?? "") ?? [];
      if (blocks === undefined) return;
      const shown = whole.text.split(/\n(?=(?:user|assistant): )/)
        .map((line: string) => line.replace(/^(user|assistant): /, ""));
      assertEquals(shown.length, Number(blocks), `torn session ${id}`);
      assertEquals(checksum(shown.join("|")), sum, `torn session ${id}`);
      // The seed tool reads the same session; the writer may have added to it since.
      const seed = await call("rousseau_read_session", { id });
      assert(seed === null || seed.messages >= Number(blocks), `torn session ${id}`);
      checked++;
    };
    while (writing || found === 0) {
      const known = saved.at(-1);
      await call("list_sources", {});
      const page = await call("list_transcripts", { limit: 5 });
      const ids: string[] = (page?.transcripts ?? []).map((item: Message) => item.id);
      if (known !== undefined && page !== null) {
        // Newest first by updated_at: the session saved before the call is first, or a
        // later save is. A later save's line may not be read here yet (the writer prints
        // after it commits), so the saves that wrote the first session come from the
        // writer's rule, not from the lines read so far.
        const first = parseInt(ids[0]!.split("-").at(-1)!, 16);
        const latest = liveSession(first - 998) === first ? first - 998 : first - 1000;
        assert(latest >= known.n, `${known.id} (save ${known.n}) not first in ${ids}`);
        const hits = await call("search_transcripts", { query: known.word, limit: 5 });
        assertEquals(hits?.results.map((hit: Message) => hit.id), [`rousseau:${known.id}`]);
        found++;
      }
      for (const id of ids.slice(0, 2)) await checkWhole(id);
    }
    await reading;
    const last = saved.at(-1)!;
    const newest = await call("list_transcripts", { limit: 1 });
    assertEquals(newest?.transcripts[0].id, `rousseau:${last.id}`, "the last save is first");
    console.log(
      `live rousseau writer: ${saved.length} saves, ${calls} calls, ${checked} read whole, ` +
        `${found} found by search just after saving`,
    );
    assertEquals(errors, []);
    assert(saved.length > 1 && checked > 0 && found > 0);
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});
