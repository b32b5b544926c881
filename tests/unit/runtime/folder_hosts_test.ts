/**
 * The folders' hosts as the server starts them: a host thread per folder, with its parsing
 * thread started by this (the main) thread and reached over a port. The folder is indexed
 * whole whether that thread parses or fails to start, and read over a link of its own.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { addCalls, buildFolderFixture } from "../../helpers/folder_fixture.ts";
import { FolderHosts } from "../../../lib/runtime/folder_hosts.ts";
import { RemoteFolderReader } from "../../../lib/sources/folder/folder_link.ts";
import { FolderIndex } from "../../../lib/sources/folder/folder_index.ts";
import type { SourceFacts } from "../../../lib/sources/source_reader.ts";

const HOST_URL = new URL("../../../lib/runtime/folder_host_worker.ts", import.meta.url);
const PARSER_URL = new URL("../../../lib/runtime/folder_parse_worker.ts", import.meta.url);

/** The folder's facts once its first pass has ended. */
async function indexed(reader: RemoteFolderReader): Promise<SourceFacts> {
  for (;;) {
    const facts = reader.facts();
    if (!facts.notes.some((note) => note.startsWith("indexing"))) return facts;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (
  const [what, parserUrl] of [
    ["its parsing thread", PARSER_URL],
    ["a parsing thread that cannot start", new URL("./no_such_parser.ts", import.meta.url)],
    ["no parsing thread", null],
  ] as const
) {
  Deno.test(`FolderHosts indexes a folder whole with ${what}`, async () => {
    const folder = buildFolderFixture();
    // 40 calls of about 100 KB: several of the first pass's batches, most sent to the thread.
    addCalls(folder, 40, 2_000);
    const spec = {
      kind: "path" as const,
      name: "notes",
      path: folder.path,
      detected: "folder" as const,
    };
    const hosts = new FolderHosts([spec], HOST_URL, parserUrl);
    // As the server does once the client has initialized; a second call starts nothing more.
    hosts.startParsers();
    hosts.startParsers();
    const reader = new RemoteFolderReader("notes", hosts.link("notes")!);
    try {
      const facts = await indexed(reader);
      const alone = new FolderIndex("notes", folder.path);
      alone.refresh();
      const expected = Number(alone.store.get("SELECT count(*) AS n FROM transcripts")?.["n"]);
      alone.close();
      assert(expected >= 42, `the fixture's transcripts: ${expected}`);
      assertEquals(facts.transcripts, expected);
      assertEquals(reader.search("call", 50).hits.length, 40);
      // Every item comes over the link a page at a time, as search by meaning reads them.
      const page = reader.itemSamples(null, 10, 300);
      const rest = reader.itemSamples(page.at(-1)!.key, 1_000, 300);
      assertEquals(page.length, 10);
      assertEquals(new Set([...page, ...rest].map((item) => item.key)).size, expected);
      assertEquals(reader.itemSamples(rest.at(-1)!.key, 10, 300), []);
      assert(rest.every((item) => item.text.length <= 302), "samples are cut to size");
      // A page's moments come over the link in one call, as the host's reader finds them.
      const id = reader.listTranscripts(null, 1, {})[0]!.id;
      const [first] = reader.readSegments(id, { fromSeq: 0, limit: 1 }) ?? [];
      assert(first !== undefined, "the transcript has segments");
      assertEquals(reader.findSegments([{ id, needle: first.text, near: 0 }, { id, needle: "" }]), [
        first,
        null,
      ]);
    } finally {
      reader.close();
      hosts.close();
      folder.cleanup();
    }
  });
}

Deno.test("FolderHosts tells a host when the parsing thread it started for it fails", async () => {
  const folder = Deno.makeTempDirSync({ prefix: "tmcp-hosts-" });
  const spec = { kind: "path" as const, name: "notes", path: folder, detected: "folder" as const };
  const hosts = new FolderHosts(
    [spec],
    new URL("./recording_host.ts", import.meta.url),
    new URL("./parser_dies_at_load.ts", import.meta.url),
  );
  try {
    // Bounded by attempts, not by a time the test asserts: a loaded machine only waits longer.
    for (let attempt = 0; attempt < 3_000; attempt++) {
      try {
        assertEquals(Deno.readTextFileSync(`${folder}/parser-failed`), "seen");
        return;
      } catch (error) {
        if (!(error instanceof Deno.errors.NotFound)) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("the host was never told that its parsing thread failed");
  } finally {
    hosts.close();
    Deno.removeSync(folder, { recursive: true });
  }
});
