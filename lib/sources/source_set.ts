/**
 * The sources a server reads, by name, each on its own read-only connection. A source that
 * could not be opened stays in the set with the reason, so list_sources can say why, and a
 * source that becomes unreadable later fails alone: the others are unaffected.
 *
 * Each thread (the main thread, every tool worker, the command line) opens its own set from
 * the same specs, made once at start (served_sources.ts). A database that failed at start
 * for a reason that may pass (its app held its lock, its file was not there yet) is tried
 * again when a call needs it, at most once every RETRY_SOURCE_AFTER_MS in each thread;
 * once open it is served like the others, under the name fixed at start.
 *
 * @module
 */
import { DEMO_LOCATION, openDemoStore } from "../demo/demo_store.ts";
import { type InterruptReason, StoreBusyError, StoreOpenError } from "../store/errors.ts";
import type { Store } from "../store/store.ts";
import { ContractReader } from "./contract/contract_reader.ts";
import { openDatabaseSource } from "./open_source.ts";
import { FolderIndex } from "./folder/folder_index.ts";
import { FolderReader } from "./folder/folder_reader.ts";
import { RemoteFolderReader } from "./folder/folder_link.ts";
import { folderLinkFor } from "./folder/folder_links.ts";
import type { SourceKindName, SourceListing } from "./source_kind.ts";
import type { SourceReader } from "./source_reader.ts";
import { folderSinceStart, nameNotes, type RetryOptions, RetrySchedule } from "./source_retry.ts";

/** A source as fixed at start: its name, where it is, and why it failed if it did. */
export type SourceSpec =
  | {
    kind: "path";
    /** Its name: the prefix of its ids and what `sourceName` arguments name. */
    name: string;
    /** The absolute path of its database file, or of its folder (`detected: "folder"`). */
    path: string;
    /** Why it could not be opened at start, when it could not. */
    failure?: string | undefined;
    /**
     * Whether that reason may pass (locked, not there yet): the source is then tried again
     * when a call needs it. Any other failure (not a database, of no known kind, a newer
     * schema) keeps it out for the session.
     */
    retry?: boolean | undefined;
    /** Whether its name is its file's because its kind could not be read at start. */
    namedFromFile?: boolean | undefined;
    /** The kind detected at start, when it opened. */
    detected?: SourceKindName | undefined;
    /** What its app calls it, when the app lists it (a KuraDB database). */
    listing?: SourceListing | undefined;
  }
  | { kind: "demo"; name: string };

/** A source in a set: open, or failed with its reason. */
export interface ServedSource {
  /** Its name. */
  readonly name: string;
  /** Where it is: a path, or the demo store's description. */
  readonly location: string;
  /** Its kind, or null when it failed before its kind was known. */
  kind: SourceKindName | null;
  /** Why it cannot be read, or null while it can. */
  failure: string | null;
  /** What its app calls it, when the app lists it (a KuraDB database); else null or absent. */
  readonly listing?: SourceListing | null | undefined;
  /**
   * What a user should know besides what its reader says: that it is tried again, or why
   * it keeps the name it got at start.
   */
  readonly notes?: readonly string[] | undefined;
}

/**
 * A source that cannot be read: failed at start, or deleted, replaced by something
 * unreadable or damaged since. The tools answer it as `unavailable`.
 *
 * @example
 * ```ts
 * import { SourceUnavailableError } from "./source_set.ts";
 * new SourceUnavailableError("meetily", "file not found").message;
 * // "Cannot read source meetily: file not found"
 * ```
 */
export class SourceUnavailableError extends Error {
  /** The source's name. */
  readonly source: string;

  /** Makes the error for the source `name`, unreadable because of `why`. */
  constructor(name: string, why: string) {
    super(`Cannot read source ${name}: ${why}`);
    this.name = "SourceUnavailableError";
    this.source = name;
  }
}

/**
 * A `sourceName` argument that names no source; the tools answer it as `invalid_arguments`.
 *
 * @example
 * ```ts
 * import { UnknownSourceError } from "./source_set.ts";
 * new UnknownSourceError("x", ["store"]).message;
 * // "sourceName: no source named 'x'; sources: store"
 * ```
 */
export class UnknownSourceError extends Error {
  /** Makes the error for `name`, listing the names there are. */
  constructor(name: string, names: readonly string[]) {
    super(`sourceName: no source named '${name}'; sources: ${names.join(", ")}`);
    this.name = "UnknownSourceError";
  }
}

interface Entry extends ServedSource {
  spec: SourceSpec;
  store: Store | null;
  reader: SourceReader | null;
  /** The file's identity when opened, to tell a replaced file. */
  identity: string | null;
  /** Whether the file is checked before each read (not for a store opened by hand). */
  watched: boolean;
  /** Whether the last open failed only because the app held its lock: `busy`, not gone. */
  locked: boolean;
  /** When a source that failed at start for a reason that may pass is next tried; else null. */
  retry: { retryAt: number } | null;
  notes: string[];
  /** A folder's reader in another thread, which takes the deadline check itself. */
  remote?: RemoteFolderReader | undefined;
}

/**
 * The identity of the file at `path` (device and inode) and of the schema `store` reads
 * (PRAGMA schema_version, which an app's migrations move), or null where the OS has none.
 */
function fileIdentity(info: Deno.FileInfo, store: Store | null): string | null {
  if (info.ino === null) return null;
  return `${info.dev}:${info.ino}:${store?.get("PRAGMA schema_version")?.["schema_version"]}`;
}

/**
 * The sources of one thread.
 *
 * @example
 * ```ts
 * import { SourceSet } from "./source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * sources.reader(sources.select(undefined)[0]!).listTranscripts(null, 3, {}).length; // 3
 * sources.close();
 * ```
 */
export class SourceSet {
  readonly #entries: Entry[];
  readonly #busyTimeoutMs: number | undefined;
  readonly #retries: RetrySchedule;
  #interruptCheck: () => InterruptReason | null = () => null;

  private constructor(entries: Entry[], busyTimeoutMs?: number, retries = new RetrySchedule()) {
    this.#entries = entries;
    this.#busyTimeoutMs = busyTimeoutMs;
    this.#retries = retries;
  }

  /**
   * Opens every spec; one that fails is kept with its reason, and the rest still open.
   * `busyTimeoutMs` is how long reads wait for an app's lock; `retry` when a source that
   * failed at start for a reason that may pass is tried again.
   */
  static open(
    specs: readonly SourceSpec[],
    busyTimeoutMs?: number,
    retry: RetryOptions = {},
  ): SourceSet {
    const retries = new RetrySchedule(retry);
    const set = new SourceSet(
      specs.map((spec) => {
        const retry = spec.kind === "path" && spec.failure !== undefined && !!spec.retry;
        return {
          spec,
          name: spec.name,
          location: spec.kind === "demo" ? DEMO_LOCATION : spec.path,
          kind: spec.kind === "path" ? spec.detected ?? null : null, // Known while locked.
          failure: spec.kind === "path" ? spec.failure ?? null : null,
          listing: spec.kind === "path" ? spec.listing ?? null : null,
          store: null,
          reader: null,
          identity: null,
          // A folder's host follows the folder itself (folder_host.ts); a source that failed
          // at start is watched once it opens.
          watched: spec.kind === "path" && spec.detected !== "folder" && spec.failure === undefined,
          locked: false,
          retry: retry ? { retryAt: -Infinity } : null,
          notes: retry ? [retries.note] : [],
        };
      }),
      busyTimeoutMs,
      retries,
    );
    for (const entry of set.#entries) {
      if (entry.failure === null) set.#connect(entry);
    }
    return set;
  }

  /**
   * Opens every spec like {@link SourceSet.open}, but throws the first failure of a source
   * that opened at start: for a connection that must serve every source or none (the main
   * thread's, which hands calls to the workers while it has none).
   */
  static openEvery(specs: readonly SourceSpec[], busyTimeoutMs?: number): SourceSet {
    const set = SourceSet.open(specs, busyTimeoutMs);
    const failed = set.#entries.find((entry) =>
      entry.failure !== null && !(entry.spec.kind === "path" && entry.spec.failure !== undefined)
    );
    if (failed !== undefined) {
      set.close();
      throw new SourceUnavailableError(failed.name, failed.failure!);
    }
    return set;
  }

  /**
   * A set of one store in our own schema, already open: for tests and tools run on a store
   * opened by hand.
   *
   * @example
   * ```ts
   * import { SourceSet } from "./source_set.ts";
   * import { openDemoStore } from "../demo/demo_store.ts";
   * SourceSet.ofStore(openDemoStore()).select(undefined)[0]?.name; // "store"
   * ```
   */
  static ofStore(store: Store, name = "store"): SourceSet {
    return new SourceSet([{
      spec: { kind: "path", name, path: store.location },
      name,
      location: store.location,
      kind: "transcript-mcp",
      failure: null,
      listing: null,
      store,
      reader: new ContractReader(store),
      identity: null,
      watched: false,
      locked: false,
      retry: null,
      notes: [],
    }]);
  }

  /** Every source, in the order they were named. */
  get all(): readonly ServedSource[] {
    return this.#entries;
  }

  /**
   * The sources a call covers: the one named `name`, or all when `name` is undefined.
   * Throws UnknownSourceError for a name no source has.
   */
  select(name: string | undefined): ServedSource[] {
    if (name === undefined) return [...this.#entries];
    const entry = this.#entries.find((candidate) => candidate.name === name);
    if (entry === undefined) throw new UnknownSourceError(name, this.#entries.map((e) => e.name));
    return [entry];
  }

  /**
   * The reader of `source`, its file checked: deleted since it was opened, it throws
   * SourceUnavailableError; replaced (a new inode), it is opened again, its kind detected anew.
   */
  reader(source: ServedSource): SourceReader {
    const entry = source as Entry;
    if (entry.retry !== null) this.refresh(entry);
    else if (entry.watched) this.#recheck(entry);
    if (entry.reader === null) {
      // A lock held past the busy timeout is the app at work, answered as for any read.
      if (entry.locked) throw new StoreBusyError();
      throw new SourceUnavailableError(entry.name, entry.failure ?? "not open");
    }
    return entry.reader;
  }

  /**
   * Tries `source` again if it failed at start for a reason that may pass and its interval
   * is up, so that its `kind` and `failure` say what it is now: served from then on, or
   * out for good when the reason now is one that does not pass. Else does nothing.
   */
  refresh(source: ServedSource): void {
    const entry = source as Entry;
    if (entry.retry === null || !this.#retries.due(entry.retry)) return;
    const spec = entry.spec as SourceSpec & { kind: "path" };
    const error = this.#connect(entry);
    if (error === null || !(error instanceof StoreOpenError && error.transient)) {
      entry.retry = null;
      entry.watched = error === null;
      entry.notes = error === null ? nameNotes(spec, entry.kind) : [];
      if (error !== null) entry.failure = folderSinceStart(spec.path) ?? entry.failure;
    }
  }

  /** The connection of `source`, for checks that read it directly; null when not open. */
  store(source: ServedSource): Store | null {
    return (source as Entry).store;
  }

  /** Sets the deadline check of every connection, now and when one is opened again. */
  setInterruptCheck(check: () => InterruptReason | null): void {
    this.#interruptCheck = check;
    for (const entry of this.#entries) {
      entry.store?.setInterruptCheck(check);
      entry.remote?.setInterruptCheck(check);
    }
  }

  /** Closes every connection. */
  close(): void {
    for (const entry of this.#entries) this.#disconnect(entry);
  }

  /** Opens `entry`; on failure keeps why, and returns the error. */
  #connect(entry: Entry): unknown {
    const spec = entry.spec;
    try {
      if (spec.kind === "demo") {
        entry.store = openDemoStore();
        entry.reader = new ContractReader(entry.store);
        entry.kind = "transcript-mcp";
      } else if (spec.detected === "folder") {
        this.#connectFolder(entry, spec.path);
        return null;
      } else {
        const opened = openDatabaseSource(spec.path, {
          name: spec.name,
          busyTimeoutMs: this.#busyTimeoutMs,
          listing: spec.listing,
        });
        const identity = fileIdentity(Deno.statSync(spec.path), opened.store);
        entry.store = opened.store;
        entry.reader = opened.reader;
        entry.kind = opened.kind.kind;
        entry.identity = identity;
      }
      entry.store.setInterruptCheck(this.#interruptCheck);
      entry.failure = null;
      entry.locked = false;
      return null;
    } catch (error) {
      this.#disconnect(entry);
      entry.failure = error instanceof Error ? error.message : String(error);
      entry.locked = error instanceof StoreOpenError && error.busy;
      return error;
    }
  }

  /**
   * A folder: read over the link to its host where this thread has one (a server's
   * threads share one index), else indexed here, whole, at once (a command run once).
   */
  #connectFolder(entry: Entry, path: string): void {
    entry.kind = "folder";
    entry.failure = null;
    const link = folderLinkFor(entry.name);
    if (link !== undefined) {
      entry.remote = new RemoteFolderReader(entry.name, link);
      entry.remote.setInterruptCheck(this.#interruptCheck);
      entry.reader = entry.remote;
      return;
    }
    const index = new FolderIndex(entry.name, path);
    index.refresh();
    entry.store = index.store;
    entry.store.setInterruptCheck(this.#interruptCheck);
    entry.reader = new FolderReader(index);
  }

  #disconnect(entry: Entry): void {
    entry.store?.close();
    entry.remote?.close();
    entry.store = null;
    entry.reader = null;
    entry.remote = undefined;
  }

  #recheck(entry: Entry): void {
    const path = (entry.spec as { path: string }).path;
    let info: Deno.FileInfo;
    try {
      info = Deno.statSync(path);
    } catch {
      if (entry.reader !== null) {
        this.#disconnect(entry);
        entry.failure = `its file is gone from ${path} (deleted or moved since it was opened)`;
      }
      return;
    }
    const identity = fileIdentity(info, entry.store);
    if (entry.reader !== null && (identity === null || identity === entry.identity)) return;
    // Replaced, its schema changed (or back after it was gone): read what is there now.
    this.#disconnect(entry);
    this.#connect(entry);
  }
}
