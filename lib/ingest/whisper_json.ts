/**
 * The JSON of the Whisper family. openai-whisper (`--output_format json`) and WhisperX
 * share a shape: `segments[]` with `start` and `end` in seconds and text with a leading
 * space; WhisperX adds `word_segments` and, after diarization, a `speaker` on a segment
 * (absent where it could not tell). whisper.cpp (`-oj`) writes `transcription[]` with
 * `offsets.from` and `offsets.to` in ms, and with `--diarize` a `speaker` of "0", "1" or "?".
 * The language is the file's `language` (whisper.cpp: `result.language`).
 *
 * @module
 */
import {
  type JsonObject,
  languageOf,
  numberOf,
  objectOf,
  stringOf,
  timedSegments,
} from "./json_values.ts";
import { type ParsedBody, parsedBody } from "./parsed_body.ts";

/**
 * Whether `json` has the shape of openai-whisper's or WhisperX's output: a `segments`
 * array whose first item has `text` and a `start` or `end`, or, beside a `text`,
 * `language` or `word_segments`, an empty one or one whose first item is timed.
 *
 * @example
 * ```ts
 * import { isWhisperJson } from "./whisper_json.ts";
 * isWhisperJson({ text: " Hi.", segments: [{ start: 0, end: 1.5, text: " Hi." }] }); // true
 * isWhisperJson({ segments: "none" }); // false
 * ```
 */
export function isWhisperJson(json: JsonObject): boolean {
  if (!Array.isArray(json["segments"])) return false;
  const first = objectOf(json["segments"][0]);
  // Segments that name a start or an end beside their text claim this shape even when their
  // values are wrong: such a file is reported as unreadable, not passed over in silence.
  if (first !== null && "text" in first && ("start" in first || "end" in first)) return true;
  if (!("text" in json || "language" in json || "word_segments" in json)) return false;
  return json["segments"].length === 0 ||
    (first !== null && numberOf(first["start"]) !== null && numberOf(first["end"]) !== null);
}

/**
 * The segments of openai-whisper or WhisperX JSON; the engine is WhisperX where a segment
 * has a speaker or the file has `word_segments`, openai-whisper where segments carry its
 * decoder's `seek` and `tokens`.
 *
 * @example
 * ```ts
 * import { readWhisperJson } from "./whisper_json.ts";
 * const body = readWhisperJson({
 *   language: "en",
 *   segments: [{ start: 0, end: 2.5, text: " Hello.", speaker: "SPEAKER_00" }],
 *   word_segments: [],
 * });
 * body.ok && body.engine; // "whisperx"
 * ```
 */
export function readWhisperJson(json: JsonObject): ParsedBody {
  const items = json["segments"] as unknown[];
  const segments = timedSegments(items, "segment", 1000, (item) => ({
    start: item["start"],
    end: item["end"],
    text: item["text"],
    speaker: stringOf(item["speaker"]),
  }));
  if (!Array.isArray(segments)) return segments;
  const first = objectOf(items[0]);
  const whisperx = "word_segments" in json || segments.some((segment) => segment.speaker !== null);
  const openai = first !== null && ("seek" in first || "tokens" in first);
  return parsedBody("whisper-json", segments, {
    language: languageOf(json["language"]),
    engine: whisperx ? "whisperx" : openai ? "openai-whisper" : null,
  });
}

/**
 * Whether `json` has the shape of whisper.cpp's `-oj` output: a `transcription` array.
 *
 * @example
 * ```ts
 * import { isWhisperCppJson } from "./whisper_json.ts";
 * isWhisperCppJson({ transcription: [] }); // true
 * ```
 */
export function isWhisperCppJson(json: JsonObject): boolean {
  return Array.isArray(json["transcription"]);
}

/**
 * The segments of whisper.cpp's `-oj` JSON; speaker "1" becomes "Speaker 1", and "?"
 * (whisper.cpp could not tell) no speaker.
 *
 * @example
 * ```ts
 * import { readWhisperCppJson } from "./whisper_json.ts";
 * const body = readWhisperCppJson({
 *   result: { language: "de" },
 *   transcription: [{ offsets: { from: 0, to: 1800 }, text: " Hallo.", speaker: "1" }],
 * });
 * body.ok && body.segments[0]!.speaker; // "Speaker 1"
 * ```
 */
export function readWhisperCppJson(json: JsonObject): ParsedBody {
  const items = json["transcription"] as unknown[];
  const segments = timedSegments(items, "transcription item", 1, (item) => {
    const offsets = objectOf(item["offsets"]);
    const id = stringOf(item["speaker"]);
    return {
      start: offsets?.["from"],
      end: offsets?.["to"],
      text: item["text"],
      speaker: id === null || id === "?" ? null : `Speaker ${id}`,
    };
  });
  if (!Array.isArray(segments)) return segments;
  return parsedBody("whisper.cpp-json", segments, {
    language: languageOf(objectOf(json["result"])?.["language"]),
    engine: "whisper.cpp",
  });
}
