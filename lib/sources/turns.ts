/**
 * Turns: who said what when. A turn is a maximal run of consecutive segments (by `seq`) with
 * the same speaker; a segment without a speaker is a turn of its own, since nothing says the
 * next one is the same voice.
 *
 * @module
 */
import type { SegmentRange, SegmentRecord } from "./source_reader.ts";
import { cutAtWord, jsonTextBytes } from "./turn_text_bytes.ts";
import { foldCase } from "../text/fold_case.ts";
import {
  FIELD_CAPS,
  TURN_LOOKBACK_SEGMENTS,
  TURN_READ_MAX_SEGMENTS,
  TURN_SEGMENT_CHARS_GUESS,
} from "../config/limits.ts";

/** How much of a cut turn's text before the cut a cursor is checked against. */
const CUT_TAIL_CHARS = 64;

export { cutAtWord };
export { firstHolding, holdsWords } from "./holds_words.ts";

/** One turn: its first segment's seq, the span of its segments, the speaker and the text. */
export interface Turn {
  /** The `seq` of its first segment. */
  seq: number;
  /** Start of its first segment in ms, or null. */
  startMs: number | null;
  /** End of its last segment in ms, or null. */
  endMs: number | null;
  /** Who spoke, or null. */
  speaker: string | null;
  /** Its segments' texts joined with a space. */
  text: string;
}

/**
 * The turns of `segments`, given in `seq` order.
 *
 * @example
 * ```ts
 * import { groupTurns } from "./turns.ts";
 * const turns = groupTurns([
 *   { seq: 0, startMs: 0, endMs: 900, speaker: "Lena", text: "Pricing first." },
 *   { seq: 1, startMs: 900, endMs: 2000, speaker: "Lena", text: "Then hiring." },
 *   { seq: 2, startMs: 2000, endMs: 2500, speaker: "Omar", text: "Agreed." },
 * ]);
 * turns.length; // 2
 * ```
 */
export function groupTurns(segments: readonly SegmentRecord[]): Turn[] {
  const turns: Turn[] = [];
  let open: Turn | null = null;
  for (const segment of segments) {
    if (joinTurn(open, segment)) continue;
    open = { ...segment };
    turns.push(open);
  }
  return turns;
}

/** Adds `segment` to `open` when it carries on the same speaker's turn; says whether it did. */
function joinTurn(open: Turn | null, segment: SegmentRecord): boolean {
  if (open === null || segment.speaker === null || segment.speaker !== open.speaker) return false;
  open.text = `${open.text} ${segment.text}`;
  open.endMs = segment.endMs ?? open.endMs;
  return true;
}

/**
 * A time in ms as `h:mm:ss`, the form a person cites a moment of a recording in.
 *
 * @example
 * ```ts
 * import { clockTime } from "./turns.ts";
 * clockTime(754_000); // "0:12:34"
 * ```
 */
export function clockTime(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** Reads an item's segments from `range.fromSeq` on, as SourceReader.readSegments does. */
export type SegmentRead = (range: SegmentRange) => SegmentRecord[];

/** A turn and the `seq` of its last segment, so reading can resume after it. */
interface ReadTurn extends Turn {
  lastSeq: number;
}

/** A turn opened by `segment`, spelled out: a spread of it costs a page a tenth more. */
function readTurn(segment: SegmentRecord): ReadTurn {
  return {
    seq: segment.seq,
    startMs: segment.startMs,
    endMs: segment.endMs,
    speaker: segment.speaker,
    text: segment.text,
    lastSeq: segment.seq,
  };
}

/**
 * The turns from the segment `fromSeq` on, one per call of the function returned (null
 * past the last), read in batches sized to what the caller still wants (`wantChars`,
 * asked again before each batch), so a page deep in a long recording reads about its own
 * segments and the one after them.
 */
function turnsFrom(
  read: SegmentRead,
  fromSeq: number,
  wantChars: () => number,
): () => ReadTurn | null {
  // A closure rather than a generator: resuming one per turn cost a page a twentieth.
  let seq = fromSeq;
  let open: ReadTurn | null = null;
  let seen = 0;
  let seenChars = 0;
  let batch: SegmentRecord[] = [];
  let at = 0;
  let more = true;
  return () => {
    for (;;) {
      if (at === batch.length) {
        if (!more) {
          const last = open;
          open = null;
          return last;
        }
        // Sized by the mean segment so far (a guess before the first), plus the one after.
        const mean = seen === 0 ? TURN_SEGMENT_CHARS_GUESS : Math.max(1, seenChars / seen);
        const limit = Math.min(
          TURN_READ_MAX_SEGMENTS,
          Math.ceil(Math.max(0, wantChars()) / mean) + 2,
        );
        batch = read({ fromSeq: seq, limit });
        at = 0;
        more = batch.length === limit;
        if (more) seq = batch.at(-1)!.seq + 1;
        continue;
      }
      const segment = batch[at++]!;
      seen++;
      seenChars += segment.text.length;
      if (joinTurn(open, segment)) {
        open!.lastSeq = segment.seq;
        continue;
      }
      const done = open;
      open = readTurn(segment);
      if (done !== null) return done;
    }
  };
}

/**
 * The `seq` a page starts at to show `turnsBefore` turns before the one holding the segment
 * `targetSeq`: the segments before it are read in a window that widens until the first
 * turn wanted is seen from its start.
 *
 * @example
 * ```ts
 * import { turnStartBefore } from "./turns.ts";
 * const segments = [0, 1, 2, 3].map((seq) => ({
 *   seq, startMs: seq * 1000, endMs: seq * 1000 + 900, speaker: seq < 2 ? "Ana" : "Ben", text: "hi",
 * }));
 * const read = ({ fromSeq, limit }: { fromSeq: number; limit: number }) =>
 *   segments.filter((s) => s.seq >= fromSeq).slice(0, limit);
 * turnStartBefore(read, 3, 0); // 2: Ben's turn starts at seq 2
 * turnStartBefore(read, 3, 1); // 0: Ana's turn before it
 * ```
 */
export function turnStartBefore(read: SegmentRead, targetSeq: number, turnsBefore: number): number {
  for (let window = TURN_LOOKBACK_SEGMENTS;; window *= 4) {
    const from = Math.max(0, targetSeq - window);
    const turns = groupTurns(read({ fromSeq: from, limit: targetSeq - from + 1 }));
    const wanted = turns.length - 1 - turnsBefore;
    // The window's first turn may have begun before it, unless the window starts at 0.
    if (wanted >= 1 || from === 0) return turns[Math.max(0, wanted)]?.seq ?? targetSeq;
  }
}

/** Which turns a page shows, and where it starts. */
export interface TurnPageRequest {
  /** The `seq` of the turn the page starts with. */
  fromSeq: number;
  /** Characters of that turn shown already (it was cut at the previous page's end). */
  skipChars: number;
  /** Only turns that end at or after this many ms (turns without times are kept). */
  fromMs?: number | undefined;
  /** Only turns that start before this many ms; reading stops at the first that does not. */
  toMs?: number | undefined;
  /** Only turns of this speaker, compared case-insensitively. */
  speaker?: string | undefined;
  /** The most characters of text the page holds. */
  maxChars: number;
  /** The most UTF-8 bytes the page's turns may take as JSON. */
  maxBytes: number;
}

/** A turn as a page shows it: whole, or the part of a long one that fits. */
export interface TurnPiece extends Turn {
  /** The start as `h:mm:ss`, or null without a time. */
  at: string | null;
  /** True when this text carries on a turn cut at the previous page's end. */
  continued: boolean;
  /** True when the turn is cut here and carries on at the next page's start. */
  continues: boolean;
}

/** A page of turns and where the next starts (null at the end). */
export interface TurnPage {
  /** The turns, in `seq` order. */
  turns: TurnPiece[];
  /** Where the next page starts, or null when no turn is left. */
  next: { seq: number; skipChars: number } | null;
  /** The cut turn's last CUT_TAIL_CHARS shown before `next.skipChars`; "" for no cut. */
  nextTail: string;
  /** Those of the turn at `fromSeq` before `skipChars`, as read now; null if none starts there. */
  startTail: string | null;
}

/** The last CUT_TAIL_CHARS characters of `text` before `end`. */
const tailBefore = (text: string, end: number) =>
  text.slice(Math.max(0, end - CUT_TAIL_CHARS), end);

/** Whether a turn passes the request's filters: "skip", "keep" or, past `toMs`, "stop". */
function verdict(turn: Turn, request: TurnPageRequest): "skip" | "keep" | "stop" {
  if (request.toMs !== undefined && turn.startMs !== null && turn.startMs >= request.toMs) {
    return "stop";
  }
  const end = turn.endMs ?? turn.startMs;
  if (request.fromMs !== undefined && end !== null && end < request.fromMs) return "skip";
  if (request.speaker !== undefined) {
    if (turn.speaker === null || foldCase(turn.speaker) !== foldCase(request.speaker)) {
      return "skip";
    }
  }
  return "keep";
}

/**
 * The most JSON bytes a piece takes beside its text: field names, numbers, the time and
 * the speaker (each unit of a string takes at most 6 bytes, as `\u001f`), which answers
 * show cut at FIELD_CAPS.label: counted whole, a name of 55,000 characters left room for
 * one character of text a page.
 */
function pieceBytes(piece: TurnPiece): number {
  return 200 + 6 * Math.min(piece.speaker?.length ?? 0, FIELD_CAPS.label);
}

/**
 * One page of turns: whole turns while they fit `maxChars` and `maxBytes`, in `seq` order,
 * filtered; a first turn too long for the page alone is cut at a word boundary and carries
 * on at the next page's start.
 *
 * @example
 * ```ts
 * import { readTurnPage } from "./turns.ts";
 * const segments = [0, 1, 2].map((seq) => ({
 *   seq, startMs: seq * 1000, endMs: seq * 1000 + 900, speaker: seq === 1 ? "Ben" : "Ana",
 *   text: "hello there",
 * }));
 * const read = ({ fromSeq, limit }: { fromSeq: number; limit: number }) =>
 *   segments.filter((s) => s.seq >= fromSeq).slice(0, limit);
 * const page = readTurnPage(read, { fromSeq: 0, skipChars: 0, maxChars: 25, maxBytes: 10_000 });
 * page.turns.map((turn) => turn.speaker); // ["Ana", "Ben"]
 * page.next; // { seq: 2, skipChars: 0 }
 * ```
 */
export function readTurnPage(read: SegmentRead, request: TurnPageRequest): TurnPage {
  const turns: TurnPiece[] = [];
  let chars = 0;
  // A bound (6 bytes a unit, as `\u001f`) while the page's bounds fit the budget, which a
  // page of tens of thousands of characters always does; past that, counted exactly.
  let bytes = 0;
  let exact = false;
  const next = turnsFrom(read, request.fromSeq, () => request.maxChars - chars);
  // The cut turn the page resumes, as read now: a cursor checks it is the text it cut.
  let startTail: string | null = request.skipChars === 0 ? "" : null;
  const done = (at: TurnPage["next"], nextTail = ""): TurnPage => ({
    turns,
    next: at,
    nextTail,
    startTail,
  });
  for (let turn = next(); turn !== null; turn = next()) {
    if (startTail === null && turn.seq === request.fromSeq) {
      startTail = tailBefore(turn.text, request.skipChars);
    }
    const found = verdict(turn, request);
    if (found === "stop") break;
    if (found === "skip") continue;
    const skip = turn.seq === request.fromSeq ? request.skipChars : 0;
    const piece: TurnPiece = {
      seq: turn.seq,
      startMs: turn.startMs,
      endMs: turn.endMs,
      speaker: turn.speaker,
      text: skip === 0 ? turn.text : turn.text.slice(skip),
      at: turn.startMs === null ? null : clockTime(turn.startMs),
      continued: skip > 0,
      continues: false,
    };
    const pieceSize = pieceBytes(piece);
    let size = pieceSize + 2 + 6 * piece.text.length;
    if (!exact && bytes + size > request.maxBytes) {
      exact = true;
      bytes = turns.reduce((sum, shown) => sum + pieceBytes(shown) + jsonTextBytes(shown.text), 0);
    }
    if (exact) size = pieceSize + jsonTextBytes(piece.text);
    if (chars + piece.text.length <= request.maxChars && bytes + size <= request.maxBytes) {
      turns.push(piece);
      chars += piece.text.length;
      bytes += size;
      continue;
    }
    if (turns.length > 0) return done({ seq: turn.seq, skipChars: 0 });
    const cut = cutAtWord(piece.text, request.maxChars, request.maxBytes - pieceSize);
    turns.push({ ...piece, text: piece.text.slice(0, cut.end), continues: true });
    const skipChars = skip + cut.resume;
    return done({ seq: turn.seq, skipChars }, tailBefore(turn.text, skipChars));
  }
  return done(null);
}

/**
 * An item's text as segments, for an item that has none: one per non-blank line, in order,
 * without times or speakers, so its turns are its lines.
 *
 * @example
 * ```ts
 * import { lineSegments } from "./turns.ts";
 * lineSegments("First line.\n\nSecond line.").map((s) => [s.seq, s.text]);
 * // [[0, "First line."], [1, "Second line."]]
 * ```
 */
export function lineSegments(text: string): SegmentRecord[] {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "").map((line, seq) => ({
    seq,
    startMs: null,
    endMs: null,
    speaker: null,
    text: line,
  }));
}

/**
 * A read over segments held in memory, in `seq` order: for lineSegments, and for a kind
 * that reads an item's segments whole.
 *
 * @example
 * ```ts
 * import { lineSegments, readFromList } from "./turns.ts";
 * readFromList(lineSegments("a\nb\nc"))({ fromSeq: 1, limit: 1 })[0]?.text; // "b"
 * ```
 */
export function readFromList(segments: readonly SegmentRecord[]): SegmentRead {
  return ({ fromSeq, limit, fromMs }) => {
    let start = 0;
    while (start < segments.length && segments[start]!.seq < fromSeq) start++;
    const out: SegmentRecord[] = [];
    for (let i = start; i < segments.length && out.length < limit; i++) {
      const segment = segments[i]!;
      const end = segment.endMs ?? segment.startMs;
      if (fromMs === undefined || end === null || end >= fromMs) out.push(segment);
    }
    return out;
  };
}

/**
 * The names of the speakers of `segments`, each once, in order of first appearance, at
 * most `cap` of them.
 *
 * @example
 * ```ts
 * import { speakersOf } from "./turns.ts";
 * speakersOf([{ speaker: "Ana" }, { speaker: null }, { speaker: "Ana" }], 20); // ["Ana"]
 * ```
 */
export function speakersOf(segments: readonly { speaker: string | null }[], cap: number): string[] {
  const names = new Set<string>();
  for (const segment of segments) {
    if (names.size >= cap) break;
    if (segment.speaker !== null) names.add(segment.speaker);
  }
  return [...names];
}
