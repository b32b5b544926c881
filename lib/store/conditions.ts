/**
 * The WHERE clause of a keyset listing: fixed conditions whose values are always bound,
 * with the per-row deadline check always first.
 *
 * @module
 */
import { KEEP_GOING_SQL, type StoreParam } from "./store.ts";

/**
 * The conditions of a listing's WHERE clause and their bound values. The per-row deadline
 * check ({@link KEEP_GOING_SQL}) is always the first, so a listing cannot leave it out.
 * The SQL varies only by which fixed conditions apply; every value is bound.
 *
 * @example
 * ```ts
 * import { Conditions } from "./conditions.ts";
 * const conditions = new Conditions().equal("starred", true).add("created_at >= ?", "2026-11-01");
 * conditions.params; // [1, "2026-11-01"]
 * ```
 */
export class Conditions {
  readonly #conditions: string[];
  /** The values bound to the conditions' parameters, in order. */
  readonly params: StoreParam[] = [];

  /**
   * Starts with the deadline check `keepGoing`: {@link KEEP_GOING_SQL}, or keepGoingSql()
   * of the walked table's alias when the statement reads several tables.
   */
  constructor(keepGoing: string = KEEP_GOING_SQL) {
    this.#conditions = [keepGoing];
  }

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
