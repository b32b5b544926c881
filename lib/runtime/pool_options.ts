/**
 * The tool-call pool's options and its default size, apart from the pool itself.
 *
 * @module
 */
import { MAX_POOL_SIZE, MIN_POOL_SIZE } from "../config/limits.ts";

/**
 * The default number of calls that run at once: one per core, from 2 (so one slow call
 * never blocks the rest) to {@link MAX_POOL_SIZE}. More workers than cores only add memory.
 */
export const DEFAULT_POOL_SIZE: number = Math.min(
  MAX_POOL_SIZE,
  Math.max(MIN_POOL_SIZE, globalThis.navigator?.hardwareConcurrency ?? MIN_POOL_SIZE),
);

/** Options for the tool-call pool (worker_pool.ts's `ToolWorkerPool`). */
export interface ToolWorkerPoolOptions {
  /**
   * Calls that run at once; the rest queue. By default one per core, from 2 to
   * {@link MAX_POOL_SIZE}.
   *
   * @default {DEFAULT_POOL_SIZE}
   */
  size?: number;
  /**
   * The seed tool sets (`--tools`) workers serve beside the native tools.
   *
   * @default {[]}
   */
  toolSets?: readonly string[] | undefined;
  /**
   * How long a stopped worker may take to come back before it is replaced, in ms. Tests
   * that check a query is stopped inside SQLite give it longer, so a loaded machine that
   * is slow to schedule the worker does not count as a worker that never stops.
   *
   * @default {STOP_GRACE_MS}
   */
  stopGraceMs?: number;
}
