/**
 * How many bytes a turn's text takes in a JSON answer, and where to cut one too long for
 * its page: counted per UTF-16 unit as JSON.stringify writes it, so a page's turns fit
 * the response budget without encoding them.
 *
 * @module
 */

/**
 * Where to cut `text` to keep at most `maxChars` characters and `maxBytes` bytes of JSON:
 * after the last whitespace that fits, or, in text without spaces there, where it fits
 * (never inside a surrogate pair). The next page resumes at the whitespace, so nothing is lost.
 *
 * @example
 * ```ts
 * import { cutAtWord } from "./turn_text_bytes.ts";
 * cutAtWord("pricing first then hiring", 12, 1_000); // { end: 7, resume: 7 }
 * ```
 */
export function cutAtWord(
  text: string,
  maxChars: number,
  maxBytes: number,
): { end: number; resume: number } {
  let end = Math.min(text.length, maxChars);
  let bytes = 2;
  for (let i = 0; i < end; i++) {
    bytes += jsonCharBytes(text.charCodeAt(i));
    if (bytes > maxBytes) end = i;
  }
  if (end >= text.length) return { end: text.length, resume: text.length };
  const space = text.slice(0, end + 1).search(/\s\S*$/);
  // The next page starts with the white space cut at: put together, the pieces are the text.
  if (space > 0) return { end: space, resume: space };
  const code = text.charCodeAt(end - 1);
  if (end > 1 && code >= 0xd800 && code <= 0xdbff) end--;
  return { end: Math.max(1, end), resume: Math.max(1, end) };
}

/** The UTF-8 bytes one UTF-16 unit takes in a JSON string (a pair counts 4 on its first). */
function jsonCharBytes(code: number): number {
  if (code === 0x22 || code === 0x5c || code === 0x0a || code === 0x0d || code === 0x09) return 2;
  if (code < 0x20) return 6;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdbff) return 4;
  return code >= 0xdc00 && code <= 0xdfff ? 0 : 3;
}

/**
 * The UTF-8 bytes of `text` as a JSON string, quotes included.
 *
 * @example
 * ```ts
 * import { jsonTextBytes } from "./turn_text_bytes.ts";
 * jsonTextBytes('say "hi"'); // 12
 * ```
 */
export function jsonTextBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) bytes += jsonCharBytes(text.charCodeAt(i));
  return bytes;
}
