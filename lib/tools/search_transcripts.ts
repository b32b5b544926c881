/**
 * search_transcripts: full-text search with BM25 ranking, FTS5 syntax, and a fallback
 * to plain words for queries that are not valid FTS5.
 *
 * @module
 */
import * as v from "valibot";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { plainWordsQueries } from "../search/fts_query.ts";
import { KEEP_GOING_SQL, type Store, type StoreRow } from "../store/store.ts";
import { type QueryWork, queryWork } from "../search/query_work.ts";
import { clampLimit, cursorArgument, type LimitArgument, limitArgument } from "./arguments.ts";
import { textOrNull } from "./row_values.ts";
import { capText, fitPage, SEARCH_OVERHEAD_BYTES, utf8Length } from "./response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS, ToolError } from "./tool.ts";
import { matchWindow, SnippetMaker } from "../search/snippet.ts";
import {
  TRANSCRIPT_HEADER_ENTRIES,
  type TranscriptHeader,
  transcriptHeader,
} from "./transcript_header.ts";
import { fullText, previewFromHead } from "./transcript_preview.ts";
import {
  FIELD_CAPS,
  MAX_QUERY_LENGTH,
  MAX_QUERY_WORK_MS,
  PAGE_SIZES,
  SNIPPET_SOURCE_CHARS,
} from "../config/limits.ts";

const NAME = "search_transcripts";

/** Marks around matched terms in snippets. Rare in speech, so they read unambiguously. */
export const SNIPPET_MARKS = ["«", "»"] as const;

const snippets = new SnippetMaker(SNIPPET_MARKS);

/** Column weights for BM25: a match in the title counts ten times one in the text. */
export const BM25_WEIGHTS = [10.0, 1.0] as const;

// The text's size in bytes comes from the record header, without reading the text: a head
// with fewer bytes is only the text's start.
const HEAD_SQL = `substr(t.text, 1, ${SNIPPET_SOURCE_CHARS}) AS head, ` +
  "octet_length(t.text) AS text_bytes";

/**
 * The ranked page of hits. The SQLite sorter orders by an explicit bm25() (measured no
 * slower than FTS5's internal `ORDER BY rank` sorter), and because rows stream through
 * SQLite's own loop, the deadline check runs once per match: a runaway search stops.
 * rowid breaks ties, so offset paging is stable. Snippets are made afterwards, for the
 * page alone (see snippet.ts): in the select list they would be made for every match.
 */
export const SEARCH_SQL = `
  SELECT t.pk, t.id, t.title, ${HEAD_SQL}, t.created_at, t.source, hits.score
    FROM (SELECT rowid, bm25(transcripts_fts, ${BM25_WEIGHTS.join(", ")}) AS score
            FROM transcripts_fts
           WHERE transcripts_fts MATCH ? AND ${KEEP_GOING_SQL}
           ORDER BY score, rowid
           LIMIT ? OFFSET ?) AS hits
    JOIN transcripts AS t ON t.pk = hits.rowid
   ORDER BY hits.score, hits.rowid`;

/**
 * One part of a ranking split by rowid range, for stores large enough that two workers
 * ranking halves beat one ranking all (see lib/runtime/split_search.ts). BM25's statistics are
 * always those of the whole index, so scores from different parts compare directly.
 */
export const RANK_PART_SQL = `
  SELECT rowid AS pk, bm25(transcripts_fts, ${BM25_WEIGHTS.join(", ")}) AS score
    FROM transcripts_fts
   WHERE transcripts_fts MATCH ? AND rowid BETWEEN ? AND ? AND ${KEEP_GOING_SQL}
   ORDER BY score, rowid
   LIMIT ?`;

/** The plain-words probe: does any transcript hold every term? */
export const SEARCH_PROBE_SQL =
  "SELECT 1 AS found FROM transcripts_fts WHERE transcripts_fts MATCH ? LIMIT 1";

const HIT_ROW_SQL =
  `SELECT t.pk, t.id, t.title, ${HEAD_SQL}, t.created_at, t.source FROM transcripts AS t WHERE pk = ?`;

/** The search tool's arguments. */
export const searchInputSchema: v.StrictObjectSchema<
  {
    query: v.SchemaWithPipe<
      readonly [
        v.StringSchema<undefined>,
        v.CheckAction<string, string>,
        v.MaxLengthAction<string, number, undefined>,
        v.DescriptionAction<string, string>,
      ]
    >;
    limit: LimitArgument;
    cursor: typeof cursorArgument;
  },
  undefined
> = v.strictObject({
  query: v.pipe(
    v.string(),
    v.check((value) => value.trim() !== "", "a non-blank query"),
    v.maxLength(MAX_QUERY_LENGTH),
    v.description(
      'Words to find. FTS5 syntax works: "exact phrase", AND, OR, NOT, prefix*, title:word. ' +
        "Anything else is searched as plain words.",
    ),
  ),
  limit: limitArgument(PAGE_SIZES.searchTranscripts),
  cursor: cursorArgument,
});

const resultSchema = v.object({
  ...TRANSCRIPT_HEADER_ENTRIES,
  preview: v.string(),
  snippet: v.pipe(v.string(), v.description("The best-matching passage; matches marked «so».")),
  rank: v.pipe(v.number(), v.description("BM25 relevance; higher is more relevant.")),
});

/** One hit in the search tool's answer: the transcript's header, then what the search adds. */
export interface SearchResult extends TranscriptHeader {
  /** The start of its text. */
  preview: string;
  /** The best-matching passage; matches marked «so». */
  snippet: string;
  /** BM25 relevance; higher is more relevant. */
  rank: number;
}

/** The search tool's answer, as {@link searchOutputSchema} describes it. */
export interface SearchAnswer {
  /** The hits of this page, best first. */
  results: SearchResult[];
  /** The cursor of the next page, or null on the last. */
  nextCursor: string | null;
  /** "fts5" when the query ran as FTS5 syntax, "words" when run as plain words. */
  queryMode: "fts5" | "words";
}

/** The search tool's answer. */
export const searchOutputSchema: v.GenericSchema<SearchAnswer> = v.object({
  results: v.array(resultSchema),
  nextCursor: v.nullable(v.string()),
  queryMode: v.pipe(
    v.picklist(["fts5", "words"]),
    v.description('"fts5" when the query ran as FTS5 syntax, "words" when run as plain words.'),
  ),
});

function isQuerySyntaxError(error: unknown): boolean {
  // SQLITE_ERROR (1) from MATCH means FTS5 could not parse the query.
  return (error as { errcode?: unknown } | null)?.errcode === 1;
}

/** search_transcripts: ranked full-text search over titles and texts. */
export const searchTranscripts: AnyTool = defineTool({
  name: NAME,
  title: "Search transcripts",
  description: "Full-text search over transcript titles and texts, best matches first (BM25, " +
    "titles weighted above text). Each result has a snippet with the matched words marked " +
    "«like this». Everyday wording works; FTS5 syntax (phrases, AND/OR/NOT, prefix*) too.",
  inputSchema: searchInputSchema,
  outputSchema: searchOutputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(store, input) {
    const { limit, offset } = searchPage(input);
    const { mode, run } = withPlainWordsFallback(store, input.query, (match) => ({
      rows: store.all(SEARCH_SQL, match, limit + 1, offset),
      match,
    }));
    return renderSearchPage(store, input.query, run.rows, run.match, mode, limit, offset);
  },
});

/**
 * The page a search call asks for: its size, and where it starts (from the cursor).
 *
 * @example
 * ```ts
 * import { searchPage } from "./search_transcripts.ts";
 * searchPage({ query: "pricing", limit: 500 }); // { limit: 100, offset: 0 }
 * ```
 */
export function searchPage(
  input: { limit: number; cursor?: string | undefined; query: string },
): { limit: number; offset: number } {
  const limit = clampLimit(input.limit, PAGE_SIZES.searchTranscripts);
  let offset = 0;
  if (input.cursor !== undefined) {
    const [query, position] = decodeCursor(NAME, input.cursor, ["string", "number"]);
    if (query !== input.query) {
      throw new ToolError("invalid_arguments", "cursor: belongs to a different query");
    }
    offset = position as number;
  }
  return { limit, offset };
}

/**
 * A query's ranking, run as FTS5 or, when that does not parse, as plain words.
 *
 * @example
 * ```ts
 * import { SEARCH_SQL, withPlainWordsFallback } from "./search_transcripts.ts";
 * import { openDemoStore } from "../demo/demo_store.ts";
 * const store = openDemoStore();
 * const { mode } = withPlainWordsFallback(store, "pricing (draft", (match) => ({
 *   rows: store.all(SEARCH_SQL, match, 11, 0),
 *   match,
 * }));
 * mode; // "words": the unclosed parenthesis is not FTS5 syntax
 * ```
 */
export function withPlainWordsFallback<T extends { match: string }>(
  store: Store,
  query: string,
  rank: (match: string) => T,
): { mode: "fts5" | "words"; run: T | { rows: never[]; match: string } } {
  const work = queryWork(store, query);
  if (work !== null) {
    refuseTooBroad(query, work);
    try {
      return { mode: "fts5", run: rank(query) };
    } catch (error) {
      if (!isQuerySyntaxError(error)) throw error;
    }
  }
  const words = plainWordsQueries(query);
  if (words === null) return { mode: "words", run: { rows: [], match: "" } };
  // Both readings hold the same words: the probe reads no more than the ranking.
  const wordsWork = queryWork(store, words.anyTerm);
  if (wordsWork !== null) refuseTooBroad(query, wordsWork);
  const hasEveryTerm = store.get(SEARCH_PROBE_SQL, words.allTerms) !== undefined;
  return { mode: "words", run: rank(hasEveryTerm ? words.allTerms : words.anyTerm) };
}

/**
 * Refuses a query whose uninterruptible work (see lib/search/query_work.ts) is past the bound,
 * since its deadline or a cancellation could not stop it on time.
 */
function refuseTooBroad(query: string, work: QueryWork): void {
  if (work.ms <= MAX_QUERY_WORK_MS || work.oneWord) return;
  const part = work.heaviest !== "" && work.heaviest !== query.trim()
    ? ` (${work.heaviest} alone at least ${Math.ceil(work.heaviestMs)} ms)`
    : "";
  throw new ToolError(
    "invalid_arguments",
    `query: too broad to search: FTS5 would need at least ${Math.ceil(work.ms)} ms of work that ` +
      `cannot be stopped${part}, over the ${MAX_QUERY_WORK_MS} ms a search may take before it ` +
      "can be stopped; use longer prefixes (3 letters or more), fewer OR terms, or rarer words " +
      "in phrases and NEAR groups",
  );
}

/**
 * The search tool's answer for ranked rows (at most `limit + 1`, each with pk, id, title,
 * head, text_bytes, created_at, source and score): previews, snippets, the page budget and
 * the cursor.
 *
 * @example
 * ```ts
 * import { renderSearchPage, SEARCH_SQL } from "./search_transcripts.ts";
 * import { openDemoStore } from "../demo/demo_store.ts";
 * const store = openDemoStore();
 * const rows = store.all(SEARCH_SQL, "pricing", 4, 0);
 * const page = renderSearchPage(store, "pricing", rows, "pricing", "fts5", 3, 0);
 * page.results[0]?.snippet.includes("«pricing»"); // true
 * page.nextCursor === null; // false: a fourth row was found
 * ```
 */
export function renderSearchPage(
  store: Store,
  query: string,
  rows: readonly StoreRow[],
  match: string,
  queryMode: "fts5" | "words",
  limit: number,
  offset: number,
): SearchAnswer {
  const page = rows.slice(0, limit);
  const heads = page.map((row) => textOrNull(row["head"]) ?? "");
  const marked = snippets.markWindows(
    page.map((row) => ({
      title: textOrNull(row["title"]) ?? "",
      window: hitWindow(store, row, match),
    })),
    match,
  );
  const results = page.map((row, i) => ({
    ...transcriptHeader(row),
    preview: capText(previewFromHead(store, row["pk"], heads[i]!), FIELD_CAPS.preview),
    snippet: capText(marked[i]!, FIELD_CAPS.snippet),
    rank: Number((-Number(row["score"])).toPrecision(6)),
  }));
  const fitted = fitPage(
    rows,
    results,
    SEARCH_OVERHEAD_BYTES,
    (_, kept) => encodeCursor(NAME, [query, offset + kept]),
  );
  return { results: fitted.items, nextCursor: fitted.nextCursor, queryMode };
}

/**
 * The snippet window of one hit, cut from the head of its text that the search read, or
 * undefined when the head does not settle it (see matchWindow).
 *
 * @example
 * ```ts
 * import { headWindow } from "./search_transcripts.ts";
 * headWindow({ head: "short text about pricing", text_bytes: 24 }, "pricing");
 * // "short text about pricing": the head is the whole text
 * ```
 */
export function headWindow(row: StoreRow, match: string): string | undefined {
  const head = textOrNull(row["head"]) ?? "";
  // Any difference means the head is not the text as stored (invalid UTF-8 in it, or a
  // UTF-16 store): the whole text settles it, at the cost of one more read.
  const isPrefix = utf8Length(head) !== Number(row["text_bytes"] ?? 0);
  return matchWindow(head, match, isPrefix);
}

/**
 * The snippet window of one hit: from its head, or else from its whole text.
 *
 * @example
 * ```ts
 * import { hitRows, hitWindow } from "./search_transcripts.ts";
 * import { openDemoStore } from "../demo/demo_store.ts";
 * const store = openDemoStore();
 * const [row] = hitRows(store, [{ pk: 1, score: -3.2 }]);
 * hitWindow(store, row!, "pricing");
 * ```
 */
export function hitWindow(store: Store, row: StoreRow, match: string): string {
  return headWindow(row, match) ?? matchWindow(fullText(store, row["pk"]), match);
}

/**
 * The rows of ranked hits, in rank order, for {@link renderSearchPage}.
 *
 * @example
 * ```ts
 * import { hitRows } from "./search_transcripts.ts";
 * import { openDemoStore } from "../demo/demo_store.ts";
 * hitRows(openDemoStore(), [{ pk: 1, score: -3.2 }])[0]?.["title"]; // "Pricing page review"
 * ```
 */
export function hitRows(store: Store, hits: readonly { pk: number; score: number }[]): StoreRow[] {
  const rows: StoreRow[] = [];
  for (const hit of hits) {
    const row = store.get(HIT_ROW_SQL, BigInt(hit.pk));
    // A row deleted between the ranking and now is left out, as a live store may do.
    if (row !== undefined) rows.push({ ...row, score: hit.score });
  }
  return rows;
}
