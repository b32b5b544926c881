/**
 * Small readers over parsed JSON for the JSON formats: they name what a value is without
 * trusting its shape, and turn transcription words into sentence segments.
 *
 * @module
 */
import type { FileSegment } from "./file_transcript.ts";
import { inTimeOrder } from "./cue_segments.ts";

/** A parsed JSON object. */
export type JsonObject = Record<string, unknown>;

/**
 * `value` as an object, or null for anything else (arrays included).
 *
 * @example
 * ```ts
 * import { objectOf } from "./json_values.ts";
 * objectOf({ a: 1 }); // { a: 1 }
 * objectOf([1]); // null
 * ```
 */
export function objectOf(value: unknown): JsonObject | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as JsonObject
    : null;
}

/**
 * `value` when it is a finite number, else null.
 *
 * @example
 * ```ts
 * import { numberOf } from "./json_values.ts";
 * numberOf(1.5); // 1.5
 * numberOf("1.5"); // null
 * ```
 */
export function numberOf(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * `value` trimmed when it is a non-empty string, else null.
 *
 * @example
 * ```ts
 * import { stringOf } from "./json_values.ts";
 * stringOf(" en "); // "en"
 * stringOf(""); // null
 * ```
 */
export function stringOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/**
 * Engine text made clean: runs of whitespace (Whisper's leading space, line breaks) become
 * one space.
 *
 * @example
 * ```ts
 * import { spokenText } from "./json_values.ts";
 * spokenText(" Hello,\n world."); // "Hello, world."
 * ```
 */
export function spokenText(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
}

/** What a format's reader picks from one item of its segments (or words) array. */
export interface TimedFields {
  /** The start, in the array's unit. */
  start: unknown;
  /** The end, in the array's unit. */
  end: unknown;
  /** The text as the engine wrote it. */
  text: unknown;
  /** Who spoke, or null. */
  speaker: string | null;
}

/**
 * The segments of an engine's array: `pick` names each item's fields, `msPer` is 1 for
 * times in ms and 1000 for seconds, in time order as cues are (cue_segments.ts), an end
 * before its start taken as the start. Items with no text are dropped; an item without numeric
 * times, or with a time out of range, makes the file unreadable, `what` and its number named.
 *
 * @example
 * ```ts
 * import { timedSegments } from "./json_values.ts";
 * timedSegments([{ s: 1.5, e: 2, t: " Hi." }], "segment", 1000, (item) => ({
 *   start: item["s"], end: item["e"], text: item["t"], speaker: null,
 * })); // [{ startMs: 1500, endMs: 2000, speaker: null, text: "Hi." }]
 * ```
 */
export function timedSegments(
  items: readonly unknown[],
  what: string,
  msPer: number,
  pick: (item: JsonObject) => TimedFields,
): FileSegment[] | { ok: false; reason: string } {
  const segments: FileSegment[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = objectOf(items[index]);
    const fields = item === null ? null : pick(item);
    const start = numberOf(fields?.start);
    const end = numberOf(fields?.end);
    if (fields === null || start === null || end === null) {
      return { ok: false, reason: `${what} ${index + 1} has no numeric start and end` };
    }
    const startMs = Math.round(start * msPer);
    // An end before the start is taken as the start, as a cue's is (cue_clock.ts).
    const endMs = Math.max(startMs, Math.round(end * msPer));
    // A time before the recording, or past what ms count exactly, is no time: it would be
    // shown as a clock of 0:00:00 or of an exponent.
    if (!(startMs >= 0 && endMs >= 0 && Number.isSafeInteger(Math.max(startMs, endMs)))) {
      return { ok: false, reason: `${what} ${index + 1} has a time out of range` };
    }
    const text = spokenText(fields.text);
    if (text === "") continue;
    segments.push({ startMs, endMs, speaker: fields.speaker, text });
  }
  return inTimeOrder(segments);
}

/**
 * Segments of whole sentences from timed words, for an engine run without utterances: a
 * segment ends after a word that ends with `.`, `?` or `!`, or where the speaker changes.
 *
 * @example
 * ```ts
 * import { sentencesOfWords } from "./json_values.ts";
 * sentencesOfWords([
 *   { text: "Hi.", startMs: 0, endMs: 300, speaker: null },
 *   { text: "Go", startMs: 400, endMs: 600, speaker: null },
 *   { text: "on.", startMs: 600, endMs: 900, speaker: null },
 * ]).map((segment) => segment.text); // ["Hi.", "Go on."]
 * ```
 */
export function sentencesOfWords(words: readonly FileSegment[]): FileSegment[] {
  const segments: FileSegment[] = [];
  let open: { segment: FileSegment; words: string[] } | null = null;
  const close = () => {
    if (open === null) return;
    open.segment.text = open.words.join(" ");
    segments.push(open.segment);
    open = null;
  };
  for (const word of words) {
    if (open !== null && open.segment.speaker !== word.speaker) close();
    if (open === null) {
      open = {
        segment: { startMs: word.startMs, endMs: word.endMs, speaker: word.speaker, text: "" },
        words: [],
      };
    }
    open.words.push(word.text);
    open.segment.endMs = word.endMs;
    if (/[.?!]["'”’)]?$/.test(word.text)) close();
  }
  close();
  return segments;
}

/**
 * A language as the file names it, lower-cased ("en", "en_us", or the API's "english").
 *
 * @example
 * ```ts
 * import { languageOf } from "./json_values.ts";
 * languageOf("EN"); // "en"
 * languageOf(7); // null
 * ```
 */
export function languageOf(value: unknown): string | null {
  return stringOf(value)?.toLowerCase() ?? null;
}
