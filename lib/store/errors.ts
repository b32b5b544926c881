/**
 * The errors a store raises, and the helpers that tell SQLite's error codes apart: this
 * runtime gives an errcode on errors raised while stepping, but only SQLite's message on
 * those raised while preparing.
 *
 * @module
 */

/** Why a running read was stopped: its call's deadline passed, or the client cancelled it. */
export type InterruptReason = "timeout" | "cancelled";

/**
 * A read stopped part-way by `Store.setInterruptCheck`'s check.
 *
 * @example
 * ```ts
 * import { StoreInterruptedError } from "./errors.ts";
 * const error = new StoreInterruptedError("timeout");
 * error.reason; // "timeout"
 * error.message; // "The call ran past its deadline"
 * ```
 */
export class StoreInterruptedError extends Error {
  /** Why the read was stopped. */
  readonly reason: InterruptReason;

  /** Makes the error for a read stopped for `reason`. */
  constructor(reason: InterruptReason) {
    super(reason === "timeout" ? "The call ran past its deadline" : "The call was cancelled");
    this.name = "StoreInterruptedError";
    this.reason = reason;
  }
}

/**
 * Why a store could not be opened; main.ts prints the message and exits with code 2.
 *
 * @example
 * ```ts
 * import { StoreOpenError } from "./errors.ts";
 * const error = new StoreOpenError("Cannot open store: file not found at /x/y.db");
 * error.busy; // false
 * error.transient; // false: a file that is not there yet is made with `missing` set
 * ```
 */
export class StoreOpenError extends Error {
  /** Whether the app's lock was the reason, so trying again later may work. */
  readonly busy: boolean;
  /** Whether there is no file at the path, so the path itself may be the mistake. */
  readonly missing: boolean;
  /**
   * Whether the reason may pass without anyone changing the file's content (locked, not
   * there yet, empty, unreadable for now), so a server tries the source again later.
   */
  readonly transient: boolean;

  /**
   * Makes the error with the message main.ts prints; `busy` says whether the app's lock
   * was the reason, `missing` whether no file is there, `transient` whether the reason may
   * pass by itself (so does a lock or a missing file).
   */
  constructor(message: string, busy = false, missing = false, transient = busy || missing) {
    super(message);
    this.name = "StoreOpenError";
    this.busy = busy;
    this.missing = missing;
    this.transient = transient;
  }
}

/**
 * The store could not be read because the owning app holds a lock past the busy timeout.
 *
 * @example
 * ```ts
 * import { StoreBusyError } from "./errors.ts";
 * new StoreBusyError().message; // "The store is locked by its app; try again in a moment"
 * ```
 */
export class StoreBusyError extends Error {
  /** Makes the error; its message is the same for every lock. */
  constructor() {
    super(`The store is locked by its app; try again in a moment`);
    this.name = "StoreBusyError";
  }
}

/**
 * The store's file is damaged: a page is unreadable or not what SQLite expects.
 *
 * @example
 * ```ts
 * import { StoreCorruptError } from "./errors.ts";
 * new StoreCorruptError("/data/store.db").message.startsWith("The store at /data/store.db"); // true
 * ```
 */
export class StoreCorruptError extends Error {
  /** Makes the error for the store at `location` (its path, for the message). */
  constructor(location: string) {
    super(
      `The store at ${location} is damaged (database disk image is malformed); ` +
        "run `transcript-mcp check` and repair or restore it with its app",
    );
    this.name = "StoreCorruptError";
  }
}

function errcode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === "number" ? code & 0xff : undefined;
}

const SQLITE_CANTOPEN = 14;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

// Errors raised while preparing a statement carry no errcode in this runtime, only
// SQLite's message; both are checked.

/**
 * Whether SQLite could not open the file (SQLITE_CANTOPEN).
 *
 * @example
 * ```ts
 * import { isCantOpen } from "./errors.ts";
 * isCantOpen(new Error("unable to open database file")); // true
 * ```
 */
export function isCantOpen(error: unknown): boolean {
  return errcode(error) === SQLITE_CANTOPEN ||
    (error as Error | null)?.message === "unable to open database file";
}

/**
 * Whether SQLite found the file damaged or not a database (SQLITE_CORRUPT, SQLITE_NOTADB).
 *
 * @example
 * ```ts
 * import { isCorrupt } from "./errors.ts";
 * isCorrupt(new Error("file is not a database")); // true
 * ```
 */
export function isCorrupt(error: unknown): boolean {
  const code = errcode(error);
  return code === SQLITE_CORRUPT || code === SQLITE_NOTADB ||
    /database disk image is malformed|file is not a database/.test(
      (error as Error | null)?.message ?? "",
    );
}

/**
 * Whether the app's lock stopped a read (SQLITE_BUSY or SQLITE_LOCKED).
 *
 * @example
 * ```ts
 * import { isBusy } from "./errors.ts";
 * isBusy(new Error("database is locked")); // true
 * ```
 */
export function isBusy(error: unknown): boolean {
  const code = errcode(error);
  // SQLITE_BUSY and SQLITE_LOCKED, extended bits masked off.
  if (code !== undefined) return code === 5 || code === 6;
  // Raised while preparing (reading the schema under the app's lock): message only.
  return /database (table )?is locked/.test((error as Error | null)?.message ?? "");
}

/** SQLITE_READONLY_ROLLBACK: a read-only connection met a hot journal it cannot roll back. */
const SQLITE_READONLY_ROLLBACK = 776;

/**
 * Whether a read-only connection found a write its app did not finish (a hot journal beside
 * the file), which only a connection that may write can roll back.
 *
 * @example
 * ```ts
 * import { needsRollback } from "./errors.ts";
 * needsRollback(Object.assign(new Error("attempt to write a readonly database"), { errcode: 776 }));
 * // true
 * ```
 */
export function needsRollback(error: unknown): boolean {
  return (error as { errcode?: unknown } | null)?.errcode === SQLITE_READONLY_ROLLBACK;
}

const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;

/**
 * Why a write failed, said for a person: the disk being full (SQLITE_FULL, or an I/O error,
 * as a file grown past the system's size limit gives) says so; anything else is SQLite's
 * own message.
 *
 * @example
 * ```ts
 * import { writeFailure } from "./errors.ts";
 * writeFailure(new Error("database or disk is full")); // "the disk is full (database or disk is full)"
 * ```
 */
export function writeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // exec() raises with SQLite's message alone in this runtime: no errcode to read.
  const code = errcode(error);
  if (code === SQLITE_FULL || /^database or disk is full/.test(message)) {
    return `the disk is full (${message})`;
  }
  if (code === SQLITE_IOERR || /^disk I\/O error/.test(message)) {
    return `the disk could not be written: full, or failing (${message})`;
  }
  return message;
}
