/**
 * A text column's value as text. Another app's TEXT column may hold a BLOB (a row written
 * through a binding that passed bytes, or text that is no UTF-8), which `String()` would show
 * as a list of byte values (`72,101,108,…`): it is read as UTF-8, invalid bytes as U+FFFD.
 *
 * @module
 */

const utf8 = new TextDecoder();

/**
 * `value` as text: a BLOB read as UTF-8, NULL as "", a number as its digits.
 *
 * @example
 * ```ts
 * import { textOf } from "./text_value.ts";
 * textOf(new Uint8Array([72, 105, 255])); // "Hi\ufffd"
 * textOf(null); // ""
 * ```
 */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Uint8Array) return utf8.decode(value);
  return value === null || value === undefined ? "" : String(value);
}
