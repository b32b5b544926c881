/**
 * Facts kept per sitting (its order, texts, segments, speakers), for the last few sittings
 * read, and kept current by {@link ScreenpipeChanges}: after appends alone, only the
 * sittings that may have grown (the newest, and any holding rows the app's indexer has not
 * reached) are dropped; after anything else, all are.
 *
 * A fact heavier than all that is kept (a day-long sitting of tens of thousands of rows) is
 * held for the rest of the call that made it, and let go when the call ends: a get_turns
 * page reads its sitting's segments batch by batch, and read again for each batch, a
 * 30,000-row sitting took 3.3 s for a speaker's page and 100,000 rows ran past the deadline.
 *
 * @module
 */
import type { Looked, ScreenpipeChanges } from "./screenpipe_changes.ts";
import type { Sitting } from "./screenpipe_sittings.ts";
import { whenCallEnds } from "../call_clock.ts";

/** One sitting's kept fact. */
interface Entry<T> {
  /** The sitting's last row's timestamp when the fact was made. */
  end: string;
  /** That row's id. */
  endId: number;
  value: T;
  weight: number;
}

/**
 * Facts about sittings, keyed by each sitting's first row, within a total weight.
 *
 * @example
 * ```ts
 * import { KeptSittings } from "./screenpipe_kept.ts";
 * import type { ScreenpipeChanges } from "./screenpipe_changes.ts";
 * import type { Sitting } from "./screenpipe_sittings.ts";
 * declare const changes: ScreenpipeChanges, sitting: Sitting;
 * const lengths = new KeptSittings<number>(changes, 1_000, () => 1);
 * lengths.get(sitting, () => 42); // 42, made once while the sitting is unchanged
 * ```
 */
export class KeptSittings<T> {
  readonly #changes: ScreenpipeChanges;
  readonly #limit: number;
  readonly #weigh: (value: T) => number;
  #entries = new Map<number, Entry<T>>();
  #weight = 0;
  #seen: Looked | undefined;
  /** A fact over the limit, by its sitting's first row, held until the call ends. */
  #heavy: { key: number; entry: Entry<T> } | undefined;

  /** Keeps facts weighing `limit` in all, each as `weigh` says. */
  constructor(changes: ScreenpipeChanges, limit: number, weigh: (value: T) => number) {
    this.#changes = changes;
    this.#limit = limit;
    this.#weigh = weigh;
  }

  /**
   * The sitting's fact: as kept when still current, else made by `make` and kept, unless
   * `keep` says it must not be (a read that raced a write).
   */
  get(sitting: Sitting, make: () => T, keep: (value: T) => boolean = () => true): T {
    this.#current();
    const key = sitting.start.id;
    const kept = this.#entries.get(key);
    // A sitting that ends elsewhere than when its fact was made grew: rows the app wrote
    // after its bounds were read and before the database was looked at (so no later look
    // tells) are in it now, and not in the fact.
    if (kept !== undefined && !endsAt(kept, sitting)) this.#drop(key, kept);
    else if (kept !== undefined) {
      // The most recently used is last: the first is dropped when over the limit.
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept.value;
    }
    if (this.#heavy?.key === key && endsAt(this.#heavy.entry, sitting)) {
      return this.#heavy.entry.value;
    }
    const value = make();
    if (!keep(value)) return value;
    const weight = this.#weigh(value);
    const entry = { end: sitting.end.ts, endId: sitting.end.id, value, weight };
    if (weight > this.#limit) {
      if (whenCallEnds(() => this.#heavy = undefined)) this.#heavy = { key, entry };
      return value;
    }
    this.#entries.set(key, entry);
    this.#weight += weight;
    for (const [oldest, entry] of this.#entries) {
      if (this.#weight <= this.#limit) break;
      this.#drop(oldest, entry);
    }
    return value;
  }

  /** Drops what the changes since the last look may have made stale. */
  #current(): void {
    const now = this.#changes.look();
    const seen = this.#seen;
    if (seen?.version === now.version) return;
    this.#seen = now;
    if (seen === undefined || seen.detailEpoch !== now.detailEpoch) {
      this.#entries = new Map();
      this.#weight = 0;
      this.#heavy = undefined;
      return;
    }
    // Appends alone: a sitting that ended before the rows that could change is as it was.
    for (const [key, entry] of this.#entries) {
      if (entry.end >= seen.changingFrom) this.#drop(key, entry);
    }
    if (this.#heavy !== undefined && this.#heavy.entry.end >= seen.changingFrom) {
      this.#heavy = undefined;
    }
  }

  #drop(key: number, entry: Entry<T>): void {
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}

/** Whether `entry` was made of the sitting as it ends now. */
function endsAt<T>(entry: Entry<T>, sitting: Sitting): boolean {
  return entry.end === sitting.end.ts && entry.endId === sitting.end.id;
}
