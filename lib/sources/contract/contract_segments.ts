/**
 * Segments in our own store: a page of them by keyset on (transcript_id, seq), the primary
 * key, so a page deep in a long recording reads only its own rows; the speakers of a page
 * of transcripts in one statement. The segment that said a word a search found is
 * contract_find_segments.ts.
 *
 * @module
 */
import { numberOrNull, textOrNull } from "../../store/row_values.ts";
import { BOUND_LIMIT_SQL, KEEP_GOING_SQL, type Store, type StoreValue } from "../../store/store.ts";
import type { SegmentRange, SegmentRecord } from "../source_reader.ts";
import { MAX_SPEAKERS } from "../../config/limits.ts";

/**
 * A page of one transcript's segments from a seq on, by its primary key, read as arrays
 * (Store.rows) in the order {@link segmentOf} takes.
 */
export const SEGMENTS_SQL = `SELECT seq, start_ms, end_ms, speaker, text FROM segments
   WHERE transcript_id = ? AND seq >= ? AND ${KEEP_GOING_SQL} ORDER BY seq ${BOUND_LIMIT_SQL}`;

/** {@link SEGMENTS_SQL} skipping the segments that end before a time. */
export const SEGMENTS_FROM_MS_SQL = `SELECT seq, start_ms, end_ms, speaker, text FROM segments
   WHERE transcript_id = ? AND seq >= ? AND end_ms >= ? AND ${KEEP_GOING_SQL}
   ORDER BY seq ${BOUND_LIMIT_SQL}`;

const EXISTS_SQL = "SELECT 1 AS found FROM transcripts WHERE id = ?";

/** A transcript's last seq, for bisecting its segments by time. */
export const LAST_SEQ_SQL = `SELECT seq FROM segments
   WHERE transcript_id = ? AND ${KEEP_GOING_SQL} ORDER BY seq DESC LIMIT 1`;

/** The first segment at or after a seq, with its end, for bisecting by time. */
export const END_AT_SQL = `SELECT seq, end_ms FROM segments
   WHERE transcript_id = ? AND seq >= ? AND ${KEEP_GOING_SQL} ORDER BY seq LIMIT 1`;

// Segments of one recording may overlap (two voices at once), so their ends are not quite
// in seq order: the scan for the first to end after a time starts this many before the
// bisection's answer.
const OVERLAP_MARGIN = 64;

/**
 * Where to scan from for the first segment at or after `fromSeq` that ends at or after
 * `ms`: segments are in time order by seq, so a bisection on their ends finds it in a few
 * lookups by key, and the scan then reads a few rows rather than every one before it.
 *
 * @example
 * ```ts
 * import { scanStart } from "./contract_segments.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * scanStart(openDemoStore(), "no such id", 0, 60_000); // 0
 * ```
 */
export function scanStart(store: Store, id: string, fromSeq: number, ms: number): number {
  let low = fromSeq;
  let high = Number(store.get(LAST_SEQ_SQL, id)?.["seq"] ?? fromSeq);
  while (low < high) {
    const middle = low + Math.floor((high - low) / 2);
    const row = store.get(END_AT_SQL, id, middle);
    if (row !== undefined && Number(row["end_ms"]) < ms) low = Number(row["seq"]) + 1;
    else high = middle;
  }
  return Math.max(fromSeq, low - OVERLAP_MARGIN);
}

/**
 * `count` rounded up to one of a few sizes, for statements that take a list of values: a
 * page of ids or places is padded to it, so a handful of statements serve every page.
 *
 * @example
 * ```ts
 * import { paddedCount } from "./contract_segments.ts";
 * paddedCount(20); // 64
 * ```
 */
export function paddedCount(count: number): number {
  return [1, 4, 16, 64, 256].find((n) => n >= count) ?? count;
}

/**
 * The statement that reads who speaks in `count` transcripts (padded to a few sizes, so
 * few statements are prepared): each (transcript, speaker) pair once. A transcript with
 * segments has at least one row, its null speaker's if no one is named. DISTINCT keeps a
 * pair it has seen out of its temporary index, where GROUP BY would sort every segment:
 * half the cost of a page's first speakers.
 *
 * @example
 * ```ts
 * import { speakersSql } from "./contract_segments.ts";
 * speakersSql(3).includes("IN (?, ?, ?, ?)"); // true: padded to 4
 * ```
 */
export function speakersSql(count: number): string {
  return `SELECT DISTINCT transcript_id, speaker FROM segments
   WHERE transcript_id IN (${
    Array(paddedCount(count)).fill("?").join(", ")
  }) AND ${KEEP_GOING_SQL}`;
}

/**
 * The statement that reads the first seq of `count` (number, transcript, speaker) triples,
 * by their numbers (padded as {@link speakersSql}): each a walk of the transcript's
 * segments in order that stops at the speaker's first, where a speaker usually is early.
 *
 * @example
 * ```ts
 * import { firstSaidSql } from "./contract_segments.ts";
 * firstSaidSql(2).split("(?, ?, ?)").length - 1; // 4
 * ```
 */
export function firstSaidSql(count: number): string {
  return `SELECT w.column1, (SELECT seq FROM segments
     WHERE transcript_id = w.column2 AND speaker = w.column3 AND ${KEEP_GOING_SQL}
     ORDER BY seq LIMIT 1)
    FROM (VALUES ${Array(paddedCount(count)).fill("(?, ?, ?)").join(", ")}) AS w`;
}

/** `values` padded with nulls to the `?` count of `sql`. */
function padded(sql: string, values: readonly StoreValue[]): StoreValue[] {
  return [...values, ...Array(sql.split("?").length - 1 - values.length).fill(null)];
}

/**
 * A segment from its row's values: seq, start_ms, end_ms, speaker, text (as SEGMENTS_SQL
 * reads them).
 *
 * @example
 * ```ts
 * import { segmentOf } from "./contract_segments.ts";
 * segmentOf([3n, 1000n, 2500n, "Ana", "Hello."]).startMs; // 1000
 * ```
 */
export function segmentOf(row: readonly StoreValue[]): SegmentRecord {
  return {
    seq: Number(row[0]),
    startMs: numberOrNull(row[1]),
    endMs: numberOrNull(row[2]),
    speaker: textOrNull(row[3]),
    text: textOrNull(row[4]) ?? "",
  };
}

/**
 * Up to `range.limit` segments of the transcript `id` from `range.fromSeq` on; undefined
 * when the store has no such transcript.
 *
 * @example
 * ```ts
 * import { readSegments } from "./contract_segments.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * readSegments(openDemoStore(), "no such id", { fromSeq: 0, limit: 10 }); // undefined
 * ```
 */
export function readSegments(
  store: Store,
  id: string,
  range: SegmentRange,
): SegmentRecord[] | undefined {
  const rows = range.fromMs === undefined
    ? store.rows(SEGMENTS_SQL, id, range.fromSeq, range.limit)
    : store.rows(
      SEGMENTS_FROM_MS_SQL,
      id,
      scanStart(store, id, range.fromSeq, range.fromMs),
      range.fromMs,
      range.limit,
    );
  if (rows.length === 0 && store.get(EXISTS_SQL, id) === undefined) return undefined;
  return rows.map(segmentOf);
}

/**
 * The speakers of each of `ids` that has segments, each once in order of first appearance,
 * at most MAX_SPEAKERS: one statement for a whole page, and one more for the order where a
 * transcript names several.
 *
 * @example
 * ```ts
 * import { speakersByTranscript } from "./contract_segments.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * speakersByTranscript(openDemoStore(), ["no such id"]).size; // 0
 * ```
 */
export function speakersByTranscript(
  store: Store,
  ids: readonly string[],
): Map<string, string[]> {
  // Each name as read, so its first seq is looked up by the value the store holds.
  const named = new Map<string, { name: StoreValue; first: number }[]>();
  const unique = [...new Set(ids)];
  const sql = speakersSql(unique.length);
  for (const [id, name] of store.rows(sql, ...padded(sql, unique))) {
    const names = named.get(String(id)) ?? [];
    if (name !== null && name !== undefined) names.push({ name, first: 0 });
    named.set(String(id), names);
  }
  const several = [...named].flatMap(([id, names]) =>
    names.length > 1 ? names.map((entry) => ({ id, entry })) : []
  );
  if (several.length > 0) {
    const sql = firstSaidSql(several.length);
    const values = several.flatMap(({ id, entry }, i) => [i, id, entry.name]);
    for (const [i, seq] of store.rows(sql, ...padded(sql, values))) {
      if (i !== null && i !== undefined) several[Number(i)]!.entry.first = Number(seq);
    }
  }
  const speakers = new Map<string, string[]>();
  for (const [id, names] of named) {
    names.sort((a, b) => a.first - b.first);
    speakers.set(id, names.slice(0, MAX_SPEAKERS).map(({ name }) => textOrNull(name)!));
  }
  return speakers;
}

const OWN_CHANGES_SQL = "SELECT total_changes() AS n";

/**
 * What moves whenever the store may have changed under a connection: PRAGMA data_version at
 * another connection's commit, and total_changes() at the connection's own (a folder's index
 * in memory is written by the connection that reads it). What a connection keeps of the
 * store stays valid while this stays the same.
 *
 * @example
 * ```ts
 * import { changeStamp } from "./contract_segments.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * const store = openDemoStore();
 * changeStamp(store) === changeStamp(store); // true: nothing was written between
 * ```
 */
export function changeStamp(store: Store): string {
  return `${store.dataVersion()}:${store.get(OWN_CHANGES_SQL)?.["n"]}`;
}

// Transcripts whose speakers a connection keeps: a few pages of listings and searches.
const KEPT_SPEAKERS = 4_096;

/**
 * The speakers of transcripts as one connection last read them, kept while the store is
 * unchanged ({@link changeStamp}): reading them walks every segment of a transcript, and a
 * client lists the same newest page, or pages through one transcript, again and again.
 *
 * @example
 * ```ts
 * import { SpeakerCache } from "./contract_segments.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * new SpeakerCache().of(openDemoStore(), ["no such id"]).size; // 0
 * ```
 */
export class SpeakerCache {
  #version = "";
  #known = new Map<string, string[] | null>();

  /**
   * The speakers of each of `ids` that has segments, as speakersByTranscript answers;
   * `version` is the store's {@link changeStamp} if the caller has just read it.
   */
  of(store: Store, ids: readonly string[], version = changeStamp(store)): Map<string, string[]> {
    if (version !== this.#version) [this.#version, this.#known] = [version, new Map()];
    const missing = ids.filter((id) => !this.#known.has(id));
    if (missing.length > 0) {
      const read = speakersByTranscript(store, missing);
      for (const id of missing) {
        if (this.#known.size >= KEPT_SPEAKERS) this.#known.delete(this.#known.keys().next().value!);
        this.#known.set(id, read.get(id) ?? null);
      }
    }
    const speakers = new Map<string, string[]>();
    for (const id of ids) {
      const names = this.#known.get(id);
      if (names !== undefined && names !== null) speakers.set(id, names);
    }
    return speakers;
  }
}
