/**
 * Where each Meetily meeting's segments lie in `transcripts` (first and last rowid): the app
 * keeps no index on `transcripts.meeting_id`, so one grouped pass learns them, and after the
 * database changes (PRAGMA data_version) only the rows after the last one seen are read.
 * Meetily only appends rows and deletes whole meetings; when the last row seen is gone or
 * belongs to another meeting (SQLite reused its rowid), the pass starts over.
 *
 * @module
 */
import type { Store } from "../../store/store.ts";
import { keepGoingSql } from "../../store/store.ts";

/**
 * Whether the `transcripts` row `rowid` is gone or no longer belongs to `meetingId`: the
 * sign that rows a reader covered up to it may have been replaced.
 *
 * @example
 * ```ts
 * import { coverageLost } from "./meetily_ranges.ts";
 * import type { Store } from "../../store/store.ts";
 * declare const store: Store;
 * coverageLost(store, 42, "meeting-1");
 * ```
 */
export function coverageLost(store: Store, rowid: number, meetingId: string): boolean {
  const row = store.get("SELECT t.meeting_id AS m FROM transcripts t WHERE t.rowid = ?", rowid);
  return row === undefined || String(row["m"]) !== meetingId;
}

/**
 * The segment ranges of one connection's meetings; see the module doc.
 *
 * @example
 * ```ts
 * import { SegmentRanges } from "./meetily_ranges.ts";
 * import type { Store } from "../../store/store.ts";
 * declare const store: Store;
 * new SegmentRanges().of(store, 7).get("meeting-1"); // [first rowid, last rowid] or undefined
 * ```
 */
export class SegmentRanges {
  #version: number | undefined;
  #ranges = new Map<string, [number, number]>();
  #lastRowid = Number.MIN_SAFE_INTEGER;
  #lastMeeting: string | null = null;

  /** The ranges as of `version`, the connection's current PRAGMA data_version. */
  of(store: Store, version: number): Map<string, [number, number]> {
    if (this.#version === version) return this.#ranges;
    if (this.#lastMeeting !== null && coverageLost(store, this.#lastRowid, this.#lastMeeting)) {
      this.#ranges = new Map();
      this.#lastRowid = Number.MIN_SAFE_INTEGER;
      this.#lastMeeting = null;
    }
    const rows = store.all(
      `SELECT t.meeting_id AS m, min(t.rowid) AS a, max(t.rowid) AS b FROM transcripts t
        WHERE t.rowid > ? AND ${keepGoingSql("t")} GROUP BY t.meeting_id`,
      this.#lastRowid,
    );
    for (const row of rows) {
      const meeting = String(row["m"]);
      const [first, last] = [Number(row["a"]), Number(row["b"])];
      const known = this.#ranges.get(meeting);
      this.#ranges.set(meeting, [Math.min(first, known?.[0] ?? first), last]);
      if (last > this.#lastRowid) [this.#lastRowid, this.#lastMeeting] = [last, meeting];
    }
    this.#version = version;
    return this.#ranges;
  }
}
