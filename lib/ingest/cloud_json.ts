/**
 * The JSON of two transcription services, as their APIs return a finished transcript.
 * AssemblyAI: `utterances[]` (with speaker labels on) with `speaker` letters and `start`,
 * `end` in ms, beside `words[]`, `language_code` and `audio_duration`. Deepgram:
 * `results.utterances[]` (with `utterances=true`) with `start`, `end` in seconds and
 * `speaker` numbers (with `diarize=true`), beside `metadata` and `results.channels[]`.
 * Without utterances, both are read from their timed words, a segment per sentence.
 *
 * @module
 */
import {
  type JsonObject,
  languageOf,
  objectOf,
  sentencesOfWords,
  stringOf,
  timedSegments,
} from "./json_values.ts";
import { type ParsedBody, parsedBody } from "./parsed_body.ts";

/**
 * Whether `json` is an AssemblyAI transcript: an `utterances` member (an array, or null
 * when speaker labels were off) beside `words` or `audio_duration`.
 *
 * @example
 * ```ts
 * import { isAssemblyAiJson } from "./cloud_json.ts";
 * isAssemblyAiJson({ utterances: null, words: [], audio_duration: 12 }); // true
 * isAssemblyAiJson({ utterances: [] }); // false
 * ```
 */
export function isAssemblyAiJson(json: JsonObject): boolean {
  const utterances = json["utterances"];
  return (Array.isArray(utterances) || utterances === null) &&
    (Array.isArray(json["words"]) || "audio_duration" in json);
}

/**
 * The segments of an AssemblyAI transcript; speaker "A" becomes "Speaker A", as the
 * service's own pages show it.
 *
 * @example
 * ```ts
 * import { readAssemblyAiJson } from "./cloud_json.ts";
 * const body = readAssemblyAiJson({
 *   language_code: "en_us",
 *   audio_duration: 3,
 *   utterances: [{ speaker: "A", start: 250, end: 2900, text: "Good morning." }],
 * });
 * body.ok && body.segments[0]!.speaker; // "Speaker A"
 * ```
 */
export function readAssemblyAiJson(json: JsonObject): ParsedBody {
  const about = { language: languageOf(json["language_code"]), engine: "assemblyai" };
  const utterances = json["utterances"];
  const segments = Array.isArray(utterances)
    ? timedSegments(utterances, "utterance", 1, (item) => ({
      start: item["start"],
      end: item["end"],
      text: item["text"],
      speaker: speakerName(item["speaker"]),
    }))
    : wordSentences(json["words"], "text", 1);
  return Array.isArray(segments) ? parsedBody("assemblyai-json", segments, about) : segments;
}

/**
 * Whether `json` is a Deepgram response: `metadata` and a `results` object holding
 * `channels` or `utterances`.
 *
 * @example
 * ```ts
 * import { isDeepgramJson } from "./cloud_json.ts";
 * isDeepgramJson({ metadata: {}, results: { channels: [] } }); // true
 * ```
 */
export function isDeepgramJson(json: JsonObject): boolean {
  const results = objectOf(json["results"]);
  return objectOf(json["metadata"]) !== null && results !== null &&
    (Array.isArray(results["channels"]) || Array.isArray(results["utterances"]));
}

/**
 * The segments of a Deepgram response; speaker 0 becomes "Speaker 0".
 *
 * @example
 * ```ts
 * import { readDeepgramJson } from "./cloud_json.ts";
 * const body = readDeepgramJson({
 *   metadata: { duration: 4 },
 *   results: { utterances: [{ start: 0.5, end: 3.2, transcript: "Hi all.", speaker: 0 }] },
 * });
 * body.ok && body.segments; // [{ startMs: 500, endMs: 3200, speaker: "Speaker 0", text: "Hi all." }]
 * ```
 */
export function readDeepgramJson(json: JsonObject): ParsedBody {
  const results = objectOf(json["results"])!;
  const channel = Array.isArray(results["channels"]) ? objectOf(results["channels"][0]) : null;
  const about = { language: languageOf(channel?.["detected_language"]), engine: "deepgram" };
  const utterances = results["utterances"];
  let segments;
  if (Array.isArray(utterances)) {
    segments = timedSegments(utterances, "utterance", 1000, (item) => ({
      start: item["start"],
      end: item["end"],
      text: item["transcript"],
      speaker: speakerName(item["speaker"]),
    }));
  } else {
    const alternatives = channel?.["alternatives"];
    const best = Array.isArray(alternatives) ? objectOf(alternatives[0]) : null;
    segments = wordSentences(best?.["words"], "punctuated_word", 1000);
  }
  return Array.isArray(segments) ? parsedBody("deepgram-json", segments, about) : segments;
}

/** "A" → "Speaker A", 0 → "Speaker 0"; anything else → null. */
function speakerName(value: unknown): string | null {
  const id = typeof value === "number" ? String(value) : stringOf(value);
  return id === null ? null : `Speaker ${id}`;
}

/**
 * Sentence segments from a words array whose times are in ms (`msPer` 1) or seconds (1000);
 * `textKey` names the word's text, with `word` as the fallback.
 */
function wordSentences(
  value: unknown,
  textKey: string,
  msPer: number,
): ReturnType<typeof timedSegments> {
  if (!Array.isArray(value)) return [];
  const words = timedSegments(value, "word", msPer, (item) => ({
    start: item["start"],
    end: item["end"],
    text: item[textKey] ?? item["word"],
    speaker: speakerName(item["speaker"]),
  }));
  return Array.isArray(words) ? sentencesOfWords(words) : words;
}
