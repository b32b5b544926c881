/**
 * Trying again a source that failed at start for a reason that may pass (its app held its
 * lock past the busy timeout, its file was not there yet): when a call next needs it, at
 * most once per interval in each thread, so a source that stays missing adds no open
 * attempt to every call. What it is named stays as fixed at start: ids must not change
 * within a session.
 *
 * @module
 */
import { SOURCE_KINDS } from "./kinds.ts";
import type { SourceKindName } from "./source_kind.ts";
import type { SourceSpec } from "./source_set.ts";
import { RETRY_SOURCE_AFTER_MS } from "../config/limits.ts";

/** Options for {@link RetrySchedule}. */
export interface RetryOptions {
  /**
   * The clock tries are timed on, in milliseconds.
   *
   * @default {performance.now}
   */
  now?: () => number;
  /**
   * How long after a failed try the next may be made, in milliseconds.
   *
   * @default {RETRY_SOURCE_AFTER_MS}
   */
  retryAfterMs?: number;
}

/**
 * When sources that failed at start are tried again.
 *
 * @example
 * ```ts
 * import { RetrySchedule } from "./source_retry.ts";
 * let now = 0;
 * const schedule = new RetrySchedule({ now: () => now, retryAfterMs: 1_000 });
 * const state = { retryAt: -Infinity };
 * schedule.due(state); // true: the first need tries at once
 * schedule.due(state); // false
 * now = 1_000;
 * schedule.due(state); // true
 * ```
 */
export class RetrySchedule {
  readonly #now: () => number;
  readonly #retryAfterMs: number;

  /** Makes the schedule, on `options.now`, every `options.retryAfterMs`. */
  constructor(options: RetryOptions = {}) {
    this.#now = options.now ?? (() => performance.now());
    this.#retryAfterMs = options.retryAfterMs ?? RETRY_SOURCE_AFTER_MS;
  }

  /** The note list_sources and `check` show for a source waiting to be tried again. */
  get note(): string {
    return `tried again when a call needs it, at most once every ${this.#retryAfterMs} ms`;
  }

  /** Whether a source whose next try is at `state.retryAt` may be tried now; if so, books the next. */
  due(state: { retryAt: number }): boolean {
    const now = this.#now();
    if (now < state.retryAt) return false;
    state.retryAt = now + this.#retryAfterMs;
    return true;
  }
}

/**
 * The note of a source named from its file at start (its kind could not be read then) that
 * its kind, `kind` now, would have named otherwise; else none.
 *
 * @example
 * ```ts
 * import { nameNotes } from "./source_retry.ts";
 * const spec = { kind: "path" as const, name: "db", path: "/home/ada/.screenpipe/db.sqlite" };
 * nameNotes({ ...spec, namedFromFile: true }, "screenpipe")[0];
 * // "named 'db' from its file: its kind could not be read at start, and names stay fixed
 * //  for the session (restarted, it is named 'screenpipe')"
 * ```
 */
export function nameNotes(
  spec: SourceSpec & { kind: "path" },
  kind: SourceKindName | null,
): string[] {
  if (!spec.namedFromFile) return [];
  const found = SOURCE_KINDS.find((candidate) => candidate.kind === kind);
  const wanted = found?.listingOf?.(spec.path)?.name ?? found?.defaultName ?? null;
  if (wanted === null || wanted === spec.name) return [];
  return [
    `named '${spec.name}' from its file: its kind could not be read at start, and names stay ` +
    `fixed for the session (restarted, it is named '${wanted}')`,
  ];
}

/**
 * Why a path that was not there at start cannot be served now that it is a folder, or null
 * when it is not a folder: folders are settled at start, where each gets the thread that
 * indexes it.
 *
 * @example
 * ```ts
 * import { folderSinceStart } from "./source_retry.ts";
 * folderSinceStart("/nonexistent"); // null
 * ```
 */
export function folderSinceStart(path: string): string | null {
  try {
    if (!Deno.statSync(path).isDirectory) return null;
  } catch {
    return null;
  }
  return `Cannot open source: ${path} was not there at start and is a folder now; restart ` +
    "the server to serve it";
}
