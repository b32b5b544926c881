/**
 * A folder's index lives in one thread (its host) and is read from the others over a link:
 * a message port for the calls and their answers, and a small shared block to wake the
 * caller and to stop a call. The reads of a source are synchronous, so the caller blocks
 * (Atomics.wait) until the answer is on its port, taking it with receiveMessageOnPort; it
 * wakes every few milliseconds to look at its own deadline and, once past it or cancelled,
 * marks the call stopped (the host's connection sees the mark inside SQLite) and throws as a
 * local read would.
 *
 * One index per folder, however many threads read it: memory is that of one copy.
 *
 * @module
 */
import process from "node:process";
import {
  type HitDetail,
  InvalidCursorError,
  type ItemSample,
  type ItemText,
  type Position,
  type SearchRanking,
  type SegmentRange,
  type SegmentRecord,
  type SegmentSought,
  type SourceFacts,
  type TaskFilter,
  type TaskSummary,
  type TranscriptDocument,
  type TranscriptFilter,
  type TranscriptSummary,
} from "../source_reader.ts";
import { type InterruptReason, StoreInterruptedError } from "../../store/errors.ts";
import type { Store } from "../../store/store.ts";
import { SourceUnavailableError } from "../source_set.ts";
import type { FolderSourceReader } from "./folder_reader.ts";
import type { WalkProblem } from "./folder_walk.ts";

/** One thread's link to a folder's host. */
export interface FolderLink {
  /** The caller's end of the channel. */
  port: MessagePort;
  /** Shared flags: the answers sent so far, and the id of a call the caller gave up on. */
  flags: SharedArrayBuffer;
}

/** The flags' slots. */
const ANSWERS = 0;
const ABANDONED = 1;

/** How often a waiting caller looks at its deadline, in ms: internal tuning. */
const WAIT_SLICE_MS = 5;

type Method = keyof FolderSourceReader;

interface Call {
  id: number;
  method: Method;
  args: unknown[];
}

type Answer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; name: string; message: string; reason?: InterruptReason };

/**
 * The two ends of a new link: the host's and the caller's.
 *
 * @example
 * ```ts
 * import { makeFolderLink } from "./folder_link.ts";
 * const { host, caller } = makeFolderLink();
 * host.port.close();
 * caller.port.close();
 * ```
 */
export function makeFolderLink(): { host: FolderLink; caller: FolderLink } {
  const { port1, port2 } = new MessageChannel();
  const flags = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * 2);
  return { host: { port: port1, flags }, caller: { port: port2, flags } };
}

/**
 * Answers the calls that come over `link` from `reader`, on this thread, between whatever
 * else it does (indexing slices). `store` is the reader's connection: a call its caller gave
 * up on is stopped inside SQLite.
 *
 * @example
 * ```ts
 * import { FolderIndex } from "./folder_index.ts";
 * import { FolderReader } from "./folder_reader.ts";
 * import { makeFolderLink, serveFolderLink } from "./folder_link.ts";
 * const index = new FolderIndex("notes", "/home/ada/Transcripts");
 * const { host } = makeFolderLink();
 * serveFolderLink(new FolderReader(index), index.store, host);
 * ```
 */
export function serveFolderLink(reader: FolderSourceReader, store: Store, link: FolderLink): void {
  const flags = new Int32Array(link.flags);
  link.port.onmessage = (event: MessageEvent<Call>) => {
    const call = event.data;
    store.setInterruptCheck(() => Atomics.load(flags, ABANDONED) === call.id ? "cancelled" : null);
    let answer: Answer;
    try {
      const read = reader[call.method] as (...args: unknown[]) => unknown;
      answer = { id: call.id, ok: true, value: read.apply(reader, call.args) };
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      answer = {
        id: call.id,
        ok: false,
        name: failure.name,
        message: failure.message,
        ...(failure instanceof StoreInterruptedError ? { reason: failure.reason } : {}),
      };
    }
    link.port.postMessage(answer);
    Atomics.add(flags, ANSWERS, 1);
    Atomics.notify(flags, ANSWERS);
  };
}

/**
 * A folder's reader in a thread other than its host's: each read is a call over the link.
 *
 * @example
 * ```ts
 * import { RemoteFolderReader } from "./folder_link.ts";
 * import type { FolderLink } from "./folder_link.ts";
 * declare const link: FolderLink;
 * const reader = new RemoteFolderReader("notes", link);
 * reader.setInterruptCheck(() => null);
 * reader.facts().transcripts;
 * ```
 */
export class RemoteFolderReader implements FolderSourceReader {
  readonly #name: string;
  readonly #port: MessagePort;
  readonly #flags: Int32Array;
  #nextId = 1;
  #interruptCheck: () => InterruptReason | null = () => null;

  /** Reads the folder source `name` over `link`. */
  constructor(name: string, link: FolderLink) {
    this.#name = name;
    this.#port = link.port;
    this.#flags = new Int32Array(link.flags);
  }

  /** Sets the check that tells a waiting read to stop: the call's deadline or cancellation. */
  setInterruptCheck(check: () => InterruptReason | null): void {
    this.#interruptCheck = check;
  }

  /** Closes this end of the link. */
  close(): void {
    this.#port.close();
  }

  listTranscripts(
    after: Position | null,
    limit: number,
    filter: TranscriptFilter,
  ): TranscriptSummary[] {
    return this.#call("listTranscripts", [after, limit, filter]) as TranscriptSummary[];
  }

  getTranscript(id: string): TranscriptDocument | undefined {
    return this.#call("getTranscript", [id]) as TranscriptDocument | undefined;
  }

  search(query: string, count: number): SearchRanking {
    return this.#call("search", [query, count]) as SearchRanking;
  }

  renderHits(keys: readonly string[], match: string): HitDetail[] {
    return this.#call("renderHits", [keys, match]) as HitDetail[];
  }

  textStamp(): string {
    return this.#call("textStamp", []) as string;
  }

  itemTexts(keys: readonly string[], maxBytes: number): ItemText[] {
    return this.#call("itemTexts", [keys, maxBytes]) as ItemText[];
  }

  itemSamples(after: string | null, limit: number, chars: number): ItemSample[] {
    return this.#call("itemSamples", [after, limit, chars]) as ItemSample[];
  }

  readSegments(id: string, range: SegmentRange): SegmentRecord[] | undefined {
    return this.#call("readSegments", [id, range]) as SegmentRecord[] | undefined;
  }

  findSegments(sought: readonly SegmentSought[]): (SegmentRecord | null | undefined)[] {
    return this.#call("findSegments", [sought]) as (SegmentRecord | null | undefined)[];
  }

  listTasks(after: Position | null, limit: number, filter: TaskFilter): TaskSummary[] {
    return this.#call("listTasks", [after, limit, filter]) as TaskSummary[];
  }

  facts(): SourceFacts {
    return this.#call("facts", []) as SourceFacts;
  }

  skippedFiles(): WalkProblem[] {
    return this.#call("skippedFiles", []) as WalkProblem[];
  }

  #call(method: Method, args: unknown[]): unknown {
    const id = this.#nextId++;
    this.#port.postMessage({ id, method, args } satisfies Call);
    for (;;) {
      const seen = Atomics.load(this.#flags, ANSWERS);
      // node:worker_threads at the first read of a served folder, not in every thread that
      // can read sources (issue #26).
      const received = process.getBuiltinModule("node:worker_threads")
        .receiveMessageOnPort(this.#port as never) as
          | { message: Answer }
          | undefined;
      if (received !== undefined) {
        const answer = received.message;
        if (answer.id !== id) continue; // The late answer of a call given up on.
        if (answer.ok) return answer.value;
        throw this.#rebuild(answer);
      }
      const reason = this.#interruptCheck();
      if (reason !== null) {
        Atomics.store(this.#flags, ABANDONED, id);
        throw new StoreInterruptedError(reason);
      }
      Atomics.wait(this.#flags, ANSWERS, seen, WAIT_SLICE_MS);
    }
  }

  /** The host's error as the class the tools tell apart. */
  #rebuild(answer: Extract<Answer, { ok: false }>): Error {
    switch (answer.name) {
      case "InvalidCursorError":
        return new InvalidCursorError();
      case "StoreInterruptedError":
        return new StoreInterruptedError(answer.reason ?? "timeout");
      case "SourceUnavailableError": {
        const prefix = `Cannot read source ${this.#name}: `;
        const why = answer.message.startsWith(prefix)
          ? answer.message.slice(prefix.length)
          : answer.message;
        return new SourceUnavailableError(this.#name, why);
      }
      default:
        return new Error(answer.message);
    }
  }
}
