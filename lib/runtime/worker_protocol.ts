/**
 * The messages between the tool-call pool (worker_pool.ts) and its workers
 * (tool_worker.ts), and the layout of the stop flag they share.
 *
 * @module
 */
import type { SourceSpec } from "../sources/source_set.ts";
import type { FolderLink } from "../sources/folder/folder_link.ts";
import type { ToolOutcome } from "../tools/call_tool.ts";
import type { ReadOutcome, SourceRead } from "../tools/reads/source_read.ts";

/** What the pool sends to a worker. */
export type ToWorker =
  | {
    type: "init";
    sources: readonly SourceSpec[];
    stop: SharedArrayBuffer;
    /** The seed tool sets (`--tools`) served beside the native tools. */
    toolSets: readonly string[];
    /** A link to each served folder's host, by source name (folder_hosts.ts). */
    links?: Record<string, FolderLink>;
    /** Where the first worker to need the word-vector table reads it, for all of them. */
    wordVectors: SharedArrayBuffer;
  }
  /**
   * Makes this worker the host of a folder's index instead of a tool worker; `parser`, when
   * given, reaches the parsing thread started for it.
   */
  | { type: "folder-host"; name: string; path: string; parser?: MessagePort }
  /** The parsing thread started for this folder's host has failed. */
  | { type: "folder-parser-failed" }
  /** A link whose calls the folder's host answers. */
  | { type: "folder-link"; link: FolderLink }
  | {
    type: "call";
    callId: number;
    tool: string;
    args: unknown;
    /**
     * The call's absolute deadline (deadline.ts's clock) plus half of the pool's stop grace: the
     * worker's own backstop, after the pool's stop flag and before the pool replaces it.
     */
    deadline: number;
    /**
     * When the call arrived (deadline.ts's clock): the budgets of its reads that may stop
     * early count from it, time queued included, as its deadline does.
     */
    arrivedAt: number;
  }
  | {
    type: "read";
    callId: number;
    /** What resources, prompts or completions need read (lib/tools/reads). */
    read: SourceRead;
    /** As a call's: the worker's own backstop. */
    deadline: number;
    /** As a call's: when it arrived. */
    arrivedAt: number;
  };

/** What a worker sends to the pool. */
export type FromWorker =
  | { type: "ready" }
  | { type: "init-failed"; message: string; busy: boolean }
  | { type: "result"; callId: number; outcome: ToolOutcome | ReadOutcome };

/** Stop-flag slot holding the id of the call to stop. */
export const STOP_CALL_ID = 0;
/** Stop-flag slot holding why: {@link STOP_CANCELLED} or {@link STOP_TIMEOUT}. */
export const STOP_REASON = 1;
/** The client cancelled the call. */
export const STOP_CANCELLED = 1;
/** The call ran past its deadline. */
export const STOP_TIMEOUT = 2;
/** The stop flag's size, in Int32 slots. */
export const STOP_FLAG_SLOTS = 2;

/** What the main thread sends a parsing thread it started for a folder's host. */
export type ToParser = {
  /** What the message is. */
  type: "folder-parse-port";
  /** The port the host sends its requests over. */
  port: MessagePort;
};
