/**
 * Search in our own store: BM25 ranking over its FTS5 index, FTS5 syntax with a fallback to
 * plain words for queries that are not valid FTS5, and the rows and snippet windows of the
 * hits a page shows.
 *
 * @module
 */
import { plainWordsQueries } from "../../search/fts_query.ts";
import { queryWork, refuseTooBroad } from "../../search/query_work.ts";
import { matchWindow } from "../../search/snippet.ts";
import { textOrNull } from "../../store/row_values.ts";
import { KEEP_GOING_SQL, type Store, type StoreRow } from "../../store/store.ts";
import { fullText } from "./contract_text.ts";
import { SNIPPET_SOURCE_CHARS } from "../../config/limits.ts";

/** Column weights for BM25: a match in the title counts ten times one in the text. */
export const BM25_WEIGHTS = [10.0, 1.0] as const;

/**
 * The ranking: the best `?` matches of a query, best first. The SQLite sorter orders by an
 * explicit bm25() (measured no slower than FTS5's internal `ORDER BY rank` sorter), and
 * because rows stream through SQLite's own loop, the deadline check runs once per match:
 * a runaway search stops. rowid breaks ties, so offset paging is stable. Rows and snippets
 * are read afterwards, for the page alone.
 */
export const RANK_SQL = `
  SELECT rowid AS pk, bm25(transcripts_fts, ${BM25_WEIGHTS.join(", ")}) AS score
    FROM transcripts_fts
   WHERE transcripts_fts MATCH ? AND ${KEEP_GOING_SQL}
   ORDER BY score, rowid
   LIMIT ?`;

/**
 * One part of a ranking split by rowid range, for stores large enough that two workers
 * ranking halves beat one ranking all (see lib/runtime/split_search.ts). BM25's statistics
 * are always those of the whole index, so scores from different parts compare directly.
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

// The text's size in bytes comes from the record header, without reading the text: a head
// with fewer bytes is only the text's start.
const utf8 = new TextEncoder();

/** The row of one hit, by key, with the head of its text and the text's size in bytes. */
export const HIT_ROW_SQL = `SELECT pk, id, title, created_at, source,
         substr(text, 1, ${SNIPPET_SOURCE_CHARS}) AS head, octet_length(text) AS text_bytes
    FROM transcripts WHERE pk = ?`;

function isQuerySyntaxError(error: unknown): boolean {
  // SQLITE_ERROR (1) from MATCH means FTS5 could not parse the query.
  return (error as { errcode?: unknown } | null)?.errcode === 1;
}

/**
 * A query's ranking, run as FTS5 or, when that does not parse, as plain words: every word
 * when some transcript holds them all, else any of them. A query too broad to stop on time
 * throws QueryTooBroadError (lib/search/query_work.ts).
 *
 * @example
 * ```ts
 * import { RANK_SQL, withPlainWordsFallback } from "./contract_search.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * const store = openDemoStore();
 * const { mode } = withPlainWordsFallback(store, "pricing (draft", (match) => ({
 *   rows: store.all(RANK_SQL, match, 11),
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
 * The snippet window of one hit, cut from the head of its text that was read, or undefined
 * when the head does not settle it (see matchWindow).
 *
 * @example
 * ```ts
 * import { headWindow } from "./contract_search.ts";
 * headWindow({ head: "short text about pricing", text_bytes: 24 }, "pricing");
 * // "short text about pricing": the head is the whole text
 * ```
 */
export function headWindow(row: StoreRow, match: string): string | undefined {
  const head = textOrNull(row["head"]) ?? "";
  // Any difference means the head is not the text as stored (invalid UTF-8 in it, or a
  // UTF-16 store): the whole text settles it, at the cost of one more read.
  const isPrefix = utf8.encode(head).length !== Number(row["text_bytes"] ?? 0);
  return matchWindow(head, match, isPrefix);
}

/**
 * The snippet window of one hit, from its head or else from its whole text, and the line
 * of the text (0-based) the window starts on: where a text is its segments' lines, the seq
 * of the segment a match in the window was said in, found without reading the segments.
 *
 * @example
 * ```ts
 * import { hitRows, hitWindow } from "./contract_search.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * const store = openDemoStore();
 * const [row] = hitRows(store, ["1"]);
 * hitWindow(store, row!, "pricing").line; // 0
 * ```
 */
export function hitWindow(
  store: Store,
  row: StoreRow,
  match: string,
): { window: string; line: number | undefined } {
  let text = textOrNull(row["head"]) ?? "";
  let window = headWindow(row, match);
  if (window === undefined) window = matchWindow(text = fullText(store, row["pk"]), match);
  const at = text.indexOf(window.replace(/^… /, "").replace(/ …$/, ""));
  if (at === -1) return { window, line: undefined };
  let line = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < at; i = text.indexOf("\n", i + 1)) line++;
  return { window, line };
}

/**
 * The rows of ranked hits by key, in rank order (pk, id, title, created_at, source, head,
 * text_bytes); a row deleted since the ranking is left out, as a live store may do.
 *
 * @example
 * ```ts
 * import { hitRows } from "./contract_search.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * hitRows(openDemoStore(), ["1"])[0]?.["title"]; // "Pricing page review"
 * ```
 */
export function hitRows(store: Store, keys: readonly string[]): StoreRow[] {
  const rows: StoreRow[] = [];
  for (const key of keys) {
    if (!/^-?\d{1,20}$/.test(key)) continue;
    const row = store.get(HIT_ROW_SQL, BigInt(key));
    if (row !== undefined) rows.push(row);
  }
  return rows;
}
