/**
 * Writing a transcript's segments into the store's `segments` table many rows per statement.
 * A run of `index` over a folder of 1,000 calls writes about 270,000 segments, and one
 * statement per row spent more on the calls into SQLite than on SQLite's own work: binding
 * the same values with one call per row measured 0.55-0.85 s, inserting them row by row
 * 1.2-1.6 s, 32 rows a statement 0.8-0.9 s (larger statements were slower again).
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { IndexedSegment } from "./indexed_item.ts";

/** Rows a statement inserts at once: internal tuning (measured best of 8 to 256). */
const ROWS_PER_INSERT = 32;

const COLUMNS =
  "INSERT INTO segments (transcript_id, seq, start_ms, end_ms, speaker, text) VALUES ";

/**
 * Inserts segments into a writable connection holding our schema.
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import { SegmentRows } from "./segment_rows.ts";
 * import { SCHEMA_SQL } from "../store/schema.ts";
 * const db = new DatabaseSync(":memory:", { enableForeignKeyConstraints: false });
 * db.exec(SCHEMA_SQL);
 * new SegmentRows(db).put("t1", [
 *   { seq: 0, startMs: 0, endMs: 900, speaker: "Ana", text: "Hello." },
 * ]);
 * ```
 */
export class SegmentRows {
  readonly #one: StatementSync;
  readonly #many: StatementSync;
  readonly #values: (string | number | null)[] = [];

  /** Prepares the inserts on `db`. */
  constructor(db: DatabaseSync) {
    const row = "(?, ?, ?, ?, ?, ?)";
    this.#one = db.prepare(COLUMNS + row);
    this.#many = db.prepare(COLUMNS + Array(ROWS_PER_INSERT).fill(row).join(", "));
  }

  /** Inserts the segments of the transcript `id`, all timed (the schema's times are NOT NULL). */
  put(id: string, segments: readonly IndexedSegment[]): void {
    const values = this.#values;
    let at = 0;
    for (; at + ROWS_PER_INSERT <= segments.length; at += ROWS_PER_INSERT) {
      values.length = 0;
      for (let i = at; i < at + ROWS_PER_INSERT; i++) {
        const s = segments[i]!;
        values.push(id, s.seq, s.startMs, s.endMs, s.speaker, s.text);
      }
      this.#many.run(...values);
    }
    for (; at < segments.length; at++) {
      const s = segments[at]!;
      this.#one.run(id, s.seq, s.startMs, s.endMs, s.speaker, s.text);
    }
  }
}
