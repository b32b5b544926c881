/**
 * How a run of `index` is stopped by a signal part-way. A signal's listener runs only when
 * the thread gets back to its event loop, which a source read in one go (SQLite's calls are
 * synchronous) never does by itself: the run pauses for it now and then, and stops at the
 * next item once it has come. Stopped, the run is rolled back like a failed one.
 *
 * @module
 */
import { INDEX_STOP_CHECK_MS } from "../config/limits.ts";

/** What a stopped run throws: the signal's reason, e.g. "received SIGINT". */
export class RunStopped extends Error {}

/**
 * Looks for a stop between a run's items: {@link RunStop.check} throws {@link RunStopped}
 * once `signal` is aborted, and lets the event loop in every `INDEX_STOP_CHECK_MS`.
 *
 * @example
 * ```ts
 * import { RunStop } from "./run_stop.ts";
 * const controller = new AbortController();
 * const stop = new RunStop(controller.signal);
 * await stop.check(); // goes on
 * controller.abort("received SIGINT");
 * await stop.check().catch((error) => error.message); // "received SIGINT"
 * ```
 */
export class RunStop {
  readonly #signal: AbortSignal | undefined;
  #pausedAt = performance.now();

  /** A stop for `signal`; with none, checks never stop and never pause. */
  constructor(signal?: AbortSignal) {
    this.#signal = signal;
  }

  /** Whether `error` is this run's stop, not a source's failure. */
  stopped(error: unknown): boolean {
    return error instanceof RunStopped || this.#signal?.aborted === true;
  }

  /** What the run throws once stopped: the signal's reason as a {@link RunStopped}. */
  reason(): RunStopped {
    return new RunStopped(String(this.#signal?.reason));
  }

  /** Throws {@link RunStopped} if the run is to stop; pauses for the event loop when due. */
  async check(): Promise<void> {
    const signal = this.#signal;
    if (signal === undefined) return;
    if (performance.now() - this.#pausedAt >= INDEX_STOP_CHECK_MS) {
      // A timer, not a resolved promise: only a macrotask boundary lets a signal's listener run.
      await new Promise((resolve) => setTimeout(resolve, 0));
      this.#pausedAt = performance.now();
    }
    if (signal.aborted) throw this.reason();
  }
}
