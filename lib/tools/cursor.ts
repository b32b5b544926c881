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

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
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
