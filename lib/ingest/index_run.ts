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
import { RunStop, RunStopped } from "./run_stop.ts";

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
   * Only {@link indexFeedsAsync} reads an AsyncIterable (a folder parsed in another thread).
   */
  entries: Iterable<IndexEntry> | AsyncIterable<IndexEntry> | undefined;
  /** Why it could not be opened, when it could not. */
  failure?: string | undefined;
  /**
   * Its files' stamp now, or null when it has none to trust. A feed whose stamp equals the
   * one stored from its last full read is not read (`entries` may then be left undefined):
   * its items stay as they are.
   */
  stamp?: string | null | undefined;
  /**
   * Set where a read that gives nothing at all (no item, nothing skipped) is no proof the
   * source was emptied: a folder, whose mount point stays, empty, while its drive is not
   * mounted. Then, if the store holds items of it, they are kept as for a source that could
   * not be read, and this says why (a clause, naming the folder).
   */
  ifEmpty?: string | undefined;
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
  /** Why it could not be read; where `empty`, why its being empty is not trusted. */
  reason: string;
  /** Set when it was read and gave nothing at all (an {@link IndexFeed.ifEmpty} feed). */
  empty?: true;
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
 * cannot be written (the transaction is then rolled back). Every feed's entries must be a
 * plain Iterable here; {@link indexFeedsAsync} takes AsyncIterables too.
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
  const run = new IndexRun(writer, onProgress);
  return run.settle(() => {
    for (const feed of feeds) {
      const entries = run.entriesToRead(feed);
      if (entries === undefined) continue;
      if (Symbol.asyncIterator in entries) throw new TypeError("use indexFeedsAsync");
      run.reading(feed, () => {
        for (const entry of entries) run.write(feed, entry);
      });
    }
  });
}

/**
 * {@link indexFeeds} for feeds whose entries may come asynchronously: a folder whose files
 * are parsed in another thread while this one writes. Once `signal` is aborted the run is
 * rolled back at its next item and throws RunStopped (run_stop.ts).
 *
 * @example
 * ```ts
 * import { indexFeedsAsync } from "./index_run.ts";
 * import { StoreWriter } from "./store_writer.ts";
 * const writer = StoreWriter.open("/tmp/archive.db");
 * const summary = await indexFeedsAsync(writer, [{ source: "notes", total: 0, entries: [] }]);
 * summary.added; // 0
 * writer.close();
 * ```
 */
export async function indexFeedsAsync(
  writer: StoreWriter,
  feeds: readonly IndexFeed[],
  onProgress: ProgressListener = () => {},
  signal?: AbortSignal,
): Promise<IndexSummary> {
  const run = new IndexRun(writer, onProgress);
  const stop = new RunStop(signal);
  try {
    for (const feed of feeds) {
      await stop.check();
      const entries = run.entriesToRead(feed);
      if (entries === undefined) continue;
      try {
        for await (const entry of entries) {
          await stop.check();
          run.write(feed, entry);
        }
        run.read(feed);
      } catch (error) {
        // A source that failed as the run was being stopped: the run was stopped.
        if (stop.stopped(error)) throw error instanceof RunStopped ? error : stop.reason();
        run.unreadable(feed, error);
      }
    }
    await stop.check();
    return run.finish();
  } catch (error) {
    run.abandon();
    throw error;
  }
}

/** A write to the store that failed, told apart from a source that could not be read. */
class WriteFailure extends Error {}

/** One run's state between its begin and its commit. */
class IndexRun {
  readonly #writer: StoreWriter;
  readonly #onProgress: ProgressListener;
  readonly #summary: IndexSummary = {
    added: 0,
    updated: 0,
    removed: 0,
    unchanged: 0,
    skipped: [],
    kept: [],
    untimed: 0,
    unchangedSources: [],
  };
  readonly #known = new Map<string, KnownItem>();
  /** The source each item came from in this run, to tell one id served twice. */
  readonly #seen = new Map<string, string>();
  /** Sources whose items are kept unread: why, and whether found empty (not unreadable). */
  readonly #unread = new Map<string, { reason: string; empty?: true }>();
  /** The sources this run was given. */
  readonly #named = new Set<string>();
  readonly #stamps: Map<string, string>;
  #done = 0;

  /** Begins the run's transaction and reads what the store holds. */
  constructor(writer: StoreWriter, onProgress: ProgressListener) {
    this.#writer = writer;
    this.#onProgress = onProgress;
    writer.begin();
    try {
      for (const item of writer.known()) this.#known.set(itemKey(item.kind, item.id), item);
      this.#stamps = writer.stamps();
    } catch (error) {
      writer.rollback();
      throw error;
    }
  }

  /**
   * The entries of `feed` to read, or undefined when there are none: its stamp is as stored
   * (its items are kept, as unchanged), or it could not be opened.
   */
  entriesToRead(feed: IndexFeed): Iterable<IndexEntry> | AsyncIterable<IndexEntry> | undefined {
    this.#done = 0;
    this.#named.add(feed.source);
    if (feed.stamp != null && this.#stamps.get(feed.source) === feed.stamp) {
      keepUnchanged(feed.source, this.#known, this.#seen, this.#summary, this.#onProgress);
      return undefined;
    }
    if (feed.entries === undefined) {
      this.#unread.set(feed.source, { reason: feed.failure ?? "it could not be opened" });
    }
    return feed.entries;
  }

  /** Writes one entry of `feed`. */
  write(feed: IndexFeed, entry: IndexEntry): void {
    try {
      writeEntry(this.#writer, feed.source, entry, this.#known, this.#seen, this.#summary);
    } catch (error) {
      throw new WriteFailure("the store could not be written", { cause: error });
    }
    this.#onProgress(feed.source, ++this.#done, feed.total);
  }

  /** Runs `body`, then finishes the run; rolls it back if either throws. */
  settle(body: () => void): IndexSummary {
    try {
      body();
      return this.finish();
    } catch (error) {
      this.abandon();
      throw error;
    }
  }

  /** Reads `feed` with `read`: in full, or, if it throws, unreadable from there. */
  reading(feed: IndexFeed, read: () => void): void {
    try {
      read();
      this.read(feed);
    } catch (error) {
      this.unreadable(feed, error);
    }
  }

  /**
   * Records that `feed` was read in full; or, when it gave nothing at all though the store
   * holds items of it and it says an empty read is not to be trusted, keeps those items.
   */
  read(feed: IndexFeed): void {
    if (feed.ifEmpty !== undefined && this.#done === 0 && this.#unseen(feed.source) > 0) {
      this.#unread.set(feed.source, { reason: feed.ifEmpty, empty: true });
      this.#writer.setStamp(feed.source, null);
      return;
    }
    this.#writer.setStamp(feed.source, feed.stamp ?? null);
  }

  /** How many items of `source` the store holds that this run has not seen. */
  #unseen(source: string): number {
    let count = 0;
    for (const [key, item] of this.#known) {
      if (item.source === source && !this.#seen.has(key)) count++;
    }
    return count;
  }

  /** Records that reading `feed` failed: its items not read again are kept. */
  unreadable(feed: IndexFeed, error: unknown): void {
    // The store's failure, not the source's, ends the run: SQLite may have rolled the
    // transaction back already, and the run's next writes would each commit alone.
    if (error instanceof WriteFailure) throw error.cause;
    this.#unread.set(feed.source, { reason: describeError(error) });
    this.#writer.setStamp(feed.source, null);
  }

  /** Removes what no source has any more, and commits. */
  finish(): IndexSummary {
    const { known, seen, unread, summary } = {
      known: this.#known,
      seen: this.#seen,
      unread: this.#unread,
      summary: this.#summary,
    };
    for (const [key, item] of known) {
      if (seen.has(key)) continue;
      if (unread.has(item.source)) continue;
      this.#writer.remove(item.kind, item.id);
      summary.removed++;
    }
    for (const [source, why] of unread) {
      summary.kept.push({ source, count: this.#unseen(source), ...why });
    }
    // A source left out has had its items removed: named again, it must be read again even
    // if its files are as they were at its last read.
    for (const source of this.#stamps.keys()) {
      if (!this.#named.has(source)) this.#writer.setStamp(source, null);
    }
    this.#writer.commit();
    return summary;
  }

  /** Drops everything the run wrote. */
  abandon(): void {
    this.#writer.rollback();
  }
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
  const hash = entry.kind === "transcript" && entry.hash !== undefined
    ? entry.hash
    : itemHash(entry);
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
