/**
 * SubRip (SRT), as subtitle tools and every Whisper front end write it: `,` or `.` before
 * the milliseconds, hours unpadded (early openai-whisper), CRLF line ends, `<i>`, `<font>`
 * and `{\an8}` markup, indices missing or out of order, no final blank line (cue_blocks.ts).
 * Speakers from WhisperX's `[SPEAKER_00]: `, whisper.cpp's `(speaker 1)` and `Name: `
 * prefixes (speaker_prefix.ts).
 *
 * @module
 */
import { scanCues, textLines } from "./cue_blocks.ts";
import { cueTiming } from "./cue_clock.ts";
import { cueSegments } from "./cue_segments.ts";
import { type ParsedBody, parsedBody } from "./parsed_body.ts";

/**
 * Whether `text` starts as an SRT file does: its first non-blank line is a cue timing, or an
 * index with a cue timing on the next line.
 *
 * @example
 * ```ts
 * import { isSrt } from "./srt.ts";
 * isSrt("1\r\n00:00:00,000 --> 00:00:02,000\r\nHi\r\n"); // true
 * isSrt("Meeting notes\n"); // false
 * ```
 */
export function isSrt(text: string): boolean {
  const head = textLines(text.slice(0, 4096).trimStart());
  const first = head[0] ?? "";
  if (/^[0-9]{1,9}[ \t]*$/.test(first)) return cueTiming(head[1] ?? "") !== null;
  return cueTiming(first) !== null;
}

/**
 * The segments of an SRT file.
 *
 * @example
 * ```ts
 * import { readSrt } from "./srt.ts";
 * const body = readSrt("1\n0:00:01.000 --> 0:00:02.500\n<i>Hello</i>\n");
 * body.ok && body.segments; // [{ startMs: 1000, endMs: 2500, speaker: null, text: "Hello" }]
 * ```
 */
export function readSrt(text: string): ParsedBody {
  const scan = scanCues(text, false);
  return scan.ok ? parsedBody("srt", cueSegments(scan.cues, scan.singleSpaced)) : scan;
}
