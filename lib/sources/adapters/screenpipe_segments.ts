/**
 * screenpipe sittings as segments, for turns: a sitting's segments are made by sorting its
 * rows by when each chunk's speech starts (screenpipe_sittings.ts), which needs every row,
 * so the segments of the last few sittings read are kept until the database changes, and
 * the pages of one sitting read it once. Its speakers and a search hit's moment need only
 * where each row sorts, read without the text (screenpipe_order.ts), or come from the rows
 * a caller holds when they are the whole sitting; speakers are kept, for many more
 * sittings, until the database changes.
 *
 * @module
 */
import type { Store } from "../../store/store.ts";
import type { SegmentRecord } from "../source_reader.ts";
import {
  type AudioRow,
  type Sitting,
  sittingSegments,
  type SittingWalker,
} from "./screenpipe_sittings.ts";
import type { SittingOrder } from "./screenpipe_order.ts";
import { firstHolding, speakersOf } from "../turns.ts";
import { MAX_SPEAKERS } from "../../config/limits.ts";

// Segments kept, in all: a few sittings being paged through (a 500-row sitting is about
// 200 KB), within a few MB.
const KEPT_SEGMENTS = 20_000;

// Sittings whose speakers are kept: a few pages' worth (a short list each).
const KEPT_SPEAKERS = 512;

/**
 * The segments and speakers of sittings over one source's connection.
 *
 * @example
 * ```ts
 * import { SittingSegments } from "./screenpipe_segments.ts";
 * import type { SittingWalker } from "./screenpipe_sittings.ts";
 * import type { SittingOrder } from "./screenpipe_order.ts";
 * import type { Store } from "../../store/store.ts";
 * declare const store: Store, walker: SittingWalker, order: SittingOrder;
 * const segments = new SittingSegments(store, walker, order);
 * ```
 */
export class SittingSegments {
  readonly #store: Store;
  readonly #walker: SittingWalker;
  readonly #order: SittingOrder;
  #version = -1;
  #kept = new Map<number, SegmentRecord[]>();
  #speakersKept = new Map<number, string[]>();
  #keptCount = 0;

  /** Reads sittings through `walker` (whole) or `order` (their order alone), on `store`. */
  constructor(store: Store, walker: SittingWalker, order: SittingOrder) {
    this.#store = store;
    this.#walker = walker;
    this.#order = order;
  }

  /** Forgets what was kept when the database has changed since. */
  #current(): void {
    const version = Number(this.#store.get("PRAGMA data_version")?.["data_version"] ?? 0);
    if (version !== this.#version) {
      [this.#version, this.#kept, this.#speakersKept] = [version, new Map(), new Map()];
      this.#keptCount = 0;
    }
  }

  /** The sitting's segments, in time order. */
  of(sitting: Sitting): SegmentRecord[] {
    this.#current();
    const key = sitting.start.id;
    let segments = this.#kept.get(key);
    if (segments === undefined) {
      segments = sittingSegments(this.#walker.rows(sitting), sitting.start.ms);
      this.#keptCount += segments.length;
      while (this.#keptCount > KEPT_SEGMENTS && this.#kept.size > 0) {
        const [oldest, dropped] = this.#kept.entries().next().value!;
        this.#kept.delete(oldest);
        this.#keptCount -= dropped.length;
      }
    }
    this.#kept.delete(key);
    this.#kept.set(key, segments);
    return segments;
  }

  /**
   * Who speaks in the sitting, each once, in order of first appearance among its segments.
   * `whole`, when given, is every row of the sitting (a short sitting read whole), and is
   * used instead of a statement.
   */
  speakers(sitting: Sitting, whole?: readonly AudioRow[]): string[] {
    this.#current();
    const key = sitting.start.id;
    const kept = this.#speakersKept.get(key);
    if (kept !== undefined) return kept;
    const speakers = whole === undefined
      ? this.#order.speakers(sitting) ?? speakersOf(this.of(sitting), MAX_SPEAKERS)
      : speakersOf(sittingSegments(whole, sitting.start.ms), MAX_SPEAKERS);
    if (this.#speakersKept.size >= KEPT_SPEAKERS) {
      this.#speakersKept.delete(this.#speakersKept.keys().next().value!);
    }
    this.#speakersKept.set(key, speakers);
    return speakers;
  }

  /**
   * The first segment (by seq) of the sitting that holds `needle` as whole words, exactly
   * or else case-insensitively, or null.
   */
  find(sitting: Sitting, needle: string): SegmentRecord | null {
    const found = this.#order.find(sitting, needle);
    return found !== undefined ? found : firstHolding(this.of(sitting), needle);
  }
}
