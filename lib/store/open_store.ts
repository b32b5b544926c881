/**
 * Opening a store file: the checks before SQLite sees it (exists, a file, not empty, an SQLite
 * header), then the store contract (schema version, required tables), each failure a one-line
 * StoreOpenError that main.ts prints before exiting with code 2.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import {
  isBusy,
  isCantOpen,
  isCorrupt,
  StoreBusyError,
  StoreCorruptError,
  StoreOpenError,
} from "./errors.ts";
import { Store, type StoreOptions } from "./store.ts";
import { BUSY_TIMEOUT_MS } from "../config/limits.ts";

/** The schema version (`PRAGMA user_version`) this build understands. */
export const STORE_SCHEMA_VERSION = 1;

/** Tables without which no tool can answer. `segments` is optional content. */
export const REQUIRED_TABLES: readonly string[] = ["transcripts", "transcripts_fts", "tasks"];

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
      throw new StoreOpenError(`Cannot open store: file not found at ${path}`, false, true);
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
/**
 * Checks an open store against the contract: the schema version this build understands and
 * the required tables. Throws StoreOpenError naming what is wrong.
 *
 * @example
 * ```ts
 * import { checkContract } from "./open_store.ts";
 * import { openDemoStore } from "../demo/demo_store.ts";
 * checkContract(openDemoStore(), "demo"); // passes: the demo is a contract store
 * ```
 */
export function checkContract(store: Store, path: string): void {
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
 * import { openStore } from "./open_store.ts";
 * const store = openStore("./store.db");
 * console.log(store.location);
 * store.close();
 * ```
 */
export function openStore(path: string, options: StoreOptions = {}): Store {
  return openReadOnly(path, options.busyTimeoutMs, (db) => {
    const store = new Store(db, path, options);
    try {
      checkContract(store, path);
      return store;
    } catch (error) {
      store.close();
      throw error;
    }
  });
}

/**
 * Opens the database file at `path` read-only and hands the connection to `use`, which
 * locks it down (a {@link Store}) and reads what it needs to. The file is checked first
 * (exists, a file, not empty, an SQLite header); every failure, in the checks or in `use`,
 * becomes a one-line StoreOpenError, and the connection is closed when `use` throws.
 *
 * @example
 * ```ts
 * import { openReadOnly } from "./open_store.ts";
 * import { Store } from "./store.ts";
 * const store = openReadOnly("./store.db", undefined, (db) => new Store(db, "./store.db"));
 * store.close();
 * ```
 */
export function openReadOnly<T>(
  path: string,
  busyTimeoutMs: number | undefined,
  use: (db: DatabaseSync) => T,
): T {
  checkFile(path);
  try {
    const db = new DatabaseSync(path, {
      readOnly: true,
      timeout: busyTimeoutMs ?? BUSY_TIMEOUT_MS,
    });
    try {
      return use(db);
    } catch (error) {
      // Reading the schema can meet the app's lock; the connection is of no further use.
      if (db.isOpen) db.close();
      throw error;
    }
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
