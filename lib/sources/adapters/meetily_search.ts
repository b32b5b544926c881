/**
 * Search over a Meetily database, which keeps no full-text index: the words of a query
 * (scan_search.ts) counted in meeting titles and segment texts, through the word index this
 * connection keeps (meetily_index.ts) where it can, else by a bounded scan.
 *
 * @module
 */
import type { Store } from "../../store/store.ts";
import { SCAN_INDEX_SLICE_MS } from "../../config/limits.ts";
import type { MeetilyIndex } from "./meetily_index.ts";
import {
  countsFor,
  countTitles,
  type ItemCounts,
  type ScanQuery,
  scanRows,
  type ScanTarget,
} from "./scan_search.ts";

const WHOLE_WORD = /^[\p{L}\p{M}\p{N}]+$/u;
/** Candidate rows of a several-part word fetched by one statement to be tested. */
const VERIFY_ROWS = 256;

/** Where Meetily's segment texts are scanned. */
const SEGMENTS: ScanTarget = {
  from: "transcripts t",
  alias: "t",
  text: "t.transcript",
  item: "t.meeting_id",
  where: "",
};

/** How often each word occurs in one meeting. */
export type MeetingCounts = ItemCounts;

/** What a scan saw: counts per meeting id, and whether it stopped early. */
export interface ScanCounts {
  /** The counts of each meeting that holds a word, by meeting id. */
  counts: Map<string, MeetingCounts>;
  /** Whether the scan stopped before it saw every row. */
  partial: boolean;
}

/**
 * Counts the segments the index covers that hold each word: for a one-part word straight
 * from the index; for a word of several parts, the index's candidates are read and tested.
 */
function indexCounts(
  store: Store,
  index: MeetilyIndex,
  query: ScanQuery,
  counts: Map<string, MeetingCounts>,
): void {
  const size = query.terms.length;
  query.terms.forEach((term, i) => {
    const { list } = index.segmentsHolding(term.parts);
    if (term.parts.length === 1) {
      for (const segment of list) countsFor(counts, index.meetingOf(segment), size).segments[i]!++;
      return;
    }
    for (let at = 0; at < list.length; at += VERIFY_ROWS) {
      const batch = list.slice(at, at + VERIFY_ROWS);
      const meetingOf = new Map(batch.map((segment) => [
        index.rowidOf(segment),
        index.meetingOf(segment),
      ]));
      const rows = store.all(
        `SELECT t.rowid AS r, t.transcript AS x FROM transcripts t
          WHERE t.rowid IN (${batch.map(() => "?").join(", ")})`,
        ...meetingOf.keys(),
      );
      for (const row of rows) {
        const meeting = meetingOf.get(Number(row["r"]));
        if (meeting !== undefined && term.test(String(row["x"] ?? "").toLowerCase())) {
          countsFor(counts, meeting, size).segments[i]!++;
        }
      }
      store.throwIfInterrupted();
    }
  });
}

/**
 * Counts the words of `query` in titles (given) and every segment: the segments `index`
 * covers through it (growing it first for up to {@link SCAN_INDEX_SLICE_MS}), the rest by
 * scanRows (scan_search.ts), which stops with `partial` once the scan budget has gone.
 * Throws StoreInterruptedError when the call must stop. Without an index, or for a word the index cannot hold, everything is scanned.
 */
export function scanCounts(
  store: Store,
  query: ScanQuery,
  titles: readonly { id: string; title: string }[],
  index: MeetilyIndex | null,
): ScanCounts {
  const started = performance.now();
  const size = query.terms.length;
  const counts = new Map<string, MeetingCounts>();
  countTitles(counts, query, titles);
  if (size === 0) return { counts, partial: false };
  let from = Number.MIN_SAFE_INTEGER;
  if (
    index !== null && query.terms.every((term) => term.parts.every((part) => WHOLE_WORD.test(part)))
  ) {
    index.grow(store, started + SCAN_INDEX_SLICE_MS);
    indexCounts(store, index, query, counts);
    from = index.coveredRowid;
  }
  const partial = scanRows(store, query, SEGMENTS, from, started, (meeting, hits) => {
    const entry = countsFor(counts, meeting, size);
    hits.forEach((hit, i) => {
      if (hit) entry.segments[i]!++;
    });
  });
  return { counts, partial };
}
