/**
 * One run of `index`: what the sources give now, compared by content hash with what the
 * store holds from earlier runs, written as one transaction. New items are added, changed
 * ones rewritten in place (same id, same row), vanished ones removed, unchanged ones left
 * alone. A source that cannot be read keeps its items as they were.
 *
 * @module
 */
import { type IndexEntry, itemHash } from "./indexed_item.ts";
import { itemKey, type KnownItem, type StoreWriter } from "./store_writer.ts";
import { describeError } from "../log.ts";

/** The task buckets the store's schema holds (its CHECK constraint). */
export const STORE_BUCKETS: ReadonlySet<string> = new Set([
  "inbox",
  "today",
  "week",
  "someday",
  "done",
]);

/** One source as a run reads it. */
export interface IndexFeed {
  /** The source's name, as its public ids carry it. */
  source: string;
  /** How many items it holds, where known, for the progress shown. */
  total: number | null;
  /**
   * Its items, read lazily; may throw (the source went away or stayed locked), and then the
   * source's other items are kept as they were. Undefined when it could not be opened.
   */
  entries: Iterable<IndexEntry> | undefined;
  /** Why it could not be opened, when it could not. */
  failure?: string | undefined;
  /**
   * Its files' stamp now, or null when it has none to trust. A feed whose stamp equals the
   * one stored from its last full read is not read (`entries` may then be left undefined):
   * its items stay as they are.
   */
  stamp?: string | null | undefined;
}

/** An item left out, and why. */
export interface SkippedItem {
  /** Its source. */
  source: string;
  /** Its id. */
  id: string;
  /** Why. */
  reason: string;
}

/** A source whose items were kept as they were because it could not be read. */
export interface KeptSource {
  /** Its name. */
  source: string;
  /** How many of its items the store kept unread. */
  count: number;
  /** Why it could not be read. */
  reason: string;
}

/** What a run did. */
export interface IndexSummary {
  /** Items new to the store. */
  added: number;
  /** Items whose content changed. */
  updated: number;
  /** Items no source has any more. */
  removed: number;
  /** Items read and found as they were. */
  unchanged: number;
  /** Items left out, with reasons. */
  skipped: SkippedItem[];
  /** Sources that could not be read (in full), whose items were kept. */
  kept: KeptSource[];
  /** Transcripts whose segments have no times, stored as text alone. */
  untimed: number;
  /** Sources skipped unread: their files were as at their last full read. */
  unchangedSources: string[];
}

/** Called after each item a run reads. */
export type ProgressListener = (source: string, done: number, total: number | null) => void;

/**
 * Brings the store `writer` writes up to date with `feeds`, in one transaction: a run
 * killed before its commit leaves the store as it was. Throws only when the store itself
 * cannot be written (the transaction is then rolled back).
 *
 * @example
 * ```ts
 * import { indexFeeds } from "./index_run.ts";
 * import { StoreWriter } from "./store_writer.ts";
 * const writer = StoreWriter.open("/tmp/archive.db");
 * const summary = indexFeeds(writer, [{ source: "notes", total: 0, entries: [] }]);
 * summary.added; // 0
 * writer.close();
 * ```
 */
export function indexFeeds(
  writer: StoreWriter,
  feeds: readonly IndexFeed[],
  onProgress: ProgressListener = () => {},
): IndexSummary {
  const summary: IndexSummary = {
    added: 0,
    updated: 0,
    removed: 0,
    unchanged: 0,
    skipped: [],
    kept: [],
    untimed: 0,
    unchangedSources: [],
  };
  const known = new Map<string, KnownItem>();
  writer.begin();
  try {
    for (const item of writer.known()) known.set(itemKey(item.kind, item.id), item);
    // The source each item came from in this run, to tell one id served twice.
    const seen = new Map<string, string>();
    const unread = new Map<string, string>();
    const stamps = writer.stamps();
    for (const feed of feeds) {
      if (feed.stamp != null && stamps.get(feed.source) === feed.stamp) {
        keepUnchanged(feed.source, known, seen, summary, onProgress);
        continue;
      }
      if (feed.entries === undefined) {
        unread.set(feed.source, feed.failure ?? "it could not be opened");
        continue;
      }
      let done = 0;
      try {
        for (const entry of feed.entries) {
          writeEntry(writer, feed.source, entry, known, seen, summary);
          onProgress(feed.source, ++done, feed.total);
        }
        writer.setStamp(feed.source, feed.stamp ?? null);
      } catch (error) {
        unread.set(feed.source, describeError(error));
        writer.setStamp(feed.source, null);
      }
    }
    for (const [key, item] of known) {
      if (seen.has(key)) continue;
      if (unread.has(item.source)) continue;
      writer.remove(item.kind, item.id);
      summary.removed++;
    }
    for (const [source, reason] of unread) {
      const count = [...known].filter(([key, item]) => item.source === source && !seen.has(key))
        .length;
      summary.kept.push({ source, count, reason });
    }
    writer.commit();
  } catch (error) {
    writer.rollback();
    throw error;
  }
  return summary;
}

/** A source not read because its files are as they were: all its items count as seen. */
function keepUnchanged(
  source: string,
  known: ReadonlyMap<string, KnownItem>,
  seen: Map<string, string>,
  summary: IndexSummary,
  onProgress: ProgressListener,
): void {
  let done = 0;
  for (const [key, item] of known) {
    // An id an earlier source gave this run is that source's now.
    if (item.source !== source || seen.has(key)) continue;
    seen.set(key, source);
    done++;
  }
  summary.unchanged += done;
  summary.unchangedSources.push(source);
  onProgress(source, done, done);
}

function writeEntry(
  writer: StoreWriter,
  source: string,
  entry: IndexEntry,
  known: ReadonlyMap<string, KnownItem>,
  seen: Map<string, string>,
  summary: IndexSummary,
): void {
  if (entry.kind === "skipped") {
    summary.skipped.push({ source, id: entry.id, reason: entry.reason });
    return;
  }
  const { id } = entry.item;
  if (entry.kind === "task" && !STORE_BUCKETS.has(entry.item.bucket)) {
    summary.skipped.push({
      source,
      id,
      reason: `task in bucket '${entry.item.bucket}', which the store's schema does not hold`,
    });
    return;
  }
  const key = itemKey(entry.kind, id);
  const first = seen.get(key);
  if (first !== undefined) {
    summary.skipped.push({ source, id, reason: `the same id came first from source ${first}` });
    return;
  }
  seen.set(key, source);
  const hash = itemHash(entry);
  const before = known.get(key);
  if (before !== undefined && before.hash === hash) {
    if (before.source !== source) writer.moveItem(entry.kind, id, source);
    summary.unchanged++;
    return;
  }
  if (entry.kind === "transcript") {
    if (!writer.putTranscript(entry.item, source, hash)) summary.untimed++;
  } else {
    writer.putTask(entry.item, source, hash);
  }
  if (before === undefined) summary.added++;
  else summary.updated++;
}
