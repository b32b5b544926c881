/**
 * When the call a thread is answering arrived, so that the budgets of work that may stop
 * early (scans of sources without a full-text index, counting screenpipe's sittings) are
 * one budget per call, not one per scan, counted as the call's deadline is: a search in
 * mode `both` scans each source twice (its words, then their neighbours), a call may read
 * several such sources, and it may have waited in the pool's queue, but all of it stops
 * with the deadline's default still ahead, so the answer can be made.
 *
 * A thread answers one call at a time, and a call's reads are synchronous, so the clock is
 * the thread's; so is what is to be let go when the call ends ({@link whenCallEnds}).
 *
 * @module
 */

let callStart: number | undefined;
const endings: (() => void)[] = [];

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
    if (outer === undefined) { for (const end of endings.splice(0)) end(); }
  }
}

/**
 * Runs `end` when the call being answered ends (the outermost, where calls nest); false,
 * and `end` is not kept, outside a call. What a call holds only for itself (a read too
 * large to keep between calls, which its own later reads need again) is let go this way.
 *
 * @example
 * ```ts
 * import { whenCallEnds, withCallClock } from "./call_clock.ts";
 * let held: string | undefined;
 * withCallClock(() => {
 *   held = "a large read";
 *   whenCallEnds(() => held = undefined);
 * });
 * held; // undefined
 * whenCallEnds(() => {}); // false: no call is being answered
 * ```
 */
export function whenCallEnds(end: () => void): boolean {
  if (callStart === undefined) return false;
  endings.push(end);
  return true;
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
