/**
 * Search over a Meetily database, which keeps no full-text index: a bounded scan of its
 * segment texts and meeting titles for plain words, with Unicode case folding.
 *
 * The words are the query's plain words (plainWordsQueries): quotes, `*`, parentheses and
 * the operators AND, OR, NOT and NEAR are not syntax here. A word matches where the text
 * holds it anywhere once both are lower-cased (`toLowerCase`), so "ÉTÉ" finds "été" and
 * "plan" finds "planning", as the app's own search does. Every segment is read once, in
 * SQL: an ASCII word by `LIKE`, which folds ASCII and allocates nothing (faster than
 * `instr(lower(…))`); a word with other letters, or of several parts ("POL-358"), by a
 * `LIKE` that is a superset (its cased letters as wildcards, each required in one of its
 * cases), and only those segments' texts are folded in JavaScript to decide.
 *
 * @module
 */
import type { Store, StoreParam } from "../../store/store.ts";
import { keepGoingSql } from "../../store/store.ts";
import { plainWordsQueries } from "../../search/fts_query.ts";
import {
  SCAN_CHUNK_ROWS,
  SCAN_INDEX_SLICE_MS,
  SCAN_MAX_TERMS,
  SCAN_SEARCH_BUDGET_MS,
} from "../../config/limits.ts";
import type { MeetilyIndex } from "./meetily_index.ts";

/** One word to look for. */
/** One word of a scanned query: how SQL narrows the rows, and how a folded text is tested. */
export interface ScanTerm {
  /** The LIKE pattern (escaped with `\`). */
  like: string;
  /** Further conditions a segment must meet to possibly match, with their parameters. */
  also: { sql: string; params: string[] }[];
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
const WHOLE_WORD = /^[\p{L}\p{M}\p{N}]+$/u;
/** Candidate rows of a several-part word fetched by one statement to be tested. */
const VERIFY_ROWS = 256;
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
  const also: { sql: string; params: string[] }[] = [];
  const seen = new Set<string>();
  const like = folded.map((word) =>
    [...word].map((char) => {
      const cases = char < "\x80" ? [char] : casesOf(char);
      if (cases.length === 1) return escapeLike(char);
      if (!seen.has(char)) {
        seen.add(char);
        also.push({
          sql: `(${cases.map(() => "t.transcript LIKE ?").join(" OR ")})`,
          params: cases.map((one) => `%${escapeLike(one)}%`),
        });
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
 * import { scanQuery } from "./meetily_search.ts";
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

/** How often each word occurs in one meeting. */
export interface MeetingCounts {
  /** Segments holding each word. */
  segments: number[];
  /** Whether the title holds each word. */
  title: boolean[];
}

/** What a scan saw: counts per meeting id, and whether it stopped early. */
export interface ScanCounts {
  /** The counts of each meeting that holds a word, by meeting id. */
  counts: Map<string, MeetingCounts>;
  /** Whether the scan stopped before it saw every row. */
  partial: boolean;
}

function countsFor(counts: Map<string, MeetingCounts>, id: string, size: number): MeetingCounts {
  let entry = counts.get(id);
  if (entry === undefined) {
    entry = { segments: new Array(size).fill(0), title: new Array(size).fill(false) };
    counts.set(id, entry);
  }
  return entry;
}

/**
 * Counts the segments the index covers that hold each word: for a one-part word straight
 * from the index; for a word of several parts, the index's candidates are read and tested.
 */
function indexCounts(
  store: Store,
  index: MeetilyIndex,
  query: ScanQuery,
  counts: Map<string, MeetingCounts>,
): void {
  const size = query.terms.length;
  query.terms.forEach((term, i) => {
    const { list } = index.segmentsHolding(term.parts);
    if (term.parts.length === 1) {
      for (const segment of list) countsFor(counts, index.meetingOf(segment), size).segments[i]!++;
      return;
    }
    for (let at = 0; at < list.length; at += VERIFY_ROWS) {
      const batch = list.slice(at, at + VERIFY_ROWS);
      const meetingOf = new Map(batch.map((segment) => [
        index.rowidOf(segment),
        index.meetingOf(segment),
      ]));
      const rows = store.all(
        `SELECT t.rowid AS r, t.transcript AS x FROM transcripts t
          WHERE t.rowid IN (${batch.map(() => "?").join(", ")})`,
        ...meetingOf.keys(),
      );
      for (const row of rows) {
        const meeting = meetingOf.get(Number(row["r"]));
        if (meeting !== undefined && term.test(String(row["x"] ?? "").toLowerCase())) {
          countsFor(counts, meeting, size).segments[i]!++;
        }
      }
      store.throwIfInterrupted();
    }
  });
}

/**
 * Counts the words of `query` in titles (given) and every segment: the segments `index`
 * covers through it (growing it first for up to {@link SCAN_INDEX_SLICE_MS}), the rest by a
 * scan in chunks of {@link SCAN_CHUNK_ROWS} rows that stops with `partial` once
 * {@link SCAN_SEARCH_BUDGET_MS} has gone. Throws StoreInterruptedError when the call must
 * stop. Without an index, or for a word the index cannot hold, everything is scanned.
 */
export function scanCounts(
  store: Store,
  query: ScanQuery,
  titles: readonly { id: string; title: string }[],
  index: MeetilyIndex | null,
): ScanCounts {
  const started = performance.now();
  const size = query.terms.length;
  const counts = new Map<string, MeetingCounts>();
  for (const { id, title } of titles) {
    const folded = title.toLowerCase();
    query.terms.forEach((term, i) => {
      if (term.test(folded)) countsFor(counts, id, size).title[i] = true;
    });
  }
  if (size === 0) return { counts, partial: false };
  let from = Number.MIN_SAFE_INTEGER;
  if (
    index !== null && query.terms.every((term) => term.parts.every((part) => WHOLE_WORD.test(part)))
  ) {
    index.grow(store, started + SCAN_INDEX_SLICE_MS);
    indexCounts(store, index, query, counts);
    from = index.coveredRowid;
  }
  const flags = query.terms.map((term, i) =>
    term.exact ? `(t.transcript LIKE ? ESCAPE '\\') AS f${i}` : `0 AS f${i}`
  );
  const conditions = query.terms.map((term) =>
    ["t.transcript LIKE ? ESCAPE '\\'", ...term.also.map((one) => one.sql)].join(" AND ")
  );
  const needsText = query.terms.some((term) => !term.exact);
  const sql = `SELECT t.meeting_id AS m, ${flags.join(", ")}${
    needsText ? ", t.transcript AS text" : ""
  } FROM transcripts t WHERE t.rowid > ? AND t.rowid <= ? AND ${keepGoingSql("t")}
    AND ((${conditions.join(") OR (")}))`;
  const flagParams = query.terms.filter((term) => term.exact).map((term) => term.like);
  const whereParams = query.terms.flatMap((term) => [
    term.like,
    ...term.also.flatMap((one) => one.params),
  ]);
  const last = Number(store.get("SELECT max(t.rowid) AS n FROM transcripts t")?.["n"] ?? 0);
  for (let low = from; low < last;) {
    const high = low === Number.MIN_SAFE_INTEGER ? SCAN_CHUNK_ROWS : low + SCAN_CHUNK_ROWS;
    const params: StoreParam[] = [...flagParams, low, high, ...whereParams];
    for (const row of store.all(sql, ...params)) {
      const entry = countsFor(counts, String(row["m"]), size);
      const folded = needsText ? String(row["text"] ?? "").toLowerCase() : "";
      query.terms.forEach((term, i) => {
        const hit = term.exact ? Number(row[`f${i}`]) === 1 : term.test(folded);
        if (hit) entry.segments[i]!++;
      });
    }
    low = high;
    store.throwIfInterrupted();
    if (low < last && performance.now() - started > SCAN_SEARCH_BUDGET_MS) {
      return { counts, partial: true };
    }
  }
  return { counts, partial: false };
}

/**
 * A meeting's score, higher better: how many of the words it holds anywhere (so a meeting
 * with every word ranks above one with some), plus a BM25-like weight in [0, 1) from the
 * segments holding each word (saturating) and the title (counted as two segments' worth),
 * each scaled by the word's rarity across meetings.
 *
 * @example
 * ```ts
 * import { scoreOf } from "./meetily_search.ts";
 * scoreOf({ segments: [3], title: [true] }, [10], 5_000) > 1; // true
 * ```
 */
export function scoreOf(
  counts: MeetingCounts,
  meetingsWith: readonly number[],
  total: number,
): number {
  let covered = 0;
  let weight = 0;
  counts.segments.forEach((segments, i) => {
    const title = counts.title[i] ? 1 : 0;
    if (segments === 0 && title === 0) return;
    covered++;
    const df = meetingsWith[i] ?? 1;
    const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
    weight += idf * ((segments * 2.2) / (segments + 1.2) + 2 * title);
  });
  return covered + weight / (weight + 1);
}
