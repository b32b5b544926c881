/**
 * How many sittings a screenpipe source holds, for list_sources and `check`, and where each
 * begins, for search. Counting walks every sitting (about 0.9 s for a year of daily use, a
 * million rows; 5.5 s when none of the file is in memory yet), so the walk's sitting starts
 * are kept per connection (one row id and timestamp per sitting: about 5,200, a few hundred
 * kilobytes, for that year) and brought up to date cheaply:
 *
 * - while the database is unchanged (PRAGMA data_version), it is answered as kept;
 * - when the app has only appended rows after the newest counted sitting began (its normal
 *   work: every row it adds is the newest), only that sitting and what follows are walked
 *   again;
 * - anything else (rows deleted, as its retention and delete-range do; a row added in the
 *   past; a speaker flagged as a hallucination or cleared) counts every sitting again.
 *
 * A count may stop on the way: list_sources gives it a budget (COUNT_BUDGET_MS), and a
 * call's deadline stops it too. What it walked is kept, and the next count goes on from the
 * sitting it stopped before (appends meanwhile only add sittings it has still to reach).
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

/** What a count was made from, or how far it got. */
interface Kept {
  /** PRAGMA data_version when it was made. */
  version: number;
  /** The rows' epoch then: while it is the same, only appends followed. */
  rowsEpoch: number;
  /** The first row of every sitting walked to its end, in time order (timestamp, then id). */
  starts: RowRef[];
  /** The first row of the next sitting to walk, or undefined when the walk is done. */
  next: RowRef | undefined;
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

  /**
   * The number of sittings now, or null when counting them takes longer than `budgetMs`
   * (at least one sitting is walked a call): the walk goes on from where it stopped at the
   * next count, as it does after a call stopped by its deadline.
   */
  count(budgetMs = Infinity): number | null {
    const starts = this.#current(performance.now() + budgetMs);
    return starts === undefined ? null : starts.size;
  }

  /** How many sittings a count that has not finished has walked so far. */
  counted(): number {
    return this.#kept?.starts.length ?? 0;
  }

  /**
   * The sitting starts now, when they are kept and current or only appended to (then the
   * newest sitting is walked on), else undefined: this never walks every sitting.
   */
  known(): SittingStarts | undefined {
    return this.#current(null);
  }

  /**
   * The starts now, walking on until `until` (a performance.now() time), or, for null,
   * only when that needs no walk past the newest sitting; undefined when not done.
   */
  #current(until: number | null): SittingStarts | undefined {
    const { version, rowsEpoch } = this.#changes.look();
    let kept = this.#kept;
    if (kept !== undefined && kept.rowsEpoch !== rowsEpoch) kept = this.#kept = undefined;
    if (kept?.version === version && kept.next === undefined) {
      return new SittingStarts(kept.starts);
    }
    // Only appends since (or nothing): a finished count walks its newest sitting again, as
    // it may have grown; one that stopped goes on from the sitting it stopped before.
    if (until === null && kept?.next !== undefined) return undefined;
    let limit = until ?? Infinity;
    if (kept === undefined) {
      if (until === null) return undefined;
      kept = { version, rowsEpoch, starts: [], next: undefined };
      kept.next = rowRef(this.#store.get(this.#sql.first, ""));
    } else if (kept.next === undefined) {
      const last = kept.starts.pop();
      kept.next = rowRef(this.#store.get(this.#sql.first, last?.ts ?? ""));
      // After appends a finished count only walks the newest sittings: it is brought up to
      // date whatever the budget, or a spent one would leave searches without the starts.
      limit = Infinity;
    }
    kept.version = version;
    this.#kept = kept;
    this.#walk(kept, limit);
    return kept.next === undefined ? new SittingStarts(kept.starts) : undefined;
  }

  /**
   * Walks sittings from `kept.next` on, one jump per gap's width of speech, until the
   * newest sitting's end or `until` has passed after one sitting at least. `kept` is
   * brought on after each sitting, so a call stopped on the way leaves what it walked.
   */
  #walk(kept: Kept, until: number): void {
    let walked = 0;
    while (kept.next !== undefined) {
      this.#store.throwIfInterrupted();
      if (walked++ > 0 && performance.now() > until) return;
      const start = kept.next;
      const next = rowRef(this.#store.get(this.#sql.next, this.#walker.endOf(start).ts));
      // Both after the reads, which a deadline may stop: a sitting is counted once.
      kept.starts.push(start);
      kept.next = next;
    }
  }
}
