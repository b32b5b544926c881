/**
 * How many sittings a screenpipe source holds, for list_sources and `check`, and where each
 * begins, for search. Counting walks every sitting (about 0.6 s for a year of daily use, a
 * million rows), so the walk's sitting starts are kept per connection (one row id and
 * timestamp per sitting: about 5,200, a few hundred kilobytes, for that year) and brought up
 * to date cheaply:
 *
 * - while the database is unchanged (PRAGMA data_version), it is answered as kept;
 * - when the app has only appended rows after the newest counted sitting began (its normal
 *   work: every row it adds is the newest), only that sitting and what follows are walked
 *   again;
 * - anything else (rows deleted, as its retention and delete-range do; a row added in the
 *   past; a speaker flagged as a hallucination or cleared) counts every sitting again.
 *
 * Which case applies is screenpipe_changes.ts's decision (statements that read no row's
 * text: the table's row count, the new rows' ids and timestamps, the flagged speakers),
 * the one every fact kept per sitting follows.
 *
 * Kept starts make a row's sitting start a binary search instead of a walk back through the
 * timestamp index. Only list_sources and `check` walk every sitting; a search uses the starts
 * when they are kept and current, or current after appends, and walks otherwise.
 *
 * @module
 */
import { keepGoingSql, type Store } from "../../store/store.ts";
import { ROWS, type ScreenpipeSchema } from "./screenpipe_schema.ts";
import { type RowRef, rowRef, type SittingWalker } from "./screenpipe_sittings.ts";
import type { ScreenpipeChanges } from "./screenpipe_changes.ts";

/** What a count was made from. */
interface Kept {
  /** PRAGMA data_version when it was made. */
  version: number;
  /** The rows' epoch then: while it is the same, only appends followed. */
  rowsEpoch: number;
  /** Every sitting's first row, in time order (by timestamp, then id). */
  starts: RowRef[];
}

/**
 * The kept first rows of every sitting, in time order, as a fresh walk would find them.
 *
 * @example
 * ```ts
 * import { SittingStarts } from "./screenpipe_count.ts";
 * const starts = new SittingStarts([{ id: 1, ts: "2026-01-01T09:00:00+00:00", ms: 0 }]);
 * starts.of({ id: 5, ts: "2026-01-01T09:10:00+00:00", ms: 600_000 })?.id; // 1
 * starts.next({ id: 5, ts: "2026-01-01T09:10:00+00:00", ms: 600_000 }); // undefined
 * ```
 */
export class SittingStarts {
  readonly #starts: readonly RowRef[];

  /** Starts in time order. */
  constructor(starts: readonly RowRef[]) {
    this.#starts = starts;
  }

  /**
   * The first row of the sitting that holds `row`: the latest start at or before its
   * timestamp (rows of one timestamp share a sitting, and a start is its timestamp's lowest
   * id), or undefined before the first.
   */
  of(row: RowRef): RowRef | undefined {
    return this.#starts[this.#after(row) - 1];
  }

  /** The first row of the sitting after the one that holds `row`, or undefined. */
  next(row: RowRef): RowRef | undefined {
    return this.#starts[this.#after(row)];
  }

  /** The index of the first start later than `row`'s timestamp. */
  #after(row: RowRef): number {
    let low = 0;
    let high = this.#starts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.#starts[mid]!.ts <= row.ts) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** How many sittings there are. */
  get size(): number {
    return this.#starts.length;
  }

  /** The starts, in time order. */
  list(): readonly RowRef[] {
    return this.#starts;
  }
}

/** Counts one source's sittings, keeping the count between calls. */
export class SittingCounter {
  readonly #store: Store;
  readonly #walker: SittingWalker;
  readonly #changes: ScreenpipeChanges;
  readonly #sql: Record<"first" | "next", string>;
  #kept: Kept | undefined;

  /** A counter over `store`'s rows as `schema` shows them, kept while `changes` allow. */
  constructor(
    store: Store,
    schema: ScreenpipeSchema,
    walker: SittingWalker,
    changes: ScreenpipeChanges,
  ) {
    this.#store = store;
    this.#walker = walker;
    this.#changes = changes;
    const from = `FROM ${ROWS} AS a ${schema.join}`;
    const where = `${schema.visible} AND ${keepGoingSql("a")}`;
    this.#sql = {
      first: `SELECT a.id AS id, a.timestamp AS ts ${from} WHERE a.timestamp >= ? AND ${where}
        ORDER BY a.timestamp, a.id LIMIT 1`,
      next: `SELECT a.id AS id, a.timestamp AS ts ${from} WHERE a.timestamp > ? AND ${where}
        ORDER BY a.timestamp, a.id LIMIT 1`,
    };
  }

  /** The number of sittings now. */
  count(): number {
    return this.#current(true)!.size;
  }

  /**
   * The sitting starts now, when they are kept and current or only appended to (then the
   * newest sitting is walked on), else undefined: this never walks every sitting.
   */
  known(): SittingStarts | undefined {
    return this.#current(false);
  }

  /** The starts now; without `full`, undefined when that would walk every sitting. */
  #current(full: boolean): SittingStarts | undefined {
    if (this.#kept === undefined && !full) return undefined;
    const { version, rowsEpoch } = this.#changes.look();
    const kept = this.#kept;
    if (kept?.version === version) return new SittingStarts(kept.starts);
    const appended = kept !== undefined && kept.rowsEpoch === rowsEpoch;
    if (!appended && !full) {
      this.#kept = undefined;
      return undefined;
    }
    const last = appended ? kept.starts.at(-1) : undefined;
    // The newest sitting may have grown: it is walked again, from its first row.
    const starts = last === undefined ? [] : kept!.starts.slice(0, -1);
    this.#walk(rowRef(this.#store.get(this.#sql.first, last?.ts ?? "")), starts);
    this.#kept = { version, rowsEpoch, starts };
    return new SittingStarts(starts);
  }

  /** Adds the starts of sittings from `row` on, one jump per gap's width of speech. */
  #walk(row: RowRef | undefined, starts: RowRef[]): void {
    while (row !== undefined) {
      this.#store.throwIfInterrupted();
      starts.push(row);
      row = rowRef(this.#store.get(this.#sql.next, this.#walker.endOf(row).ts));
    }
  }
}
