/**
 * Cheap tool calls on the main thread. A call to a tool marked `cheap` (a lookup by key,
 * or one page of an index walk) costs less in SQLite than its hand-off to a worker thread
 * does, so it runs at once on the main thread's own read-only connection, within a short
 * budget. Two kinds of call leave for the worker pool instead, where the full deadline,
 * the busy timeout and cancellation apply:
 *
 * - one that runs past the budget, such as a filter that matches few rows of a large
 *   store, is stopped inside SQLite (KEEP_GOING_SQL) and handed over, and for a while
 *   calls of its shape (the same arguments set) go to the pool without trying here (until
 *   a worker has started, the budget is longer: a hand-off would start one first);
 * - one that meets the app's write lock: this connection does not wait for locks, since
 *   waiting here would stall every other message.
 *
 * The budget bounds how long the protocol can stall on one call, with one exception: a
 * read SQLite cannot stop, that of one row's value. get_transcript sends a text over 2 MiB
 * to a worker; a listing reads a preview of each of its rows' texts, and SQLite loads each
 * text whole to cut it, so a store whose rows held texts of hundreds of MB would stall a
 * listing here for as long as those reads take.
 *
 * @module
 */
import { describeError, logLine } from "../log.ts";
import type { SourceSet } from "../sources/source_set.ts";
import { parseArguments, runParsed, type ToolOutcome } from "../tools/call_tool.ts";
import type { AnyTool } from "../tools/tool.ts";
import { type Deadline, deadlineOutcome } from "./deadline.ts";
import {
  INLINE_BUDGET_BEFORE_WORKERS_MS,
  INLINE_BUDGET_MS,
  REOPEN_AFTER_MS,
  SKIP_AFTER_OVERRUN_MS,
} from "../config/limits.ts";

/** A call run here, or why it must go to a worker. */
export type InlineOutcome = { ran: true; outcome: ToolOutcome } | { ran: false };

/** Options for {@link InlineCalls}. */
export interface InlineCallsOptions {
  /**
   * How long a call may run here before it is stopped and handed over, in milliseconds
   * ({@link INLINE_BUDGET_MS}); never past the call's deadline.
   *
   * @default {INLINE_BUDGET_MS}
   */
  budgetMs?: number | undefined;
  /**
   * Whether a worker thread has started: until one has, a call may run here for
   * {@link INLINE_BUDGET_BEFORE_WORKERS_MS} (never less than `budgetMs`), since handing it
   * over would start one first. Without it, the budget is `budgetMs` throughout.
   */
  workerStarted?: (() => boolean) | undefined;
  /**
   * How long after a failed open to try again, in milliseconds ({@link REOPEN_AFTER_MS}).
   *
   * @default {REOPEN_AFTER_MS}
   */
  reopenAfterMs?: number | undefined;
  /**
   * How long an overrun's shape goes straight to the pool, in milliseconds
   * ({@link SKIP_AFTER_OVERRUN_MS}).
   *
   * @default {SKIP_AFTER_OVERRUN_MS}
   */
  skipAfterOverrunMs?: number | undefined;
}

/**
 * Runs cheap tool calls on the main thread's connection, opened on first use.
 *
 * @example
 * ```ts
 * import { InlineCalls } from "./inline_calls.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * import { findTool } from "../tools/registry.ts";
 * import { Deadline } from "./deadline.ts";
 * const inline = new InlineCalls(() => SourceSet.open([{ kind: "demo", name: "demo" }]));
 * const call = inline.run(findTool("list_tasks")!, { limit: 5 }, new Deadline());
 * if (call.ran) console.log(call.outcome);
 * ```
 */
export class InlineCalls {
  readonly #connect: () => SourceSet;
  readonly #budgetMs: number;
  readonly #workerStarted: () => boolean;
  readonly #reopenAfterMs: number;
  readonly #skipAfterOverrunMs: number;
  #store: SourceSet | undefined;
  #budgetEnd = 0;
  #nextOpen = 0;
  readonly #overranUntil = new Map<string, number>();
  #loggedOpenFailure = false;
  #closed = false;

  /**
   * `connect` opens the connection: read-only, and failing at once on a lock rather than
   * waiting. A failed open is tried again a little later; until then calls go to workers.
   */
  constructor(connect: () => SourceSet, options: InlineCallsOptions = {}) {
    const budgetMs = options.budgetMs ?? INLINE_BUDGET_MS;
    if (!(budgetMs > 0)) throw new RangeError(`budgetMs must be positive, got ${budgetMs}`);
    this.#connect = connect;
    this.#budgetMs = budgetMs;
    this.#workerStarted = options.workerStarted ?? (() => true);
    this.#reopenAfterMs = options.reopenAfterMs ?? REOPEN_AFTER_MS;
    this.#skipAfterOverrunMs = options.skipAfterOverrunMs ?? SKIP_AFTER_OVERRUN_MS;
  }

  /**
   * Opens the connection ahead of the first call; false if it could not be opened, or
   * once {@link InlineCalls.close} has been called.
   */
  open(): boolean {
    if (this.#store !== undefined) return true;
    // A connection opened after close() would be left open: nothing closes it again.
    if (this.#closed) return false;
    if (performance.now() < this.#nextOpen) return false;
    try {
      const store = this.#connect();
      store.setInterruptCheck(() => performance.now() > this.#budgetEnd ? "timeout" : null);
      this.#store = store;
      return true;
    } catch (error) {
      this.#nextOpen = performance.now() + this.#reopenAfterMs;
      if (!this.#loggedOpenFailure) {
        this.#loggedOpenFailure = true;
        logLine(
          `the main thread's connection did not open; calls go to workers: ${describeError(error)}`,
        );
      }
      return false;
    }
  }

  /**
   * Runs `tool` here when it is cheap and finishes within the budget; otherwise reports
   * that the call must go to a worker (the time spent here already counted by its one
   * `deadline`). The arguments are validated before anything reads the store, the `cheap`
   * check included. Once closed, every call goes to a worker.
   */
  run(tool: AnyTool, args: unknown, deadline: Deadline): InlineOutcome {
    if (tool.cheap === undefined || tool.cheap === false) return { ran: false };
    if (!this.open()) return { ran: false };
    const store = this.#store!;
    // Most calls come while no shape is skipped: they need no shape at all.
    let shape: string | undefined;
    if (this.#overranUntil.size > 0) {
      shape = callShape(tool, args);
      const until = this.#overranUntil.get(shape);
      if (until !== undefined) {
        if (until > performance.now()) return { ran: false };
        this.#overranUntil.delete(shape); // So the map holds only shapes still skipped.
      }
    }
    // From here: reopening the connection (its start-up checks) is not the call's cost.
    const budgetMs = this.#workerStarted()
      ? this.#budgetMs
      : Math.max(this.#budgetMs, INLINE_BUDGET_BEFORE_WORKERS_MS);
    this.#budgetEnd = performance.now() + Math.min(budgetMs, deadline.remainingMs);
    const parsed = parseArguments(tool, args);
    let outcome: ToolOutcome;
    if (!parsed.ok) {
      outcome = parsed; // Refused before anything reads the store.
    } else {
      if (typeof tool.cheap === "function") {
        let cheap: boolean;
        try {
          cheap = tool.cheap(store, parsed.input);
        } catch {
          cheap = false; // The app's lock, say: the worker waits for it.
        }
        if (!cheap) return { ran: false };
      }
      outcome = runParsed(tool, store, parsed.input);
    }
    const code = outcome.ok ? null : outcome.code;
    // Here, timeout can only mean the budget ran out, and busy that the app holds its lock.
    if (code === "timeout") {
      this.#overranUntil.set(
        shape ?? callShape(tool, args),
        performance.now() + this.#skipAfterOverrunMs,
      );
    }
    // Past the deadline already (a read SQLite cannot stop, or a deadline shorter than the
    // budget): answered here, as the pool would, rather than handed over with no time left.
    if (deadline.expired) return { ran: true, outcome: deadlineOutcome(tool.name, deadline) };
    if (code === "timeout" || code === "busy") return { ran: false };
    return { ran: true, outcome };
  }

  /** Closes the connection for good: later calls go to workers, and nothing reopens it. */
  close(): void {
    this.#closed = true;
    this.#store?.close();
    this.#store = undefined;
  }
}

/** A call's tool and the names of the arguments it sets: calls of one shape cost alike. */
function callShape(tool: AnyTool, args: unknown): string {
  const names = args !== null && typeof args === "object" ? Object.keys(args).sort() : [];
  return `${tool.name}(${names.join(",")})`;
}
