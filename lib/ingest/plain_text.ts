/**
 * Plain text and Markdown as one untimed transcript: a segment per paragraph (paragraphs
 * are separated by blank lines), with no speakers.
 *
 * @module
 */
import { textLines } from "./cue_blocks.ts";
import type { FileSegment } from "./file_transcript.ts";
import { type ParsedBody, parsedBody } from "./parsed_body.ts";

/**
 * The paragraphs of `text` as untimed segments; inner line breaks are kept.
 *
 * @example
 * ```ts
 * import { readPlainText } from "./plain_text.ts";
 * const body = readPlainText("First part.\n\nSecond\npart.\n");
 * body.ok && body.segments.map((segment) => segment.text); // ["First part.", "Second\npart."]
 * ```
 */
export function readPlainText(text: string): ParsedBody {
  const segments: FileSegment[] = [];
  let paragraph: string[] = [];
  const close = () => {
    if (paragraph.length === 0) return;
    const text = paragraph.join("\n").trim();
    segments.push({ startMs: null, endMs: null, speaker: null, text });
    paragraph = [];
  };
  for (const line of textLines(text)) {
    if (line.trim() === "") close();
    else paragraph.push(line);
  }
  close();
  return parsedBody("text", segments);
}
