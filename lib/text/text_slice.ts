/**
 * Paging inside a long text by UTF-16 offsets that never split a surrogate pair.
 *
 * @module
 */

/** One page of a text, with the offset of the next page or null at the end. */
export interface TextSlice {
  /** The page's text. */
  text: string;
  /** Where the page starts in the whole text, in UTF-16 code units. */
  offset: number;
  /** Where the next page starts, or null when this page reaches the end. */
  nextOffset: number | null;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Moves `index` back by one when it falls between the two halves of a surrogate pair. */
function onCodePointBoundary(text: string, index: number): number {
  if (index <= 0 || index >= text.length) return index;
  const before = text.charCodeAt(index - 1);
  const at = text.charCodeAt(index);
  return isHighSurrogate(before) && isLowSurrogate(at) ? index - 1 : index;
}

/**
 * Returns at most `maxChars` UTF-16 code units of `text` starting at `offset`. Both ends
 * snap back to a code point boundary, so a pair is never split and pages join up exactly.
 * `offset` must lie within `0..text.length`.
 *
 * @example
 * ```ts
 * import { sliceText } from "./text_slice.ts";
 * sliceText("abcdef", 0, 4); // { text: "abcd", offset: 0, nextOffset: 4 }
 * sliceText("abcdef", 4, 4); // { text: "ef", offset: 4, nextOffset: null }
 * ```
 */
export function sliceText(text: string, offset: number, maxChars: number): TextSlice {
  if (offset < 0 || offset > text.length || !Number.isInteger(offset)) {
    throw new RangeError(`offset must be an integer from 0 to ${text.length}, got ${offset}`);
  }
  if (maxChars < 2 || !Number.isInteger(maxChars)) {
    throw new RangeError(`maxChars must be an integer of at least 2, got ${maxChars}`);
  }
  const start = onCodePointBoundary(text, offset);
  const end = onCodePointBoundary(text, Math.min(text.length, start + maxChars));
  return {
    text: text.slice(start, end),
    offset: start,
    nextOffset: end < text.length ? end : null,
  };
}

const SPACE = /\s/;

/**
 * `text` less its last word, if cut inside it, and the spaces before it: what
 * `text.replace(/\s*\S*$/u, "")` gives, found from the end rather than tried at every
 * character, which costs a regular expression the text's length times a word's.
 *
 * @example
 * ```ts
 * import { withoutLastWord } from "./text_slice.ts";
 * withoutLastWord("the pricing pa"); // "the pricing"
 * withoutLastWord("the pricing "); // "the pricing"
 * ```
 */
export function withoutLastWord(text: string): string {
  let end = text.length;
  while (end > 0 && !SPACE.test(text[end - 1]!)) end--;
  while (end > 0 && SPACE.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}
