/**
 * The live text of a KuraDB database, case-folded and kept in memory by the connection that
 * reads it, so a search is a string search in memory instead of SQLite's `LIKE` over every
 * chunk (a third of the time, see bench/RESULTS.md "KuraDB scan search"). Each file is its
 * live chunks, lower-cased (`toLowerCase`, as scan_search.ts folds) and joined with NUL, so a
 * match is counted once per chunk, as the scan counts it.
 *
 * Files are read in `source` order (KuraDB's index on it), a slice of time at a time
 * (SCAN_INDEX_SLICE_MS, given by the reader); those past the last one read are scanned in SQL
 * meanwhile. KuraDB stamps `updated_at` on every row it writes or dismisses, so after the app
 * writes (the connection's data_version moves) the files of the rows stamped since the last
 * look are read again. Each tool worker keeps its own copy, so it stops growing at
 * {@link KURADB_TEXT_MAX_BYTES}; files past it stay scanned.
 *
 * @module
 */
import { keepGoingSql, type Store } from "../../store/store.ts";
import { KURADB_TEXT_MAX_BYTES } from "../../config/limits.ts";
import { type Holding, type KeptMemory, THREAD_KEPT_MEMORY } from "../kept_memory.ts";
import {
  countsOf,
  type ItemCounts,
  type ScannedTable,
  type ScanQuery,
  scanRows,
  type ScanTerm,
} from "./scan_search.ts";
import { heldAt, type Misses, withStems } from "./scan_terms.ts";
import { textOf } from "./text_value.ts";

/** Files one statement of the build reads; the time and the call are checked between them. */
const BUILD_FILES = 128;
/** Estimated bytes of one file beside its text (map entry, strings' headers). */
const FILE_OVERHEAD_BYTES = 200;
/** Past this many files changed since the last look, reading everything again is cheaper. */
const MAX_CHANGED_FILES = 1_000;
const SEPARATOR = "\u0000";
/** A live row: KuraDB writes FALSE (0); anything else is taken as dismissed. */
export const LIVE_CHUNK = "f.dismiss = 0";
/** Text with a character past Latin-1, which V8 keeps two bytes a character. */
const TWO_BYTE = /[\u0100-\uffff]/;

/** The live chunks of the files after `source` (all of them for ""), counted by file. */
function chunksAfter(source: string): ScannedTable {
  return {
    table: "file_data",
    alias: "f",
    key: "f.source",
    texts: ["f.content"],
    where: `${LIVE_CHUNK} AND f.source > ?`,
    params: [source],
  };
}

/** The estimated bytes one held file takes. */
function bytesOf(folded: string): number {
  return FILE_OVERHEAD_BYTES + folded.length * (TWO_BYTE.test(folded) ? 2 : 1);
}

/**
 * The folded live text of one connection's KuraDB database; see the module doc.
 *
 * @example
 * ```ts
 * import { KuraDbTexts } from "./kuradb_texts.ts";
 * new KuraDbTexts().complete; // false: nothing read yet
 * ```
 */
export class KuraDbTexts {
  /** Whether every file is held. */
  complete = false;
  /** Whether the memory bound was reached: later files are scanned. */
  full = false;
  /** The last `source` held (files sort by it), or null when none is. */
  coveredSource: string | null = null;
  #files = new Map<string, string>();
  #bytes = 0;
  #version = -1;
  #stamp: string | null = null;
  readonly #maxBytes: number;
  readonly #holding: Holding;

  /**
   * Empty texts that stop growing past `maxBytes` (estimated), or when the thread's sources
   * together keep more than `memory` allows.
   */
  constructor(maxBytes = KURADB_TEXT_MAX_BYTES, memory: KeptMemory = THREAD_KEPT_MEMORY) {
    this.#maxBytes = maxBytes;
    this.#holding = memory.holding();
  }

  /** Estimated bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Reads again the files the app changed since the last look, then reads more files until
   * `until` (a performance.now() time), the last file or the memory bound. Without the
   * `updated_at` stamps (`stamped` false) a change means reading every file again. Throws
   * StoreInterruptedError when the call must stop, keeping what whole statements read.
   */
  refresh(store: Store, until: number, stamped = true): void {
    const version = store.dataVersion();
    if (version !== this.#version && !stamped) {
      if (this.#version !== -1) this.#startOver();
      this.#version = version;
    } else if (version !== this.#version) {
      // Read first, so rows stamped while the rest is read are looked at again next time.
      const stamp = store.get("SELECT max(f.updated_at) AS t FROM file_data f")?.["t"];
      if (this.#stamp !== null) this.#reread(store, this.#stamp);
      this.#stamp = typeof stamp === "string" ? stamp : this.#stamp ?? "";
      this.#version = version;
    }
    // One batch at least, so a search reached late in its call still reads some.
    for (
      let batch = 0;
      !this.complete && !this.full && (batch === 0 || performance.now() < until);
      batch++
    ) {
      const sources = store.all(
        `SELECT DISTINCT f.source AS s FROM file_data f WHERE f.source > ? ORDER BY f.source
          LIMIT ?`,
        this.coveredSource ?? "",
        BUILD_FILES,
      ).map((row) => String(row["s"]));
      if (sources.length > 0) this.#read(store, sources[0]!, sources.at(-1)!);
      store.throwIfInterrupted();
      if (!this.full && sources.length < BUILD_FILES) this.complete = true;
    }
  }

  /**
   * Reads the live chunks of the files from `first` to `last` (by source) into the map, up to
   * the file that takes it past its bound.
   */
  #read(store: Store, first: string, last: string): void {
    const rows = store.all(
      `SELECT f.source AS s, f.content AS x FROM file_data f
        WHERE f.source >= ? AND f.source <= ? AND ${LIVE_CHUNK} AND ${keepGoingSql("f")}
        ORDER BY f.source, f.chunk`,
      first,
      last,
    );
    const chunks = new Map<string, string[]>();
    for (const row of rows) {
      const source = String(row["s"]);
      let list = chunks.get(source);
      if (list === undefined) chunks.set(source, list = []);
      list.push(textOf(row["x"]).toLowerCase());
    }
    for (const [source, list] of chunks) {
      this.#set(source, list.join(SEPARATOR));
      if (!this.#roomLeft() || this.#bytes > this.#maxBytes) {
        this.coveredSource = source;
        this.full = true;
        return;
      }
    }
    this.coveredSource = last;
  }

  /** Drops every file held, so they are read again. */
  #startOver(): void {
    this.#files.clear();
    this.#bytes = 0;
    this.#roomLeft();
    this.coveredSource = null;
    this.complete = false;
    this.full = false;
  }

  #set(source: string, folded: string | undefined): void {
    const old = this.#files.get(source);
    if (old !== undefined) this.#bytes -= bytesOf(old);
    if (folded === undefined) {
      this.#files.delete(source);
      return;
    }
    this.#files.set(source, folded);
    this.#bytes += bytesOf(folded);
  }

  /** Holds the bytes now held against the thread's bound; whether there is room left. */
  #roomLeft(): boolean {
    return this.#holding.hold(this.#bytes);
  }

  /** Reads again every held file with a row stamped at or after `stamp`. */
  #reread(store: Store, stamp: string): void {
    const changed = store.all(
      `SELECT DISTINCT f.source AS s FROM file_data f WHERE f.updated_at >= ? AND ${
        keepGoingSql("f")
      }`,
      stamp,
    ).map((row) => String(row["s"]))
      // A file past the last one read is for the build to read, or (past the bound) the scan.
      .filter((source) =>
        (this.complete && !this.full) ||
        (this.coveredSource !== null && source <= this.coveredSource)
      );
    if (changed.length > MAX_CHANGED_FILES) {
      this.#startOver();
      return;
    }
    for (const source of changed) {
      const rows = store.all(
        `SELECT f.content AS x FROM file_data f WHERE f.source = ? AND ${LIVE_CHUNK}
          ORDER BY f.chunk`,
        source,
      );
      this.#set(
        source,
        rows.length === 0
          ? undefined
          : rows.map((row) => textOf(row["x"]).toLowerCase()).join(SEPARATOR),
      );
    }
    // Files read again may have grown or shrunk: the thread's bound counts them as they are.
    this.#roomLeft();
  }

  /**
   * Counts, into `counts`, the live chunks that hold each word of `query` (keyed by source):
   * those of the held files in memory, the rest by scanning them in SQL (scan_search.ts).
   * Returns whether the scan stopped at its budget, counted from `started` (a
   * performance.now() time). Throws StoreInterruptedError when the call must stop.
   */
  search(
    store: Store,
    query: ScanQuery,
    counts: Map<string, ItemCounts>,
    started: number,
  ): boolean {
    this.#count(store, query, counts);
    if (this.complete && !this.full) return false;
    const rest = chunksAfter(this.coveredSource ?? "");
    return scanRows(store, query, rest, Number.MIN_SAFE_INTEGER, counts, started);
  }

  /** Counts, into `counts`, the chunks of the held files that hold each word of `query`. */
  #count(store: Store, query: ScanQuery, counts: Map<string, ItemCounts>): void {
    const size = query.terms.length;
    let seen = 0;
    for (const [source, folded] of this.#files) {
      if (++seen % 256 === 0) store.throwIfInterrupted();
      const held = withStems(
        (misses) =>
          query.terms.map((term) =>
            term.parts.length === 1
              ? chunksHolding(folded, term, misses)
              : folded.split(SEPARATOR).filter((chunk) => term.test(chunk, misses)).length
          ),
        () => store.throwIfInterrupted(),
      );
      held.forEach((chunks, i) => {
        if (chunks > 0) countsOf(counts, source, size).segments[i]! += chunks;
      });
    }
  }
}

/** How many NUL-separated chunks of `folded` hold the one-part `term`. */
function chunksHolding(folded: string, term: ScanTerm, misses?: Misses): number {
  let chunks = 0;
  for (let at = heldAt(folded, term, 0, misses); at !== -1;) {
    chunks++;
    const next = folded.indexOf(SEPARATOR, at);
    if (next === -1) break;
    at = heldAt(folded, term, next + 1, misses);
  }
  return chunks;
}
