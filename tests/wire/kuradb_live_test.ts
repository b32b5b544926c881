/**
 * The server reads a KuraDB folder while the app indexes files into one of its databases,
 * in another process, in WAL: every call answers, a file indexed a moment ago is listed and
 * found without restart, a file is never read with part of one version, and the chunks its
 * earlier version left dismissed are never found.
 */
import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../helpers/assert.ts";
import { buildKuraDbFolder } from "../helpers/kuradb_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";
import { CountedCalls, startWriter } from "../helpers/live_writer.ts";

const WRITER = fileURLToPath(new URL("./fixtures/kuradb_writer.ts", import.meta.url));

interface Saved {
  source: string;
  word: string;
  draft: string;
  chunks: number;
}

Deno.test("a live KuraDB writer: calls answer, new files are found at once, drafts never", async () => {
  const fixture = buildKuraDbFolder([
    { name: "live", files: [] },
    { name: "other", files: [] },
  ]);
  const server = startServer(["--source", fixture.folder]);
  try {
    await server.initialize();
    const writer = startWriter<Saved>(WRITER, [fixture.databasePath("live"), "4000", "150"]);
    const saved = writer.written;
    const calls = new CountedCalls(server);
    const call = (name: string, args: unknown) => calls.call(name, args);
    let checked = 0;
    let found = 0;
    while (writer.writing() || found === 0) {
      const known = saved.at(-1);
      await call("list_sources", {});
      const page = await call("list_transcripts", { sourceName: "live", limit: 5 });
      for (const item of page?.transcripts ?? []) {
        const got = await call("get_transcript", { id: item.id });
        if (got === null) continue;
        // One whole version: the draft (two chunks more) or the final one, never a mix.
        const count = Number(/-c(\d)\.md$/.exec(got.title)?.[1]);
        const parts: string[] = got.text.split("\n\n");
        const version = parts.length === count ? "final" : "draft";
        assertEquals(parts.length, version === "final" ? count : count + 2, `torn ${got.title}`);
        parts.forEach((part, i) =>
          assert(part.startsWith(`chunk ${i + 1}/${parts.length} `) && part.includes(version), part)
        );
        checked++;
      }
      if (known !== undefined) {
        const titles: string[] = (page?.transcripts ?? []).map((item: Message) => item.title);
        assert(titles.some((title) => known.source.endsWith(title)) || titles.length === 5);
        const hits = await call("search_transcripts", { query: known.word, limit: 5 });
        assertEquals(hits?.results.length, 1, `search for ${known.word}`);
        const drafts = await call("search_transcripts", { query: known.draft, limit: 5 });
        assertEquals(drafts?.results, [], `the dismissed draft ${known.draft}`);
        found++;
      }
    }
    await writer.done;
    const last = saved.at(-1)!;
    const newest = await call("list_transcripts", { sourceName: "live", limit: 1 });
    assert(last.source.endsWith(newest?.transcripts[0].title), "the last file is listed first");
    console.log(
      `live KuraDB writer: ${saved.length} files indexed, ${calls.count} calls, ${checked} read whole, ` +
        `${found} found by search just after indexing`,
    );
    assertEquals(calls.errors, []);
    assert(saved.length > 1 && checked > 0 && found > 0);
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});
