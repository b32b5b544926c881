/**
 * The server reads a Buzz database while Buzz transcribes into it, in another process, with
 * Buzz's own sequence of commits (queued, in progress, then completed before its segments,
 * each segment its own commit; or failed). Every call answers; a transcription is never
 * listed, read or found before Buzz marks it completed, and never when it failed; what is
 * read of one still being filled is its first segments, in order; once Buzz has written it
 * all, it is listed and found without restart, and read whole.
 */
import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../helpers/assert.ts";
import { buildBuzzFixture } from "../helpers/buzz_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";
import { checksum } from "./fixtures/checksum.ts";
import { CountedCalls, startWriter } from "../helpers/live_writer.ts";

const WRITER = fileURLToPath(new URL("./fixtures/buzz_writer.ts", import.meta.url));

interface Written {
  id: string;
  word: string;
  segments: number;
  status: "completed" | "failed";
}

const liveNumber = (id: string | undefined) =>
  Number(/^buzz:live-(\d+)$/.exec(id ?? "")?.[1] ?? -1);

Deno.test("a live Buzz writer: calls answer, completed work is found at once, unfinished never", async () => {
  const fixture = buildBuzzFixture();
  const server = startServer(["--source", fixture.path]);
  try {
    await server.initialize();
    const writer = startWriter<Written>(WRITER, [fixture.path, "4000", "150"]);
    const written = writer.written;
    const calls = new CountedCalls(server);
    const call = (name: string, args: unknown) => calls.call(name, args);
    let whole = 0;
    let partial = 0;
    let found = 0;
    const failedIds = () =>
      new Set(written.filter((w) => w.status === "failed").map((w) => `buzz:${w.id}`));
    /** A live transcription as read: its first segments in order; whole when the sum says so. */
    const check = async (id: string) => {
      const got = await call("get_transcript", { id });
      if (got === null) return;
      const [, segments, sum] = /segs=(\d+) sum=(\w+)\.wav$/.exec(got.title) ?? [];
      const parts = got.text === "" ? [] : got.text.split("\n");
      parts.forEach((part: string, i: number) =>
        assert(part.startsWith(`Live ${liveNumber(id)} part ${i}:`), `${id} segment ${i}: ${part}`)
      );
      assert(parts.length <= Number(segments), `${id} has too many segments`);
      if (parts.length === Number(segments)) {
        assertEquals(checksum(got.text), sum, `${id} read whole`);
        whole++;
      } else partial++;
    };
    while (writer.writing() || found === 0) {
      const known = written.filter((w) => w.status === "completed").at(-1);
      await call("list_sources", {});
      const page = await call("list_transcripts", { limit: 10 });
      const ids: string[] = (page?.transcripts ?? []).map((item: Message) => item.id);
      const failed = failedIds();
      assertEquals(ids.filter((id) => failed.has(id)), [], "a failed transcription is listed");
      if (known !== undefined && page !== null) {
        const listed = ids.includes(`buzz:${known.id}`) ||
          liveNumber(ids.at(-1)) > liveNumber(`buzz:${known.id}`);
        assert(listed, `${known.id} not listed in ${ids}`);
        const hits = await call("search_transcripts", { query: known.word, limit: 5 });
        assertEquals(hits?.results.map((hit: Message) => hit.id), [`buzz:${known.id}`]);
        found++;
      }
      for (const failure of written.filter((w) => w.status === "failed").slice(-2)) {
        const hits = await call("search_transcripts", { query: failure.word, limit: 5 });
        assertEquals(hits?.results, [], `failed ${failure.id} found`);
      }
      for (const id of ids.filter((id) => id.startsWith("buzz:live-"))) await check(id);
    }
    await writer.done;
    const last = written.filter((w) => w.status === "completed").at(-1)!;
    const newest = await call("list_transcripts", { limit: 1 });
    assertEquals(newest?.transcripts[0].id, `buzz:${last.id}`, "the last completed is listed");
    const before = whole;
    await check(`buzz:${last.id}`);
    assertEquals(whole, before + 1, "once written, read whole");
    console.log(
      `live Buzz writer: ${written.length} transcriptions (${failedIds().size} failed), ${calls.count} calls, ` +
        `${whole} read whole, ${partial} read while filling, ${found} found just after completing`,
    );
    assertEquals(calls.errors, []);
    assert(written.length > 1 && whole > 0 && found > 0);
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});
