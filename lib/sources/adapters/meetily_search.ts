/**
 * Search over a Meetily database, which keeps no full-text index: the segments the word
 * index covers are counted through it, the rest by the shared scan (scan_search.ts), with
 * Unicode case folding, as the app's own search does.
 *
 * @module
 */
import type { Store } from "../../store/store.ts";
import type { MeetilyIndex } from "./meetily_index.ts";
import {
  countsOf,
  countTitles,
  indexSliceEnd,
  type ItemCounts,
  type ScannedTable,
  type ScanQuery,
  scanRows,
} from "./scan_search.ts";
import { withStems } from "./scan_terms.ts";
import { textOf } from "./text_value.ts";
import { callStarted } from "../call_clock.ts";

const WHOLE_WORD = /^[\p{L}\p{M}\p{N}]+$/u;
/** Candidate rows of a several-part word fetched by one statement to be tested. */
const VERIFY_ROWS = 256;
/** What the scan reads: each segment's text, by its meeting. */
const SEGMENTS: ScannedTable = {
  table: "transcripts",
  alias: "t",
  key: "t.meeting_id",
  texts: ["t.transcript"],
};

/** What a scan saw: counts per meeting id, and whether it stopped early. */
export interface ScanCounts {
  /** The counts of each meeting that holds a word, by meeting id. */
  counts: Map<string, ItemCounts>;
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
  counts: Map<string, ItemCounts>,
): void {
  const size = query.terms.length;
  query.terms.forEach((term, i) => {
    const { list } = index.segmentsHolding(term, () => store.throwIfInterrupted());
    if (term.parts.length === 1) {
      for (const segment of list) countsOf(counts, index.meetingOf(segment), size).segments[i]!++;
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
      const folded = rows.map((row) => textOf(row["x"]).toLowerCase());
      const held = withStems((misses) => folded.map((text) => term.test(text, misses)));
      for (const [n, row] of rows.entries()) {
        const meeting = meetingOf.get(Number(row["r"]));
        if (meeting !== undefined && held[n]) {
          countsOf(counts, meeting, size).segments[i]!++;
        }
      }
      store.throwIfInterrupted();
    }
  });
}

/**
 * Counts the words of `query` in titles (given) and every segment: the segments `index`
 * covers through it (growing it first, until {@link indexSliceEnd}), the rest by the shared
 * scan (scanRows), which answers `partial` once the call's budget has gone. Throws
 * StoreInterruptedError when the call must stop. Without an index, or for a word the index
 * cannot hold, everything is scanned.
 *
 * @example
 * ```ts
 * import type { Store } from "../../store/store.ts";
 * import { scanQuery } from "./scan_search.ts";
 * import { scanCounts } from "./meetily_search.ts";
 * declare const store: Store;
 * scanCounts(store, scanQuery("budget")!, [{ id: "m1", title: "Budget" }], null).partial;
 * ```
 */
export function scanCounts(
  store: Store,
  query: ScanQuery,
  titles: readonly { id: string; title: string }[],
  index: MeetilyIndex | null,
): ScanCounts {
  const started = callStarted();
  const counts = new Map<string, ItemCounts>();
  countTitles(query, titles.map(({ id, title }) => ({ key: id, title })), counts);
  if (query.terms.length === 0) return { counts, partial: false };
  let from = Number.MIN_SAFE_INTEGER;
  if (
    index !== null && query.terms.every((term) => term.parts.every((part) => WHOLE_WORD.test(part)))
  ) {
    index.grow(store, indexSliceEnd(started));
    indexCounts(store, index, query, counts);
    from = index.coveredRowid;
  }
  return { counts, partial: scanRows(store, query, SEGMENTS, from, counts, started) };
}
