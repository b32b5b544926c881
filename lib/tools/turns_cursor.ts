/**
 * get_turns cursors, bound to what their page was cut from. A cursor names a place in one
 * transcript (the turn starting at `seq`, `skipChars` into it) and carries a check of what
 * was there: the last segment shown, the speaker and start of the one the next page opens
 * with, and the text before a cut. An item rewritten between pages (a file edited, a store
 * re-indexed) no longer matches, and the next page is refused rather than cut from other
 * text; an item that only grew at its end (a live sitting, a file appended to) still does.
 *
 * @module
 */
import type { SegmentRecord } from "../sources/source_reader.ts";
import type { SegmentRead } from "../sources/turns.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { ToolError } from "./tool.ts";

const NAME = "get_turns";

/** How much of the last shown segment's text, at each end, its check reads. */
const SEGMENT_EDGE_CHARS = 32;

/** Where a page starts: the turn at `seq`, `skipChars` into its text. */
export interface TurnsPlace {
  /** The `seq` of the turn's first segment (or line). */
  seq: number;
  /** Characters of that turn shown already. */
  skipChars: number;
}

/** A place read back from a cursor, with the check it was made with. */
export interface TurnsResume extends TurnsPlace {
  /** What the place held, as {@link placeCheck} made it. */
  check: number;
}

/** The arguments a cursor is bound to. */
export interface TurnsFilters {
  /** The transcript's id. */
  id: string;
  /** Only this speaker's turns. */
  speaker?: string | undefined;
  /** Only turns that end at or after this. */
  fromMs?: number | undefined;
  /** Only turns that start before this. */
  toMs?: number | undefined;
}

/**
 * A 52-bit hash of `text`: two FNV-1a lanes over its UTF-16 code units, so a cursor carries
 * a number of a few characters whatever it stands for.
 *
 * @example
 * ```ts
 * import { fingerprint } from "./turns_cursor.ts";
 * fingerprint("abc") === fingerprint("abc"); // true
 * ```
 */
export function fingerprint(text: string): number {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    low = Math.imul(low ^ unit, 0x01000193);
    high = Math.imul(high ^ unit, 0x5bd1e995);
  }
  return (low >>> 0) + (high >>> 12) * 0x1_0000_0000;
}

/** The arguments a cursor belongs to, as one number. */
function filtersKey(filters: TurnsFilters): number {
  const { id, speaker, fromMs, toMs } = filters;
  return fingerprint(JSON.stringify([id, speaker ?? null, fromMs ?? null, toMs ?? null]));
}

/** What a segment's check reads of it: all of the last one shown, the next one's start. */
function segmentMark(segment: SegmentRecord, seq: number): string {
  const opening = [segment.seq, segment.speaker ?? "\u0000", segment.startMs];
  if (segment.seq >= seq) return JSON.stringify(opening);
  const { text } = segment;
  const edges = text.length <= 2 * SEGMENT_EDGE_CHARS
    ? text
    : text.slice(0, SEGMENT_EDGE_CHARS) + text.slice(-SEGMENT_EDGE_CHARS);
  return JSON.stringify([...opening, segment.endMs, text.length, edges]);
}

/**
 * The check of the place `seq` in an item whose segments `around` holds the one before
 * `seq` and the one at it (`segments` false where its turns are its lines), with `tail` the
 * cut turn's text before the cut ("" for none). Only what the pages before had shown, and
 * whether `seq` still opens a turn, go in, so segments appended after it leave it whole.
 *
 * @example
 * ```ts
 * import { placeCheck } from "./turns_cursor.ts";
 * const said = (speaker: string, text: string, seq: number) =>
 *   ({ seq, startMs: seq * 1000, endMs: seq * 1000 + 900, speaker, text });
 * const before = [said("Ana", "Hi.", 0), said("Ben", "Yes.", 1)];
 * const after = [said("Ana", "Hi!", 0), said("Ben", "Yes.", 1)];
 * placeCheck(before, true, 1, "") === placeCheck(after, true, 1, ""); // false
 * ```
 */
export function placeCheck(
  around: readonly SegmentRecord[],
  segments: boolean,
  seq: number,
  tail: string,
): number {
  const marks = around.filter((segment) => segment.seq === seq - 1 || segment.seq === seq)
    .sort((a, b) => a.seq - b.seq).map((segment) => segmentMark(segment, seq));
  return fingerprint(JSON.stringify([segments, seq, marks, tail]));
}

/**
 * The segments {@link placeCheck} reads at `seq`, read for it: for reads held in memory.
 *
 * @example
 * ```ts
 * import { segmentsAround } from "./turns_cursor.ts";
 * import { lineSegments, readFromList } from "../sources/turns.ts";
 * segmentsAround(readFromList(lineSegments("a\nb\nc")), 1).map((s) => s.text); // ["a", "b"]
 * ```
 */
export function segmentsAround(read: SegmentRead, seq: number): SegmentRecord[] {
  return read({ fromSeq: Math.max(0, seq - 1), limit: 2 }).filter((segment) => segment.seq <= seq);
}

/** A page's read, watched for the segments its cursors are checked against. */
export interface WatchedRead {
  /** Reads as the read given did; the first read takes the segment before it too. */
  read: SegmentRead;
  /**
   * The segment before `seq` and the one at it, where `seq` is where the page started or
   * a turn it read last opens.
   */
  around(seq: number): SegmentRecord[];
}

/** Whether `segment` opens a turn after `before`, as groupTurns joins them. */
function opens(before: SegmentRecord | undefined, segment: SegmentRecord): boolean {
  return before === undefined || segment.speaker === null || segment.speaker !== before.speaker;
}

/**
 * `read` watched for the places a page can start or end at: its first segment, and the
 * turns of its latest reads, with the segment before each. The first read asks for that
 * one segment more rather than making a read of its own: some kinds parse a whole file for
 * each read.
 *
 * @example
 * ```ts
 * import { watchRead } from "./turns_cursor.ts";
 * import { lineSegments, readFromList } from "../sources/turns.ts";
 * const watched = watchRead(readFromList(lineSegments("a\nb\nc")));
 * watched.read({ fromSeq: 1, limit: 5 }).length; // 2
 * watched.around(1).map((s) => s.text); // ["a", "b"]
 * ```
 */
export function watchRead(read: SegmentRead): WatchedRead {
  let start: SegmentRecord[] | undefined;
  // Reads run ahead of the turns a page takes, so the whole latest read is kept, the one
  // segment before it, and the last turn opened before it (where a long turn began).
  let latest: SegmentRecord[] = [];
  let before: SegmentRecord | undefined;
  let opened: SegmentRecord[] = [];
  return {
    read: (range) => {
      if (start === undefined) {
        const from = Math.max(0, range.fromSeq - 1);
        const got = read({ ...range, fromSeq: from, limit: range.limit + 1 });
        before = got[0]?.seq === range.fromSeq - 1 ? got[0] : undefined;
        latest = got.filter((segment) => segment.seq >= range.fromSeq).slice(0, range.limit);
        start = [...(before === undefined ? [] : [before]), ...latest.slice(0, 1)];
        return latest;
      }
      for (let i = latest.length - 1; i >= 0; i--) {
        const prior = i > 0 ? latest[i - 1] : before;
        if (!opens(prior, latest[i]!)) continue;
        opened = prior === undefined ? [latest[i]!] : [prior, latest[i]!];
        break;
      }
      before = latest.at(-1) ?? before;
      latest = read(range);
      return latest;
    },
    around: (seq) => {
      const near = (segment: SegmentRecord) => segment.seq === seq - 1 || segment.seq === seq;
      const found = [...(start ?? []), ...opened, ...(before === undefined ? [] : [before])]
        .filter(near);
      found.push(...latest.filter(near));
      // The same segment may be kept twice: each seq once.
      return [...new Map(found.map((segment) => [segment.seq, segment])).values()];
    },
  };
}

/**
 * The cursor of the page at `place` under `filters`, checked as `check`.
 *
 * @example
 * ```ts
 * import { encodeTurnsCursor } from "./turns_cursor.ts";
 * encodeTurnsCursor({ id: "7f0c" }, { seq: 42, skipChars: 0 }, 12345).length < 80; // true
 * ```
 */
export function encodeTurnsCursor(
  filters: TurnsFilters,
  place: TurnsPlace,
  check: number,
): string {
  return encodeCursor(NAME, [filtersKey(filters), place.seq, place.skipChars, check]);
}

/**
 * The place a cursor resumes at; it must belong to the same id and filters.
 *
 * @example
 * ```ts
 * import { decodeTurnsCursor, encodeTurnsCursor } from "./turns_cursor.ts";
 * const cursor = encodeTurnsCursor({ id: "7f0c" }, { seq: 42, skipChars: 0 }, 7);
 * decodeTurnsCursor(cursor, { id: "7f0c" }); // { seq: 42, skipChars: 0, check: 7 }
 * ```
 */
export function decodeTurnsCursor(cursor: string, filters: TurnsFilters): TurnsResume {
  const [key, seq, skipChars, check] = decodeCursor(NAME, cursor, [
    "number",
    "number",
    "number",
    "number",
  ]) as number[];
  if (key !== filtersKey(filters)) {
    throw new ToolError(
      "invalid_arguments",
      "cursor: belongs to other arguments (id, speaker, fromMs, toMs)",
    );
  }
  return { seq: seq!, skipChars: skipChars!, check: check! };
}

/**
 * The error for a cursor whose place no longer holds what its page was cut from.
 *
 * @example
 * ```ts
 * import { changedSincePage } from "./turns_cursor.ts";
 * changedSincePage().message.startsWith("cursor: "); // true
 * ```
 */
export function changedSincePage(): ToolError {
  return new ToolError(
    "invalid_arguments",
    "cursor: the transcript changed since that page was read; call get_turns again " +
      "without cursor (aroundMs or fromMs can start near where you were)",
  );
}
