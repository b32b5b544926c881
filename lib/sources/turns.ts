/**
 * Turns: who said what when. A turn is a maximal run of consecutive segments (by `seq`) with
 * the same speaker; a segment without a speaker is a turn of its own, since nothing says the
 * next one is the same voice.
 *
 * @module
 */
import type { SegmentRecord } from "./source_reader.ts";

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
    if (open !== null && segment.speaker !== null && segment.speaker === open.speaker) {
      open.text = `${open.text} ${segment.text}`;
      open.endMs = segment.endMs ?? open.endMs;
      continue;
    }
    open = { ...segment };
    turns.push(open);
  }
  return turns;
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
