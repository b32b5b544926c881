/**
 * Newest-first pages of another app's items, keyed by a time in epoch ms (`k`) and the
 * rowid (`r`) that orders items of the same time: the position a page ends at, checked when
 * it comes back, and the SQL that reads the next page within a time filter.
 *
 * @module
 */
import { InvalidCursorError, type Position, type TranscriptFilter } from "../source_reader.ts";
import type { Store, StoreParam, StoreRow } from "../../store/store.ts";

/**
 * The numbers of a position this module's pages made, checked to be `length` safe
 * integers; null for the first page. Throws InvalidCursorError for any other.
 *
 * @example
 * ```ts
 * import { numericPosition } from "./newest_first.ts";
 * numericPosition([1_700_000_000_000, 42], 2); // [1700000000000, 42]
 * ```
 */
export function numericPosition(after: Position | null, length: number): number[] | null {
  if (after === null) return null;
  if (after.length !== length || !after.every((part) => Number.isSafeInteger(part))) {
    throw new InvalidCursorError();
  }
  return after as number[];
}

/**
 * Up to `limit` rows of `rowsSql` (a SELECT whose rows carry `k` and `r`), newest first,
 * after position `after` and within the filter's `since`/`until`.
 *
 * @example
 * ```ts
 * import type { Store } from "../../store/store.ts";
 * import { newestFirst } from "./newest_first.ts";
 * declare const store: Store;
 * newestFirst(store, "SELECT rowid AS r, created AS k FROM notes", null, 20, {});
 * ```
 */
export function newestFirst(
  store: Store,
  rowsSql: string,
  after: Position | null,
  limit: number,
  filter: TranscriptFilter,
  ...params: StoreParam[]
): StoreRow[] {
  const at = numericPosition(after, 2);
  return store.all(
    `SELECT * FROM (${rowsSql})
      WHERE (? IS NULL OR k < ? OR (k = ? AND r < ?)) AND k >= ? AND k < ?
      ORDER BY k DESC, r DESC LIMIT ?`,
    ...params,
    at === null ? null : 1,
    at?.[0] ?? 0,
    at?.[0] ?? 0,
    at?.[1] ?? 0,
    filter.since === undefined ? -8.64e15 : Date.parse(filter.since),
    filter.until === undefined ? 8.64e15 : Date.parse(filter.until),
    limit,
  );
}
