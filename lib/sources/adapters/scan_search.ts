/**
 * Search over a database that keeps no full-text index (Meetily, KuraDB): a bounded scan of
 * a text column for plain words, with Unicode case folding, and the score a hit gets.
 *
 * The words are the query's plain words (plainWordsQueries): quotes, `*`, parentheses and
 * the operators AND, OR, NOT and NEAR are not syntax here. A word matches where the text
 * holds it anywhere once both are lower-cased (`toLowerCase`), so "ÉTÉ" finds "été" and
 * "plan" finds "planning". Every row is read once, in SQL: an ASCII word by `LIKE`, which
 * folds ASCII and allocates nothing (faster than `instr(lower(…))`); a word with other
 * letters, or of several parts ("POL-358"), by a `LIKE` that is a superset (its cased
 * letters as wildcards, each required in one of its cases), and only those rows' texts are
 * folded in JavaScript to decide. So "ørstedvik" finds "Ørstedvik", which SQLite's own
 * `LOWER(…) LIKE` (ASCII-only folding) misses.
 *
 * @module
 */
import type { Store, StoreParam } from "../../store/store.ts";
import { keepGoingSql } from "../../store/store.ts";
import { plainWordsQueries } from "../../search/fts_query.ts";
import { SCAN_CHUNK_ROWS, SCAN_MAX_TERMS, SCAN_SEARCH_BUDGET_MS } from "../../config/limits.ts";

/** One word of a scanned query: how SQL narrows the rows, and how a folded text is tested. */
export interface ScanTerm {
  /** The LIKE pattern (escaped with `\`). */
  like: string;
  /**
   * Further conditions a row must meet to possibly match: for each cased letter, the LIKE
   * patterns of its cases, one of which the text must hold.
   */
  also: string[][];
  /** Whether LIKE alone decides (an ASCII word); else the text is folded and tested. */
  exact: boolean;
  /** Whether a lower-cased text holds the word. */
  test: (folded: string) => boolean;
  /** The word's lower-cased parts (one, or several for "POL-358"). */
  parts: string[];
}

/** A query read as plain words. */
export interface ScanQuery {
  /** Its words, at most SCAN_MAX_TERMS. */
  terms: ScanTerm[];
  /** The FTS5 expression of the words, OR-ed, that marks snippets. */
  match: string;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const OPERATOR = /^(AND|OR|NOT|NEAR)$/;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

let variantTable: Map<string, string[]> | undefined;

/**
 * Every character whose lower case is `char`, itself included. Built once, on the first
 * search for a non-ASCII word, from the Basic Multilingual Plane.
 */
function casesOf(char: string): string[] {
  if (variantTable === undefined) {
    variantTable = new Map();
    for (let code = 0x80; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const upper = String.fromCharCode(code);
      const lower = upper.toLowerCase();
      if (lower !== upper && [...lower].length === 1) {
        const list = variantTable.get(lower) ?? [lower];
        list.push(upper);
        variantTable.set(lower, list);
      }
    }
    // A capital sigma lower-cases to the final form at a word's end.
    variantTable.set("ς", ["ς", "σ", "Σ"]);
  }
  return variantTable.get(char) ?? [char];
}

function termOf(words: string[]): ScanTerm {
  const folded = words.map((word) => word.toLowerCase());
  const ascii = folded.length === 1 && [...folded[0]!].every((char) => char < "\x80");
  if (ascii) {
    const word = folded[0]!;
    return {
      like: `%${escapeLike(word)}%`,
      also: [],
      exact: true,
      test: (text) => text.includes(word),
      parts: folded,
    };
  }
  const also: string[][] = [];
  const seen = new Set<string>();
  const like = folded.map((word) =>
    [...word].map((char) => {
      const cases = char < "\x80" ? [char] : casesOf(char);
      if (cases.length === 1) return escapeLike(char);
      if (!seen.has(char)) {
        seen.add(char);
        also.push(cases.map((one) => `%${escapeLike(one)}%`));
      }
      return "_";
    }).join("")
  ).join("%");
  const pattern = new RegExp(folded.map(escapeRegExp).join("[^\\p{L}\\p{M}\\p{N}]+"), "u");
  return {
    like: `%${like}%`,
    also,
    exact: false,
    test: (text) => pattern.test(text),
    parts: folded,
  };
}

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
  const words = query.split(/\s+/u).filter((chunk) => !OPERATOR.test(chunk)).join(" ");
  const queries = plainWordsQueries(words);
  if (queries === null) return null;
  const chunks = [...queries.anyTerm.matchAll(/"([^"]*)"/g)].map((found) => found[1]!)
    .slice(0, SCAN_MAX_TERMS);
  const terms = chunks.map((chunk) => termOf(chunk.match(WORD) ?? [chunk]));
  return { terms, match: chunks.map((chunk) => `"${chunk}"`).join(" OR ") };
}

/** Where a scan reads: one table's rows, each a piece of text belonging to one item. */
export interface ScanTarget {
  /** The table and its alias, as the FROM clause names it (`transcripts t`). */
  from: string;
  /** The alias, whose rowid orders the scan and keys the deadline check. */
  alias: string;
  /** The column holding the text. */
  text: string;
  /** The column naming the item a row belongs to. */
  item: string;
  /** A further condition every row read must meet (live rows only), or "". */
  where: string;
  /** The parameters of `where`, in order. */
  params?: readonly StoreParam[];
}

/**
 * Reads every row of `target` after rowid `from` that may hold a word of `query`, in
 * chunks of {@link SCAN_CHUNK_ROWS} rowids, and calls `visit` with each row's item and
 * which words it holds. Stops once {@link SCAN_SEARCH_BUDGET_MS} has gone since `started`
 * (a performance.now() time) with rows left, and then returns true (the answer is
 * partial). Throws StoreInterruptedError when the call must stop.
 *
 * @example
 * ```ts
 * import { scanQuery, scanRows } from "./scan_search.ts";
 * declare const store: import("../../store/store.ts").Store;
 * const target = { from: "notes n", alias: "n", text: "n.body", item: "n.doc", where: "" };
 * scanRows(store, scanQuery("budget")!, target, Number.MIN_SAFE_INTEGER, performance.now(),
 *   (item, hits) => console.log(item, hits));
 * ```
 */
export function scanRows(
  store: Store,
  query: ScanQuery,
  target: ScanTarget,
  from: number,
  started: number,
  visit: (item: string, hits: boolean[]) => void,
): boolean {
  if (query.terms.length === 0) return false;
  const { alias, text } = target;
  const flags = query.terms.map((term, i) =>
    term.exact ? `(${text} LIKE ? ESCAPE '\\') AS f${i}` : `0 AS f${i}`
  );
  const conditions = query.terms.map((term) =>
    [
      `${text} LIKE ? ESCAPE '\\'`,
      ...term.also.map((cases) =>
        `(${cases.map(() => `${text} LIKE ? ESCAPE '\\'`).join(" OR ")})`
      ),
    ].join(" AND ")
  );
  const needsText = query.terms.some((term) => !term.exact);
  const sql = `SELECT ${target.item} AS m, ${flags.join(", ")}${
    needsText ? `, ${text} AS text` : ""
  } FROM ${target.from} WHERE ${alias}.rowid > ? AND ${alias}.rowid <= ? AND ${
    keepGoingSql(alias)
  }${target.where === "" ? "" : ` AND ${target.where}`} AND ((${conditions.join(") OR (")}))`;
  const flagParams = query.terms.filter((term) => term.exact).map((term) => term.like);
  const whereParams = query.terms.flatMap((term) => [term.like, ...term.also.flat()]);
  const last = Number(
    store.get(`SELECT max(${alias}.rowid) AS n FROM ${target.from}`)?.["n"] ?? 0,
  );
  for (let low = from; low < last;) {
    const high = low === Number.MIN_SAFE_INTEGER ? SCAN_CHUNK_ROWS : low + SCAN_CHUNK_ROWS;
    const params: StoreParam[] = [
      ...flagParams,
      low,
      high,
      ...target.params ?? [],
      ...whereParams,
    ];
    for (const row of store.all(sql, ...params)) {
      const folded = needsText ? String(row["text"] ?? "").toLowerCase() : "";
      visit(
        String(row["m"]),
        query.terms.map((term, i) => term.exact ? Number(row[`f${i}`]) === 1 : term.test(folded)),
      );
    }
    low = high;
    store.throwIfInterrupted();
    if (low < last && performance.now() - started > SCAN_SEARCH_BUDGET_MS) return true;
  }
  return false;
}

/** How often each word occurs in one item (a meeting, a file). */
export interface ItemCounts {
  /** Rows (segments, chunks) holding each word. */
  segments: number[];
  /** Whether the title holds each word. */
  title: boolean[];
}

/**
 * The counts of item `id` in `counts`, made (all zero) when it has none yet.
 *
 * @example
 * ```ts
 * import { countsFor, type ItemCounts } from "./scan_search.ts";
 * const counts = new Map<string, ItemCounts>();
 * countsFor(counts, "m1", 2).segments; // [0, 0]
 * ```
 */
export function countsFor(counts: Map<string, ItemCounts>, id: string, size: number): ItemCounts {
  let entry = counts.get(id);
  if (entry === undefined) {
    entry = { segments: new Array(size).fill(0), title: new Array(size).fill(false) };
    counts.set(id, entry);
  }
  return entry;
}

/**
 * Marks in `counts` the titles that hold each word of `query`.
 *
 * @example
 * ```ts
 * import { countTitles, scanQuery, type ItemCounts } from "./scan_search.ts";
 * const counts = new Map<string, ItemCounts>();
 * countTitles(counts, scanQuery("plan")!, [{ id: "m1", title: "Planning" }]);
 * counts.get("m1")?.title; // [true]
 * ```
 */
export function countTitles(
  counts: Map<string, ItemCounts>,
  query: ScanQuery,
  titles: readonly { id: string; title: string }[],
): void {
  for (const { id, title } of titles) {
    const folded = title.toLowerCase();
    query.terms.forEach((term, i) => {
      if (term.test(folded)) countsFor(counts, id, query.terms.length).title[i] = true;
    });
  }
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

/**
 * The items of `counts` that `items` holds, ranked by {@link scoreOf}, best first; ties go
 * to the item `before` puts first.
 *
 * @example
 * ```ts
 * import { rankCounts } from "./scan_search.ts";
 * const counts = new Map([["a", { segments: [1], title: [false] }]]);
 * rankCounts(counts, 1, new Map([["a", 7]]), (x, y) => y - x)[0]?.item; // 7
 * ```
 */
export function rankCounts<T>(
  counts: ReadonlyMap<string, ItemCounts>,
  size: number,
  items: ReadonlyMap<string, T>,
  before: (a: T, b: T) => number,
): { key: string; score: number; item: T }[] {
  const itemsWith = Array.from(
    { length: size },
    (_, i) => [...counts.values()].filter((c) => c.segments[i]! > 0 || c.title[i]).length,
  );
  const ranked = [...counts].flatMap(([key, c]) => {
    const item = items.get(key);
    return item === undefined ? [] : [{ key, score: scoreOf(c, itemsWith, items.size), item }];
  });
  ranked.sort((a, b) => b.score - a.score || before(a.item, b.item));
  return ranked;
}
