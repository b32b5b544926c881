/**
 * Otter.ai's text export: a header line per paragraph, the speaker's name, two spaces and
 * the time into the recording (`Ann Lee  1:02`, `Speaker 2  1:02:03`; only the time when
 * names are off), then the paragraph; the `Transcribed by https://otter.ai` footer is
 * dropped. A paragraph ends where the next begins; the last one's end is unknown.
 *
 * @module
 */
import type { FileSegment } from "./file_transcript.ts";
import { textLines } from "./cue_blocks.ts";
import { clockMs } from "./cue_clock.ts";
import { type ParsedBody, parsedBody } from "./parsed_body.ts";

const HEADER = /^(?:(\S.{0,79}?)[ \t]{2,})?((?:[0-9]{1,2}:)?[0-9]{1,2}:[0-9]{2})[ \t]*$/;
const FOOTER = /^Transcribed by https:\/\/otter\.ai/;

/**
 * Whether `text` is an Otter export: it opens with a header line and has a second header
 * or Otter's footer.
 *
 * @example
 * ```ts
 * import { isOtter } from "./otter.ts";
 * isOtter("Ann Lee  0:00\nWelcome.\n\nOmar  0:04\nThanks.\n"); // true
 * isOtter("Agenda\n- pricing\n"); // false
 * ```
 */
export function isOtter(text: string): boolean {
  const lines = textLines(text.trimStart());
  if (headerOf(lines[0] ?? "") === null) return false;
  return lines.some((line, index) => index > 0 && (headerOf(line) !== null || FOOTER.test(line)));
}

/**
 * The segments of an Otter export.
 *
 * @example
 * ```ts
 * import { readOtter } from "./otter.ts";
 * const body = readOtter("Ann Lee  0:00\nWelcome.\n\nOmar  1:05\nThanks.\n");
 * body.ok && body.segments.map((segment) => [segment.speaker, segment.startMs, segment.endMs]);
 * // [["Ann Lee", 0, 65000], ["Omar", 65000, null]]
 * ```
 */
export function readOtter(text: string): ParsedBody {
  const segments: FileSegment[] = [];
  let open: { segment: FileSegment; lines: string[] } | null = null;
  const close = (endMs: number | null) => {
    if (open === null) return;
    // A next header earlier than this one (two exports joined) does not end it.
    const start = open.segment.startMs!;
    open.segment.endMs = endMs !== null && endMs >= start ? endMs : null;
    open.segment.text = open.lines.join(" ").replace(/\s+/g, " ").trim();
    if (open.segment.text !== "") segments.push(open.segment);
  };
  for (const line of textLines(text)) {
    const header = headerOf(line);
    if (header !== null) {
      close(header.startMs);
      const segment = { startMs: header.startMs, endMs: null, speaker: header.speaker, text: "" };
      open = { segment, lines: [] };
    } else if (open !== null && line.trim() !== "" && !FOOTER.test(line)) {
      open.lines.push(line);
    }
  }
  close(null);
  return parsedBody("otter", segments, { engine: "otter" });
}

function headerOf(line: string): { speaker: string | null; startMs: number } | null {
  if (line.length > 100) return null;
  const match = HEADER.exec(line);
  if (match === null) return null;
  const startMs = clockMs(match[2]!);
  return startMs === null ? null : { speaker: match[1]?.trim() ?? null, startMs };
}
