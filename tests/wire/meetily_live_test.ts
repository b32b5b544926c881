/**
 * The server reads a Meetily database while the app saves meetings to it, in another
 * process, in its rollback journal: every call answers, a meeting saved a moment ago is
 * found by search and listed without restart, and no meeting is read without all of the
 * rows saved with it.
 */
import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../helpers/assert.ts";
import { buildMeetilyFixture } from "../helpers/meetily_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";
import { checksum } from "./fixtures/checksum.ts";
import { CountedCalls, startWriter } from "../helpers/live_writer.ts";

const WRITER = fileURLToPath(new URL("./fixtures/meetily_writer.ts", import.meta.url));

interface Saved {
  id: string;
  word: string;
  segments: number;
}

Deno.test("a live Meetily writer: calls answer, new meetings are found at once and never torn", async () => {
  const fixture = buildMeetilyFixture();
  const server = startServer(["--source", fixture.path]);
  try {
    await server.initialize();
    const writer = startWriter<Saved>(WRITER, [fixture.path, "4000", "200"]);
    const saved = writer.written;
    const calls = new CountedCalls(server);
    const call = (name: string, args: unknown) => calls.call(name, args);
    let checked = 0;
    let found = 0;
    /** A live meeting read whole: as many segments as its title says, with their checksum. */
    const checkWhole = async (id: string) => {
      const got = await call("get_transcript", { id });
      if (got === null) return;
      const [, segments, sum] = /segs=(\d+) sum=(\w+)$/.exec(got.title) ?? [];
      assertEquals(got.text.split("\n").length, Number(segments), `torn meeting ${id}`);
      assertEquals(checksum(got.text), sum, `torn meeting ${id}`);
      checked++;
    };
    while (writer.writing() || found === 0) {
      const known = saved.at(-1);
      await call("list_sources", {});
      const page = await call("list_transcripts", { limit: 10 });
      const ids: string[] = (page?.transcripts ?? []).map((item: Message) => item.id);
      if (known !== undefined && page !== null) {
        // Newest first: the meeting saved before the call is listed, or ten newer ones are.
        const liveNumber = (id: string | undefined) =>
          Number(/^meetily:live-(\d+)$/.exec(id ?? "")?.[1] ?? -1);
        const listed = ids.includes(`meetily:${known.id}`) ||
          liveNumber(ids.at(-1)) > liveNumber(`meetily:${known.id}`);
        assert(listed, `${known.id} not listed in ${ids}`);
        const hits = await call("search_transcripts", { query: known.word, limit: 5 });
        assertEquals(
          hits?.results.map((hit: Message) => hit.id),
          [`meetily:${known.id}`],
          `search for ${known.word}`,
        );
        found++;
      }
      for (const id of ids.filter((id) => id.startsWith("meetily:live-"))) await checkWhole(id);
      const tasks = await call("list_tasks", { limit: 20 });
      for (const task of tasks?.tasks ?? []) {
        if (String(task.transcriptId).startsWith("meetily:live-")) {
          await checkWhole(task.transcriptId);
        }
      }
    }
    await writer.done;
    const last = saved.at(-1)!;
    const newest = await call("list_transcripts", { limit: 1 });
    assertEquals(newest?.transcripts[0].id, `meetily:${last.id}`, "the last meeting is listed");
    console.log(
      `live Meetily writer: ${saved.length} meetings saved, ${calls.count} calls, ${checked} read whole, ` +
        `${found} found by search just after saving`,
    );
    assertEquals(calls.errors, []);
    assert(saved.length > 1 && checked > 0 && found > 0);
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});
