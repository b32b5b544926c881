/**
 * Keyset paging for the listing tools: the WHERE clause built from fixed conditions whose
 * values are always bound, one row read past the page to know whether more follow, and the
 * page cut to the response budget with a cursor naming its last row.
 *
 * @module
 */
import { KEEP_GOING_SQL, type Store, type StoreParam, type StoreRow } from "../store/store.ts";
import { fitPage, LISTING_OVERHEAD_BYTES } from "./response_budget.ts";

/**
 * The conditions of a listing's WHERE clause and their bound values. The per-row deadline
 * check ({@link KEEP_GOING_SQL}) is always the first, so a listing cannot leave it out.
 * The SQL varies only by which fixed conditions apply; every value is bound.
 *
 * @example
 * ```ts
 * import { Conditions } from "./keyset_page.ts";
 * const conditions = new Conditions().equal("starred", true).add("created_at >= ?", "2026-11-01");
 * conditions.params; // [1, "2026-11-01"]
 * ```
 */
export class Conditions {
  readonly #conditions: string[] = [KEEP_GOING_SQL];
  /** The values bound to the conditions' parameters, in order. */
  readonly params: StoreParam[] = [];

  /** Adds a condition and the values bound to its `?` parameters. */
  add(sql: string, ...values: StoreParam[]): this {
    this.#conditions.push(sql);
    this.params.push(...values);
    return this;
  }

  /** Adds `column = ?` when `value` is given; a boolean is bound as 1 or 0. */
  equal(column: string, value: string | boolean | undefined): this {
    if (value === undefined) return this;
    return this.add(`${column} = ?`, typeof value === "boolean" ? (value ? 1 : 0) : value);
  }

  /** The WHERE clause, every condition joined. */
  get where(): string {
    return `WHERE ${this.#conditions.join(" AND ")}`;
  }
}

/**
 * Reads one page of a listing: `sql` (its conditions' WHERE clause in it, `LIMIT ?` last)
 * is run for `limit + 1` rows, the first `limit` are shaped by `item`, and the page is cut
 * to the response budget, with `cursorFor` naming the last row kept when more follow.
 *
 * @example
 * ```ts
 * import { Conditions, keysetPage } from "./keyset_page.ts";
 * import { openDemoStore } from "../demo/demo_store.ts";
 * const conditions = new Conditions();
 * const page = keysetPage(
 *   openDemoStore(),
 *   `SELECT id FROM tasks ${conditions.where} ORDER BY created_at DESC, id DESC LIMIT ?`,
 *   conditions,
 *   5,
 *   (row) => String(row["id"]),
 *   (last) => String(last["id"]),
 * );
 * page.items.length; // 5
 * ```
 */
export function keysetPage<T>(
  store: Store,
  sql: string,
  conditions: Conditions,
  limit: number,
  item: (row: StoreRow) => T,
  cursorFor: (last: StoreRow) => string,
): { items: T[]; nextCursor: string | null } {
  const rows = store.all(sql, ...conditions.params, limit + 1);
  return fitPage(rows, rows.slice(0, limit).map(item), LISTING_OVERHEAD_BYTES, cursorFor);
}
