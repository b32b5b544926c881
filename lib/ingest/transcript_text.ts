/**
 * A transcript's whole text from its segments: one line per turn, `Speaker: text` where the
 * speaker is known, the text alone where not. A turn is a run of consecutive segments with
 * one speaker; a segment without a speaker is a line of its own, as lib/sources/turns.ts
 * groups them, so the text and the turns a reader shows agree.
 *
 * @module
 */
import type { FileSegment } from "./file_transcript.ts";

/**
 * The text of `segments` as turn lines.
 *
 * @example
 * ```ts
 * import { turnsText } from "./transcript_text.ts";
 * turnsText([
 *   { startMs: 0, endMs: 1, speaker: "Ann", text: "Hi." },
 *   { startMs: 1, endMs: 2, speaker: "Ann", text: "Ready?" },
 *   { startMs: 2, endMs: 3, speaker: null, text: "(laughter)" },
 * ]); // "Ann: Hi. Ready?\n(laughter)"
 * ```
 */
export function turnsText(segments: readonly FileSegment[]): string {
  const lines: string[] = [];
  let turn: string[] = [];
  let speaker: string | null = null;
  const close = () => {
    if (turn.length === 0) return;
    const text = turn.join(" ");
    lines.push(speaker === null ? text : `${speaker}: ${text}`);
    turn = [];
  };
  for (const segment of segments) {
    if (segment.speaker === null || segment.speaker !== speaker) close();
    speaker = segment.speaker;
    turn.push(segment.text);
  }
  close();
  return lines.join("\n");
}
