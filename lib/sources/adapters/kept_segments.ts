/**
 * The segments of the item read last, kept while the database is unchanged: tools page an
 * item's segments 1,000 at a time (resources/read reads them all so), and a kind that must
 * read every segment of an item to number or order them would otherwise read it whole once
 * a page: 150 whole reads for an item of 150,000 segments.
 *
 * @module
 */
import type { SegmentRecord } from "../source_reader.ts";

/**
 * One item's segments, kept for the database version they were read at.
 *
 * @example
 * ```ts
 * import { KeptSegments } from "./kept_segments.ts";
 * const kept = new KeptSegments();
 * kept.of(1, "a", () => []).length; // 0
 * ```
 */
export class KeptSegments {
  #kept: { version: number; id: string; segments: SegmentRecord[] } | undefined;

  /** The segments of item `id` at database `version`: kept ones, or `read()` and kept. */
  of(version: number, id: string, read: () => SegmentRecord[]): SegmentRecord[] {
    const kept = this.#kept;
    if (kept !== undefined && kept.version === version && kept.id === id) return kept.segments;
    const segments = read();
    this.#kept = { version, id, segments };
    return segments;
  }
}
