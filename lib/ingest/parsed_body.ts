/**
 * What a format's parser makes of a file's text: its segments and what the file says about
 * itself, or why it cannot be read. read_transcript_file.ts adds what the file name gives.
 *
 * @module
 */
import type { FileSegment } from "./file_transcript.ts";

/** A file's text read by one format's parser. */
export type ParsedBody =
  | {
    ok: true;
    /** The format it was read as, e.g. "vtt". */
    format: string;
    /** Its segments in order. */
    segments: FileSegment[];
    /** A language code the file names, or null. */
    language: string | null;
    /** The engine that wrote it, where the file says, or null. */
    engine: string | null;
  }
  | { ok: false; reason: string };

/**
 * A parsed body of `format` with `segments`, or the reason a file with no segments is not
 * read: a transcript file without a single cue holds nothing to serve.
 *
 * @example
 * ```ts
 * import { parsedBody } from "./parsed_body.ts";
 * parsedBody("srt", []).ok; // false: "the file holds no transcript text"
 * ```
 */
export function parsedBody(
  format: string,
  segments: FileSegment[],
  about: { language?: string | null; engine?: string | null } = {},
): ParsedBody {
  if (segments.length === 0) return { ok: false, reason: "the file holds no transcript text" };
  return {
    ok: true,
    format,
    segments,
    language: about.language ?? null,
    engine: about.engine ?? null,
  };
}
