/**
 * A transcript file's bytes as text. Tools write UTF-8 (with or without a byte order mark),
 * Windows tools sometimes UTF-16 with a mark, and older Windows exports Windows-1252. The
 * order: a byte order mark decides; else bytes holding NUL are UTF-16 if they have the NUL
 * pattern of unmarked UTF-16 text (see {@link unmarkedUtf16}), else binary; else bytes that
 * are valid UTF-8 are UTF-8; else they are Windows-1252, whose WHATWG table maps every byte
 * to a character, so no text turns into U+FFFD. Text with many control characters is binary.
 *
 * @module
 */

/** What a file's bytes are: text in a named encoding, or binary data. */
export type DecodedBytes =
  | { kind: "text"; text: string; encoding: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252" }
  | { kind: "binary" };

const BINARY: DecodedBytes = { kind: "binary" };

/**
 * Decodes `bytes` as the text of a transcript file; a byte order mark is dropped.
 *
 * @example
 * ```ts
 * import { decodeTranscriptBytes } from "./text_encoding.ts";
 * const decoded = decodeTranscriptBytes(new Uint8Array([0x63, 0x61, 0x66, 0xe9])); // "caf\xe9"
 * decoded.kind === "text" && decoded.text; // "café" (Windows-1252: not valid UTF-8)
 * ```
 */
export function decodeTranscriptBytes(bytes: Uint8Array): DecodedBytes {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes.subarray(2), "utf-16le");
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes.subarray(2), "utf-16be");
  const hasMark = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasMark ? bytes.subarray(3) : bytes;
  if (body.includes(0)) return hasMark ? BINARY : unmarkedUtf16(body);
  try {
    // Bytes that are not UTF-8 decode to U+FFFD: only a text holding one is decoded again,
    // strictly, to tell them from a U+FFFD written in the file (a strict decode of every file
    // took twice as long).
    let text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(body);
    if (text.includes("\uFFFD")) {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
    }
    return looksBinary(text) ? BINARY : { kind: "text", text, encoding: "utf-8" };
  } catch {
    const text = new TextDecoder("windows-1252").decode(body);
    return looksBinary(text) ? BINARY : { kind: "text", text, encoding: "windows-1252" };
  }
}

/**
 * UTF-16 without a byte order mark, told conservatively from binary data that holds NUL
 * bytes: mostly-ASCII text (and transcripts are, if only by their timings and markup) has a
 * NUL high byte in at least half its code units and a NUL low byte in almost none; the bytes
 * must then decode strictly (no lone surrogate, no odd byte) to text holding no control
 * character but whitespace, C1 controls and U+FFFD included. Databases, archives, images
 * and 16-bit numbers fail one of these; text that is not mostly ASCII is left out too.
 */
function unmarkedUtf16(bytes: Uint8Array): DecodedBytes {
  if (bytes.length % 2 !== 0) return BINARY;
  const end = Math.min(bytes.length, 16384); // the head: 8192 code units
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < end; i += 2) {
    if (bytes[i] === 0) evenNuls++;
    if (bytes[i + 1] === 0) oddNuls++;
  }
  const high = Math.max(evenNuls, oddNuls);
  const low = Math.min(evenNuls, oddNuls);
  if (high < end / 4 || low * 32 > high) return BINARY;
  const decoded = utf16(bytes, oddNuls > evenNuls ? "utf-16le" : "utf-16be");
  return decoded.kind === "text" && !UNTEXT.test(decoded.text) ? decoded : BINARY;
}

// Control characters (and the replacement and non-characters) are what this pattern is for.
// deno-lint-ignore no-control-regex
const UNTEXT = /[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ufffd-\uffff]/;

function utf16(body: Uint8Array, encoding: "utf-16le" | "utf-16be"): DecodedBytes {
  // Lone surrogates are the one thing UTF-16 cannot hold; such a file is not text.
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
    return text.includes("\0") || looksBinary(text) ? BINARY : { kind: "text", text, encoding };
  } catch {
    return BINARY;
  }
}

// Control characters are what this pattern is for.
// deno-lint-ignore no-control-regex
const CONTROL = /[\x01-\x08\x0b\x0e-\x1f\x7f]/g;

/**
 * Binary (beside a NUL byte anywhere, tested first) when more than one character in 16 of
 * its head is a control character text does not use (all but tab, line feed, form feed and
 * carriage return): binary formats show that at once, and text files never do. The decoded
 * text is tested, so the common case is one native scan that finds none.
 */
function looksBinary(text: string): boolean {
  const head = text.length > 8192 ? text.slice(0, 8192) : text;
  CONTROL.lastIndex = 0;
  if (!CONTROL.test(head)) return false;
  return (head.match(CONTROL)?.length ?? 0) * 16 > head.length;
}
