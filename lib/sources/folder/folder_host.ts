/**
 * The thread that holds a folder's index: it indexes the folder in slices at start, answers
 * the other threads' reads over their links between slices, and follows the folder's
 * changes (Deno.watchFs, or a periodic look at the files' times where watching fails).
 *
 * @module
 */
import { logLine } from "../../log.ts";
import { FOLDER_RESCAN_MS, MAX_LOGGED_SKIPPED_FILES } from "../../config/limits.ts";
import { FolderIndex } from "./folder_index.ts";
import { type FolderLink, serveFolderLink } from "./folder_link.ts";
import { FolderReader } from "./folder_reader.ts";
import { folderIdentity } from "./folder_walk.ts";
import { type ParsedFile, type StartedParser, startParser } from "./folder_parse.ts";
import { printable } from "../../text/printable.ts";

/** Work done between two looks at the links, in ms: internal tuning. */
const INDEX_SLICE_MS = 40;

/** How long a burst of change events is gathered before the folder is looked at, in ms. */
const SETTLE_MS = 100;

/**
 * A folder's index and the links it answers.
 *
 * @example
 * ```ts
 * import { FolderHost } from "./folder_host.ts";
 * import { makeFolderLink } from "./folder_link.ts";
 * const host = new FolderHost("notes", "/home/ada/Transcripts");
 * host.start();
 * host.link(makeFolderLink().host);
 * host.close();
 * ```
 */
export class FolderHost {
  readonly #index: FolderIndex;
  readonly #reader: FolderReader;
  readonly #logged = new Set<string>();
  #closed = false;
  #dirty = false;
  #wake: (() => void) | null = null;
  #watcher: Deno.FsWatcher | null = null;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** The folder the watch is on, as folderIdentity gives it. */
  #watched: string | null = null;
  readonly #parserAt: URL | MessagePort | undefined;
  #parser: StartedParser<ParsedFile> | undefined;
  readonly #betweenSlices: () => void;

  /**
   * The host of the folder at `root`, served as `name`; nothing is read until start. With
   * `parserAt` (a worker entry that answers ParseRequests, or a port to such a thread
   * started elsewhere), the first pass parses files in that thread while this one inserts
   * them: on two cores, the pass takes the longer of the two rather than their sum.
   * `betweenSlices` runs after each slice of a pass, before the thread answers its links
   * again: the host thread's entry collects the garbage a slice leaves there.
   */
  constructor(
    name: string,
    root: string,
    parserAt?: URL | MessagePort,
    betweenSlices: () => void = () => {},
  ) {
    this.#index = new FolderIndex(name, root);
    this.#reader = new FolderReader(this.#index);
    this.#parserAt = parserAt;
    this.#betweenSlices = betweenSlices;
  }

  /** Says the parsing thread started elsewhere has failed: this thread parses the rest. */
  parserFailed(): void {
    // The parser is started before the first pass awaits anything, so before any word of it.
    this.#parser?.fail();
  }

  /** Answers the reads that come over `link`. */
  link(link: FolderLink): void {
    serveFolderLink(this.#reader, this.#index.store, link);
  }

  /** Indexes the folder, then follows it until closed. */
  start(): void {
    void this.#run();
  }

  /** Stops following the folder and closes the index. */
  close(): void {
    this.#closed = true;
    this.#stopWatching();
    this.#wake?.();
    this.#index.close();
  }

  async #run(): Promise<void> {
    const pause = () => {
      this.#betweenSlices();
      return new Promise<void>((resolve) => setTimeout(resolve, 0));
    };
    // Watched before the first pass lists the folder: a file written while the pass runs
    // (a sync client dropping files) is looked at again once it is done.
    this.#follow();
    // The first pass only: later passes read the few files that changed.
    const parser = this.#parserAt === undefined ? undefined : startParser(this.#parserAt);
    this.#parser = parser;
    await this.#index.indexSlices(INDEX_SLICE_MS, pause, parser);
    parser?.close();
    this.#parser = undefined;
    // The first pass leaves the files' parsed text behind as garbage: collected now, while
    // nothing else runs here, the thread's heap shrinks back before serving goes on.
    (globalThis as { gc?: () => void }).gc?.();
    while (!this.#closed) {
      if (this.#dirty) {
        this.#dirty = false;
        await this.#index.indexSlices(INDEX_SLICE_MS, pause);
      }
      if (this.#closed) return;
      this.#logSkipped();
      this.#follow();
      if (!this.#dirty) await new Promise<void>((resolve) => this.#wake = resolve);
      this.#wake = null;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      this.#dirty = true;
    }
  }

  /**
   * Watches the folder, and looks once a period: at the folder itself where it is not
   * watched, else at whether its path still leads to the folder watched (a drive mounted on
   * it, or unmounted, puts another folder there and tells the watch nothing).
   */
  #follow(): void {
    if (this.#closed) return;
    this.#timer ??= setInterval(
      () => this.#watcher === null ? this.#changed() : this.#checkWatched(),
      FOLDER_RESCAN_MS,
    );
    if (this.#index.failure !== null) {
      // Gone or unreadable: look again later; a watch of a folder that comes back is new.
      this.#stopWatching();
    } else if (this.#watcher === null) {
      try {
        this.#watched = folderIdentity(this.#index.root);
        this.#watcher = Deno.watchFs(this.#index.root, { recursive: true });
        void this.#listen(this.#watcher);
      } catch {
        // Too many watches, a file system without events: the periodic look.
      }
    }
  }

  async #listen(watcher: Deno.FsWatcher): Promise<void> {
    try {
      for await (const _event of watcher) this.#changed();
    } catch {
      // The watch broke (the folder went away): fall back to looking.
    }
    if (this.#watcher === watcher && !this.#closed) {
      this.#watcher = null;
      this.#changed();
    }
  }

  /** Watches the folder now at the path afresh, if it is another than the one watched. */
  #checkWatched(): void {
    if (folderIdentity(this.#index.root) === this.#watched) return;
    this.#stopWatching();
    this.#changed();
  }

  #changed(): void {
    this.#dirty = true;
    this.#wake?.();
  }

  #stopWatching(): void {
    const watcher = this.#watcher;
    this.#watcher = null;
    try {
      watcher?.close();
    } catch {
      // Already closed.
    }
    if (this.#closed) clearInterval(this.#timer);
  }

  /** Names each newly skipped file on stderr once, up to a cap; counts the rest. */
  #logSkipped(): void {
    const fresh = this.#index.skipped().filter((problem) => {
      const key = `${problem.relative}\0${problem.reason}`;
      if (this.#logged.has(key)) return false;
      this.#logged.add(key);
      return true;
    });
    const name = this.#index.name;
    for (const problem of fresh.slice(0, MAX_LOGGED_SKIPPED_FILES)) {
      logLine(
        `source ${name}: skipped ${printable(problem.relative, Infinity)}: ${problem.reason}`,
      );
    }
    if (fresh.length > MAX_LOGGED_SKIPPED_FILES) {
      logLine(
        `source ${name}: ${fresh.length - MAX_LOGGED_SKIPPED_FILES} more files skipped; ` +
          "`check` lists them",
      );
    }
  }
}
