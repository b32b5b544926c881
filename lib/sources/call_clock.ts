/**
 * When the call a thread is answering arrived, so that the budgets of work that may stop
 * early (scans of sources without a full-text index, counting screenpipe's sittings) are
 * one budget per call, not one per scan, counted as the call's deadline is: a search in
 * mode `both` scans each source twice (its words, then their neighbours), a call may read
 * several such sources, and it may have waited in the pool's queue, but all of it stops
 * with the deadline's default still ahead, so the answer can be made.
 *
 * A thread answers one call at a time, and a call's reads are synchronous, so the clock is
 * the thread's.
 *
 * @module
 */

let callStart: number | undefined;

/**
 * Runs `run` as one call that began at `startedAt` (a performance.now() time; now by
 * default): {@link callStarted} answers it until `run` returns.
 *
 * @example
 * ```ts
 * import { callStarted, withCallClock } from "./call_clock.ts";
 * const began = withCallClock(() => callStarted());
 * began <= performance.now(); // true
 * ```
 */
export function withCallClock<T>(run: () => T, startedAt: number = performance.now()): T {
  const outer = callStart;
  callStart = startedAt;
  try {
    return run();
  } finally {
    callStart = outer;
  }
}

/**
 * When the call being answered began (performance.now() time), or now outside a call (a
 * command such as `check`, or a test reading a source directly).
 *
 * @example
 * ```ts
 * import { callStarted } from "./call_clock.ts";
 * callStarted() <= performance.now(); // true
 * ```
 */
export function callStarted(): number {
  return callStart ?? performance.now();
}
