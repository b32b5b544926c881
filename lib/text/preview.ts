/**
 * Short previews of long texts, cut at user-perceived character boundaries.
 *
 * @module
 */

import { PREVIEW_LENGTH } from "../config/limits.ts";

// Made at the first text outside ASCII: making one loads ICU's break rules, 4 MiB and 25 ms on
// a loaded 2-core machine, in every thread that loads this module (issue #26).
let graphemes: Intl.Segmenter | undefined;

// A regular expression, not a loop over charCodeAt: three times faster on a listing's heads.
const NOT_ASCII_OR_CR = /[\r\u0080-\uffff]/;

function isAsciiWithoutCr(text: string): boolean {
  return !NOT_ASCII_OR_CR.test(text);
}

/**
 * Returns the first {@link PREVIEW_LENGTH} user-perceived characters of `text`, trimmed,
 * plus "…" when it was cut. Counting graphemes (not UTF-16 units) means no emoji, flag or
 * surrogate pair is ever split. Short text comes back whole, only trimmed.
 *
 * Returns `undefined` when `text` is a prefix of a longer text and holds too few whole
 * characters to decide; the caller then passes the whole text.
 *
 * @example
 * ```ts
 * import { makePreview } from "./preview.ts";
 * makePreview("  Kick-off with the Berlin agency  "); // "Kick-off with the Berlin agency"
 * makePreview("word ".repeat(100))?.endsWith("…"); // true
 * ```
 */
export function makePreview(text: string, isPrefix = false): string | undefined {
  const trimmed = text.trimStart();
  // Plain ASCII without CR: every character is its own grapheme, so skip the segmenter.
  const head = trimmed.slice(0, PREVIEW_LENGTH + 1);
  if (isAsciiWithoutCr(head)) {
    if (head.length <= PREVIEW_LENGTH) return isPrefix ? undefined : trimmed.trimEnd();
    return `${head.slice(0, PREVIEW_LENGTH).trimEnd()}…`;
  }
  let end = 0;
  let count = 0;
  for (
    const { segment } of (graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" }))
      .segment(trimmed)
  ) {
    if (count === PREVIEW_LENGTH) {
      // A 241st character exists; in a prefix it must be followed by more to be whole.
      if (isPrefix && end + segment.length >= trimmed.length) return undefined;
      return `${trimmed.slice(0, end).trimEnd()}…`;
    }
    end += segment.length;
    count++;
  }
  if (isPrefix) return undefined;
  return trimmed.trimEnd();
}
