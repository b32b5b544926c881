/**
 * A search hit's moment: the segment holding the first match its snippet marks, so an
 * assistant can say "at 12:34, Lena said…". The marked word is looked for with the words
 * that follow it in the snippet (as they stand in one segment's text), then alone.
 *
 * @module
 */
import * as v from "valibot";
import type { SegmentRecord, SourceReader } from "../sources/source_reader.ts";
import { clockTime, firstHolding } from "../sources/turns.ts";
import { capText } from "./response_budget.ts";
import { FIELD_CAPS, TURN_READ_MAX_SEGMENTS } from "../config/limits.ts";
import { withoutLastWord } from "../text/text_slice.ts";

/** A moment of a recording, as a search result cites it. */
export interface Moment {
  /** The segment's `seq`, as get_turns shows turns. */
  seq: number;
  /** Its start in ms, or null. */
  startMs: number | null;
  /** Its end in ms, or null. */
  endMs: number | null;
  /** The start as h:mm:ss, or null. */
  at: string | null;
  /** Who spoke, or null. */
  speaker: string | null;
}

/** The schema of a result's `moment`. */
export const momentSchema: v.GenericSchema<Moment | null> = v.pipe(
  v.nullable(
    v.object({
      seq: v.number(),
      startMs: v.nullable(v.number()),
      endMs: v.nullable(v.number()),
      at: v.nullable(v.string()),
      speaker: v.nullable(v.string()),
    }),
  ),
  v.description(
    "The segment holding the snippet's first match (pass startMs to get_turns as aroundMs); " +
      "null where the transcript has no segments or the match is in the title.",
  ),
) as v.GenericSchema<Moment | null>;

// How much of the text after the mark goes with it: a few words, within one line.
const FOLLOWING_CHARS = 40;

/** What a moment is looked for by. */
export interface Needles {
  /** The marked word and the words after it on its line. */
  phrase: string;
  /** The marked word alone, looked for when the phrase is not found. */
  word: string;
  /** The line of the window the mark is on (0-based). */
  line: number;
}

/**
 * `text` cut to about FOLLOWING_CHARS, at a word's end: a match with the words after it, as
 * one segment says them.
 *
 * @example
 * ```ts
 * import { few } from "./search_moment.ts";
 * few("pricing page"); // "pricing page"
 * ```
 */
export function few(text: string): string {
  return text.length > FOLLOWING_CHARS
    ? withoutLastWord(text.slice(0, FOLLOWING_CHARS))
    : text.trimEnd();
}

/**
 * What to look for in segments for a snippet cut from `window`: the first marked word with
 * the words after it on its line, the word alone, and the line of the window it is on;
 * null when the snippet marks nothing or its match is not in the window (it is the
 * title's). A mark in a line's `Speaker: ` prefix (a text made of segments) looks for the
 * start of what that line says.
 *
 * @example
 * ```ts
 * import { snippetNeedles } from "./search_moment.ts";
 * snippetNeedles("…put «education pricing» in the FAQ…", "Keep it, put education pricing in the FAQ", ["«", "»"]);
 * // { phrase: "education pricing in the FAQ", word: "education pricing", line: 0 }
 * ```
 */
export function snippetNeedles(
  snippet: string,
  window: string,
  marks: readonly [string, string],
): Needles | null {
  const [open, close] = marks;
  const start = snippet.indexOf(open);
  const end = snippet.indexOf(close, start + 1);
  if (start === -1 || end === -1) return null;
  const plain = (text: string) => text.replaceAll(open, "").replaceAll(close, "");
  const text = plain(snippet).replace(/…$/, "");
  const core = text.replace(/^…/, "");
  const coreAt = window.indexOf(core);
  if (coreAt === -1) return null;
  const word = snippet.slice(start + open.length, end);
  const at = plain(snippet.slice(0, start)).length;
  const line = window.slice(0, coreAt + at - (text.length - core.length)).split("\n").length - 1;
  const lineStart = text.lastIndexOf("\n", at) + 1;
  const lineEnd = text.indexOf("\n", at) === -1 ? text.length : text.indexOf("\n", at);
  const colon = text.indexOf(": ", lineStart);
  const whole = lineStart > 0 || !text.startsWith("…");
  if (whole && colon !== -1 && at + word.length <= colon && colon < lineEnd) {
    const said = few(text.slice(colon + 2, lineEnd));
    if (said !== "") return { phrase: said, word, line };
  }
  return { phrase: few(`${word}${text.slice(at + word.length, lineEnd)}`), word, line };
}

/**
 * The moment of the item `id` that holds the needles (phrase first, then word), or null:
 * by the reader's own lookup where it has one (trying the segment `near` first), else
 * through its segments.
 *
 * @example
 * ```ts
 * import { findMoment } from "./search_moment.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const reader = sources.reader(sources.all[0]!);
 * findMoment(reader, "no such id", { phrase: "pricing page", word: "pricing", line: 0 }); // null
 * ```
 */
export function findMoment(
  reader: SourceReader,
  id: string,
  needles: Needles,
  near?: number,
): Moment | null {
  let found: SegmentRecord | null | undefined;
  if (reader.findSegment !== undefined) {
    found = reader.findSegment(id, needles.phrase, near);
    if (found === null && needles.phrase !== needles.word) {
      found = reader.findSegment(id, needles.word);
    }
  } else if (reader.readSegments !== undefined) {
    const segments = reader.readSegments(id, { fromSeq: 0, limit: TURN_READ_MAX_SEGMENTS }) ?? [];
    found = firstHolding(segments, needles.phrase) ?? firstHolding(segments, needles.word);
  }
  return momentOf(found);
}

/**
 * A segment as a moment, or null.
 *
 * @example
 * ```ts
 * import { momentOf } from "./search_moment.ts";
 * momentOf({ seq: 3, startMs: 61_000, endMs: 64_000, speaker: "Ana", text: "Pricing." })?.at; // "0:01:01"
 * ```
 */
export function momentOf(found: SegmentRecord | null | undefined): Moment | null {
  if (found === null || found === undefined) return null;
  return {
    seq: found.seq,
    startMs: found.startMs,
    endMs: found.endMs,
    at: found.startMs === null ? null : clockTime(found.startMs),
    speaker: capText(found.speaker, FIELD_CAPS.label),
  };
}

/** One item whose moment {@link findMoments} looks for: findMoment's arguments. */
export interface MomentSought {
  /** The item's id. */
  id: string;
  /** What its moment is looked for by. */
  needles: Needles;
  /** The seq it is likely at. */
  near?: number | undefined;
}

/**
 * The moments of `sought`, in order, as findMoment answers each: a page of search hits'
 * together where the reader finds segments for several at once (one read for all whose
 * `near` segment holds the phrase), else one at a time.
 *
 * @example
 * ```ts
 * import { findMoments } from "./search_moment.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const reader = sources.reader(sources.all[0]!);
 * const needles = { phrase: "pricing page", word: "pricing", line: 0 };
 * findMoments(reader, [{ id: "no such id", needles, near: 0 }]); // [null]
 * ```
 */
export function findMoments(
  reader: SourceReader,
  sought: readonly MomentSought[],
): (Moment | null)[] {
  if (reader.findSegments === undefined) {
    return sought.map(({ id, needles, near }) => findMoment(reader, id, needles, near));
  }
  const found = reader.findSegments(
    sought.map(({ id, needles, near }) => ({ id, needle: needles.phrase, near })),
  );
  // As findMoment: the word alone, where the phrase is not found.
  const retried = sought.flatMap(({ id, needles }, i) =>
    found[i] === null && needles.phrase !== needles.word ? [{ i, id, needle: needles.word }] : []
  );
  if (retried.length > 0) {
    const words = reader.findSegments(retried.map(({ id, needle }) => ({ id, needle })));
    retried.forEach(({ i }, j) => found[i] = words[j]);
  }
  return found.map(momentOf);
}
