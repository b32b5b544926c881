/**
 * Reading and parsing a folder's files, apart from indexing them, so that a second thread
 * can parse while the folder's host inserts (folder_host.ts): what is sent back is what the
 * index keeps, the text without its segments (read again from the file when asked for).
 *
 * @module
 */
import { readTranscriptFile } from "../../ingest/read_transcript_file.ts";
import type { FileOutcome } from "../../ingest/file_transcript.ts";
import { reasonOf, type WalkedFile } from "./folder_walk.ts";
import { speakersOf } from "../turns.ts";
import { MAX_SPEAKERS } from "../../config/limits.ts";

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
  let outcome: FileOutcome;
  try {
    outcome = readTranscriptFile(Deno.readFileSync(file.path), baseName(file.relative));
  } catch (error) {
    outcome = { kind: "skipped", reason: `cannot be read: ${reasonOf(error)}` };
  }
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
}

/** What the parsing thread says: that it is up, or a request's answer. */
export type ParseAnswer =
  | { type: "parser-ready" }
  | {
    /** What the message is. */
    type: "parsed";
    /** The request's id. */
    id: number;
    /** Each file's outcome, in the request's order. */
    parsed: ParsedFile[];
  };

/** A thread that parses files for a folder's host (folder_index.ts uses it). */
export interface FolderParser {
  /** Whether the thread is up: until then, a request would wait for it to start. */
  readonly ready: boolean;
  /** Reads and parses `files` in the thread, in order; never rejects. */
  parseMany(files: WalkedFile[]): Promise<ParsedFile[]>;
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
export function startParser(url: URL): FolderParser & { close(): void } {
  const worker = new Worker(url, { type: "module" });
  const waiting = new Map<number, { files: WalkedFile[]; resolve: (p: ParsedFile[]) => void }>();
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
    for (const { files, resolve } of waiting.values()) resolve(files.map(parseFolderFile));
    waiting.clear();
  };
  return {
    get ready() {
      return ready;
    },
    parseMany(files) {
      if (failed) return Promise.resolve(files.map(parseFolderFile));
      return new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, { files, resolve });
        worker.postMessage({ type: "folder-parse", id, files } satisfies ParseRequest);
      });
    },
    close() {
      worker.terminate();
      for (const { files, resolve } of waiting.values()) resolve(files.map(parseFolderFile));
      waiting.clear();
    },
  };
}
