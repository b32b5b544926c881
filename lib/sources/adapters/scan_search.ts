/**
 * Search over an app's table that keeps no full-text index (Meetily, Buzz, KuraDB): the query read
 * as plain words with Unicode case folding, a bounded scan of text columns in rowid chunks
 * that honours the deadline, and a score. Each kind says what table and columns to scan and
 * which item a row belongs to; what the words are, how a row is tested and how items are
 * ranked is the same for all.
 *
 * The words are the query's plain words (plainWordsQueries): quotes, `*`, parentheses and
 * the operators AND, OR, NOT and NEAR are not syntax here. A word matches whole words of the
 * text, once both are lower-cased (`toLowerCase`), that have its stem as our store's index
 * makes it (scan_terms.ts): "ÉTÉ" finds "été", "plan" finds "plans" and "planning", not
 * "planet", and "a" is the word "a". Every row is read once: SQL's `LIKE` narrows the rows to
 * those holding the start every word of the stem has (a superset; for a word with non-ASCII
 * letters its cased letters are wildcards, each required in one of its cases, since `LIKE`
 * folds ASCII only), and those rows' texts are folded in JavaScript and their words tested.
 * So "ørstedvik" finds "Ørstedvik", which SQLite's own `LOWER(…) LIKE` misses.
 *
 * @module
 */
import type { Store, StoreParam } from "../../store/store.ts";
import { keepGoingSql } from "../../store/store.ts";
import { plainWordsQueries, WORD } from "../../search/fts_query.ts";
import {
  SCAN_CHUNK_ROWS,
  SCAN_INDEX_SLICE_MS,
  SCAN_MAX_TERMS,
  SCAN_SEARCH_BUDGET_MS,
} from "../../config/limits.ts";
import { type ScanTerm, scanTerm, withStems } from "./scan_terms.ts";
import { textOf } from "./text_value.ts";
import { callStarted } from "../call_clock.ts";

export type { ScanTerm } from "./scan_terms.ts";

/** A query read as plain words. */
export interface ScanQuery {
  /** Its words, at most SCAN_MAX_TERMS. */
  terms: ScanTerm[];
  /** The FTS5 expression of the words, OR-ed, that marks snippets. */
  match: string;
}

const OPERATOR = /^(AND|OR|NOT|NEAR)$/;

/**
 * The plain words of `query`, or null when it holds none.
 *
 * @example
 * ```ts
 * import { scanQuery } from "./scan_search.ts";
 * scanQuery('"budget" OR ÉTÉ')?.match; // '"budget" OR "ÉTÉ"'
 * ```
 */
export function scanQuery(query: string): ScanQuery | null {
  // Composed (NFC), as apps store text: "cafe" and U+0301 typed apart find "café".
  const words = query.normalize("NFC").split(/\s+/u).filter((chunk) => !OPERATOR.test(chunk)).join(
    " ",
  );
  const queries = plainWordsQueries(words);
  if (queries === null) return null;
  const chunks = [...queries.anyTerm.matchAll(/"([^"]*)"/g)].map((found) => found[1]!)
    .slice(0, SCAN_MAX_TERMS);
  const terms = chunks.map((chunk) => scanTerm(chunk.match(WORD) ?? [chunk]));
  return { terms, match: chunks.map((chunk) => `"${chunk}"`).join(" OR ") };
}

/**
 * The SQL condition under which `column` may hold `term`, with its parameters.
 *
 * @example
 * ```ts
 * import { mayHoldSql, scanQuery } from "./scan_search.ts";
 * mayHoldSql(scanQuery("budgets")!.terms[0]!, "t.text").params; // ["%budget%"]
 * ```
 */
export function mayHoldSql(term: ScanTerm, column: string): { sql: string; params: string[] } {
  const like = `${column} LIKE ? ESCAPE '\\'`;
  return {
    sql: [like, ...term.cases.map((one) => `(${one.map(() => like).join(" OR ")})`)]
      .join(" AND "),
    params: [term.like, ...term.cases.flat()],
  };
}

/** A table a kind scans: its rows' text columns and the item each row belongs to. */
export interface ScannedTable {
  /** The table's name. */
  table: string;
  /** Its alias in the statement (the keepGoingSql check reads its rowid). */
  alias: string;
  /** The expression of the item a row belongs to (its key). */
  key: string;
  /** The text columns a word is looked for in; a row holds a word when one of them does. */
  texts: readonly string[];
  /** A further condition every row read must meet (KuraDB's live chunks only), if any. */
  where?: string;
  /** The parameters of `where`, in order. */
  params?: readonly StoreParam[];
}

/** How often each word occurs in one item. */
export interface ItemCounts {
  /** Rows (segments, chunks) holding each word. */
  segments: number[];
  /** Whether the title holds each word. */
  title: boolean[];
}

/**
 * The counts of item `key` in `counts`, made (all zero) when missing.
 *
 * @example
 * ```ts
 * import { countsOf } from "./scan_search.ts";
 * countsOf(new Map(), "a", 2); // { segments: [0, 0], title: [false, false] }
 * ```
 */
export function countsOf(counts: Map<string, ItemCounts>, key: string, size: number): ItemCounts {
  let entry = counts.get(key);
  if (entry === undefined) {
    entry = { segments: new Array(size).fill(0), title: new Array(size).fill(false) };
    counts.set(key, entry);
  }
  return entry;
}

/**
 * Marks in `counts` the words of `query` each item's title holds.
 *
 * @example
 * ```ts
 * import { countTitles, scanQuery } from "./scan_search.ts";
 * const counts = new Map();
 * countTitles(scanQuery("été")!, [{ key: "a", title: "L'ÉTÉ" }], counts);
 * counts.get("a").title; // [true]
 * ```
 */
export function countTitles(
  query: ScanQuery,
  items: readonly { key: string; title: string }[],
  counts: Map<string, ItemCounts>,
): void {
  const folded = items.map(({ title }) => title.toLowerCase());
  const held = withStems((misses) =>
    folded.map((title) => query.terms.map((term) => term.test(title, misses)))
  );
  items.forEach(({ key }, n) => {
    held[n]!.forEach((hit, i) => {
      if (hit) countsOf(counts, key, query.terms.length).title[i] = true;
    });
  });
}

/**
 * When a search that keeps an index of a source's text stops building it: a slice of
 * {@link SCAN_INDEX_SLICE_MS} from when this source's search begins, within the scan budget
 * of the call, which began at `callStart` (the index then grows by its smallest step only,
 * so it is still built over later calls however late they reach it).
 *
 * @example
 * ```ts
 * import { indexSliceEnd } from "./scan_search.ts";
 * indexSliceEnd(performance.now()) > performance.now(); // true
 * ```
 */
export function indexSliceEnd(callStart: number): number {
  return Math.min(performance.now() + SCAN_INDEX_SLICE_MS, callStart + SCAN_SEARCH_BUDGET_MS);
}

/**
 * Counts in `counts` the rows of `scanned` after rowid `from` (and meeting its `where`, if
 * it has one) that hold each word, in chunks of {@link SCAN_CHUNK_ROWS} rows, and says
 * whether it stopped early (`true`: its budget, {@link SCAN_SEARCH_BUDGET_MS} from
 * `started`, ran out before the last row). Throws StoreInterruptedError when the call must
 * stop.
 *
 * @example
 * ```ts
 * import type { Store } from "../../store/store.ts";
 * import { scanQuery, scanRows } from "./scan_search.ts";
 * declare const store: Store;
 * const counts = new Map();
 * const table = { table: "notes", alias: "n", key: "n.doc", texts: ["n.body"] };
 * scanRows(store, scanQuery("budget")!, table, Number.MIN_SAFE_INTEGER, counts);
 * ```
 */
export function scanRows(
  store: Store,
  query: ScanQuery,
  scanned: ScannedTable,
  from: number,
  counts: Map<string, ItemCounts>,
  started: number = callStarted(),
): boolean {
  const size = query.terms.length;
  if (size === 0) return false;
  const { table, alias, key, texts, where, params: whereOwn = [] } = scanned;
  const holds = query.terms.flatMap((term) => texts.map((text) => mayHoldSql(term, text)));
  const sql = `SELECT ${key} AS k${texts.map((text, j) => `, ${text} AS x${j}`).join("")}
    FROM ${table} ${alias}
    WHERE ${alias}.rowid > ? AND ${alias}.rowid <= ? AND ${keepGoingSql(alias)}
    ${where === undefined ? "" : `AND (${where})`} AND ((${
    holds.map((one) => one.sql).join(") OR (")
  }))`;
  const holdParams = holds.flatMap((one) => one.params);
  const last = Number(
    store.get(`SELECT max(${alias}.rowid) AS n FROM ${table} ${alias}`)?.["n"] ?? 0,
  );
  const check = () => store.throwIfInterrupted();
  for (let low = from; low < last;) {
    const high = low === Number.MIN_SAFE_INTEGER ? SCAN_CHUNK_ROWS : low + SCAN_CHUNK_ROWS;
    const rows = store.all(sql, low, high, ...whereOwn, ...holdParams);
    const folded = rows.map((row) => texts.map((_, j) => textOf(row[`x${j}`]).toLowerCase()));
    const held = withStems(
      (misses) =>
        folded.map((columns) =>
          query.terms.map((term) => columns.some((text) => term.test(text, misses)))
        ),
      check,
    );
    rows.forEach((row, n) => {
      const hits = held[n]!;
      if (!hits.includes(true)) return;
      const entry = countsOf(counts, String(row["k"]), size);
      hits.forEach((hit, i) => {
        if (hit) entry.segments[i]!++;
      });
    });
    low = high;
    check();
    if (low < last && performance.now() - started > SCAN_SEARCH_BUDGET_MS) return true;
  }
  return false;
}

/**
 * An item's score, higher better: how many of the words it holds anywhere (so an item with
 * every word ranks above one with some), plus a BM25-like weight in [0, 1) from the rows
 * holding each word (saturating) and the title (counted as two rows' worth), each scaled by
 * the word's rarity across items.
 *
 * @example
 * ```ts
 * import { scoreOf } from "./scan_search.ts";
 * scoreOf({ segments: [3], title: [true] }, [10], 5_000) > 1; // true
 * ```
 */
export function scoreOf(
  counts: ItemCounts,
  itemsWith: readonly number[],
  total: number,
): number {
  let covered = 0;
  let weight = 0;
  counts.segments.forEach((segments, i) => {
    const title = counts.title[i] ? 1 : 0;
    if (segments === 0 && title === 0) return;
    covered++;
    const df = itemsWith[i] ?? 1;
    const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
    weight += idf * ((segments * 2.2) / (segments + 1.2) + 2 * title);
  });
  return covered + weight / (weight + 1);
}

/** An item a scan ranks: its key, and its place newest first (time, then row). */
export interface ScannedItem {
  /** The key rows and titles were counted under. */
  id: string;
  /** Its time, epoch ms. */
  k: number;
  /** Its rowid, to order items of the same time. */
  r: number;
}

/**
 * The best `count` of `items` for what `counts` holds, best first by {@link scoreOf} among
 * all of them, newest first among equals. Counts of keys not among `items` (rows of items
 * the kind does not show) are left out.
 *
 * @example
 * ```ts
 * import { rankScanned } from "./scan_search.ts";
 * const counts = new Map([["a", { segments: [2], title: [false] }]]);
 * rankScanned(counts, [{ id: "a", k: 0, r: 1 }, { id: "b", k: 5, r: 2 }], 10)[0]?.key; // "a"
 * ```
 */
export function rankScanned(
  counts: ReadonlyMap<string, ItemCounts>,
  items: readonly ScannedItem[],
  count: number,
): { key: string; score: number }[] {
  const byKey = new Map(items.map((item) => [item.id, item]));
  const held = [...counts].flatMap(([key, c]) => {
    const item = byKey.get(key);
    const holds = c.segments.some((n) => n > 0) || c.title.some((t) => t);
    return item === undefined || !holds ? [] : [{ item, c }];
  });
  const size = held[0]?.c.segments.length ?? 0;
  const itemsWith = Array.from(
    { length: size },
    (_, i) => held.filter(({ c }) => c.segments[i]! > 0 || c.title[i]).length,
  );
  return held.map(({ item, c }) => ({ item, score: scoreOf(c, itemsWith, items.length) }))
    .sort((a, b) => b.score - a.score || b.item.k - a.item.k || b.item.r - a.item.r)
    .slice(0, count)
    .map(({ item, score }) => ({ key: item.id, score }));
}
