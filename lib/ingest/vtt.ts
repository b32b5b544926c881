/**
 * WebVTT, as Teams, Zoom, whisper.cpp, openai-whisper, WhisperX and YouTube write it. The
 * header may carry text after `WEBVTT` and header lines (YouTube's `Language: en` is read);
 * NOTE, STYLE and REGION blocks are skipped; cue ids (Teams' `GUID/12-0`), cue settings and
 * timings without hours are all accepted (cue_blocks.ts). Speakers come from `<v Name>`
 * spans, closed or not (Teams; whisper.cpp `--diarize`), from Zoom's `Name: ` and from
 * WhisperX's `[SPEAKER_00]: ` (speaker_prefix.ts).
 *
 * @module
 */
import { scanCues } from "./cue_blocks.ts";
import { cueSegments } from "./cue_segments.ts";
import { type ParsedBody, parsedBody } from "./parsed_body.ts";

const LANGUAGE_LINE = /^Language:[ \t]*([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3})[ \t]*$/i;

/**
 * Whether `text` starts as a WebVTT file does: `WEBVTT`, then the end of the line or a space.
 *
 * @example
 * ```ts
 * import { isVtt } from "./vtt.ts";
 * isVtt("WEBVTT - Recorded by Teams\n\n"); // true
 * isVtt("WEBVTTX"); // false
 * ```
 */
export function isVtt(text: string): boolean {
  if (!text.startsWith("WEBVTT")) return false;
  const next = text.charCodeAt(6);
  return Number.isNaN(next) || next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d;
}

/**
 * The segments of a WebVTT file (with or without its `WEBVTT` line: a `.vtt` file that lost
 * it is still read).
 *
 * @example
 * ```ts
 * import { readVtt } from "./vtt.ts";
 * const body = readVtt("WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann>Hi.</v>\n");
 * body.ok && body.segments; // [{ startMs: 1000, endMs: 2000, speaker: "Ann", text: "Hi." }]
 * ```
 */
export function readVtt(text: string): ParsedBody {
  const scan = scanCues(text, true);
  if (!scan.ok) return scan;
  let language: string | null = null;
  for (const line of scan.header) {
    const match = LANGUAGE_LINE.exec(line);
    if (match !== null) language = match[1]!.toLowerCase();
  }
  return parsedBody("vtt", cueSegments(scan.cues, scan.singleSpaced), { language });
}
