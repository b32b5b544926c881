/**
 * The segment that said what a search found, in our own store: for a whole page of hits,
 * the segments at the seqs their windows point to are read in one statement, and a
 * transcript's segments are scanned only where that segment does not hold the words.
 *
 * @module
 */
import { KEEP_GOING_SQL, type Store } from "../../store/store.ts";
import type { SegmentRecord, SegmentSought } from "../source_reader.ts";
import { holdsWords } from "../turns.ts";
import { paddedCount, segmentOf } from "./contract_segments.ts";

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
 * The statement that reads the segments at `count` (number, transcript, seq) places,
 * padded to a few sizes (so few statements are prepared; a (NULL, NULL, NULL) place
 * matches nothing). Each row is its place's number, then the segment's values as
 * segmentOf takes them. (The deadline check's `rowid` is the segments': a VALUES list has
 * none.)
 *
 * @example
 * ```ts
 * import { segmentsAtSql } from "./contract_find_segments.ts";
 * segmentsAtSql(3).split("(?, ?, ?)").length - 1; // 4
 * ```
 */
export function segmentsAtSql(count: number): string {
  return `SELECT w.column1, s.seq, s.start_ms, s.end_ms, s.speaker, s.text
    FROM (VALUES ${Array(paddedCount(count)).fill("(?, ?, ?)").join(", ")}) AS w
    JOIN segments AS s ON s.transcript_id = w.column2 AND s.seq = w.column3
   WHERE ${KEEP_GOING_SQL}`;
}

/** The segments at `places` ([transcript id, seq]), in their order: one statement. */
function segmentsAt(
  store: Store,
  places: readonly (readonly [string, number] | null)[],
): (SegmentRecord | undefined)[] {
  const found: (SegmentRecord | undefined)[] = places.map(() => undefined);
  const values = places.flatMap((place, i) => place === null ? [] : [i, ...place]);
  if (values.length === 0) return found;
  const sql = segmentsAtSql(values.length / 3);
  const padding = Array(sql.split("?").length - 1 - values.length).fill(null);
  for (const row of store.rows(sql, ...values, ...padding)) {
    found[Number(row[0])] = segmentOf(row.slice(1));
  }
  return found;
}

/** The first segment of the transcript `id` holding `needle`, exactly or folded, by a scan. */
function scanFor(store: Store, id: string, needle: string): SegmentRecord | null {
  const folded = needle.toLowerCase();
  const ways: [string, string, (text: string) => boolean][] = [
    [FIND_EXACT_SQL, needle, (text) => holdsWords(text, needle)],
    [FIND_FOLDED_SQL, folded, (text) => holdsWords(text.toLowerCase(), folded)],
  ];
  for (const [sql, value, holds] of ways) {
    for (let from = 0;;) {
      const rows = store.rows(sql, id, from, value).map(segmentOf);
      const found = rows.find((segment) => holds(segment.text));
      if (found !== undefined) return found;
      if (rows.length < CANDIDATES) break;
      from = rows.at(-1)!.seq + 1;
    }
  }
  return null;
}

/**
 * For each of `sought`, the first segment of its transcript holding its needle as whole
 * words, exactly or else case-insensitively, or null when none does. The segments at the
 * `near` seqs are read first, all in one statement: where a text is its segments' lines,
 * as the owning app writes it, that is the whole cost; the others are scanned for.
 *
 * @example
 * ```ts
 * import { findSegments } from "./contract_find_segments.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * findSegments(openDemoStore(), [{ id: "no such id", needle: "pricing", near: 0 }]); // [null]
 * ```
 */
export function findSegments(
  store: Store,
  sought: readonly SegmentSought[],
): (SegmentRecord | null)[] {
  const guesses = segmentsAt(
    store,
    sought.map(({ id, near }) => near === undefined ? null : [id, near] as const),
  );
  return sought.map(({ id, needle }, i) => {
    const guess = guesses[i];
    if (guess !== undefined && holdsWords(guess.text, needle)) return guess;
    return scanFor(store, id, needle);
  });
}

/**
 * The first segment of the transcript `id` holding `needle` as whole words, exactly or else
 * case-insensitively; null when none does. The segment `near` is tried first.
 *
 * @example
 * ```ts
 * import { findSegment } from "./contract_find_segments.ts";
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
  return findSegments(store, [{ id, needle, near }])[0]!;
}
