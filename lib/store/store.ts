/**
 * The read-only connection to a transcript store, and the checks that run before serving it.
 *
 * Read-only is enforced in layers: the file is opened with SQLite's read-only flag,
 * `query_only` is switched on, and an authorizer refuses every action but reads. The one
 * thing made before them is a temp-schema fts5vocab table (see {@link VOCAB_TABLE}). The
 * process itself runs under Deno permissions that deny writes (see the `start` task).
 *
 * @module
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";

/** The schema version (`PRAGMA user_version`) this build understands. */
export const STORE_SCHEMA_VERSION = 1;

/** Tables without which no tool can answer. `segments` is optional content. */
export const REQUIRED_TABLES: readonly string[] = ["transcripts", "transcripts_fts", "tasks"];

/**
 * How long a statement waits for the app's write lock before it gives up with `busy`.
 * Short, because an assistant is waiting; long enough to ride out an app's commit.
 */
export const BUSY_TIMEOUT_MS = 2_000;

/**
 * The page cache of one connection, in KiB. The OS caches the file as well, so a larger
 * cache saves only copies: 16 MB and 128 MB searched no faster than this at 100k
 * transcripts, and with a connection per thread each MB counts three times in the RSS.
 */
export const PAGE_CACHE_KIB = 4 * 1024;

/** A value read from the store. Integers arrive as bigint so none is ever truncated. */
export type StoreValue = string | number | bigint | null | Uint8Array;

/** One row read from the store, by column name. */
export type StoreRow = Record<string, StoreValue>;

/** Why a running read was stopped: its call's deadline passed, or the client cancelled it. */
export type InterruptReason = "timeout" | "cancelled";

/**
 * A read stopped part-way by {@link Store.setInterruptCheck}'s check.
 *
 * @example
 * ```ts
 * import { StoreInterruptedError } from "./store.ts";
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
 * The condition long-running reads evaluate once per candidate row. While the call may go
 * on, tmcp_keep_going() returns '1' and json() passes it; once the check says stop, it
 * returns text that json() rejects, so SQLite itself aborts the statement. (A JS function
 * that throws instead is not reliable here: this runtime's statement.all() steps on after
 * it.) The check runs on one row in 16, since a call into JavaScript per row costs a
 * quarter of a large search; one in 64 left 40 ms between checks on transcripts that
 * repeat a word thousands of times. node:sqlite has no sqlite3_interrupt nor progress
 * handler, and terminating a worker does not stop a statement running in native code.
 * FTS5's own work before and between the rows it returns is bounded separately, before a
 * search starts (lib/search/query_work.ts).
 */
export const KEEP_GOING_SQL = "(rowid & 15 != 0 OR json(tmcp_keep_going()))";

/**
 * An fts5vocab table over the FTS index, one row per term with its document and occurrence
 * counts: the statistics lib/search/query_work.ts estimates a search's cost from. It lives in the
 * connection's temp schema, in memory, and is made before `query_only` is switched on.
 */
export const VOCAB_TABLE = "temp.tmcp_vocab";

/**
 * Why a store could not be opened; main.ts prints the message and exits with code 2.
 *
 * @example
 * ```ts
 * import { StoreOpenError } from "./store.ts";
 * const error = new StoreOpenError("Cannot open store: file not found at /x/y.db");
 * error.busy; // false
 * ```
 */
export class StoreOpenError extends Error {
  /** Whether the app's lock was the reason, so trying again later may work. */
  readonly busy: boolean;

  /**
   * Makes the error with the message main.ts prints; `busy` says whether the app's lock
   * was the reason.
   */
  constructor(message: string, busy = false) {
    super(message);
    this.name = "StoreOpenError";
    this.busy = busy;
  }
}

/**
 * The store could not be read because the owning app holds a lock past the busy timeout.
 *
 * @example
 * ```ts
 * import { StoreBusyError } from "./store.ts";
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
 * SQLite's authorizer codes (sqlite3.h). node:sqlite exports them at run time, but Deno's
 * type declarations do not list them yet; a test checks these against the runtime's.
 */
export const AUTHORIZER_CODES = {
  SQLITE_OK: 0,
  SQLITE_DENY: 1,
  SQLITE_PRAGMA: 19,
  SQLITE_READ: 20,
  SQLITE_SELECT: 21,
  SQLITE_FUNCTION: 31,
  SQLITE_RECURSIVE: 33,
} as const;
const constants = AUTHORIZER_CODES;

/**
 * A SQLite authorizer: given an action code and its two operands (table and column, for a
 * read), answers {@link AUTHORIZER_CODES}.SQLITE_OK or SQLITE_DENY.
 */
export type Authorizer = (action: number, first: string | null, second: string | null) => number;

/**
 * `DatabaseSync.setAuthorizer`, which Deno implements but does not yet declare.
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import { authorizeReadsOnly, installAuthorizer } from "./store.ts";
 * installAuthorizer(new DatabaseSync(":memory:"), authorizeReadsOnly);
 * ```
 */
export function installAuthorizer(db: DatabaseSync, authorizer: Authorizer): void {
  const install = (db as unknown as { setAuthorizer?: (callback: Authorizer) => void })
    .setAuthorizer;
  // Without it one layer of the read-only guarantee would be missing: refuse to serve.
  if (typeof install !== "function") throw new Error("this runtime lacks setAuthorizer");
  install.call(db, authorizer);
}

// PRAGMAs that may run without an argument (reads). FTS5 itself reads data_version.
const READABLE_PRAGMAS = new Set(["data_version", "user_version", "schema_version", "quick_check"]);

const READ_ACTIONS = new Set<number>([
  constants.SQLITE_SELECT,
  constants.SQLITE_READ,
  constants.SQLITE_RECURSIVE,
]);

/**
 * The authorizer installed on every connection: reads only. It runs when a statement is
 * prepared, including the statements FTS5 prepares for itself, so it costs nothing per row.
 *
 * @example
 * ```ts
 * import { AUTHORIZER_CODES, authorizeReadsOnly } from "./store.ts";
 * authorizeReadsOnly(AUTHORIZER_CODES.SQLITE_READ, "transcripts", "title"); // 0, SQLITE_OK
 * ```
 */
export function authorizeReadsOnly(
  action: number,
  first: string | null,
  second: string | null,
): number {
  if (READ_ACTIONS.has(action)) return constants.SQLITE_OK;
  if (action === constants.SQLITE_FUNCTION) {
    return second?.toLowerCase() === "load_extension" ? constants.SQLITE_DENY : constants.SQLITE_OK;
  }
  if (action === constants.SQLITE_PRAGMA) {
    return second === null && READABLE_PRAGMAS.has(first?.toLowerCase() ?? "")
      ? constants.SQLITE_OK
      : constants.SQLITE_DENY;
  }
  return constants.SQLITE_DENY;
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
function isCantOpen(error: unknown): boolean {
  return errcode(error) === SQLITE_CANTOPEN ||
    (error as Error | null)?.message === "unable to open database file";
}

function isCorrupt(error: unknown): boolean {
  const code = errcode(error);
  return code === SQLITE_CORRUPT || code === SQLITE_NOTADB ||
    /database disk image is malformed|file is not a database/.test(
      (error as Error | null)?.message ?? "",
    );
}

/**
 * The store's file is damaged: a page is unreadable or not what SQLite expects.
 *
 * @example
 * ```ts
 * import { StoreCorruptError } from "./store.ts";
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

function isBusy(error: unknown): boolean {
  const code = errcode(error);
  // SQLITE_BUSY and SQLITE_LOCKED, extended bits masked off.
  if (code !== undefined) return code === 5 || code === 6;
  // Raised while preparing (reading the schema under the app's lock): message only.
  return /database (table )?is locked/.test((error as Error | null)?.message ?? "");
}

/** How a {@link Store} connection waits. */
export interface StoreOptions {
  /**
   * How long a read waits for the app's lock before failing with StoreBusyError, in
   * milliseconds ({@link BUSY_TIMEOUT_MS} when left out). 0 fails at once.
   *
   * @default {2000}
   */
  busyTimeoutMs?: number;
}

/**
 * A read-only store connection. Statements are prepared once and reused; client text only
 * ever reaches SQLite as a bound parameter.
 *
 * @example
 * ```ts
 * import { openStore } from "./store.ts";
 * const store = openStore("/home/me/.local/share/transcript-mcp/store.db");
 * const row = store.get("SELECT count(*) AS n FROM transcripts");
 * store.close();
 * ```
 */
export class Store {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  #interruptCheck: () => InterruptReason | null = () => null;
  #interrupted: InterruptReason | null = null;
  /** Where the store lives, or `:memory:` for the demo store. */
  readonly location: string;

  /**
   * Wraps an open connection. It is locked down at once: `query_only` (after the one temp
   * table it makes), then the authorizer.
   *
   * @example
   * ```ts
   * import { DatabaseSync } from "node:sqlite";
   * import { Store } from "./store.ts";
   * const store = new Store(new DatabaseSync(":memory:"), ":memory:");
   * ```
   */
  constructor(db: DatabaseSync, location: string, options: StoreOptions = {}) {
    this.#db = db;
    this.location = location;
    // Set here as well as at open: this runtime ignores the open option's value. First,
    // since the next statement already reads the schema and may meet the app's lock.
    db.exec(`PRAGMA busy_timeout = ${options.busyTimeoutMs ?? BUSY_TIMEOUT_MS}`);
    // Made while the connection may still create (in its own temp schema, in memory; the
    // store is untouched); it reads the index only when queried.
    db.exec("PRAGMA temp_store = MEMORY");
    db.exec(`CREATE VIRTUAL TABLE ${VOCAB_TABLE} USING fts5vocab (main, transcripts_fts, 'row')`);
    db.exec("PRAGMA query_only = ON");
    // A page cache per connection keeps hot FTS pages; each thread has one, so it stays
    // modest. No mmap: mapped pages a large search touches would all count as resident.
    db.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
    db.exec("PRAGMA mmap_size = 0");
    db.function("tmcp_keep_going", { deterministic: false, directOnly: true }, () => {
      this.#interrupted ??= this.#interruptCheck();
      return this.#interrupted === null ? "1" : "stop";
    });
    installAuthorizer(db, authorizeReadsOnly);
  }

  /** Runs a read and returns every row. Throws StoreBusyError when the app holds a lock. */
  all(sql: string, ...params: SQLInputValue[]): StoreRow[] {
    // Not iterate(): in this runtime it ends quietly on an error such as an FTS5 syntax
    // error or SQLITE_BUSY, as if there were no more rows.
    return this.#run(sql, (statement) => statement.all(...params) as StoreRow[]);
  }

  /** Runs a read and returns its first row, or undefined. */
  get(sql: string, ...params: SQLInputValue[]): StoreRow | undefined {
    return this.#run(sql, (statement) => statement.get(...params) as StoreRow | undefined);
  }

  /**
   * Sets the check that {@link KEEP_GOING_SQL} consults: it returns why to stop, or null.
   *
   * @example
   * ```ts
   * import { openDemoStore } from "../demo/demo_store.ts";
   * const store = openDemoStore();
   * const deadline = Date.now() + 5_000;
   * store.setInterruptCheck(() => Date.now() > deadline ? "timeout" : null);
   * ```
   */
  setInterruptCheck(check: () => InterruptReason | null): void {
    this.#interruptCheck = check;
  }

  /** Closes the connection. */
  close(): void {
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }

  #statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      // node:sqlite stops iterating silently at an integer beyond 2^53; bigints never do.
      statement.setReadBigInts(true);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #run<T>(sql: string, read: (statement: StatementSync) => T): T {
    this.#interrupted = null;
    try {
      return read(this.#statement(sql));
    } catch (error) {
      if (this.#interrupted !== null) throw new StoreInterruptedError(this.#interrupted);
      if (isBusy(error)) throw new StoreBusyError();
      if (isCorrupt(error)) throw new StoreCorruptError(this.location);
      throw error;
    }
  }
}

const SQLITE_HEADER = "SQLite format 3\0";

function readHeader(path: string): string {
  const file = Deno.openSync(path, { read: true });
  try {
    const bytes = new Uint8Array(SQLITE_HEADER.length);
    const count = file.readSync(bytes) ?? 0;
    return new TextDecoder("latin1").decode(bytes.subarray(0, count));
  } finally {
    file.close();
  }
}

function checkFile(path: string): void {
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new StoreOpenError(`Cannot open store: file not found at ${path}`);
    }
    if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
      throw new StoreOpenError(`Cannot open store: permission denied reading ${path}`);
    }
    throw new StoreOpenError(`Cannot open store at ${path}: ${(error as Error).message}`);
  }
  if (info.isDirectory) {
    throw new StoreOpenError(`Cannot open store: ${path} is a directory, not a database file`);
  }
  if (info.size === 0) {
    throw new StoreOpenError(
      `Cannot open store: ${path} is empty (0 bytes), not a transcript store`,
    );
  }
  if (readHeader(path) !== SQLITE_HEADER) {
    throw new StoreOpenError(`Cannot open store: ${path} is not an SQLite database`);
  }
}

/**
 * Checks that a connection holds a store this build can serve: the right schema version and
 * the required tables.
 */
function checkContract(store: Store, path: string): void {
  const version = Number(store.get("PRAGMA user_version")?.["user_version"] ?? 0);
  if (version > STORE_SCHEMA_VERSION) {
    throw new StoreOpenError(
      `Cannot open store: ${path} has schema version ${version}, newer than this transcript-mcp ` +
        `understands (${STORE_SCHEMA_VERSION}); upgrade transcript-mcp`,
    );
  }
  if (version < STORE_SCHEMA_VERSION) {
    throw new StoreOpenError(
      `Cannot open store: ${path} has schema version ${version}, expected ` +
        `${STORE_SCHEMA_VERSION}; is it a transcript store?`,
    );
  }
  const present = new Set(
    store.all("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')")
      .map((row) => String(row["name"])),
  );
  const missing = REQUIRED_TABLES.filter((name) => !present.has(name));
  if (missing.length > 0) {
    throw new StoreOpenError(
      `Cannot open store: ${path} lacks the required table${missing.length > 1 ? "s" : ""} ` +
        missing.join(", "),
    );
  }
}

/**
 * Opens a transcript store read-only and checks it against the store contract.
 * Throws StoreOpenError with a one-line message naming the problem.
 *
 * @example
 * ```ts
 * import { openStore } from "./store.ts";
 * const store = openStore("./store.db");
 * console.log(store.location);
 * store.close();
 * ```
 */
export function openStore(path: string, options: StoreOptions = {}): Store {
  checkFile(path);
  try {
    return connectChecked(path, options);
  } catch (error) {
    if (!isCantOpen(error)) throw asOpenError(error, path);
  }
  // SQLite could not open the -shm file a WAL store needs beside it: the directory is not
  // writable for this user. SQLite's way out, opening the file as immutable, needs a
  // file: URI, and under Deno's permission checks node:sqlite takes URIs as plain paths.
  throw new StoreOpenError(
    `Cannot open store: ${path} is in WAL mode and SQLite cannot create ${path}-shm beside ` +
      "it (is the directory read-only?); make the directory writable for this user, or " +
      "have the app switch the store to journal_mode=DELETE, or copy the store somewhere writable",
  );
}

function connectChecked(path: string, options: StoreOptions): Store {
  const db = new DatabaseSync(path, {
    readOnly: true,
    timeout: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS,
  });
  let store: Store;
  try {
    store = new Store(db, path, options);
  } catch (error) {
    // Making the statistics table reads the schema, so the app's lock can stop it here.
    db.close();
    throw error;
  }
  try {
    checkContract(store, path);
    return store;
  } catch (error) {
    store.close();
    throw error;
  }
}

function asOpenError(error: unknown, path: string): StoreOpenError {
  if (error instanceof StoreOpenError) return error;
  if (error instanceof StoreBusyError || isBusy(error)) {
    return new StoreOpenError(`Cannot open store: ${path} is locked by its app; try again`, true);
  }
  if (error instanceof StoreCorruptError || isCorrupt(error)) {
    return new StoreOpenError(
      `Cannot open store: ${path} is damaged (database disk image is malformed)`,
    );
  }
  return new StoreOpenError(`Cannot open store at ${path}: ${(error as Error).message}`);
}
