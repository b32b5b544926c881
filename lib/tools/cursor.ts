/**
 * Opaque paging cursors. A cursor names the tool that made it and the position to resume
 * from; clients pass it back unchanged.
 *
 * @module
 */

import { MAX_CURSOR_KEY_TEXT } from "../config/limits.ts";

/** A value a cursor can carry. */
export type CursorValue = string | number;

/**
 * Raised when a client passes a cursor this server did not make for this tool.
 *
 * @example
 * ```ts
 * import { decodeCursor, InvalidCursorError } from "./cursor.ts";
 * try {
 *   decodeCursor("list_tasks", "not a cursor", ["string"]);
 * } catch (error) {
 *   error instanceof InvalidCursorError; // true
 * }
 * ```
 */
export class InvalidCursorError extends Error {
  /** Makes the error; its message tells the client to pass `nextCursor` unchanged. */
  constructor() {
    super("cursor: not a cursor from this tool; pass nextCursor unchanged or start without one");
    this.name = "InvalidCursorError";
  }
}

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
 * `shape` ("string" or "number"). Throws InvalidCursorError for anything else.
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
  shape: readonly ("string" | "number")[],
): CursorValue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(cursor));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(parsed) || parsed[0] !== kind || parsed.length !== shape.length + 1) {
    throw new InvalidCursorError();
  }
  const values = parsed.slice(1) as unknown[];
  values.forEach((value, index) => {
    const expected = shape[index];
    const ok = expected === "number"
      ? typeof value === "number" && Number.isSafeInteger(value) && value >= 0
      : typeof value === "string";
    if (!ok) throw new InvalidCursorError();
  });
  return values as CursorValue[];
}

/**
 * A text key as a cursor carries it: itself, or "" when too long to carry.
 *
 * @example
 * ```ts
 * import { cursorKeyText } from "./cursor.ts";
 * cursorKeyText("2026-11-02T09:30:00.000Z"); // "2026-11-02T09:30:00.000Z"
 * ```
 */
export function cursorKeyText(value: string): string {
  return value.length <= MAX_CURSOR_KEY_TEXT ? value : "";
}

/**
 * An integer key read back from a cursor, checked: forged digits are refused.
 *
 * @example
 * ```ts
 * import { cursorInteger } from "./cursor.ts";
 * cursorInteger("42"); // 42n
 * ```
 */
export function cursorInteger(value: string): bigint {
  if (!/^-?\d{1,20}$/.test(value)) throw new InvalidCursorError();
  return BigInt(value);
}
