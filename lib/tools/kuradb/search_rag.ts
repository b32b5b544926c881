/**
 * search_rag: KuraDB's search tool, under its own name, arguments and shape, over the KuraDB
 * sources this server reads. The files are ranked as search_transcripts ranks them (the
 * folding scan of lib/sources/adapters/scan_search.ts); each file's chunks that hold a word
 * of `q` follow, those holding the most words first, up to `limit` chunks in all, grouped by
 * file as KuraDB groups them. Mode `semantic` ranks by meaning instead (search_meaning.ts:
 * the query's words and their neighbours in the embedded word-vector table), and a chunk
 * matches when it holds one of those words; KuraDB's own embeddings are never read.
 *
 * @module
 */
import * as v from "valibot";
import { scanQuery } from "../../sources/adapters/scan_search.ts";
import { capText, jsonBytes, SEARCH_OVERHEAD_BYTES } from "../response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS, ToolError } from "../tool.ts";
import { findDatabase } from "./kuradb_sources.ts";
import { rankByMeaning, termFinder } from "../search_meaning.ts";
import type { SearchRanking } from "../../sources/source_reader.ts";
import {
  FIELD_CAPS,
  KURADB_CHUNK_CHARS,
  KURADB_SEARCH_LIMIT,
  MAX_QUERY_LENGTH,
  PAYLOAD_BUDGET_BYTES,
} from "../../config/limits.ts";

const { min, max, fallback } = KURADB_SEARCH_LIMIT;

const inputSchema = v.strictObject({
  db: v.pipe(v.string(), v.description("The database to search: a name list_rag shows.")),
  q: v.pipe(
    v.string(),
    v.check((value) => value.trim() !== "", "a non-blank query"),
    v.maxLength(MAX_QUERY_LENGTH),
    v.description("Words to find, in any case; a chunk holding any of them matches."),
  ),
  mode: v.optional(v.pipe(
    v.string(),
    v.description(
      '"keyword" (the default): chunks holding a word of q; "semantic": ranked by meaning, ' +
        "chunks holding a word of q or one of its neighbours (answered under `semantic`).",
    ),
  )),
  limit: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.description(`Most chunks to return, ${min}–${max}; other values fall back to ${fallback}.`),
    ),
    fallback,
  ),
});

const matchSchema = v.object({
  chunk: v.pipe(v.number(), v.description("Its place in the file, from 1.")),
  content: v.string(),
});

const groupsSchema = v.array(v.object({
  source: v.pipe(v.string(), v.description("The file's name.")),
  id: v.pipe(v.string(), v.description("The file's id, as get_transcript takes it.")),
  matches: v.array(matchSchema),
}));

const outputSchema = v.object({
  keyword: v.optional(groupsSchema),
  semantic: v.optional(groupsSchema),
  sourceName: v.string(),
  partial: v.pipe(
    v.boolean(),
    v.description("True when the scan or the answer's size stopped before every match."),
  ),
});

type Group = v.InferOutput<typeof groupsSchema>[number];

function checkedMode(mode: string | undefined): "keyword" | "semantic" {
  const asked = (mode ?? "").trim().toLowerCase();
  if (asked === "" || asked === "keyword") return "keyword";
  if (asked === "semantic") return "semantic";
  throw new ToolError(
    "invalid_arguments",
    `mode: expected "keyword" or "semantic", got ${JSON.stringify(mode)}`,
  );
}

/** search_rag: keyword search of one KuraDB database, chunks grouped by file. */
export const searchRag: AnyTool = defineTool({
  name: "search_rag",
  title: "Search a RAG database",
  description: "Search one KuraDB knowledge-base database (indexed files, not conversations) " +
    "by keyword, case-insensitively in any script, or by meaning (mode semantic). Answers the matching chunks grouped by " +
    "file; get_transcript reads a whole file by its id.",
  inputSchema,
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources, input) {
    const mode = checkedMode(input.mode);
    const limit = input.limit >= min && input.limit <= max ? input.limit : fallback;
    const source = findDatabase(sources, input.db.trim());
    const reader = sources.reader(source);
    let ranking: SearchRanking;
    let holds: ((text: string) => number) | null;
    if (mode === "keyword") {
      ranking = reader.search(input.q, limit);
      const query = scanQuery(input.q);
      holds = query === null
        ? null
        : (folded) => query.terms.filter((term) => term.test(folded)).length;
    } else {
      const ranked = rankByMeaning(sources, [source], input.q, "meaning", limit);
      if ("literalOnly" in ranked) {
        throw new ToolError(
          "invalid_arguments",
          `q: cannot be searched by meaning (${ranked.literalOnly}); use mode "keyword"`,
        );
      }
      const terms = [...new Set([...ranked.matchedTerms.values()].flat())];
      const find = termFinder(terms.length > 0 ? terms : ranked.expandedTerms);
      ranking = {
        hits: ranked.hits.map((hit) => ({ key: hit.key, score: hit.score })),
        mode: "words",
        match: ranked.hits[0]?.match ?? "",
        partial: ranked.partial,
      };
      holds = (folded) => find(folded).length;
    }
    const groups: Group[] = [];
    let partial = ranking.partial;
    let chunks = 0;
    let bytes = SEARCH_OVERHEAD_BYTES;
    for (const hit of reader.renderHits(ranking.hits.map((one) => one.key), ranking.match)) {
      if (chunks >= limit || holds === null) break;
      const matching = (reader.readSegments?.(hit.id, {
        fromSeq: 0,
        limit: Number.MAX_SAFE_INTEGER,
      }) ?? []).map((segment) => {
        return { segment, words: holds!(segment.text.toLowerCase()) };
      }).filter(({ words }) => words > 0)
        .sort((a, b) => b.words - a.words || a.segment.seq - b.segment.seq)
        .slice(0, limit - chunks)
        .map(({ segment }) => ({
          chunk: segment.seq + 1,
          content: capText(segment.text, KURADB_CHUNK_CHARS),
        }));
      if (matching.length === 0) continue;
      const group = { source: capText(hit.title, FIELD_CAPS.title), id: hit.id, matches: [] };
      bytes += jsonBytes(group);
      const kept: Group["matches"] = [];
      for (const match of matching) {
        bytes += jsonBytes(match) + 1;
        if (bytes > PAYLOAD_BUDGET_BYTES) break;
        kept.push(match);
      }
      if (kept.length > 0) groups.push({ ...group, matches: kept });
      chunks += kept.length;
      if (kept.length < matching.length) {
        partial = true;
        break;
      }
    }
    return { [mode]: groups, sourceName: source.name, partial };
  },
});
