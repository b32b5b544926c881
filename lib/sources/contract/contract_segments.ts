/**
 * Segments in our own store: a page of them by keyset on (transcript_id, seq), the primary
 * key, so a page deep in a long recording reads only its own rows; the speakers of a page
 * of transcripts in one statement; the segment that said a word a search found.
 *
 * @module
 */
import { numberOrNull, textOrNull } from "../../store/row_values.ts";
import { KEEP_GOING_SQL, type Store, type StoreRow } from "../../store/store.ts";
import type { SegmentRange, SegmentRecord } from "../source_reader.ts";
import { holdsWords } from "../turns.ts";
import { MAX_SPEAKERS } from "../../config/limits.ts";

/** A page of one transcript's segments from a seq on, by its primary key. */
export const SEGMENTS_SQL = `SELECT seq, start_ms, end_ms, speaker, text FROM segments
   WHERE transcript_id = ? AND seq >= ? AND ${KEEP_GOING_SQL} ORDER BY seq LIMIT ?`;

/** {@link SEGMENTS_SQL} skipping the segments that end before a time. */
export const SEGMENTS_FROM_MS_SQL = `SELECT seq, start_ms, end_ms, speaker, text FROM segments
   WHERE transcript_id = ? AND seq >= ? AND end_ms >= ? AND ${KEEP_GOING_SQL}
   ORDER BY seq LIMIT ?`;

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

// Candidates are checked in JavaScript for whole words; a handful at a time.
const CANDIDATES = 8;
/** The first segments of a transcript whose text holds a needle exactly. */
export const FIND_EXACT_SQL = `SELECT seq, start_ms, end_ms, speaker, text FROM segments
   WHERE transcript_id = ? AND seq >= ? AND instr(text, ?) > 0 AND ${KEEP_GOING_SQL}
   ORDER BY seq LIMIT ${CANDIDATES}`;
/** {@link FIND_EXACT_SQL}, folding ASCII case. */
export const FIND_FOLDED_SQL = `SELECT seq, start_ms, end_ms, speaker, text FROM segments
   WHERE transcript_id = ? AND seq >= ? AND instr(lower(text), ?) > 0 AND ${KEEP_GOING_SQL}
   ORDER BY seq LIMIT ${CANDIDATES}`;

/**
 * The statement that reads the speakers of `count` transcripts (padded to a few sizes, so
 * few statements are prepared): each (transcript, speaker) pair once, with its first seq.
 * A transcript with segments has at least one row, its null speaker's if no one is named.
 *
 * @example
 * ```ts
 * import { speakersSql } from "./contract_segments.ts";
 * speakersSql(3).includes("IN (?, ?, ?, ?)"); // true: padded to 4
 * ```
 */
export function speakersSql(count: number): string {
  const size = [1, 4, 16, 64, 256].find((n) => n >= count) ?? count;
  return `SELECT transcript_id AS t, speaker AS s, min(seq) AS f FROM segments
   WHERE transcript_id IN (${Array(size).fill("?").join(", ")}) AND ${KEEP_GOING_SQL}
   GROUP BY transcript_id, speaker`;
}

function segmentOf(row: StoreRow): SegmentRecord {
  return {
    seq: Number(row["seq"]),
    startMs: numberOrNull(row["start_ms"]),
    endMs: numberOrNull(row["end_ms"]),
    speaker: textOrNull(row["speaker"]),
    text: textOrNull(row["text"]) ?? "",
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
    ? store.all(SEGMENTS_SQL, id, range.fromSeq, range.limit)
    : store.all(
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
 * at most MAX_SPEAKERS: one statement for a whole page.
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
  const firsts = new Map<string, { name: string | null; first: number }[]>();
  const unique = [...new Set(ids)];
  const sql = speakersSql(unique.length);
  const padding = Array(Math.max(0, sql.split("?").length - 1 - unique.length)).fill(null);
  for (const row of store.all(sql, ...unique, ...padding)) {
    const id = String(row["t"]);
    const list = firsts.get(id) ?? [];
    list.push({ name: textOrNull(row["s"]), first: Number(row["f"]) });
    firsts.set(id, list);
  }
  const speakers = new Map<string, string[]>();
  for (const [id, list] of firsts) {
    list.sort((a, b) => a.first - b.first);
    speakers.set(
      id,
      list.flatMap(({ name }) => name === null ? [] : [name]).slice(0, MAX_SPEAKERS),
    );
  }
  return speakers;
}

// Transcripts whose speakers a connection keeps: a few pages of listings and searches.
const KEPT_SPEAKERS = 4_096;

/**
 * The speakers of transcripts as one connection last read them, kept while the store is
 * unchanged (PRAGMA data_version): reading them walks every segment of a transcript, and a
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
  #version = -1;
  #known = new Map<string, string[] | null>();

  /** The speakers of each of `ids` that has segments, as speakersByTranscript answers. */
  of(store: Store, ids: readonly string[]): Map<string, string[]> {
    const version = Number(store.get("PRAGMA data_version")?.["data_version"] ?? 0);
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

/**
 * The first segment of the transcript `id` holding `needle` as whole words, exactly or else
 * case-insensitively; null when none does. The segment `near` is tried first: one lookup
 * by key where the text is its segments' lines, as the owning app writes it.
 *
 * @example
 * ```ts
 * import { findSegment } from "./contract_segments.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * findSegment(openDemoStore(), "no such id", "pricing"); // null
 * ```
 */
export function findSegment(
  store: Store,
  id: string,
  needle: string,
  near?: number,
): SegmentRecord | null {
  if (near !== undefined) {
    const [guess] = store.all(SEGMENTS_SQL, id, near, 1).map(segmentOf);
    if (guess?.seq === near && holdsWords(guess.text, needle)) return guess;
  }
  const folded = needle.toLowerCase();
  const ways: [string, string, (text: string) => boolean][] = [
    [FIND_EXACT_SQL, needle, (text) => holdsWords(text, needle)],
    [FIND_FOLDED_SQL, folded, (text) => holdsWords(text.toLowerCase(), folded)],
  ];
  for (const [sql, value, holds] of ways) {
    for (let from = 0;;) {
      const rows = store.all(sql, id, from, value).map(segmentOf);
      const found = rows.find((segment) => holds(segment.text));
      if (found !== undefined) return found;
      if (rows.length < CANDIDATES) break;
      from = rows.at(-1)!.seq + 1;
    }
  }
  return null;
}
