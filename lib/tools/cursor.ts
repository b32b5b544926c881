/**
 * Opaque paging cursors. A cursor names the tool that made it and the position to resume
 * from; clients pass it back unchanged.
 *
 * @module
 */

import { InvalidCursorError } from "../sources/source_reader.ts";

/** A value a cursor can carry. */
export type CursorValue = string | number;

export { InvalidCursorError } from "../sources/source_reader.ts";

const encoder = new TextEncoder();
const asciiDecoder = new TextDecoder();
const PLUS = 0x2b;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const MINUS = 0x2d;
const UNDERSCORE = 0x5f;

/**
 * `text` as unpadded base64url. The result is made as a new string from its bytes: trimmed
 * or replaced with string methods, a padded cursor was a slice of another string, and V8
 * writes a JSON answer holding a sliced string by its slow path, about 3x as long.
 */
function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  const ascii = encoder.encode(btoa(binary));
  let end = ascii.length;
  while (end > 0 && ascii[end - 1] === EQUALS) end--;
  for (let i = 0; i < end; i++) {
    if (ascii[i] === PLUS) ascii[i] = MINUS;
    else if (ascii[i] === SLASH) ascii[i] = UNDERSCORE;
  }
  return asciiDecoder.decode(ascii.subarray(0, end));
}

function fromBase64Url(cursor: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(cursor)) throw new InvalidCursorError();
  const base64 = cursor.replaceAll("-", "+").replaceAll("_", "/");
  let binary: string;
  try {
    binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  } catch {
    throw new InvalidCursorError();
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new InvalidCursorError();
  }
}

/**
 * Encodes a position as an opaque cursor for the tool `kind`.
 *
 * @example
 * ```ts
 * import { encodeCursor } from "./cursor.ts";
 * const cursor = encodeCursor("list_transcripts", ["2026-11-02T09:30:00.000Z", "42"]);
 * ```
 */
export function encodeCursor(kind: string, values: readonly CursorValue[]): string {
  return toBase64Url(JSON.stringify([kind, ...values]));
}

/**
 * Decodes a cursor made by {@link encodeCursor} for `kind`, checking each value against
 * `shape` ("string" or "number"), or, when `shape` is null, that there is at least one
 * value and each is text or a whole number. Throws InvalidCursorError for anything else.
 *
 * @example
 * ```ts
 * import { decodeCursor, encodeCursor } from "./cursor.ts";
 * const cursor = encodeCursor("list_tasks", ["2026-11-02T09:30:00.000Z", "t1"]);
 * decodeCursor("list_tasks", cursor, ["string", "string"]);
 * ```
 */
export function decodeCursor(
  kind: string,
  cursor: string,
  shape: readonly ("string" | "number")[] | null,
): CursorValue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(cursor));
  } catch {
    throw new InvalidCursorError();
  }
  const length = shape === null
    ? Math.max(2, Array.isArray(parsed) ? parsed.length : 0)
    : shape.length + 1;
  if (!Array.isArray(parsed) || parsed[0] !== kind || parsed.length !== length) {
    throw new InvalidCursorError();
  }
  const values = parsed.slice(1) as unknown[];
  values.forEach((value, index) => {
    const expected = shape === null
      ? (typeof value === "number" ? "number" : "string")
      : shape[index];
    const ok = expected === "number"
      ? typeof value === "number" && Number.isSafeInteger(value) && value >= 0
      : typeof value === "string";
    if (!ok) throw new InvalidCursorError();
  });
  return values as CursorValue[];
}
