/**
 * A served folder's index: every transcript file below it read (lib/ingest/) and kept as a
 * row of our own schema in an in-memory database, so our reader serves it with FTS5. The
 * index follows the folder: {@link FolderIndex.refresh} and {@link FolderIndex.indexSlices}
 * read what is new or changed since the last pass and drop what is gone.
 *
 * Only the rows' text is kept; a file's segments are read again from the file when asked
 * for (they would double the index's memory for what one get_turns page needs).
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { readTranscriptFile } from "../../ingest/read_transcript_file.ts";
import type { FileOutcome } from "../../ingest/file_transcript.ts";
import {
  baseName,
  type FolderParser,
  parsedBatches,
  type ParsedFile,
  parseFolderFile,
  readRegularFile,
} from "./folder_parse.ts";
import { fileTranscriptKey } from "../../ingest/file_key.ts";
import { FileRowWriter, fileTranscriptRow } from "../../ingest/file_rows.ts";
import { authorizeReadsOnly, installAuthorizer } from "../../store/authorizer.ts";
import { SCHEMA_SQL } from "../../store/schema.ts";
import { deferMerges } from "../../store/fts_rows.ts";
import { Store } from "../../store/store.ts";
import { publicId } from "../source_ids.ts";
import { INDEX_STAMP_SETTLE_MS } from "../../config/limits.ts";
import { reasonOf, type WalkedFile, walkFolder, type WalkProblem } from "./folder_walk.ts";

/**
 * How many bytes of files {@link FolderIndex.reread} keeps parsed, in all: a few days of cues
 * (a 30,000-cue VTT is 3.2 MB), or the meetings of a dozen pages of search hits (QMSum's 162
 * train meetings, 12.6 MB of VTT). A search's moments reread its hits' files: with 4 MiB, a
 * served folder of those meetings searched at 1.44× the store `index` builds from it, with
 * 16 MiB at 1.08–1.12×, the server's peak RSS within the runs' noise (234–240 MiB). A larger
 * file is parsed again each time.
 */
export const KEPT_REREAD_BYTES = 16 * 1024 * 1024;

/** What became of one file of the folder at the last pass. */
interface FileState {
  mtime: number;
  size: number;
  /** Its public id when it is indexed, else null. */
  id: string | null;
  /** Why it was skipped, or null. */
  skipped: string | null;
  /** Whether its transcript has timed segments. */
  timed: boolean;
  /** Who speaks in it, in order of first appearance; null when it has no segments. */
  speakers: string[] | null;
}

/** Where the index is in its pass over the folder. */
export interface FolderProgress {
  /** True until the first pass over the folder is done. */
  indexing: boolean;
  /** Files read in this pass. */
  done: number;
  /** Files to read in this pass (0 while the folder is being listed). */
  total: number;
}

/**
 * One folder's index.
 *
 * @example
 * ```ts
 * import { FolderIndex } from "./folder_index.ts";
 * const index = new FolderIndex("notes", "/home/ada/Transcripts");
 * index.refresh();
 * index.store.get("SELECT count(*) AS n FROM transcripts");
 * ```
 */
export class FolderIndex {
  /** The source's name, the prefix of its ids. */
  readonly name: string;
  /** The folder's absolute path. */
  readonly root: string;
  /** The read-only connection our reader reads. */
  readonly store: Store;
  readonly #db: DatabaseSync;
  readonly #writer: FileRowWriter;
  readonly #files = new Map<string, FileState>();
  readonly #byId = new Map<string, string>();
  #problems: WalkProblem[] = [];
  #failure: string | null = null;
  #firstPassDone = false;
  #progress = { done: 0, total: 0 };
  /** The files {@link FolderIndex.reread} read, by path, with their time and size then. */
  readonly #reread = new Map<string, { time: number; size: number; outcome: FileOutcome }>();
  /** The kept files' bytes, in all. */
  #rereadBytes = 0;

  /** An empty index of the folder at `root`; nothing is read until a pass. */
  constructor(name: string, root: string) {
    this.name = name;
    this.root = root;
    this.#db = new DatabaseSync(":memory:");
    this.#db.exec(SCHEMA_SQL);
    this.#writer = new FileRowWriter(this.#db);
    this.store = new Store(this.#db, root);
  }

  /** Where the index is: indexing until the first pass is done. */
  get progress(): FolderProgress {
    return { indexing: !this.#firstPassDone, ...this.#progress };
  }

  /** Why the folder cannot be read (gone, permission denied), or null while it can. */
  get failure(): string | null {
    return this.#failure;
  }

  /** The files skipped at the last pass, with why, in path order. */
  skipped(): WalkProblem[] {
    const skipped = [...this.#problems];
    for (const [relative, state] of this.#files) {
      if (state.skipped !== null) skipped.push({ relative, reason: state.skipped });
    }
    return skipped.sort((a, b) => a.relative < b.relative ? -1 : 1);
  }

  /**
   * Who speaks in the transcript `id`, as its file was last read; undefined when it has no
   * segments or is not indexed.
   *
   * @example
   * ```ts
   * import { FolderIndex } from "./folder_index.ts";
   * new FolderIndex("notes", "/home/ada/Transcripts").speakersOf("notes:0123456789abcdef");
   * // undefined until the folder is read
   * ```
   */
  speakersOf(id: string): string[] | undefined {
    const relative = this.#byId.get(id);
    return (relative === undefined ? null : this.#files.get(relative)?.speakers) ?? undefined;
  }

  /** How many indexed files have timed segments. */
  get timedCount(): number {
    let count = 0;
    for (const state of this.#files.values()) if (state.id !== null && state.timed) count++;
    return count;
  }

  /** The folder-relative path of the file indexed as `id`, or undefined. */
  fileOf(id: string): string | undefined {
    return this.#byId.get(id);
  }

  /**
   * Reads and parses the indexed file of `id` again, as it is now; undefined if none. Files
   * read lately are kept while their size and time are as they were (the rule the index
   * itself follows), up to a few MB, the least lately read let go first: a get_turns page
   * reads its file once per batch of segments (a 30,000-cue file was parsed 30 times for a
   * speaker with no turns, past the deadline), and a page of search hits cites a dozen files
   * that the next search cites again.
   */
  reread(id: string): FileOutcome | undefined {
    const relative = this.#byId.get(id);
    if (relative === undefined) return undefined;
    const path = `${this.root}/${relative}`;
    try {
      const now = Date.now();
      const info = Deno.statSync(path);
      const { mtime, size } = info;
      const time = mtime?.getTime();
      const kept = this.#reread.get(relative);
      if (kept !== undefined) {
        this.#reread.delete(relative);
        this.#rereadBytes -= kept.size;
        if (kept.time === time && kept.size === size) {
          this.#keepReread(relative, kept);
          return kept.outcome;
        }
      }
      const outcome = readTranscriptFile(readRegularFile(path, info), baseName(relative));
      // Kept only where the time tells changes apart (written well before this read, so a
      // rewrite at the same size within the clock's tick cannot leave the same time, as
      // `index` trusts a stamp).
      if (time !== undefined && time < now - INDEX_STAMP_SETTLE_MS) {
        this.#keepReread(relative, { time, size, outcome });
      }
      return outcome;
    } catch (error) {
      return { kind: "skipped", reason: `cannot be read: ${reasonOf(error)}` };
    }
  }

  /** Keeps a file's parse as the latest read, letting the least lately read go past the cap. */
  #keepReread(relative: string, entry: { time: number; size: number; outcome: FileOutcome }) {
    if (entry.size > KEPT_REREAD_BYTES) return;
    this.#reread.set(relative, entry);
    this.#rereadBytes += entry.size;
    for (const [oldest, { size }] of this.#reread) {
      if (this.#rereadBytes <= KEPT_REREAD_BYTES) break;
      this.#reread.delete(oldest);
      this.#rereadBytes -= size;
    }
  }

  /** One whole pass at once: for a command run once (`check`, `call`). */
  refresh(): void {
    const resume = this.#firstPassDone ? undefined : this.#writes(() => deferMerges(this.#db));
    const pending = this.#plan();
    this.#read(pending, Infinity);
    if (resume !== undefined) this.#writes(resume);
    this.#firstPassDone = true;
  }

  /**
   * One pass in slices of about `sliceMs` of work each, awaiting `pause()` between them so
   * the thread answers calls meanwhile (they see the files read so far). With a `parser`
   * thread, files are parsed there while this thread inserts.
   */
  async indexSlices(
    sliceMs: number,
    pause: () => Promise<void>,
    parser?: FolderParser,
  ): Promise<void> {
    // The first pass is a bulk load: FTS5 merges its segments in fewer, larger steps.
    const resume = this.#firstPassDone ? undefined : this.#writes(() => deferMerges(this.#db));
    const pending = this.#plan();
    if (parser !== undefined) {
      // Batches parsed in `parser` while this thread inserts the ones before them.
      for await (const { files, parsed } of parsedBatches(pending, parser, parseFolderFile)) {
        this.#insertBatch(files, parsed);
        await pause();
      }
    }
    while (pending.length > 0) {
      this.#read(pending, sliceMs);
      await pause();
    }
    if (resume !== undefined) this.#writes(resume);
    this.#firstPassDone = true;
  }

  #insertBatch(files: readonly WalkedFile[], parsed: readonly ParsedFile[]): void {
    this.#writes(() => {
      files.forEach((file, i) => this.#apply(file, parsed[i]!));
      this.#progress.done += files.length;
    });
  }

  /** Closes the database. */
  close(): void {
    this.store.close();
  }

  /** Lists the folder; drops what is gone; returns the files to read, last one first. */
  #plan(): WalkedFile[] {
    let walked: WalkedFile[];
    try {
      const walk = walkFolder(this.root);
      walked = walk.files;
      this.#problems = walk.problems;
      this.#failure = null;
    } catch (error) {
      this.#failure = `the folder cannot be read at ${this.root}: ${reasonOf(error)}`;
      walked = [];
      this.#problems = [];
    }
    const present = new Set(walked.map((file) => file.relative));
    const gone = [...this.#files.keys()].filter((relative) => !present.has(relative));
    this.#writes(() => {
      for (const relative of gone) this.#forget(relative);
    });
    const pending = walked.filter((file) => {
      const state = this.#files.get(file.relative);
      return state === undefined || state.mtime !== file.mtime || state.size !== file.size;
    }).reverse();
    this.#progress = { done: 0, total: pending.length };
    return pending;
  }

  /** Reads files off the end of `pending` until it is empty or `sliceMs` has passed. */
  #read(pending: WalkedFile[], sliceMs: number): void {
    const end = performance.now() + sliceMs;
    this.#writes(() => {
      do {
        const file = pending.pop();
        if (file === undefined) break;
        this.#readOne(file);
        this.#progress.done++;
      } while (performance.now() < end);
    });
  }

  #readOne(file: WalkedFile): void {
    this.#apply(file, parseFolderFile(file));
  }

  #apply(file: WalkedFile, parsed: ParsedFile): void {
    const { outcome, timed, speakers } = parsed;
    const state: FileState = {
      mtime: file.mtime,
      size: file.size,
      id: null,
      skipped: null,
      timed: false,
      speakers: null,
    };
    if (outcome.kind === "transcript") {
      const id = publicId(this.name, fileTranscriptKey(file.relative));
      this.#writer.put(fileTranscriptRow(outcome.transcript, id, file.mtime));
      state.id = id;
      state.timed = timed;
      state.speakers = speakers;
      this.#byId.set(id, file.relative);
    } else {
      this.#forget(file.relative);
      if (outcome.kind === "skipped") state.skipped = outcome.reason;
    }
    this.#files.set(file.relative, state);
  }

  /** Drops the row of a file, if it had one. */
  #forget(relative: string): void {
    const id = this.#files.get(relative)?.id;
    this.#files.delete(relative);
    // Twins never both reach the index (the walk keeps one, folder_walk.ts): an id is
    // one file's.
    if (id === undefined || id === null) return;
    this.#writer.remove(id);
    this.#byId.delete(id);
  }

  /**
   * Runs `write` with the connection open for writing, in one transaction, and returns what
   * it returns; the lock-down (query_only and the reads-only authorizer) is put back before
   * anything reads again.
   * The database is this thread's own, in memory: nothing else can write it meanwhile.
   */
  #writes<T>(write: () => T): T {
    const db = this.#db;
    (db as unknown as { setAuthorizer(callback: null): void }).setAuthorizer(null);
    db.exec("PRAGMA query_only = OFF");
    db.exec("BEGIN");
    try {
      const result = write();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    } finally {
      db.exec("PRAGMA query_only = ON");
      installAuthorizer(db, authorizeReadsOnly);
    }
  }
}
