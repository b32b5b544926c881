/**
 * `--tools kuradb` through the real server: KuraDB's tool names published beside ours, and
 * the examples KuraDB's doc/doc.md gives (`list_rag`, and `search_rag` for "what is RAG" in
 * `my_docs` with limit 5) answered in KuraDB's shape, its JSON as the text block; a database
 * it does not know, `semantic` and a server with no KuraDB source are clear errors.
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
import {
  buildKuraDbFolder,
  inboxPath,
  type KuraDbFixture,
  upsertKuraDbFiles,
} from "../helpers/kuradb_fixture.ts";
import { type Message, publishedToolNames, startServer } from "../helpers/server_process.ts";
import { buildMeetilyFixture } from "../helpers/meetily_fixture.ts";

/** KuraDB's documented answer: its chunk 1 is what "what is RAG" finds. */
const RAG_CHUNK = "RAG is retrieval-augmented generation: answers drawn from indexed files.";

/** KuraDB's documented `my_docs`, registered at the doc's time, with two files. */
function myDocs(): KuraDbFixture {
  const fixture = buildKuraDbFolder([{ name: "my_docs", files: [] }], {
    dbJson: '[{"db":"my_docs","createAt":"2026-09-16T00:00:00Z"}]',
  });
  upsertKuraDbFiles(fixture.databasePath("my_docs"), [
    {
      source: inboxPath(fixture.folder, "my_docs", "notes.md"),
      chunks: [RAG_CHUNK, "Chunks hold about a thousand characters each."],
      createdAt: "2026-09-16 10:00:00",
    },
    {
      source: inboxPath(fixture.folder, "my_docs", "spec.pdf"),
      chunks: ["Section 1: the embedding model.", "Section 2: what the retriever returns."],
      createdAt: "2026-09-17 10:00:00",
    },
  ]);
  return fixture;
}

const text = (answer: Message): string => answer["content"][0].text;

Deno.test("seed tools: --tools kuradb adds list_rag and search_rag beside the native tools", async () => {
  const fixture = myDocs();
  try {
    const native = await publishedToolNames(["--source", fixture.folder]);
    assert(!native.includes("list_rag") && !native.includes("search_rag"));
    const both = await publishedToolNames(["--source", fixture.folder, "--tools", "kuradb"]);
    assertEquals(both, [...native, "list_rag", "search_rag"]);
    const all = await publishedToolNames([
      "--source",
      fixture.folder,
      "--tools",
      "rousseau,kuradb",
    ]);
    assertEquals(all.slice(-2), ["list_rag", "search_rag"]);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("seed tools: KuraDB's documented examples answer in KuraDB's shape", async () => {
  const fixture = myDocs();
  const server = startServer(["--source", fixture.folder, "--tools", "kuradb"]);
  try {
    await server.initialize();
    // `list_rag` → {"loaded":["my_docs"],"registered":[{"db":"my_docs","createAt":…}]}.
    const list = await server.callTool("list_rag", {});
    assertEquals(list["structuredContent"], {
      loaded: ["my_docs"],
      registered: [{ db: "my_docs", createAt: "2026-09-16T00:00:00Z", sourceName: "my_docs" }],
    });
    assertEquals(JSON.parse(text(list)), list["structuredContent"]);

    // search_rag {db: "my_docs", q: "what is RAG", limit: 5}: chunks grouped by file.
    const search = await server.callTool("search_rag", {
      db: "my_docs",
      q: "what is RAG",
      limit: 5,
    });
    assertEquals(search["isError"], undefined);
    const answer = search["structuredContent"];
    assertEquals(JSON.parse(text(search)), answer);
    // "what" and "is" are stop words, as KuraDB's tokenizer drops them: only RAG is looked for.
    assertEquals(
      answer.keyword.map((group: Message) => [group.source, group.matches]),
      [["notes.md", [{ chunk: 1, content: RAG_CHUNK }]]],
    );
    assertEquals([answer.sourceName, answer.partial], ["my_docs", false]);
    // A group's id reads the whole file through the native tools.
    const file = await server.callTool("get_transcript", { id: answer.keyword[0].id });
    assertEquals(file["structuredContent"].title, "notes.md");
    assert(file["structuredContent"].text.startsWith(RAG_CHUNK));
    // A chunk of each file: grouped by file; the limit counts chunks; `keyword` named or not.
    const both = await server.callTool("search_rag", { db: "my_docs", q: "rag retriever" });
    assertEquals(
      both["structuredContent"].keyword.map((group: Message) => group.source).sort(),
      ["notes.md", "spec.pdf"],
    );
    const one = await server.callTool("search_rag", {
      db: "my_docs",
      q: "rag retriever",
      mode: "keyword",
      limit: 1,
    });
    assertEquals(one["structuredContent"].keyword.length, 1);
    assertEquals(one["structuredContent"].keyword[0].matches.length, 1);

    // `db=missing`, which KuraDB answers `"missing" not exist`.
    const missing = await server.callTool("search_rag", { db: "missing", q: "x" });
    assertEquals(missing["isError"], true);
    assertEquals(
      JSON.parse(text(missing)).error.message,
      "db: no KuraDB database named 'missing'; databases: my_docs",
    );
    // Mode semantic: by meaning, answered under `semantic` rather than `keyword`.
    const semantic = await server.callTool("search_rag", {
      db: "my_docs",
      q: "model",
      mode: "semantic",
    });
    assertEquals(semantic["isError"], undefined, text(semantic));
    assertEquals(semantic["structuredContent"].keyword, undefined);
    const files = semantic["structuredContent"].semantic as { source: string; matches: Json[] }[];
    assert(
      files.some((file) => file.source === "spec.pdf" && file.matches[0].chunk === 1),
      JSON.stringify(files),
    );
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});

Deno.test("seed tools: with no KuraDB source, list_rag is empty and search_rag names none", async () => {
  const other = buildMeetilyFixture();
  const server = startServer(["--source", other.path, "--tools", "kuradb"]);
  const unknown = startServer(["--source", other.path, "--tools", "slack"]);
  try {
    await server.initialize();
    const list = await server.callTool("list_rag", {});
    assertEquals(list["structuredContent"], { loaded: [], registered: [] });
    const search = await server.callTool("search_rag", { db: "meetily", q: "budget" });
    assertEquals(search["isError"], true);
    assertEquals(
      JSON.parse(text(search)).error.message,
      "db: no KuraDB database named 'meetily'; databases: none",
    );
    assertEquals((await server.finish()).code, 0);
    const exit = await unknown.finish();
    assertEquals(exit.code, 2);
    assertMatch(exit.stderr, /--tools: no tool set 'slack'; sets: rousseau, kuradb/);
  } finally {
    await Promise.all([server.kill(), unknown.kill()]);
    other.cleanup();
  }
});
