/**
 * How much work FTS5 does on a search before the deadline check can stop it, estimated
 * from the index's own statistics before the search starts.
 *
 * The check in KEEP_GOING_SQL runs on rows FTS5 returns. Some of FTS5's work comes before
 * or between those rows, in native code nothing can interrupt (node:sqlite has neither
 * sqlite3_interrupt nor a progress handler): a prefix term merges the doclists of every
 * term it stands for before the first row, bm25() reads every phrase's full list of
 * matches on its first call, and a phrase or NEAR group steps over every document that
 * holds its words without matching. The cost of each of these follows the sizes of the
 * lists involved, which fts5vocab reports per term (documents and occurrences). A search
 * whose estimate is past {@link MAX_QUERY_WORK_MS} is refused before it runs, with a
 * message saying how to narrow it; every other search runs exactly as before. An estimate
 * past the bound stops reading as soon as it is past, so it is not a full figure.
 *
 * @module
 */
import { QueryTokenizer } from "./snippet.ts";
import { KEEP_GOING_SQL, type Store, VOCAB_TABLE } from "../store/store.ts";
import { MAX_QUERY_WORK_MS } from "../config/limits.ts";

// Nanoseconds per unit, measured on a 5,000-transcript store (bench/RESULTS.md):
// a plain term's list is walked once per document, skipping over its positions;
const NS_PER_DOC = 800;
const NS_PER_SKIPPED_POSITION = 1;
// a phrase compares positions, and NEAR compares them across its phrases;
const NS_PER_PHRASE_POSITION = 5;
const NS_PER_NEAR_POSITION = 25;
// a prefix term's lists are merged, positions and all, once for the rows and once for
// bm25(), after a lookup of each term in each segment of the index.
const NS_PER_MERGED_POSITION = 2 * 50;
const NS_PER_PREFIX_TERM_SEGMENT = 2 * 450;

/** One phrase of an FTS5 query, as its text before tokenizing. */
export interface QueryPhrase {
  /** The phrase's words, as written. */
  text: string;
  /** Its last token is a prefix (`word*`, `"some words"*`). */
  prefix: boolean;
  /** FTS5 compares its tokens' positions: a quoted phrase, `a + b`, `^a`. */
  positional: boolean;
  /** It is inside a NEAR group. */
  near: boolean;
}

const OPERATORS = new Set(["AND", "OR", "NOT"]);

function isBarewordChar(char: string): boolean {
  // FTS5's barewords: ASCII letters, digits, '_', 0x1A, and every non-ASCII character.
  const code = char.codePointAt(0)!;
  return /[A-Za-z0-9_]/.test(char) || code === 0x1a || code >= 0x80;
}

/**
 * The phrases of a query FTS5 accepts, with what FTS5 does with each. Column names,
 * operators and NEAR distances are left out; they select but cost nothing of their own.
 *
 * @example
 * ```ts
 * import { queryPhrases } from "./query_work.ts";
 * queryPhrases('title:plan* OR "sync conflict"').map((p) => [p.text, p.prefix]);
 * // [["plan", true], ["sync conflict", false]]
 * ```
 */
export function queryPhrases(query: string): QueryPhrase[] {
  const phrases: QueryPhrase[] = [];
  let nearDepth = 0;
  let depth = 0;
  let join = false;
  let initial = false;
  let i = 0;
  const add = (text: string) => {
    const prefix = query[i] === "*";
    if (prefix) i++;
    const previous = phrases.at(-1);
    if (join && previous !== undefined) {
      previous.text += ` ${text}`;
      previous.prefix = prefix;
      previous.positional = true;
    } else {
      phrases.push({ text, prefix, positional: initial, near: nearDepth > 0 });
    }
    join = false;
    initial = false;
  };
  while (i < query.length) {
    const char = query[i]!;
    if (char === '"') {
      let text = "";
      i++;
      while (i < query.length) {
        if (query[i] === '"' && query[i + 1] === '"') {
          text += '"';
          i += 2;
        } else if (query[i] === '"') {
          i++;
          break;
        } else {
          text += query[i++];
        }
      }
      add(text);
    } else if (isBarewordChar(char)) {
      const start = i;
      while (i < query.length && isBarewordChar(query[i]!)) i++;
      const word = query.slice(start, i);
      let next = i;
      while (/\s/.test(query[next] ?? "")) next++;
      if (query[next] === ":") i = next + 1; // A column name.
      else if (word === "NEAR" && query[next] === "(") {
        i = next + 1;
        depth++;
        nearDepth = depth;
      } else if (!OPERATORS.has(word)) add(word);
    } else if (char === ",") {
      // A NEAR group's distance follows.
      i++;
      while (i < query.length && /[\s0-9]/.test(query[i]!)) i++;
    } else if (char === "{") {
      i = query.indexOf("}", i) + 1 || query.length; // A column set.
      while (/[\s:]/.test(query[i] ?? "")) i++;
    } else {
      if (char === "(") depth++;
      if (char === ")") {
        if (depth === nearDepth) nearDepth = 0;
        depth--;
      }
      if (char === "+") join = true;
      if (char === "^") initial = true;
      i++;
    }
  }
  return phrases;
}

let tokenizer: QueryTokenizer | undefined;

/**
 * The first index term of each of `words` as the store's tokenizer makes it (Porter stem,
 * folded), or "" for none: "cost" and "costs" are one term to the index.
 *
 * @example
 * ```ts
 * import { indexTerms } from "./query_work.ts";
 * indexTerms(["costs", "pricing"]); // ["cost", "price"]
 * ```
 */
export function indexTerms(words: readonly string[]): string[] {
  tokenizer ??= new QueryTokenizer();
  return tokenizer.firstTokens(words);
}

/** A query's estimated uninterruptible work, and the phrase that costs most of it. */
export interface QueryWork {
  /** Estimated milliseconds; compare with {@link MAX_QUERY_WORK_MS}. */
  ms: number;
  /** The costliest phrase, as the query wrote it (with `*` for a prefix). */
  heaviest: string;
  /** That phrase's share, in milliseconds. */
  heaviestMs: number;
  /**
   * The query is one plain word. Such a search is never refused: its unstoppable part is
   * one walk over the word's list (0.7 µs a transcript holding it), and refusing the
   * simplest search there is would cost more than a stop that takes longer on a very
   * large store.
   */
  oneWord: boolean;
}

// The terms a prefix stands for: from the prefix up to (not including) its successor.
function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  // No character follows U+10FFFF; a term that long past the prefix is left out.
  return last >= 0x10ffff ? prefix + "\u{10FFFF}" : chars.join("") + String.fromCodePoint(last + 1);
}

/**
 * The index's segments: a prefix term is looked up in each. One seek per segment. `fts` is
 * the store's FTS5 table (`transcripts_fts` in ours, the app's own in another's).
 *
 * @example
 * ```ts
 * import { segmentsSql } from "./query_work.ts";
 * segmentsSql("sessions_fts").includes('"sessions_fts_idx"'); // true
 * ```
 */
export function segmentsSql(fts: string): string {
  return `
  WITH RECURSIVE seg (id) AS (
    SELECT min(segid) FROM "${fts}_idx"
    UNION ALL
    SELECT (SELECT min(segid) FROM "${fts}_idx" WHERE segid > seg.id) FROM seg
     WHERE seg.id IS NOT NULL)
  SELECT count(id) AS n FROM seg`;
}

/** {@link segmentsSql} of our own stores' index. */
export const SEGMENTS_SQL: string = segmentsSql("transcripts_fts");

/** One index term's counts. */
export interface TermStats {
  /** Documents that hold it. */
  docs: number;
  /** Its occurrences. */
  positions: number;
  /** When they were read, epoch ms. */
  readAt: number;
}

/**
 * How long a term's counts are reused. fts5vocab counts a term by reading its whole list
 * (11 ms for "the" in 5,000 transcripts), so a repeated word is not counted again; an app
 * adds far too little in a minute to move an estimate.
 */
const STATS_TTL_MS = 60_000;
const STATS_CACHE_SIZE = 2_048;
const termCache = new WeakMap<Store, Map<string, TermStats>>();

/**
 * One index term's counts (documents holding it, occurrences), each reused for a minute.
 *
 * @example
 * ```ts
 * import { openDemoStore } from "../demo/demo_store.ts";
 * import { termStats } from "./query_work.ts";
 * termStats(openDemoStore(), "price").docs; // 5
 * ```
 */
export function termStats(store: Store, token: string): TermStats {
  let cache = termCache.get(store);
  if (cache === undefined) termCache.set(store, cache = new Map());
  const cached = cache.get(token);
  const now = Date.now();
  if (cached !== undefined && now - cached.readAt < STATS_TTL_MS) return cached;
  const row = store.get(TERM_STATS_SQL, token);
  const stats = {
    docs: Number(row?.["doc"] ?? 0),
    positions: Number(row?.["cnt"] ?? 0),
    readAt: now,
  };
  if (cache.size >= STATS_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(token, stats);
  return stats;
}

function termWork(store: Store, token: string, phrase: QueryPhrase): number {
  const { docs, positions } = termStats(store, token);
  const perPosition = phrase.near
    ? NS_PER_NEAR_POSITION
    : phrase.positional
    ? NS_PER_PHRASE_POSITION
    : NS_PER_SKIPPED_POSITION;
  return docs * NS_PER_DOC + positions * perPosition;
}

// A prefix's terms are read in batches, so an estimate past the bound ends early.
const PREFIX_BATCH = 64;

/** One term's documents and occurrences. */
export const TERM_STATS_SQL = `SELECT doc, cnt FROM ${VOCAB_TABLE} WHERE term = ?`;

/**
 * The next batch of a prefix's terms (a term never holds NUL, so `last || NUL` resumes
 * after `last`), one row per term, so the deadline check can stop a prefix of many.
 */
export const PREFIX_STATS_SQL = `SELECT term, cnt FROM ${VOCAB_TABLE}
   WHERE term >= ? AND term < ? AND ${KEEP_GOING_SQL}
   LIMIT ${PREFIX_BATCH}`;

function prefixWork(store: Store, prefix: string, segments: number, budgetNs: number): number {
  const end = prefixEnd(prefix);
  let ns = 0;
  let after: string | null = null;
  while (ns <= budgetNs) {
    const rows = store.all(PREFIX_STATS_SQL, after === null ? prefix : `${after}\0`, end);
    for (const row of rows) {
      ns += segments * NS_PER_PREFIX_TERM_SEGMENT + Number(row["cnt"]) * NS_PER_MERGED_POSITION;
    }
    if (rows.length < PREFIX_BATCH) break;
    after = String(rows.at(-1)!["term"]);
  }
  return ns;
}

/**
 * Estimates the work FTS5 does on `query` that the deadline check cannot interrupt.
 * Returns null when FTS5 would not parse the query (it then runs as plain words). The
 * estimate's own reads are stoppable: a prefix is summed one term per row.
 *
 * @example
 * ```ts
 * import { openDemoStore } from "../demo/demo_store.ts";
 * import { MAX_QUERY_WORK_MS } from "../config/limits.ts";
 * import { queryWork } from "./query_work.ts";
 * const work = queryWork(openDemoStore(), "pric* OR roadmap");
 * work !== null && work.ms <= MAX_QUERY_WORK_MS; // true
 * ```
 */
export function queryWork(store: Store, query: string): QueryWork | null {
  tokenizer ??= new QueryTokenizer();
  if (!tokenizer.parses(query)) return null;
  const phrases = queryPhrases(query);
  const needsSegments = phrases.some((phrase) => phrase.prefix);
  const fts = store.vocabOf ?? "transcripts_fts";
  const segments = needsSegments ? Number(store.get(segmentsSql(fts))?.["n"] ?? 0) : 0;
  const work: QueryWork = { ms: 0, heaviest: "", heaviestMs: 0, oneWord: false };
  for (const phrase of phrases) {
    // Past the bound already: the rest cannot bring it back, so it is not read.
    if (work.ms > MAX_QUERY_WORK_MS) break;
    const tokens = tokenizer.tokens(phrase.text);
    work.oneWord = phrases.length === 1 && tokens.length === 1 && !phrase.prefix &&
      !phrase.positional && !phrase.near;
    // A phrase of one word is a plain term unless NEAR or ^ asks for positions.
    const shaped = { ...phrase, positional: phrase.positional || tokens.length > 1 };
    const last = phrase.prefix ? tokens.pop() : undefined;
    let ns = 0;
    for (const token of tokens) ns += termWork(store, token, shaped);
    if (last !== undefined) {
      ns += prefixWork(store, last, segments, (MAX_QUERY_WORK_MS - work.ms) * 1e6 - ns);
    }
    const ms = ns / 1e6;
    work.ms += ms;
    if (ms > work.heaviestMs) {
      work.heaviestMs = ms;
      work.heaviest = phrase.text.includes(" ") || phrase.positional
        ? `"${phrase.text}"${phrase.prefix ? "*" : ""}`
        : `${phrase.text}${phrase.prefix ? "*" : ""}`;
    }
  }
  return work;
}

/** Every statement {@link queryWork} runs, for the benchmark's copy of a search's SQL. */
export const QUERY_WORK_SQL: readonly string[] = [TERM_STATS_SQL, PREFIX_STATS_SQL, SEGMENTS_SQL];

/**
 * A search refused before it ran: its uninterruptible work is past
 * {@link MAX_QUERY_WORK_MS}, so neither its deadline nor a cancellation could stop it on
 * time. The message says how to narrow it; the tools answer it as `invalid_arguments`.
 *
 * @example
 * ```ts
 * import { QueryTooBroadError } from "./query_work.ts";
 * new QueryTooBroadError("a* OR b*", { ms: 90, oneWord: false, heaviest: "a*", heaviestMs: 80 })
 *   .message.startsWith("query: too broad"); // true
 * ```
 */
export class QueryTooBroadError extends Error {
  /** Makes the error for `query`, whose estimated work is `work`. */
  constructor(query: string, work: QueryWork) {
    const part = work.heaviest !== "" && work.heaviest !== query.trim()
      ? ` (${work.heaviest} alone at least ${Math.ceil(work.heaviestMs)} ms)`
      : "";
    super(
      `query: too broad to search: FTS5 would need at least ${Math.ceil(work.ms)} ms of work ` +
        `that cannot be stopped${part}, over the ${MAX_QUERY_WORK_MS} ms a search may take ` +
        "before it can be stopped; use longer prefixes (3 letters or more), fewer OR terms, or " +
        "rarer words in phrases and NEAR groups",
    );
    this.name = "QueryTooBroadError";
  }
}

/**
 * Throws {@link QueryTooBroadError} when `work` is past the bound; one plain word never is.
 *
 * @example
 * ```ts
 * import { refuseTooBroad } from "./query_work.ts";
 * refuseTooBroad("pricing", { ms: 1, oneWord: true, heaviest: "", heaviestMs: 0 }); // passes
 * ```
 */
export function refuseTooBroad(query: string, work: QueryWork): void {
  if (work.ms > MAX_QUERY_WORK_MS && !work.oneWord) throw new QueryTooBroadError(query, work);
}
