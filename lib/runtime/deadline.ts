/**
 * One deadline per tool call, made once when the call arrives and read by everything that
 * runs it: the main thread's budget, the pool's timer, a split search's parts and the
 * worker's own backstop. Every other bound is an offset from it, never a clock of its own.
 *
 * @module
 */
import { toolErrorOutcome, type ToolOutcome } from "../tools/tool_outcome.ts";
import { DEFAULT_TIMEOUT_MS } from "../config/limits.ts";

/**
 * The time now in milliseconds since the epoch, with sub-millisecond resolution, and
 * comparable across threads (each thread's `performance.now()` has its own origin).
 *
 * @example
 * ```ts
 * import { clockNow } from "./deadline.ts";
 * Math.abs(clockNow() - Date.now()) < 1_000; // true
 * ```
 */
export function clockNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * When one call must be answered.
 *
 * @example
 * ```ts
 * import { Deadline } from "./deadline.ts";
 * const deadline = new Deadline(5_000);
 * deadline.expired; // false
 * deadline.remainingMs <= 5_000; // true
 * ```
 */
export class Deadline {
  /** The absolute time of the deadline, on {@link clockNow}'s clock. */
  readonly at: number;
  /** How long the call was given, in milliseconds, for messages. */
  readonly timeoutMs: number;

  /**
   * A deadline `timeoutMs` after `startedAt` (by default now, the call's arrival);
   * {@link DEFAULT_TIMEOUT_MS} unless told.
   */
  constructor(timeoutMs: number = DEFAULT_TIMEOUT_MS, startedAt: number = clockNow()) {
    this.timeoutMs = timeoutMs;
    this.at = startedAt + timeoutMs;
  }

  /** Milliseconds left; zero or less once passed. */
  get remainingMs(): number {
    return this.at - clockNow();
  }

  /** Whether the deadline has passed. */
  get expired(): boolean {
    return clockNow() >= this.at;
  }
}

/** What bounds one running call: its deadline, and the client's cancellation. */
export interface CallBounds {
  /** When the call must be answered. */
  readonly deadline: Deadline;
  /** Aborted when the client cancels the call. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * The answer to a call that ran past its deadline, wherever it ran.
 *
 * @example
 * ```ts
 * import { Deadline, deadlineOutcome } from "./deadline.ts";
 * deadlineOutcome("list_tasks", new Deadline(5_000)).ok; // false
 * ```
 */
export function deadlineOutcome(tool: string, deadline: Deadline): ToolOutcome {
  return toolErrorOutcome(
    "timeout",
    `${tool} ran past its ${deadline.timeoutMs} ms deadline and was stopped; narrow the request or try again`,
  );
}

/**
 * The answer to a call its client cancelled (one that is never sent, since a cancelled
 * request gets no answer, but every call is settled).
 *
 * @example
 * ```ts
 * import { cancelledOutcome } from "./deadline.ts";
 * cancelledOutcome().ok; // false
 * ```
 */
export function cancelledOutcome(): ToolOutcome {
  return toolErrorOutcome("timeout", "The call was cancelled");
}
