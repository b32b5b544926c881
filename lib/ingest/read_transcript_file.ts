/**
 * Reads one file's bytes as a transcript. The format is detected by content, with the
 * extension as a hint: `WEBVTT` makes WebVTT, JSON of a known shape a Whisper-family or
 * service transcript, a leading cue timing SRT, `Name  0:00` headers an Otter export;
 * `.txt` and `.md` that are none of these are plain text. The name says whether a file that
 * cannot be read is reported (`skipped`: it claims a transcript format) or left out
 * (`ignored`: audio, images, other JSON, unknown extensions with unrecognised content).
 *
 * @module
 */
import type { FileOutcome, FileSegment, FileTranscript } from "./file_transcript.ts";
import { type FileHint, fileHint } from "./file_hint.ts";
import { nameFacts } from "./file_name.ts";
import { readJsonTranscript } from "./json_transcript.ts";
import { isOtter, readOtter } from "./otter.ts";
import type { ParsedBody } from "./parsed_body.ts";
import { readPlainText } from "./plain_text.ts";
import { isSrt, readSrt } from "./srt.ts";
import { decodeTranscriptBytes } from "./text_encoding.ts";
import { turnsText } from "./transcript_text.ts";
import { isVtt, readVtt } from "./vtt.ts";

const IGNORED: FileOutcome = { kind: "ignored" };

/**
 * What `bytes`, the content of a file named `fileName`, is as a transcript.
 *
 * @example
 * ```ts
 * import { readTranscriptFile } from "./read_transcript_file.ts";
 * const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Ann>Hello.</v>\n";
 * const outcome = readTranscriptFile(new TextEncoder().encode(vtt), "2025-03-14 Sync.vtt");
 * outcome.kind === "transcript" && outcome.transcript.text; // "Ann: Hello."
 * readTranscriptFile(new Uint8Array(), "Sync.srt"); // { kind: "skipped", reason: "the file is empty" }
 * ```
 */
export function readTranscriptFile(bytes: Uint8Array, fileName: string): FileOutcome {
  const hint = fileHint(fileName);
  if (hint === "not-transcript") return IGNORED;
  const unreadable = (reason: string): FileOutcome =>
    hint === "unknown" ? IGNORED : { kind: "skipped", reason };
  const decoded = decodeTranscriptBytes(bytes);
  if (decoded.kind === "binary") return unreadable("the file holds binary data, not text");
  const start = decoded.text.search(/\S/);
  if (start === -1) return unreadable("the file is empty");
  const body = parseBody(start === 0 ? decoded.text : decoded.text.slice(start), hint);
  if (body === null) return IGNORED;
  if (!body.ok) return unreadable(body.reason);
  return { kind: "transcript", transcript: transcriptOf(body, fileName) };
}

/** The body of `text` (which starts with a non-blank character), or null: not a transcript. */
function parseBody(text: string, hint: FileHint): ParsedBody | null {
  if (isVtt(text)) return readVtt(text);
  const first = text.charCodeAt(0);
  if (first === 0x7b || first === 0x5b) { // { or [
    const json = readJsonTranscript(text);
    if (json.kind === "read") return json.body;
    if (hint === "json") return json.kind === "invalid" ? { ok: false, reason: json.reason } : null;
    if (hint === "unknown") return null;
  } else if (hint === "json") {
    return { ok: false, reason: "the file is not JSON" };
  }
  if ((hint === "srt" || hint === "vtt") && !text.includes("-->")) {
    const what = hint === "vtt" ? "WebVTT: no WEBVTT line and" : "SRT:";
    return { ok: false, reason: `the file is not ${what} no cue timings` };
  }
  if (hint === "srt" || isSrt(text)) return readSrt(text);
  if (hint === "vtt") return readVtt(text);
  if (isOtter(text)) return readOtter(text);
  return hint === "text" ? readPlainText(text) : null;
}

function transcriptOf(body: ParsedBody & { ok: true }, fileName: string): FileTranscript {
  const facts = nameFacts(fileName);
  return {
    format: body.format,
    title: facts.title,
    createdAt: facts.createdAt,
    duration: durationOf(body.segments),
    language: body.language ?? facts.language,
    engine: body.engine,
    segments: body.segments,
    text: turnsText(body.segments),
  };
}

/** The latest end (or start, where the end is unknown) in seconds, or null when untimed. */
function durationOf(segments: readonly FileSegment[]): number | null {
  let last: number | null = null;
  for (const segment of segments) {
    const end = segment.endMs ?? segment.startMs;
    if (end !== null && (last === null || end > last)) last = end;
  }
  return last === null ? null : last / 1000;
}
