/**
 * Reading and parsing a folder's files, apart from indexing them, so that a second thread
 * can parse while the folder's host inserts (folder_host.ts), or while `index` writes its
 * store (folder_feed.ts). For the host, what is sent back is what its index keeps, the text
 * without its segments (read again from the file when asked for); for `index`, the whole
 * item (folder_feed_file.ts), from a thread of its own (lib/runtime/folder_feed_worker.ts),
 * so that the host's parsing thread loads no more than it needs.
 *
 * @module
 */
import { readTranscriptFile } from "../../ingest/read_transcript_file.ts";
import type { FileOutcome } from "../../ingest/file_transcript.ts";
import { reasonOf, type WalkedFile } from "./folder_walk.ts";
import { speakersOf } from "../turns.ts";
import { MAX_SPEAKERS, MAX_TRANSCRIPT_FILE_BYTES } from "../../config/limits.ts";

/**
 * A file as the index takes it: its reader's outcome with the segments dropped (they are read
 * again when asked for), whether they were timed, and who speaks (null: no segments).
 */
export type ParsedFile = { outcome: FileOutcome; timed: boolean; speakers: string[] | null };

/**
 * Reads and parses `file`: never throws, a file that cannot be read is skipped with why.
 *
 * @example
 * ```ts
 * import { parseFolderFile } from "./folder_parse.ts";
 * parseFolderFile({ relative: "a.txt", path: "/tmp/a.txt", mtime: 0, size: 3 }).outcome.kind;
 * ```
 */
export function parseFolderFile(file: WalkedFile): ParsedFile {
  const outcome = readFolderFile(file);
  if (outcome.kind !== "transcript") return { outcome, timed: false, speakers: null };
  const segments = outcome.transcript.segments;
  const timed = segments.some((segment) => segment.startMs !== null);
  return {
    outcome: { kind: "transcript", transcript: { ...outcome.transcript, segments: [] } },
    timed,
    speakers: segments.length === 0 ? null : speakersOf(segments, MAX_SPEAKERS),
  };
}

/**
 * Reads and parses `file`; a file that cannot be read is skipped with why, one gone since
 * the folder was listed ignored.
 *
 * @example
 * ```ts
 * import { readFolderFile } from "./folder_parse.ts";
 * readFolderFile({ relative: "a.txt", path: "/tmp/a.txt", mtime: 0, size: 3 }).kind;
 * ```
 */
export function readFolderFile(file: WalkedFile): FileOutcome {
  try {
    return readTranscriptFile(readRegularFile(file.path), baseName(file.relative));
  } catch (error) {
    // Gone since the folder was listed (deleted, renamed, a sync client's temporary file):
    // no file to report, and the next look at the folder drops it.
    if (error instanceof Deno.errors.NotFound) return { kind: "ignored" };
    return { kind: "skipped", reason: `cannot be read: ${reasonOf(error)}` };
  }
}

/**
 * The bytes of the regular file at `path`, looked at before it is opened: the walk saw a
 * regular file, but the path may since lead to a FIFO (whose open waits for a writer, for
 * ever) or a link to a device (`/dev/zero` never ends), or to a file grown past the cap.
 * `info` is the path's stat when the caller has just taken it.
 *
 * @example
 * ```ts
 * import { readRegularFile } from "./folder_parse.ts";
 * readRegularFile("/tmp/a.txt"); // its bytes; throws "not a regular file" for a FIFO
 * ```
 */
export function readRegularFile(path: string, info = Deno.statSync(path)): Uint8Array {
  if (!info.isFile) throw new Error("not a regular file");
  if (info.size > MAX_TRANSCRIPT_FILE_BYTES) {
    throw new Error(`larger than ${MAX_TRANSCRIPT_FILE_BYTES / 1024 / 1024} MiB`);
  }
  return Deno.readFileSync(path);
}

/**
 * The last part of a folder-relative path: the file's name, which the reader takes as a hint.
 *
 * @example
 * ```ts
 * import { baseName } from "./folder_parse.ts";
 * baseName("2025/03/standup.vtt"); // "standup.vtt"
 * ```
 */
export function baseName(relative: string): string {
  return relative.slice(relative.lastIndexOf("/") + 1);
}

/** What a folder's host asks its parsing thread. */
export interface ParseRequest {
  /** What the message is. */
  type: "folder-parse";
  /** Matches the answer to the request. */
  id: number;
  /** The files to read and parse, in order. */
  files: WalkedFile[];
  /** For `index`'s thread: the source's name, the files being read whole for it. */
  source?: string;
}

/** Asks a parsing thread reached over a port to end: it is done with. */
export interface ParseClose {
  /** What the message is. */
  type: "folder-parse-close";
}

/** What the parsing thread says: that it is up, or a request's answer. */
export type ParseAnswer =
  | { type: "parser-ready" }
  | {
    /** What the message is. */
    type: "parsed";
    /** The request's id. */
    id: number;
    /** Each file's outcome, in the request's order (for `index`, what its thread gives). */
    parsed: unknown[];
  };

/** A thread that parses files for a folder's host (folder_index.ts) or for `index`. */
export interface FolderParser<T = ParsedFile> {
  /** Whether the thread is up: until then, a request would wait for it to start. */
  readonly ready: boolean;
  /** Reads and parses `files` in the thread, in order; never rejects. */
  parseMany(files: WalkedFile[]): Promise<T[]>;
}

/** A parsing thread as its user holds it. */
export interface StartedParser<T> extends FolderParser<T> {
  /** Ends the thread; what it still had to parse is parsed here. */
  close(): void;
  /**
   * Says the thread has failed (its starter saw it, where it runs elsewhere): what it had
   * to parse, and all that follows, is parsed here.
   */
  fail(): void;
}

/**
 * A thread that parses files for a folder's host: started here on the worker entry at a
 * URL, or, given a port, one started elsewhere that answers over it (a thread started by a
 * worker takes about half a second longer to start and to take its first message than one
 * started by the main thread, so the served folders' parsing threads are started there:
 * lib/runtime/folder_hosts.ts). The thread says `parser-ready` once loaded and answers
 * {@link ParseRequest}s. If it fails, its batches are parsed here instead: `parseMany`
 * never rejects.
 *
 * @example
 * ```ts
 * import { startParser } from "./folder_parse.ts";
 * const parser = startParser(new URL("../../runtime/folder_parse_worker.ts", import.meta.url));
 * await parser.parseMany([]);
 * parser.close();
 * ```
 */
export function startParser(endpoint: URL | MessagePort): StartedParser<ParsedFile> {
  return startFileParser(endpoint, parseFolderFile);
}

/**
 * A thread that reads files into `T`s, as `parseHere` does here: started on the worker entry
 * at `endpoint`, or reached over it when it is a port; requests name `source` when given.
 * `parseMany` never rejects: if the thread fails, its batches are parsed here instead.
 *
 * @example
 * ```ts
 * import { parseFolderFile, startFileParser } from "./folder_parse.ts";
 * const url = new URL("../../runtime/folder_parse_worker.ts", import.meta.url);
 * const parser = startFileParser(url, parseFolderFile);
 * await parser.parseMany([]);
 * parser.close();
 * ```
 */
export function startFileParser<T>(
  endpoint: URL | MessagePort,
  parseHere: (file: WalkedFile) => T,
  source?: string,
): StartedParser<T> {
  const worker = endpoint instanceof URL ? new Worker(endpoint, { type: "module" }) : undefined;
  const channel: Worker | MessagePort = worker ?? (endpoint as MessagePort);
  const waiting = new Map<number, { files: WalkedFile[]; resolve: (p: T[]) => void }>();
  let nextId = 1;
  let failed = false;
  let ready = false;
  const parseWaitingHere = () => {
    for (const { files, resolve } of waiting.values()) resolve(files.map(parseHere));
    waiting.clear();
  };
  const fail = () => {
    failed = true;
    ready = false;
    parseWaitingHere();
  };
  channel.onmessage = (event: MessageEvent<ParseAnswer>) => {
    const answer = event.data;
    if (answer.type === "parser-ready") {
      ready = !failed;
      return;
    }
    // The thread answers in `T`s: the caller pairs its entry with `parseHere`.
    waiting.get(answer.id)?.resolve(answer.parsed as T[]);
    waiting.delete(answer.id);
  };
  if (worker !== undefined) {
    worker.onerror = (event) => {
      event.preventDefault();
      fail();
    };
  }
  return {
    get ready() {
      return ready;
    },
    parseMany(files) {
      if (failed) return Promise.resolve(files.map(parseHere));
      return new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, { files, resolve });
        const request: ParseRequest = { type: "folder-parse", id, files };
        if (source !== undefined) request.source = source;
        channel.postMessage(request);
      });
    },
    close() {
      if (worker !== undefined) {
        worker.terminate();
      } else if (!failed) {
        const end: ParseClose = { type: "folder-parse-close" };
        (endpoint as MessagePort).postMessage(end);
        (endpoint as MessagePort).close();
      }
      failed = true;
      parseWaitingHere();
    },
    fail,
  };
}

/** Files sent to be parsed at once: internal tuning (enough to keep the other thread busy). */
const PARSE_BATCH_BYTES = 1024 * 1024;

/** Batches the parsing thread is given at once: internal tuning (one queued behind its work). */
const PARSER_BATCHES = 2;

/** Batches parsed and not yet taken, at most: internal tuning (bounds their memory). */
const BATCHES_AHEAD = 4;

/** A batch of files being parsed, or parsed, awaiting its turn. */
interface ParseBatch<T> {
  files: WalkedFile[];
  /** Their parses, once back. */
  parsed: T[] | undefined;
  /** Settles when they are back. */
  back: Promise<unknown>;
}

/**
 * The files of `pending` (taken off its end) parsed, batch by batch, in order, with the
 * parsing of later batches overlapping the caller's work on earlier ones: `parser` is kept
 * {@link PARSER_BATCHES} ahead, and whenever the batch due next is not back (the thread is
 * still starting, or slower than this one on a busy machine), this thread parses the next
 * batch itself with `parseHere` rather than wait. Whoever parses a batch, batches come in
 * order.
 *
 * @example
 * ```ts
 * import { parsedBatches, parseFolderFile, startParser } from "./folder_parse.ts";
 * const parser = startParser(new URL("../../runtime/folder_parse_worker.ts", import.meta.url));
 * for await (const { files, parsed } of parsedBatches([], parser, parseFolderFile)) {
 *   files.length === parsed.length; // true
 * }
 * parser.close();
 * ```
 */
export async function* parsedBatches<T>(
  pending: WalkedFile[],
  parser: FolderParser<T>,
  parseHere: (file: WalkedFile) => T,
): AsyncGenerator<{ files: WalkedFile[]; parsed: T[] }> {
  const queue: ParseBatch<T>[] = [];
  for (;;) {
    let away = queue.filter((batch) => batch.parsed === undefined).length;
    while (parser.ready && away < PARSER_BATCHES && queue.length < BATCHES_AHEAD) {
      const files = takeBatch(pending);
      if (files.length === 0) break;
      const batch: ParseBatch<T> = { files, parsed: undefined, back: Promise.resolve() };
      batch.back = parser.parseMany(files).then((parsed) => batch.parsed = parsed);
      queue.push(batch);
      away++;
    }
    const next = queue[0];
    if (next?.parsed !== undefined) {
      queue.shift();
      yield { files: next.files, parsed: next.parsed };
    } else if (pending.length > 0 && queue.length < BATCHES_AHEAD) {
      const files = takeBatch(pending);
      const parsed = files.map(parseHere);
      if (next === undefined) yield { files, parsed };
      else queue.push({ files, parsed, back: Promise.resolve() });
    } else if (next !== undefined) {
      await next.back;
    } else {
      return;
    }
  }
}

/** Files off the end of `pending`, up to about {@link PARSE_BATCH_BYTES}, in order. */
function takeBatch(pending: WalkedFile[]): WalkedFile[] {
  const batch: WalkedFile[] = [];
  let bytes = 0;
  while (pending.length > 0 && (batch.length === 0 || bytes < PARSE_BATCH_BYTES)) {
    const file = pending.pop()!;
    batch.push(file);
    bytes += file.size;
  }
  return batch;
}
