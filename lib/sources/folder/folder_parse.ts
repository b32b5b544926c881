/**
 * Reading and parsing a folder's files, apart from indexing them, so that a second thread
 * can parse while the folder's host inserts (folder_host.ts), or while `index` writes its
 * store (folder_feed.ts). For the host, what is sent back is what its index keeps, the text
 * without its segments (read again from the file when asked for); for `index`, the whole
 * item as the store holds it, segments and content hash included.
 *
 * @module
 */
import { readTranscriptFile } from "../../ingest/read_transcript_file.ts";
import type { FileOutcome } from "../../ingest/file_transcript.ts";
import { reasonOf, type WalkedFile } from "./folder_walk.ts";
import { speakersOf } from "../turns.ts";
import { MAX_SPEAKERS } from "../../config/limits.ts";
import { fileTranscriptKey } from "../../ingest/file_key.ts";
import { FILE_SOURCE_LABEL, fileTranscriptRow } from "../../ingest/file_rows.ts";
import {
  type IndexedSegment,
  type IndexedTranscript,
  itemHash,
} from "../../ingest/indexed_item.ts";
import { publicId } from "../source_ids.ts";

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

/** Reads and parses `file`; a file that cannot be read is skipped with why. */
function readFolderFile(file: WalkedFile): FileOutcome {
  try {
    return readTranscriptFile(Deno.readFileSync(file.path), baseName(file.relative));
  } catch (error) {
    return { kind: "skipped", reason: `cannot be read: ${reasonOf(error)}` };
  }
}

/**
 * A file as `index` takes it: the transcript as the store holds it (the fields the folder's
 * reader serves) with its segments packed and its content hash, or why it was left out.
 */
export type FedFile =
  | {
    kind: "transcript";
    item: Omit<IndexedTranscript, "segments">;
    segments: PackedSegments;
    hash: string;
  }
  | { kind: "skipped"; reason: string }
  | { kind: "ignored" };

/**
 * A transcript's segments in a few arrays and one string, not an object each: a thread
 * receives them about 3x faster (copying a few blocks instead of rebuilding 270,000 objects
 * for a folder of 1,000 calls, which cost the writing thread as much as parsing them).
 */
export interface PackedSegments {
  /** Start and end of each segment in turn, ms; NaN where untimed. */
  times: Float64Array;
  /** Each segment's speaker, as an index into `names`; -1 for none. */
  who: Int32Array;
  /** The speakers' names. */
  names: string[];
  /** The length of each segment's text in `text`. */
  lengths: Uint32Array;
  /** The segments' texts, one after another. */
  text: string;
}

/**
 * `segments` packed, for another thread.
 *
 * @example
 * ```ts
 * import { packSegments, unpackSegments } from "./folder_parse.ts";
 * const segments = [{ seq: 0, startMs: 0, endMs: 900, speaker: "Ana", text: "Hi." }];
 * unpackSegments(packSegments(segments)); // equal to segments
 * ```
 */
export function packSegments(segments: readonly IndexedSegment[]): PackedSegments {
  const times = new Float64Array(segments.length * 2);
  const who = new Int32Array(segments.length);
  const lengths = new Uint32Array(segments.length);
  const names: string[] = [];
  const numbers = new Map<string, number>();
  const texts: string[] = [];
  segments.forEach((segment, i) => {
    times[2 * i] = segment.startMs ?? NaN;
    times[2 * i + 1] = segment.endMs ?? NaN;
    const { speaker } = segment;
    let number = speaker === null ? -1 : numbers.get(speaker);
    if (number === undefined) {
      number = names.push(speaker!) - 1;
      numbers.set(speaker!, number);
    }
    who[i] = number;
    lengths[i] = segment.text.length;
    texts.push(segment.text);
  });
  return { times, who, names, lengths, text: texts.join("") };
}

/** The segments {@link packSegments} packed, numbered from 0. */
export function unpackSegments(packed: PackedSegments): IndexedSegment[] {
  const { times, who, names, lengths, text } = packed;
  const segments: IndexedSegment[] = new Array(lengths.length);
  let at = 0;
  for (let seq = 0; seq < lengths.length; seq++) {
    const start = times[2 * seq]!;
    const end = times[2 * seq + 1]!;
    const speaker = who[seq]!;
    segments[seq] = {
      seq,
      startMs: Number.isNaN(start) ? null : start,
      endMs: Number.isNaN(end) ? null : end,
      speaker: speaker === -1 ? null : names[speaker]!,
      text: text.slice(at, at += lengths[seq]!),
    };
  }
  return segments;
}

/**
 * Reads and parses `file` of the folder served as `source`, whole, as `index` writes it:
 * the same id, fields and segments the folder's reader serves, read once. Never throws.
 *
 * @example
 * ```ts
 * import { feedFile } from "./folder_parse.ts";
 * const fed = feedFile("notes", { relative: "a.txt", path: "/tmp/a.txt", mtime: 0, size: 3 });
 * fed.kind; // "transcript", "skipped" (with why) or "ignored"
 * ```
 */
export function feedFile(source: string, file: WalkedFile): FedFile {
  const outcome = readFolderFile(file);
  if (outcome.kind !== "transcript") return outcome;
  const { transcript } = outcome;
  const id = publicId(source, fileTranscriptKey(file.relative));
  const row = fileTranscriptRow(transcript, id, file.mtime);
  const segments: IndexedSegment[] = transcript.segments.map((
    { startMs, endMs, speaker, text },
    seq,
  ) => ({ seq, startMs, endMs, speaker, text }));
  const item: IndexedTranscript = {
    id,
    title: row.title,
    createdAt: row.createdAt,
    source: FILE_SOURCE_LABEL,
    duration: row.duration,
    starred: false,
    language: row.language,
    engine: row.engine,
    modelId: null,
    manualTags: [],
    template: null,
    text: row.text,
    segments,
  };
  // Hashed here, in the parsing thread, while the writing thread writes.
  const hash = itemHash({ kind: "transcript", item });
  const { segments: _, ...fields } = item;
  return { kind: "transcript", item: fields, segments: packSegments(segments), hash };
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
  /** For `index`: the source's name; the files are then read whole ({@link feedFile}). */
  source?: string;
}

/** What the parsing thread says: that it is up, or a request's answer. */
export type ParseAnswer =
  | { type: "parser-ready" }
  | {
    /** What the message is. */
    type: "parsed";
    /** The request's id. */
    id: number;
    /** Each file's outcome, in the request's order: a ParsedFile, or a FedFile for index. */
    parsed: ParsedFile[] | FedFile[];
  };

/** A thread that parses files for a folder's host (folder_index.ts) or for `index`. */
export interface FolderParser<T = ParsedFile> {
  /** Whether the thread is up: until then, a request would wait for it to start. */
  readonly ready: boolean;
  /** Reads and parses `files` in the thread, in order; never rejects. */
  parseMany(files: WalkedFile[]): Promise<T[]>;
}

/**
 * A thread that parses files for a folder's host, on the worker entry at `url` (which says
 * `parser-ready` once loaded and answers {@link ParseRequest}s). If the thread fails, its
 * batches are parsed here instead: `parseMany` never rejects.
 *
 * @example
 * ```ts
 * import { startParser } from "./folder_parse.ts";
 * const parser = startParser(new URL("../../runtime/folder_parse_worker.ts", import.meta.url));
 * await parser.parseMany([]);
 * parser.close();
 * ```
 */
export function startParser(url: URL): FolderParser & { close(): void };
/** The same, for `index`: files read whole as the folder `source`'s ({@link feedFile}). */
export function startParser(url: URL, source: string): FolderParser<FedFile> & { close(): void };
export function startParser(
  url: URL,
  source?: string,
): FolderParser<ParsedFile | FedFile> & { close(): void } {
  type Parsed = ParsedFile | FedFile;
  const parseHere = (file: WalkedFile): Parsed =>
    source === undefined ? parseFolderFile(file) : feedFile(source, file);
  const worker = new Worker(url, { type: "module" });
  const waiting = new Map<number, { files: WalkedFile[]; resolve: (p: Parsed[]) => void }>();
  let nextId = 1;
  let failed = false;
  let ready = false;
  worker.onmessage = (event: MessageEvent<ParseAnswer>) => {
    const answer = event.data;
    if (answer.type === "parser-ready") {
      ready = !failed;
      return;
    }
    waiting.get(answer.id)?.resolve(answer.parsed);
    waiting.delete(answer.id);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failed = true;
    ready = false;
    for (const { files, resolve } of waiting.values()) resolve(files.map(parseHere));
    waiting.clear();
  };
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
        worker.postMessage(request);
      });
    },
    close() {
      worker.terminate();
      for (const { files, resolve } of waiting.values()) resolve(files.map(parseHere));
      waiting.clear();
    },
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
