/**
 * The work bound on searches: how a query's phrases are read, that searches within the
 * bound answer exactly what plain BM25 ranks, and that the statistics table leaves the
 * connection read-only.
 */
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertThrows } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import { queryPhrases, queryWork } from "../../../lib/search/query_work.ts";
import { everydayQuery } from "../../../lib/search/everyday_query.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import { VOCAB_TABLE } from "../../../lib/store/store.ts";
import { callTool } from "../../../lib/tools/call_tool.ts";
import { toolCallResult } from "../../../lib/protocol/tool_result.ts";
import { searchTranscripts } from "../../../lib/tools/search_transcripts.ts";
import { MAX_QUERY_WORK_MS } from "../../../lib/config/limits.ts";

const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(120) });
globalThis.addEventListener("unload", () => fixture.cleanup());

Deno.test("a query's phrases: prefixes, phrases, NEAR groups; no operators or columns", () => {
  const shape = (query: string) =>
    queryPhrases(query).map((p) =>
      `${p.text}${p.prefix ? "*" : ""}${p.positional ? " pos" : ""}${p.near ? " near" : ""}`
    );
  assertEquals(shape("t* OR s* AND NOT m*"), ["t*", "s*", "m*"]);
  assertEquals(shape('title:"sync conflict" OR {title text}: plan*'), [
    "sync conflict",
    "plan*",
  ]);
  assertEquals(shape("NEAR(pricing discount, 10) review"), [
    "pricing near",
    "discount near",
    "review",
  ]);
  assertEquals(shape('"say ""hi"""* + there ^first'), ['say "hi" there pos', "first pos"]);
  assertEquals(shape("-text:(a OR b)"), ["a", "b"]);
});

Deno.test("only a query of one plain word counts as one word, which is never refused", () => {
  const store = openStore(fixture.path);
  try {
    const oneWord = (query: string) => queryWork(store, query)?.oneWord;
    assertEquals(["pricing", "title:pricing", '"pricing"'].map(oneWord), [true, true, true]);
    assertEquals(
      ["pric*", '"pricing page"', "pricing OR sync", "NEAR(pricing)", "^pricing"].map(oneWord),
      [false, false, false, false, false],
    );
  } finally {
    store.close();
  }
});

const PLAIN_MATCHES = `
  SELECT t.id FROM transcripts_fts JOIN transcripts AS t ON t.pk = transcripts_fts.rowid
   WHERE transcripts_fts MATCH ?`;

Deno.test("searches within the bound answer what plain FTS5 matches, ranked by passages", () => {
  const store = openStore(fixture.path);
  const plain = new DatabaseSync(fixture.path, { readOnly: true });
  try {
    const shapes = [
      "pric*",
      "pric* OR sync* OR fix*",
      "NEAR(pricing discount, 10)",
      '"sync conflict"',
      "title:pricing OR text:update",
      "the",
      "what did we decide about pricing?",
    ];
    for (const query of shapes) {
      const answer = toolCallResult(
        callTool(searchTranscripts, SourceSet.ofStore(store), { query, limit: 20, mode: "words" }),
      );
      // deno-lint-ignore no-explicit-any
      const content = answer.structuredContent as any;
      // Plain words: any of the query's topic words, none required.
      const match = content.queryMode === "words"
        ? everydayQuery(query, []).words.map((word) => `"${word}"`).join(" OR ")
        : query;
      const work = queryWork(store, match)!;
      assert(work.ms <= MAX_QUERY_WORK_MS, `${query}: ${work.ms} ms`);
      const expected = new Set(plain.prepare(PLAIN_MATCHES).all(match).map((row) => row["id"]));
      assert(expected.size > 0, `${query} matches something`);
      const ids = content.results.map((r: { id: string }) => r.id);
      assertEquals(ids.length, Math.min(20, expected.size), query);
      assert(ids.every((id: string) => expected.has(id)), query);
      assertEquals(new Set(ids).size, ids.length, query);
    }
  } finally {
    plain.close();
    store.close();
  }
});

Deno.test("the statistics table is made before query_only: it and the store stay unwritable", () => {
  const store = openStore(fixture.path);
  try {
    const terms = Number(store.get(`SELECT count(*) AS n FROM ${VOCAB_TABLE}`)?.["n"]);
    assert(terms > 10, `${terms} terms`);
    for (
      const sql of [
        `DROP TABLE ${VOCAB_TABLE}`,
        "CREATE VIRTUAL TABLE temp.other USING fts5vocab(main, transcripts_fts, 'col')",
        "CREATE TEMP TABLE scratch (x)",
        "DELETE FROM transcripts",
      ]
    ) {
      assertThrows(() => store.all(sql), Error);
    }
  } finally {
    store.close();
  }
});
