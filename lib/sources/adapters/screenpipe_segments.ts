/**
 * screenpipe sittings as segments, for turns: a sitting's segments are made by sorting its
 * rows by when each chunk's speech starts (screenpipe_sittings.ts), which needs every row,
 * so the segments of the last few sittings read are kept, and the pages of one sitting
 * read it once. Its speakers and a search hit's moment need only where each row sorts,
 * read without the text (screenpipe_order.ts), or come from the rows a caller holds when
 * they are the whole sitting; speakers are kept for many more sittings. Both are kept while
 * screenpipe_changes.ts finds them current: through the app's appends, but for the newest
 * sitting's.
 *
 * @module
 */
import type { SegmentRecord } from "../source_reader.ts";
import {
  type AudioRow,
  type Sitting,
  sittingSegments,
  type SittingWalker,
} from "./screenpipe_sittings.ts";
import type { SittingOrder } from "./screenpipe_order.ts";
import type { ScreenpipeChanges } from "./screenpipe_changes.ts";
import { KeptSittings } from "./screenpipe_kept.ts";
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
 * import type { ScreenpipeChanges } from "./screenpipe_changes.ts";
 * declare const walker: SittingWalker, order: SittingOrder, changes: ScreenpipeChanges;
 * const segments = new SittingSegments(walker, order, changes);
 * ```
 */
export class SittingSegments {
  readonly #walker: SittingWalker;
  readonly #order: SittingOrder;
  readonly #kept: KeptSittings<SegmentRecord[]>;
  readonly #speakers: KeptSittings<string[]>;

  /**
   * Reads sittings through `walker` (whole) or `order` (their order alone), keeping what it
   * read while `changes` allow.
   */
  constructor(walker: SittingWalker, order: SittingOrder, changes: ScreenpipeChanges) {
    this.#walker = walker;
    this.#order = order;
    this.#kept = new KeptSittings(changes, KEPT_SEGMENTS, (segments) => segments.length);
    this.#speakers = new KeptSittings(changes, KEPT_SPEAKERS, () => 1);
  }

  /** The sitting's segments, in time order. */
  of(sitting: Sitting): SegmentRecord[] {
    return this.#kept.get(
      sitting,
      () => sittingSegments(this.#walker.rows(sitting), sitting.start.ms),
    );
  }

  /**
   * Who speaks in the sitting, each once, in order of first appearance among its segments.
   * `whole`, when given, is every row of the sitting (a short sitting read whole), and is
   * used instead of a statement.
   */
  speakers(sitting: Sitting, whole?: readonly AudioRow[]): string[] {
    return this.#speakers.get(
      sitting,
      () =>
        whole === undefined
          ? this.#order.speakers(sitting) ?? speakersOf(this.of(sitting), MAX_SPEAKERS)
          : speakersOf(sittingSegments(whole, sitting.start.ms), MAX_SPEAKERS),
    );
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
