/**
 * How many sittings a screenpipe source holds, for list_sources and `check`. Counting walks
 * every sitting (about 0.9 s for a year of daily use, a million rows), so the count is kept
 * per connection and brought up to date cheaply:
 *
 * - while the database is unchanged (PRAGMA data_version), it is answered as kept;
 * - when the app has only appended rows after the newest counted sitting began (its normal
 *   work: every row it adds is the newest), only that sitting and what follows are walked
 *   again;
 * - anything else (rows deleted, as its retention and delete-range do; a row added in the
 *   past; a speaker flagged as a hallucination or cleared) counts every sitting again.
 *
 * Which case applies is decided by statements that read no row's text: the table's row
 * count (SQLite counts an index's entries), the new rows' ids and timestamps, and the
 * flagged speakers.
 *
 * @module
 */
import { keepGoingSql, type Store } from "../../store/store.ts";
import { ROWS, type ScreenpipeSchema } from "./screenpipe_schema.ts";
import { type RowRef, rowRef, type SittingWalker } from "./screenpipe_sittings.ts";

/** What a count was made from. */
interface Kept {
  /** PRAGMA data_version when it was made. */
  version: number;
  /** How many rows the table held, shown or not. */
  rows: number;
  /** The highest row id then. */
  maxId: number;
  /** The flagged speakers, as ids. */
  flagged: string;
  /** The first row of the newest sitting counted. */
  last: RowRef | undefined;
  /** Sittings counted. */
  count: number;
}

/** Counts one source's sittings, keeping the count between calls. */
export class SittingCounter {
  readonly #store: Store;
  readonly #walker: SittingWalker;
  readonly #sql: Record<
    "first" | "next" | "rows" | "maxId" | "newRows" | "pastRows" | "flagged",
    string
  >;
  #kept: Kept | undefined;

  /** A counter over `store`'s rows as `schema` shows them. */
  constructor(store: Store, schema: ScreenpipeSchema, walker: SittingWalker) {
    this.#store = store;
    this.#walker = walker;
    const from = `FROM ${ROWS} AS a ${schema.join}`;
    const where = `${schema.visible} AND ${keepGoingSql("a")}`;
    this.#sql = {
      first: `SELECT a.id AS id, a.timestamp AS ts ${from} WHERE a.timestamp >= ? AND ${where}
        ORDER BY a.timestamp, a.id LIMIT 1`,
      next: `SELECT a.id AS id, a.timestamp AS ts ${from} WHERE a.timestamp > ? AND ${where}
        ORDER BY a.timestamp, a.id LIMIT 1`,
      rows: `SELECT count(*) AS n FROM ${ROWS}`,
      maxId: `SELECT coalesce(max(id), 0) AS n FROM ${ROWS}`,
      newRows: `SELECT count(*) AS n FROM ${ROWS} WHERE id > ?`,
      pastRows: `SELECT 1 AS n FROM ${ROWS} WHERE id > ? AND timestamp < ? LIMIT 1`,
      flagged: schema.join === "" || !schema.visible.includes("hallucination")
        ? ""
        : "SELECT coalesce(group_concat(id), '') AS n FROM speakers WHERE hallucination <> 0",
    };
  }

  /** The number of sittings now. */
  count(): number {
    const version = this.#number("PRAGMA data_version", "data_version");
    const kept = this.#kept;
    if (kept?.version === version) return kept.count;
    const rows = this.#number(this.#sql.rows);
    const maxId = this.#number(this.#sql.maxId);
    const flagged = this.#sql.flagged === ""
      ? ""
      : String(this.#store.get(this.#sql.flagged)?.["n"] ?? "");
    const appended = kept !== undefined && kept.flagged === flagged &&
      rows === kept.rows + this.#number(this.#sql.newRows, "n", kept.maxId) &&
      (kept.last === undefined ||
        this.#store.get(this.#sql.pastRows, kept.maxId, kept.last.ts) === undefined);
    const [base, from] = appended && kept.last !== undefined
      ? [kept.count - 1, rowRef(this.#store.get(this.#sql.first, kept.last.ts))]
      : [0, rowRef(this.#store.get(this.#sql.first, ""))];
    const walked = this.#walk(from);
    this.#kept = { version, rows, maxId, flagged, ...walked, count: base + walked.count };
    return this.#kept.count;
  }

  /** Counts sittings from `row` on, one jump per gap's width of speech. */
  #walk(row: RowRef | undefined): { count: number; last: RowRef | undefined } {
    let count = 0;
    let last: RowRef | undefined;
    while (row !== undefined) {
      this.#store.throwIfInterrupted();
      count++;
      last = row;
      row = rowRef(this.#store.get(this.#sql.next, this.#walker.endOf(row).ts));
    }
    return { count, last };
  }

  #number(sql: string, column = "n", ...params: number[]): number {
    return Number(this.#store.get(sql, ...params)?.[column] ?? 0);
  }
}
