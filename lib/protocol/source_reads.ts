/**
 * Where the protocol layer's reads of the sources run: in production the worker pool, where
 * tool calls run, under the request's deadline and cancellation.
 *
 * @module
 */
import type { CallBounds } from "../runtime/deadline.ts";
import type { ReadOutcome, SourceRead } from "../tools/reads/source_read.ts";

/**
 * Runs reads of the sources; resolves with their outcome and never rejects. `method` names
 * the request in the answers it makes itself (past the deadline, the server closing).
 *
 * @example
 * ```ts
 * import type { SourceReads } from "./source_reads.ts";
 * import { ToolWorkerPool } from "../runtime/worker_pool.ts";
 * const reads: SourceReads = new ToolWorkerPool([{ kind: "demo", name: "demo" }]);
 * ```
 */
export interface SourceReads {
  /** Runs `read` within `bounds`. */
  read<R extends SourceRead>(
    read: R,
    method: string,
    bounds: CallBounds,
  ): Promise<ReadOutcome<R["kind"]>>;
}
