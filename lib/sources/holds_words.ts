/**
 * Whether a text holds words as whole words: how a search hit's moment finds the segment
 * that said what its snippet marks.
 *
 * @module
 */

/**
 * Whether `text` holds `needle` with no letter or digit joined to either end, so a word
 * found in a snippet is found in the segment that said it and not inside a longer word.
 *
 * @example
 * ```ts
 * import { holdsWords } from "./holds_words.ts";
 * holdsWords("We reviewed pricing.", "pricing"); // true
 * holdsWords("Repricing it.", "pricing"); // false
 * holdsWords("Pricing", ""); // false
 * ```
 */
export function holdsWords(text: string, needle: string): boolean {
  // An empty needle holds no words (and indexOf would find it at the end forever).
  if (needle === "") return false;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const before = text.slice(Math.max(0, at - 2), at);
    const after = text.slice(at + needle.length, at + needle.length + 2);
    if (!WORD_END.test(before) && !WORD_START.test(after)) return true;
  }
  return false;
}

/**
 * The first of `segments` that holds `needle` as whole words, exactly or else folded to
 * lower case, or null: the segment findSegment answers.
 *
 * @example
 * ```ts
 * import { firstHolding } from "./holds_words.ts";
 * const segments = [{ seq: 0, startMs: 0, endMs: 1, speaker: null, text: "Pricing first." }];
 * firstHolding(segments, "pricing")?.seq; // 0
 * ```
 */
export function firstHolding<T extends { text: string }>(
  segments: readonly T[],
  needle: string,
): T | null {
  const folded = needle.toLowerCase();
  return segments.find((segment) => holdsWords(segment.text, needle)) ??
    segments.find((segment) => holdsWords(segment.text.toLowerCase(), folded)) ?? null;
}

const WORD_END = /[\p{L}\p{M}\p{N}]$/u;
const WORD_START = /^[\p{L}\p{M}\p{N}]/u;
