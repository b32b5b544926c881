/**
 * screenpipe sittings as segments, for turns and moments: a sitting's segments are made by
 * sorting its rows by when each chunk's speech starts (screenpipe_sittings.ts), which needs
 * every row, so the segments of the last few sittings read are kept until the database
 * changes, and the pages of one sitting read it once. Its speakers come from one grouped
 * statement, without the text.
 *
 * @module
 */
import { keepGoingSql, type Store } from "../../store/store.ts";
import type { SegmentRecord } from "../source_reader.ts";
import { ROWS, type ScreenpipeSchema } from "./screenpipe_schema.ts";
import {
  audioRow,
  type Sitting,
  sittingSegments,
  type SittingWalker,
} from "./screenpipe_sittings.ts";
import { MAX_SPEAKERS } from "../../config/limits.ts";

// Sittings whose segments are kept: a few, as a search page renders moments in several.
const KEPT = 4;

/**
 * The segments and speakers of sittings over one source's connection.
 *
 * @example
 * ```ts
 * import { SittingSegments } from "./screenpipe_segments.ts";
 * import type { SittingWalker } from "./screenpipe_sittings.ts";
 * import type { ScreenpipeSchema } from "./screenpipe_schema.ts";
 * import type { Store } from "../../store/store.ts";
 * declare const store: Store, schema: ScreenpipeSchema, walker: SittingWalker;
 * const segments = new SittingSegments(store, schema, walker);
 * ```
 */
export class SittingSegments {
  readonly #store: Store;
  readonly #walker: SittingWalker;
  readonly #speakersSql: string;
  #version = -1;
  #kept = new Map<number, SegmentRecord[]>();

  /** Reads sittings through `walker`, on `store`, in `schema`'s layout. */
  constructor(store: Store, schema: ScreenpipeSchema, walker: SittingWalker) {
    this.#store = store;
    this.#walker = walker;
    // One row per speaker, the one with its earliest timestamp (SQLite's min() picks it).
    this.#speakersSql = `SELECT ${schema.rowColumns}, min(a.timestamp) AS first
      FROM ${ROWS} AS a ${schema.join}
     WHERE a.timestamp >= ? AND a.timestamp <= ? AND ${schema.visible} AND ${keepGoingSql("a")}
     GROUP BY speaker_id, speaker_name ORDER BY first`;
  }

  /** The sitting's segments, in time order. */
  of(sitting: Sitting): SegmentRecord[] {
    const version = Number(this.#store.get("PRAGMA data_version")?.["data_version"] ?? 0);
    if (version !== this.#version) [this.#version, this.#kept] = [version, new Map()];
    const key = sitting.start.id;
    let segments = this.#kept.get(key);
    if (segments === undefined) {
      segments = sittingSegments(this.#walker.rows(sitting), sitting.start.ms);
      if (this.#kept.size >= KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    }
    this.#kept.delete(key);
    this.#kept.set(key, segments);
    return segments;
  }

  /** Who speaks in the sitting, each once, in order of first appearance. */
  speakers(sitting: Sitting): string[] {
    const rows = this.#store.all(this.#speakersSql, sitting.start.ts, sitting.end.ts);
    const names = new Set<string>();
    for (const row of rows.map(audioRow)) {
      if (row.speaker !== null && names.size < MAX_SPEAKERS) names.add(row.speaker);
    }
    return [...names];
  }
}
