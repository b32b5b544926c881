/**
 * Reads one file's bytes as a transcript, detecting the format by content with the extension
 * as a hint. Only plain text and Markdown are read so far; the other formats of issue #13
 * (VTT, SRT, Whisper JSON, Otter) arrive with their parsers.
 *
 * @module
 */
import type { FileOutcome } from "./file_transcript.ts";

const PLAIN_TEXT = /\.(txt|md)$/i;

/**
 * What `bytes`, the content of a file named `fileName`, is as a transcript.
 *
 * @example
 * ```ts
 * import { readTranscriptFile } from "./read_transcript_file.ts";
 * const outcome = readTranscriptFile(new TextEncoder().encode("Hello.\n\nBye."), "notes.txt");
 * outcome.kind; // "transcript"
 * ```
 */
export function readTranscriptFile(bytes: Uint8Array, fileName: string): FileOutcome {
  if (!PLAIN_TEXT.test(fileName)) return { kind: "ignored" };
  const text = new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes).trim();
  if (text === "") return { kind: "skipped", reason: "the file is empty" };
  const paragraphs = text.split(/\r?\n\s*\r?\n/).map((part) => part.trim()).filter(Boolean);
  return {
    kind: "transcript",
    transcript: {
      format: "text",
      title: fileName.replace(PLAIN_TEXT, ""),
      createdAt: null,
      duration: null,
      language: null,
      engine: null,
      segments: paragraphs.map((part) => ({
        startMs: null,
        endMs: null,
        speaker: null,
        text: part,
      })),
      text: paragraphs.join("\n"),
    },
  };
}
