/**
 * A transcript file's bytes as text. Tools write UTF-8 (with or without a byte order mark),
 * Windows tools sometimes UTF-16 with a mark, and older Windows exports Windows-1252. The
 * order: a byte order mark decides; else bytes that are valid UTF-8 are UTF-8; else they are
 * Windows-1252, whose WHATWG table maps every byte to a character, so no text turns into
 * U+FFFD. Bytes that hold NUL or many control characters are binary, not text.
 *
 * @module
 */

/** What a file's bytes are: text in a named encoding, or binary data. */
export type DecodedBytes =
  | { kind: "text"; text: string; encoding: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252" }
  | { kind: "binary" };

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
  if (looksBinary(body)) return { kind: "binary" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
    return { kind: "text", text, encoding: "utf-8" };
  } catch {
    const text = new TextDecoder("windows-1252").decode(body);
    return { kind: "text", text, encoding: "windows-1252" };
  }
}

function utf16(body: Uint8Array, encoding: "utf-16le" | "utf-16be"): DecodedBytes {
  // Lone surrogates are the one thing UTF-16 cannot hold; such a file is not text.
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
    return text.includes("\0") ? { kind: "binary" } : { kind: "text", text, encoding };
  } catch {
    return { kind: "binary" };
  }
}

/**
 * Binary when it holds a NUL byte anywhere, or when more than one byte in 16 of its head is a
 * control character that text does not use (all but tab, line feed, form feed and carriage
 * return): binary formats show that at once, and text files never do.
 */
function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return true;
  const head = bytes.subarray(0, 8192);
  let controls = 0;
  for (let index = 0; index < head.length; index++) {
    const byte = head[index]!;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) {
      controls++;
    }
  }
  return controls * 16 > head.length;
}
