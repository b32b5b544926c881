/**
 * Bounds on what one tool result may weigh. A result travels twice in its response (as
 * `structuredContent` and as JSON text, which escapes it again), so a payload of at most
 * {@link PAYLOAD_BUDGET_BYTES} keeps every response under 1 MiB, whatever the store holds.
 * Lists that would pass the budget end early with a cursor; no value is cut silently.
 *
 * @module
 */

import { PAYLOAD_BUDGET_BYTES } from "../config/limits.ts";

const utf8Encoder = new TextEncoder();

/** A listing's bytes beside its items: its key and cursor (a long cursor fits in the headroom). */
export const LISTING_OVERHEAD_BYTES = 100;

/** A search's bytes beside its hits: key, queryMode, cursor (a long query's fits the headroom). */
export const SEARCH_OVERHEAD_BYTES = 200;

/**
 * The UTF-8 length of `text`, as it is written to the wire (a lone surrogate counts as the
 * three bytes of U+FFFD). Encoding natively is about six times faster than counting code
 * units in JavaScript, even with the copy it makes.
 *
 * @example
 * ```ts
 * import { utf8Length } from "./response_budget.ts";
 * utf8Length("ü😀"); // 6
 * ```
 */
export function utf8Length(text: string): number {
  return utf8Encoder.encode(text).length;
}

/**
 * The UTF-8 length of `value`'s JSON.
 *
 * @example
 * ```ts
 * import { jsonBytes } from "./response_budget.ts";
 * jsonBytes({ a: "b" }); // 9
 * ```
 */
export function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value));
}

/**
 * Caps `text` at `max` UTF-16 units, marking a cut with "…" and never splitting a
 * surrogate pair. Null passes through.
 *
 * @example
 * ```ts
 * import { capText } from "./response_budget.ts";
 * capText("abcdef", 4); // "abc…"
 * ```
 */
export function capText<T extends string | null>(text: T, max: number): T {
  if (text === null || text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…` as T;
}

// The longest JSON of a number: 17 significant digits after "-0.00000", as in
// -0.0000012345678901234567 (smaller numbers take an exponent, "-1.2345678901234567e-7").
const NUMBER_JSON_MAX_BYTES = 25;
/**
 * The most UTF-8 bytes one UTF-16 unit of a string takes in JSON: a control character's
 * escape, \u001f. (A pair's two units take 4 bytes; a lone surrogate's escape 6.)
 *
 * @example
 * ```ts
 * import { UNIT_JSON_MAX_BYTES } from "./response_budget.ts";
 * JSON.stringify("\u001f").length - 2 <= UNIT_JSON_MAX_BYTES; // true
 * ```
 */
export const UNIT_JSON_MAX_BYTES = 6;

/**
 * An upper bound on the UTF-8 length of `value`'s JSON, found without building it, or
 * Infinity for a value it does not know (one with toJSON, a bigint). Counting stops once
 * the bound passes `limit`, so the answer is then only known to be over it.
 *
 * @example
 * ```ts
 * import { jsonBytesAtMost } from "./response_budget.ts";
 * jsonBytesAtMost({ a: "bc" }); // 26, for JSON of 10 bytes
 * ```
 */
export function jsonBytesAtMost(value: unknown, limit = Infinity): number {
  switch (typeof value) {
    case "string":
      return 2 + UNIT_JSON_MAX_BYTES * value.length;
    case "number":
      return NUMBER_JSON_MAX_BYTES;
    case "boolean":
    case "undefined":
      return 5; // "false"; undefined is left out, or written as null
    case "object": {
      if (value === null) return 4;
      if (typeof (value as { toJSON?: unknown }).toJSON === "function") return Infinity;
      let bytes = 2;
      if (Array.isArray(value)) {
        for (const item of value) {
          bytes += jsonBytesAtMost(item, limit) + 1;
          if (bytes > limit) return bytes;
        }
        return bytes;
      }
      for (const key in value) {
        const item = (value as Record<string, unknown>)[key];
        bytes += 4 + UNIT_JSON_MAX_BYTES * key.length + jsonBytesAtMost(item, limit);
        if (bytes > limit) return bytes;
      }
      return bytes;
    }
    default:
      return Infinity;
  }
}

/**
 * How many leading `items` fit in the payload budget, beside `overheadBytes` of the rest
 * of the result. Always at least one, so a page always makes progress.
 *
 * @example
 * ```ts
 * import { countFitting } from "./response_budget.ts";
 * countFitting([{ a: 1 }, { a: 2 }], 100); // 2
 * ```
 */
export function countFitting(items: readonly unknown[], overheadBytes: number): number {
  // Nearly every page fits by far: a bound on its JSON's length, counted from the values'
  // lengths, settles it without building the JSON, which the answer builds anyway.
  const room = PAYLOAD_BUDGET_BYTES - overheadBytes + 1;
  if (jsonBytesAtMost(items, room) <= room) return items.length;
  // Else item by item, up to the first that does not fit: the JSON built is at most the
  // budget and one item, however large the page (1,000 rows of 10 KB each, measured whole,
  // made a listing's every page cost the whole page's JSON).
  let used = overheadBytes;
  for (let i = 0; i < items.length; i++) {
    used += jsonBytes(items[i]) + 1;
    if (used > PAYLOAD_BUDGET_BYTES) return Math.max(1, i);
  }
  return items.length;
}

/**
 * The page a listing answers: the leading `items` that fit the payload budget, and a
 * cursor when more follow, either rows past the limit (a listing reads one row more than
 * it shows) or items the budget left out. `rows` are the rows read, `items` the first of
 * them shaped for the answer; `cursorFor` gets the last row kept and how many were kept.
 *
 * @example
 * ```ts
 * import { fitPage, LISTING_OVERHEAD_BYTES } from "./response_budget.ts";
 * const rows = [{ pk: 1 }, { pk: 2 }, { pk: 3 }];
 * fitPage(rows, rows.slice(0, 2), LISTING_OVERHEAD_BYTES, (last) => `after ${last.pk}`);
 * // { items: [{ pk: 1 }, { pk: 2 }], nextCursor: "after 2" }
 * ```
 */
export function fitPage<R, T>(
  rows: readonly R[],
  items: readonly T[],
  overheadBytes: number,
  cursorFor: (last: R, kept: number) => string,
): { items: T[]; nextCursor: string | null } {
  const kept = countFitting(items, overheadBytes);
  const last = rows[kept - 1];
  const more = rows.length > items.length || kept < items.length;
  return {
    items: items.slice(0, kept),
    nextCursor: more && last !== undefined ? cursorFor(last, kept) : null,
  };
}

/** Bytes one UTF-16 unit takes inside a JSON string (a pair's high half counts all 4). */
function jsonUnitBytes(code: number): number {
  if (code === 0x22 || code === 0x5c) return 2;
  if (code < 0x20) return code === 0x0a || code === 0x0d || code === 0x09 ? 2 : 6;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdbff) return 4;
  if (code >= 0xdc00 && code <= 0xdfff) return 0;
  return 3;
}

/**
 * The end (exclusive) of the longest run of `text` from `start` to at most `end` whose JSON
 * string form fits in `allowedBytes`. Never splits a surrogate pair.
 *
 * @example
 * ```ts
 * import { fitJsonText } from "./response_budget.ts";
 * fitJsonText('ab"cd', 0, 5, 4); // 3: a, b and the escaped quote
 * ```
 */
export function fitJsonText(
  text: string,
  start: number,
  end: number,
  allowedBytes: number,
): number {
  let used = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    const isPairStart = code >= 0xd800 && code <= 0xdbff && i + 1 < end;
    const cost = isPairStart ? 4 : (code >= 0xd800 && code <= 0xdfff ? 6 : jsonUnitBytes(code));
    if (used + cost > allowedBytes) return i;
    used += cost;
    if (isPairStart) i++;
  }
  return end;
}
