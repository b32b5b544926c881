/**
 * Searching a screenpipe source: the app's own `audio_transcriptions_fts`, plus a bounded
 * scan of the newest rows its background indexer has not reached yet, both grouped into
 * sittings.
 *
 * - Queries are plain words (lib/search/fts_query.ts): client FTS5 syntax never reaches the
 *   app's index, whose statistics we do not estimate, so no query can start native work
 *   the deadline cannot stop beyond one walk of each word's list. Every word must match one
 *   row; when no row holds them all, any may.
 * - The match is limited to the `transcription` column: the index also holds the device's
 *   name and the speaker's number as text.
 * - The index is joined on `audio_chunk_id` (its rowid is its own); a chunk indexed twice
 *   (the app re-indexes after an upgrade) counts once.
 * - A sitting scores its best chunk's BM25 (negated, so higher is better): ranking chunks
 *   best first, the sittings first seen are the best, so the ranking stops as soon as it
 *   has enough. A scanned row scores the best indexed score times the share of the query's
 *   words it holds.
 *
 * @module
 */
import { plainWordsQueries } from "../../search/fts_query.ts";
import { wholeTermFinders, type WordFinder } from "../../text/word_finder.ts";
import { BOUND_LIMIT_SQL, keepGoingSql, type Store } from "../../store/store.ts";
import type { RankedHit, SearchRanking } from "../source_reader.ts";
import { FTS, PROGRESS, ROWS, type ScreenpipeSchema } from "./screenpipe_schema.ts";
import type { RowRef, SittingWalker } from "./screenpipe_sittings.ts";
import { parseStamp } from "./screenpipe_stamp.ts";
import type { SittingStarts } from "./screenpipe_count.ts";

/** How many ranked chunks per wanted sitting are read first; more are read if needed. */
const CHUNKS_PER_SITTING = 8;
/** The most ranked chunks read for one search. */
const MAX_RANKED_CHUNKS = 20_000;

/** Lower-cased, diacritics removed: how unicode61 folds a token. */
function fold(text: string): string {
  // Most speech is ASCII, which has nothing to decompose: the scan skips that work.
  if (!NOT_ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const NOT_ASCII = /[\u0080-\uffff]/;

/** A plain-words query's terms (each a quoted word or words), as finders in folded text. */
function termFinders(allTerms: string): WordFinder[] {
  return wholeTermFinders([...allTerms.matchAll(/"([^"]*)"/g)].map((found) => found[1]!), fold);
}

/** The unindexed rows a scan saw that hold some of the query's words. */
interface ScanHit {
  row: RowRef;
  /** The share of the query's terms it holds, 0–1. */
  share: number;
}

/** The unindexed rows a scan reads, as kept between searches. */
interface Unindexed {
  /** PRAGMA data_version when they were read. */
  version: number;
  /** The rows, newest first, their text folded. */
  rows: { row: RowRef; text: string }[];
  /** Whether more rows were unindexed than a scan reads. */
  partial: boolean;
}

/** A sitting's accumulated score. */
interface Scored {
  start: RowRef;
  score: number;
  /** The earliest matching row seen in it. */
  first: RowRef;
}

/**
 * A hit's key: its sitting's first row's id, then the earliest matching row the ranking
 * saw there when that is another row, so a hit is rendered from the rows around its
 * match without reading the sitting up to it.
 *
 * @example
 * ```ts
 * import { hitKey } from "./screenpipe_search.ts";
 * hitKey(1042, 1187); // "1042@1187"
 * hitKey(1042, 1042); // "1042"
 * ```
 */
export function hitKey(start: number, match: number): string {
  return start === match ? String(start) : `${start}@${match}`;
}

/**
 * The rows a {@link hitKey} names, or undefined for any other text.
 *
 * @example
 * ```ts
 * import { parseHitKey } from "./screenpipe_search.ts";
 * parseHitKey("1042@1187"); // { start: 1042, match: 1187 }
 * parseHitKey("1042"); // { start: 1042, match: 1042 }
 * ```
 */
export function parseHitKey(key: string): { start: number; match: number } | undefined {
  const found = /^(\d{1,15})(?:@(\d{1,15}))?$/.exec(key);
  if (found === null) return undefined;
  const start = Number(found[1]);
  return { start, match: found[2] === undefined ? start : Number(found[2]) };
}

/** Searches one screenpipe source. */
export class ScreenpipeSearch {
  readonly #store: Store;
  readonly #schema: ScreenpipeSchema;
  readonly #walker: SittingWalker;
  readonly #scanRows: number;
  readonly #starts: () => SittingStarts | undefined;
  #kept: Unindexed | undefined;
  readonly #sql: Record<"rank" | "probe" | "chunkRow" | "scan" | "progress" | "unindexed", string>;

  /**
   * A search over `store`, scanning at most `scanRows` unindexed rows; `starts` gives the
   * kept sitting starts when current (a hit's start is then looked up, not walked to).
   */
  constructor(
    store: Store,
    schema: ScreenpipeSchema,
    walker: SittingWalker,
    scanRows: number,
    starts: () => SittingStarts | undefined = () => undefined,
  ) {
    this.#store = store;
    this.#schema = schema;
    this.#walker = walker;
    this.#scanRows = scanRows;
    this.#starts = starts;
    const from = `FROM ${ROWS} AS a ${schema.join}`;
    this.#sql = {
      rank: `SELECT audio_chunk_id AS chunk, bm25(${FTS}) AS score FROM ${FTS}
        WHERE ${FTS} MATCH ? AND ${keepGoingSql(FTS)} ORDER BY score, rowid ${BOUND_LIMIT_SQL}`,
      probe: `SELECT 1 AS found FROM ${FTS} WHERE ${FTS} MATCH ? LIMIT 1`,
      chunkRow: `SELECT a.id AS id, a.timestamp AS ts ${from}
        WHERE a.audio_chunk_id = ? AND ${schema.visible} ORDER BY a.timestamp, a.id LIMIT 1`,
      scan: `SELECT a.id AS id, a.timestamp AS ts, a.transcription AS text ${from}
        WHERE a.id > ? AND ${schema.visible} AND ${
        keepGoingSql("a")
      } ORDER BY a.id DESC ${BOUND_LIMIT_SQL}`,
      progress: `SELECT last_indexed_rowid AS n FROM ${PROGRESS} WHERE table_name = '${ROWS}'`,
      unindexed: `SELECT count(*) AS n FROM ${ROWS} WHERE id > ?`,
    };
  }

  /**
   * The id past which rows are not in the index yet: the indexer's mark; 0 without an
   * index (every row is scanned, newest first); none to scan when the app predates the
   * deferred indexer (its triggers indexed every row as it was written).
   */
  lastIndexed(): number {
    if (!this.#schema.fts) return 0;
    if (!this.#schema.progress) return Number.MAX_SAFE_INTEGER;
    return Number(this.#store.get(this.#sql.progress)?.["n"] ?? 0);
  }

  /** How many rows the index does not hold yet. */
  unindexedRows(): number {
    return Number(this.#store.get(this.#sql.unindexed, this.lastIndexed())?.["n"] ?? 0);
  }

  /** The best `count` sittings for `query`, best first. */
  search(query: string, count: number): SearchRanking {
    const words = plainWordsQueries(query);
    if (words === null) return { hits: [], mode: "words", match: "", partial: false };
    const finders = termFinders(words.allTerms);
    const { hits: scanned, partial, hasEvery } = this.#scan(finders);
    const every = finders.length <= 1 || hasEvery ||
      (this.#schema.fts &&
        this.#store.get(this.#sql.probe, ftsMatch(words.allTerms)) !== undefined);
    const match = every ? words.allTerms : words.anyTerm;
    const sittings = new Map<number, Scored>();
    const covered: { start: RowRef; fromMs: number; toMs: number }[] = [];
    const starts = this.#starts();
    const resolve = (row: RowRef, score: number) => {
      const start = starts?.of(row) ?? this.#walker.startOf(
        row,
        (ms) => covered.find((span) => span.fromMs <= ms && ms <= span.toMs)?.start,
      );
      const span = covered.find((known) => known.start.id === start.id);
      if (span === undefined) covered.push({ start, fromMs: start.ms, toMs: row.ms });
      else span.toMs = Math.max(span.toMs, row.ms);
      const known = sittings.get(start.id);
      if (known === undefined) sittings.set(start.id, { start, score, first: row });
      else {
        known.score = Math.max(known.score, score);
        if (row.ts < known.first.ts || (row.ts === known.first.ts && row.id < known.first.id)) {
          known.first = row;
        }
      }
    };
    const best = this.#schema.fts
      ? this.#rank(ftsMatch(match), count, resolve, () => sittings.size >= count)
      : 1;
    for (const hit of scanned) {
      if (every && hit.share < 1) continue;
      this.#store.throwIfInterrupted();
      resolve(hit.row, best * hit.share);
    }
    const hits: RankedHit[] = [...sittings.values()]
      .sort((a, b) => b.score - a.score || b.start.ms - a.start.ms || b.start.id - a.start.id)
      .slice(0, count)
      .map((scored) => ({ key: hitKey(scored.start.id, scored.first.id), score: scored.score }));
    return { hits, mode: "words", match, partial };
  }

  /**
   * Ranks indexed chunks best first until `count` sittings are found or the matches run
   * out; returns the best score seen (1 when none).
   */
  #rank(
    match: string,
    count: number,
    resolve: (row: RowRef, score: number) => void,
    enough: () => boolean,
  ): number {
    const seen = new Set<number>();
    let best = 0;
    let limit = Math.max(count, 1) * CHUNKS_PER_SITTING;
    for (;;) {
      const rows = this.#store.all(this.#sql.rank, match, limit);
      let done = 0;
      for (const ranked of rows) {
        const chunk = Number(ranked["chunk"]);
        if (seen.has(chunk)) continue;
        seen.add(chunk);
        if (done++ % 64 === 0) this.#store.throwIfInterrupted();
        const row = this.#store.get(this.#sql.chunkRow, chunk);
        if (row === undefined) continue;
        const score = -Number(ranked["score"]);
        best = Math.max(best, score);
        const ts = String(row["ts"]);
        const ref = { id: Number(row["id"]), ts, ms: parseStamp(ts) };
        resolve(ref, score);
        // Chunks come best first, so the first `count` sittings seen are the best.
        if (enough()) break;
      }
      if (rows.length < limit || limit >= MAX_RANKED_CHUNKS || enough()) break;
      limit = Math.min(limit * 4, MAX_RANKED_CHUNKS);
    }
    return best > 0 ? best : 1;
  }

  /** The unindexed rows, newest first, with the share of the terms each holds. */
  #scan(finders: WordFinder[]): { hits: ScanHit[]; partial: boolean; hasEvery: boolean } {
    if (finders.length === 0) return { hits: [], partial: false, hasEvery: false };
    const { rows, partial } = this.#unindexed();
    const hits: ScanHit[] = [];
    let hasEvery = false;
    rows.forEach((row, i) => {
      if (i % 256 === 0) this.#store.throwIfInterrupted();
      const held = finders.filter((finder) => finder.test(row.text)).length;
      if (held === 0) return;
      hits.push({ row: row.row, share: held / finders.length });
      if (held === finders.length) hasEvery = true;
    });
    return { hits, partial, hasEvery };
  }

  /**
   * The unindexed rows, newest first, their text folded; kept while the database is
   * unchanged (PRAGMA data_version), as every search scans the same rows.
   */
  #unindexed(): Unindexed {
    const version = this.#store.dataVersion();
    if (this.#kept?.version === version) return this.#kept;
    const last = this.lastIndexed();
    const read = last === Number.MAX_SAFE_INTEGER
      ? []
      : this.#store.all(this.#sql.scan, last, this.#scanRows + 1);
    const rows = read.slice(0, this.#scanRows).map((row, i) => {
      if (i % 256 === 0) this.#store.throwIfInterrupted();
      const ts = String(row["ts"]);
      return {
        row: { id: Number(row["id"]), ts, ms: parseStamp(ts) },
        text: fold(String(row["text"])),
      };
    });
    this.#kept = { version, rows, partial: read.length > this.#scanRows };
    return this.#kept;
  }
}

/** A plain-words query limited to the spoken text, not the device or speaker columns. */
function ftsMatch(words: string): string {
  return `transcription : (${words})`;
}
