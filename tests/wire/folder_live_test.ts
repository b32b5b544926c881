/**
 * A folder served by the real process (`deno task start --source DIR`, the release flags:
 * read permission only): answered at once while its index is built off the main thread,
 * and following the folder's changes (new, modified, deleted, renamed files) without a
 * restart. Waits poll with a generous timeout; nothing here is timed.
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFolderFixture } from "../helpers/folder_fixture.ts";
import { type Message, type ServerProcess, startServer } from "../helpers/server_process.ts";
import { folderSource, until } from "../helpers/served_folder.ts";
import { fileTranscriptKey } from "../../lib/ingest/file_key.ts";

async function searchIds(server: ServerProcess, query: string): Promise<string[]> {
  const result = await server.callTool("search_transcripts", { query });
  return result["structuredContent"].results.map((hit: Message) => hit["id"]);
}

async function listedIds(server: ServerProcess): Promise<string[]> {
  const result = await server.callTool("list_transcripts", { limit: 50 });
  return result["structuredContent"].transcripts.map((item: Message) => item["id"]).sort();
}

Deno.test("initialize and tools/list are answered while a folder is indexed; calls say how far it is", async () => {
  const folder = buildFolderFixture();
  const files = 300;
  const filler = "The quarterly numbers were discussed at length by everyone present. ".repeat(700);
  for (let i = 0; i < files; i++) folder.write(`bulk/${i}.txt`, `Item ${i}: marmot.\n\n${filler}`);
  const server = startServer(["--source", `notes=${folder.path}`]);
  try {
    // Sent together: the answers come in order, the first before the folder is read whole.
    await server.send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "0" },
      },
    });
    await server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    await server.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    await server.send({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "list_sources", arguments: {} },
    });
    const answers = [await server.next(), await server.next(), await server.next()];
    assertEquals(answers.map((answer) => answer["id"]), [1, 2, 3]);
    assert(answers[0]!["result"]?.serverInfo, JSON.stringify(answers[0]));
    assert(answers[1]!["result"]?.tools.length > 0);
    const first = answers[2]!["result"].structuredContent.sources[0];
    assertEquals([first.name, first.kind, first.available], ["notes", "folder", true]);
    const indexing = first.notes.find((note: string) => note.startsWith("indexing"));
    // Either still at it (saying so), or done with every file.
    if (indexing !== undefined) {
      assertMatch(indexing, /^indexing: (listing the folder|[\d,]+ of 303 files read); answers/);
    } else {
      assertEquals(first.transcripts, files + 2);
    }
    await until("the folder indexed whole", async () => {
      const source = await folderSource(server);
      return !source.notes.some((note: string) => note.startsWith("indexing"));
    });
    const done = await folderSource(server);
    assertEquals(done.transcripts, files + 2);
    assertEquals(done.search, "fts");
    assertEquals(done.notes, [
      "1 file skipped (they cannot be read as transcripts; `check` lists them)",
    ]);
    const search = await server.callTool("search_transcripts", { query: "marmot", limit: 5 });
    assertEquals(search["structuredContent"].results.length, 5);
    assertEquals(search["structuredContent"].partial, undefined);
    const exit = await server.finish();
    assertEquals(exit.code, 0);
    // The skipped file is named on stderr once.
    assertEquals(exit.stderr.split("skipped empty.txt: the file is empty").length, 2, exit.stderr);
  } finally {
    await server.kill();
    folder.cleanup();
  }
});

Deno.test("new, modified, deleted and renamed files are followed without a restart", async () => {
  const folder = buildFolderFixture();
  const server = startServer(["--source", `notes=${folder.path}`]);
  const id = (relative: string) => `notes:${fileTranscriptKey(relative)}`;
  try {
    await server.initialize();
    await until("the first pass", async () => (await listedIds(server)).length === 2);
    assertEquals(await searchIds(server, "walrus"), []); // Hidden files are never read.

    folder.write("new/ostrich.txt", "An ostrich joined the call.");
    await until("a new file found", async () => (await searchIds(server, "ostrich")).length === 1);
    assertEquals(await searchIds(server, "ostrich"), [id("new/ostrich.txt")]);

    folder.write("standup.txt", "The zebra plan is now the okapi plan, agreed by all of us.");
    await until(
      "a modified file found",
      async () => (await searchIds(server, "okapi")).length === 1,
    );
    assertEquals(await searchIds(server, "okapi"), [id("standup.txt")]);
    const got = await server.callTool("get_transcript", { id: id("standup.txt") });
    assertMatch(got["structuredContent"].text, /okapi plan/);

    Deno.removeSync(join(folder.path, "2025/03/kiwi review.md"));
    await until("a deleted file gone", async () => (await searchIds(server, "kiwi")).length === 0);

    Deno.renameSync(join(folder.path, "new/ostrich.txt"), join(folder.path, "ostrich moved.txt"));
    await until("a renamed file under its new id", async () => {
      const ids = await listedIds(server);
      return ids.includes(id("ostrich moved.txt")) && !ids.includes(id("new/ostrich.txt"));
    });
    assertEquals(await listedIds(server), [id("ostrich moved.txt"), id("standup.txt")].sort());
    const gone = await server.callTool("get_transcript", { id: id("new/ostrich.txt") });
    assertEquals(gone["isError"], true);
  } finally {
    await server.kill();
    folder.cleanup();
  }
});
