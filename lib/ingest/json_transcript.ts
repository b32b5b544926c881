/**
 * A JSON file as a transcript: parsed once, then matched against the five shapes read
 * (whisper_json.ts, cloud_json.ts). JSON that does not parse is unreadable (a truncated
 * download, a half-written file); JSON of any other shape is not a transcript.
 *
 * @module
 */
import {
  isAssemblyAiJson,
  isDeepgramJson,
  readAssemblyAiJson,
  readDeepgramJson,
} from "./cloud_json.ts";
import { objectOf } from "./json_values.ts";
import type { ParsedBody } from "./parsed_body.ts";
import { printable } from "../text/printable.ts";
import {
  isWhisperCppJson,
  isWhisperJson,
  readWhisperCppJson,
  readWhisperJson,
} from "./whisper_json.ts";

/** What JSON text is: a transcript read (or unreadable), not JSON, or JSON of another shape. */
export type JsonReading =
  | { kind: "read"; body: ParsedBody }
  | { kind: "invalid"; reason: string }
  | { kind: "other" };

/**
 * Reads `text` as JSON and, when it has one of the known shapes, as a transcript.
 *
 * @example
 * ```ts
 * import { readJsonTranscript } from "./json_transcript.ts";
 * readJsonTranscript('{"segments": [').kind; // "invalid"
 * readJsonTranscript('{"name": "package"}').kind; // "other"
 * readJsonTranscript('{"text": "Hi.", "segments": [{"start": 0, "end": 1, "text": "Hi."}]}').kind;
 * // "read"
 * ```
 */
export function readJsonTranscript(text: string): JsonReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8 quotes the text near the fault: the file's own bytes, line breaks and terminal
    // escapes included, which `check`, `index` and stderr print on one line.
    const why = printable((error as SyntaxError).message, Infinity);
    return { kind: "invalid", reason: `the JSON is cut short or malformed (${why})` };
  }
  const json = objectOf(value);
  if (json === null) return { kind: "other" };
  if (isWhisperCppJson(json)) return { kind: "read", body: readWhisperCppJson(json) };
  if (isDeepgramJson(json)) return { kind: "read", body: readDeepgramJson(json) };
  if (isAssemblyAiJson(json)) return { kind: "read", body: readAssemblyAiJson(json) };
  if (isWhisperJson(json)) return { kind: "read", body: readWhisperJson(json) };
  return { kind: "other" };
}
