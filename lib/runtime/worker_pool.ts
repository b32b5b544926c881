/**
 * The tool-call pool: at most `size` calls run at once, each on its own worker thread with
 * its own read-only connection; the rest wait in arrival order. Every call carries its one
 * deadline (deadline.ts), counted from its arrival.
 *
 * A call past its deadline is answered `timeout` at once. The statement itself is stopped
 * from inside SQLite: the worker's connection calls a check once per candidate row (see
 * {@link KEEP_GOING_SQL}), which sees the stop flag this pool sets in shared memory.
 * FTS5's work before and between rows is out of the check's reach; searches bound it
 * before they start (lib/search/query_work.ts), so a stop comes within tens of milliseconds.
 * A worker that still has not come back after a grace period is terminated and replaced.
 * Cancellation uses the same flag.
 *
 * @module
 */
import { describeError, logLine } from "../log.ts";
import type { SourceSpec } from "../sources/source_set.ts";
import { toolErrorOutcome, type ToolOutcome } from "../tools/call_tool.ts";
import type { ToolErrorCode } from "../tools/tool.ts";
import type { ReadOutcome, SourceRead } from "../tools/reads/source_read.ts";
// For the {@link} in the module's doc only.
// deno-lint-ignore no-unused-vars
import type { KEEP_GOING_SQL } from "../store/store.ts";
import { type CallBounds, cancelledOutcome, type Deadline, deadlineOutcome } from "./deadline.ts";
import {
  type FromWorker,
  STOP_CALL_ID,
  STOP_CANCELLED,
  STOP_FLAG_SLOTS,
  STOP_REASON,
  STOP_TIMEOUT,
  type ToWorker,
} from "./worker_protocol.ts";
import { STOP_GRACE_MS } from "../config/limits.ts";
import { DEFAULT_POOL_SIZE, type ToolWorkerPoolOptions } from "./pool_options.ts";
import { FolderHosts } from "./folder_hosts.ts";
import { setFolderLinks } from "../sources/folder/folder_links.ts";
import { SHARED_TABLE_BYTES } from "../search/word_vectors_file.ts";

export { DEFAULT_POOL_SIZE, type ToolWorkerPoolOptions };

/**
 * The worker's entry point: tool_worker.ts beside this module, or in the release build the
 * bundle beside the main bundle (scripts/compile.ts).
 */
export const TOOL_WORKER_URL = new URL(
  import.meta.url.endsWith(".js") ? "./tool_worker.js" : "./tool_worker.ts",
  import.meta.url,
);

/** What a job runs (a tool call, or a read for resources, prompts or completions), and gives. */
type Work = { type: "call"; tool: string; args: unknown } | { type: "read"; read: SourceRead };
type Outcome = ToolOutcome | ReadOutcome;

interface Job {
  callId: number;
  /** The tool's name, or the MCP method a read serves: what messages call it. */
  name: string;
  work: Work;
  signal: AbortSignal | undefined;
  resolve: (outcome: Outcome) => void;
  settled: boolean;
  /** When the call must be answered. */
  deadline: Deadline;
  slot?: Slot;
  timer?: ReturnType<typeof setTimeout>;
}

interface Slot {
  worker: Worker;
  stop: Int32Array;
  ready: boolean;
  job: Job | undefined;
  graceTimer?: ReturnType<typeof setTimeout>;
}

/**
 * Runs tool calls on worker threads, with a concurrency cap, a FIFO queue and deadlines.
 *
 * @example
 * ```ts
 * import { ToolWorkerPool } from "./worker_pool.ts";
 * import { Deadline } from "./deadline.ts";
 * const pool = new ToolWorkerPool([{ kind: "demo", name: "demo" }]);
 * const outcome = await pool.run("list_tasks", { done: false }, { deadline: new Deadline() });
 * pool.close();
 * ```
 */
export class ToolWorkerPool {
  readonly #sources: readonly SourceSpec[];
  readonly #toolSets: readonly string[];
  readonly #size: number;
  readonly #stopGraceMs: number;
  readonly #slots: Slot[] = [];
  /** The word-vector table, read by the first worker to need it (no memory until then). */
  readonly #wordVectors = new SharedArrayBuffer(SHARED_TABLE_BYTES);
  readonly #queue: Job[] = [];
  #nextCallId = 1;
  #closed = false;
  #workersStarted = 0;
  #stoppedMidQuery = 0;
  #readyWaiters: (() => void)[] = [];
  #peakRunning = 0;
  /** Slots with a job: kept as a count, since every dispatch reads it. */
  #running = 0;
  /** The served folders' index threads, which every worker reads over links. */
  readonly #folders: FolderHosts;

  /** A pool over `sources`; workers start on demand. */
  constructor(sources: readonly SourceSpec[], options: ToolWorkerPoolOptions = {}) {
    this.#sources = sources;
    this.#toolSets = options.toolSets ?? [];
    this.#size = options.size ?? DEFAULT_POOL_SIZE;
    this.#stopGraceMs = options.stopGraceMs ?? STOP_GRACE_MS;
    if (!Number.isInteger(this.#size) || this.#size < 1) {
      throw new RangeError(`size must be a positive integer, got ${this.#size}`);
    }
    // Started now, so indexing runs while the client initializes (inline calls read too).
    this.#folders = new FolderHosts(sources);
    if (this.#folders.any) setFolderLinks((name) => this.#folders.link(name));
  }

  /**
   * Starts one worker ahead of the first call, so that call does not wait for it, and the
   * folders' parsing threads. Resolves once some worker is ready (or failed to open).
   */
  warm(): Promise<void> {
    this.#folders.startParsers();
    if (this.#slots.length === 0 && !this.#closed) this.#startWorker();
    if (this.#slots.some((slot) => slot.ready) || this.#slots.length === 0) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#readyWaiters.push(resolve));
  }

  /**
   * Runs one tool call within its bounds. Resolves with the tool's outcome, or with a
   * `timeout` error when the deadline passes or the call is cancelled; never rejects. The
   * deadline counts from the call's arrival, so time it spent elsewhere or queued here is
   * time the client has waited.
   */
  run(tool: string, args: unknown, bounds: CallBounds): Promise<ToolOutcome> {
    return this.#submit(tool, { type: "call", tool, args }, bounds) as Promise<ToolOutcome>;
  }

  /**
   * Runs one read for resources, prompts or completions, exactly as a tool call runs: the
   * same queue, deadline, cancellation and answers when it cannot run. `method` names it
   * in those answers.
   */
  read<R extends SourceRead>(
    read: R,
    method: string,
    bounds: CallBounds,
  ): Promise<ReadOutcome<R["kind"]>> {
    return this.#submit(method, { type: "read", read }, bounds) as Promise<
      ReadOutcome<R["kind"]>
    >;
  }

  #submit(name: string, work: Work, bounds: CallBounds): Promise<Outcome> {
    const { deadline, signal } = bounds;
    return new Promise((resolve) => {
      const job: Job = {
        callId: this.#nextCallId++,
        name,
        work,
        signal,
        resolve,
        settled: false,
        deadline,
      };
      if (this.#closed) {
        return this.#settle(job, toolErrorOutcome("internal", "The server is closing"));
      }
      // An abort that came before this call never fires the listener below, so it is
      // answered here, or the call would run for a client that no longer waits.
      if (signal?.aborted) {
        return this.#settle(job, cancelledOutcome());
      }
      job.timer = setTimeout(() => this.#expire(job), Math.max(0, deadline.remainingMs));
      signal?.addEventListener("abort", () => this.#abandon(job, STOP_CANCELLED), { once: true });
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  /** The most calls that run at once. */
  get size(): number {
    return this.#size;
  }

  /** How many workers were ever started; a stopped query does not cost a new one. */
  get workersStarted(): number {
    return this.#workersStarted;
  }

  /** How many abandoned calls their worker reported stopped part-way, inside SQLite. */
  get stoppedMidQuery(): number {
    return this.#stoppedMidQuery;
  }

  /** The most calls that ran at once. */
  get peakRunning(): number {
    return this.#peakRunning;
  }

  /** Calls running or queued. */
  get pending(): number {
    const waiting = this.#queue.filter((job) => !job.settled).length;
    return waiting + this.#running;
  }

  /** Stops every worker. Queued calls are answered with an error. */
  close(): void {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) {
      this.#settle(job, toolErrorOutcome("internal", "The server is closing"));
    }
    this.#running = 0; // The slots go, with the calls they ran.
    for (const slot of this.#slots.splice(0)) {
      clearTimeout(slot.graceTimer);
      slot.worker.terminate();
    }
    if (this.#folders.any) setFolderLinks(null);
    this.#folders.close();
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const slot = this.#slots.find((s) => s.ready && s.job === undefined);
      if (slot === undefined) {
        // Workers start on demand (each costs a thread, a connection, its page cache): one
        // more only while waiting calls outnumber the workers starting, each to take one.
        const starting = this.#slots.filter((s) => !s.ready).length;
        const waiting = this.#queue.filter((job) => !job.settled).length;
        if (this.#slots.length < this.#size && starting < waiting) this.#startWorker();
        return;
      }
      const job = this.#queue.shift()!;
      if (job.settled) continue;
      slot.job = job;
      job.slot = slot;
      this.#running++;
      this.#peakRunning = Math.max(this.#peakRunning, this.#running);
      // The pool answers at the deadline and sets the stop flag; the worker's own clock
      // is only a backstop, a little later, so the pool's answer always comes first.
      const deadline = job.deadline.at + this.#stopGraceMs / 2;
      const arrivedAt = job.deadline.at - job.deadline.timeoutMs;
      const message: ToWorker = { ...job.work, callId: job.callId, deadline, arrivedAt };
      slot.worker.postMessage(message);
    }
  }

  #startWorker(): void {
    const stopBuffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * STOP_FLAG_SLOTS);
    const worker = new Worker(TOOL_WORKER_URL, { type: "module" });
    this.#workersStarted++;
    const slot: Slot = { worker, stop: new Int32Array(stopBuffer), ready: false, job: undefined };
    this.#slots.push(slot);
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.#receive(slot, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(slot, `a tool worker failed: ${describeError(event.message)}`);
    };
    const { links, transfer } = this.#folders.links();
    const init: ToWorker = {
      type: "init",
      sources: this.#sources,
      stop: stopBuffer,
      toolSets: this.#toolSets,
      links,
      wordVectors: this.#wordVectors,
    };
    worker.postMessage(init, transfer);
  }

  #receive(slot: Slot, message: FromWorker): void {
    switch (message.type) {
      case "ready":
        slot.ready = true;
        for (const resolve of this.#readyWaiters.splice(0)) resolve();
        break;
      case "init-failed":
        this.#fail(
          slot,
          `the store could not be opened: ${message.message}`,
          message.busy ? "busy" : "internal",
        );
        return;
      case "result": {
        const job = this.#release(slot);
        clearTimeout(slot.graceTimer);
        if (job === undefined || job.callId !== message.callId) break;
        const outcome = message.outcome;
        if (job.settled && !outcome.ok && outcome.code === "timeout") this.#stoppedMidQuery++;
        this.#settle(job, outcome);
        break;
      }
    }
    this.#dispatch();
  }

  /**
   * Takes a broken worker out of the pool and answers its call. A worker that could not
   * open the store leaves the queue to the workers that could; only when none is ready are
   * the waiting calls answered, with `busy` if the app held a lock, else `internal`.
   */
  #fail(slot: Slot, reason: string, code: ToolErrorCode = "internal"): void {
    logLine(reason);
    for (const resolve of this.#readyWaiters.splice(0)) resolve();
    const job = this.#release(slot);
    this.#remove(slot);
    if (job !== undefined) {
      this.#settle(
        job,
        toolErrorOutcome("internal", "The call failed inside the server; see its stderr log"),
      );
    } else if (!slot.ready && !this.#slots.some((other) => other.ready)) {
      const message = code === "busy"
        ? "The store is locked by its app; try again in a moment"
        : "The store could not be opened; see the server's stderr log";
      for (const job of this.#queue.splice(0)) this.#settle(job, toolErrorOutcome(code, message));
    }
    this.#dispatch();
  }

  /** Frees `slot` of its job, if it has one, and returns that job. */
  #release(slot: Slot): Job | undefined {
    const job = slot.job;
    if (job !== undefined) {
      slot.job = undefined;
      if (!this.#closed) this.#running--; // close() counted every slot out already.
    }
    return job;
  }

  #remove(slot: Slot): void {
    const index = this.#slots.indexOf(slot);
    if (index !== -1) this.#slots.splice(index, 1);
    clearTimeout(slot.graceTimer);
    slot.worker.terminate();
  }

  #expire(job: Job): void {
    if (job.settled) return;
    this.#settle(job, deadlineOutcome(job.name, job.deadline));
    this.#stopRunning(job, STOP_TIMEOUT);
  }

  #abandon(job: Job, reason: number): void {
    if (job.settled) return;
    this.#settle(job, cancelledOutcome());
    this.#stopRunning(job, reason);
  }

  /** Asks a running call's worker to stop it; replaces the worker if it does not. */
  #stopRunning(job: Job, reason: number): void {
    const slot = job.slot;
    if (slot === undefined || slot.job !== job) return; // Still queued: dispatch skips it.
    Atomics.store(slot.stop, STOP_REASON, reason);
    Atomics.store(slot.stop, STOP_CALL_ID, job.callId);
    slot.graceTimer = setTimeout(() => {
      if (slot.job !== job) return;
      logLine(`${job.name} did not stop within ${this.#stopGraceMs} ms; replacing its worker`);
      this.#release(slot);
      this.#remove(slot);
      this.#dispatch();
    }, this.#stopGraceMs);
  }

  #settle(job: Job, outcome: Outcome): void {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.timer);
    job.resolve(outcome);
  }
}
