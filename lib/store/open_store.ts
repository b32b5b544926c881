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
  needsRollback,
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

// The header's first 20 bytes: the magic string, then (bytes 18 and 19) 2 for a WAL database.
const HEADER_BYTES = 20;
const WAL_FORMAT = 2;
const ROLLBACK_FORMAT = 1;

function readHeaderBytes(path: string): Uint8Array {
  const file = Deno.openSync(path, { read: true });
  try {
    const bytes = new Uint8Array(HEADER_BYTES);
    const count = file.readSync(bytes) ?? 0;
    return bytes.subarray(0, count);
  } finally {
    file.close();
  }
}

function readHeader(path: string): string {
  return magicOf(readHeaderBytes(path));
}

function magicOf(header: Uint8Array): string {
  return new TextDecoder("latin1").decode(header.subarray(0, SQLITE_HEADER.length));
}

/** Why the file at `path` could not be looked at or read, as a StoreOpenError. */
function unreadableFile(error: unknown, path: string): StoreOpenError {
  if (error instanceof Deno.errors.NotFound) {
    return new StoreOpenError(`Cannot open store: file not found at ${path}`, false, true);
  }
  if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
    return new StoreOpenError(
      `Cannot open store: permission denied reading ${path}`,
      false,
      false,
      true,
    );
  }
  return new StoreOpenError(
    `Cannot open store at ${path}: ${(error as Error).message}`,
    false,
    false,
    true,
  );
}

function checkFile(path: string): void {
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(path);
  } catch (error) {
    throw unreadableFile(error, path);
  }
  if (info.isDirectory) {
    throw new StoreOpenError(`Cannot open store: ${path} is a directory, not a database file`);
  }
  if (info.size === 0) {
    // An app that creates its database leaves it empty until its first write.
    throw new StoreOpenError(
      `Cannot open store: ${path} is empty (0 bytes), not a transcript store`,
      false,
      false,
      true,
    );
  }
  let header: string;
  try {
    header = readHeader(path);
  } catch (error) {
    // A file whose mode lets this user see it but not read it: stat passes, open does not.
    throw unreadableFile(error, path);
  }
  if (header !== SQLITE_HEADER) {
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
    const timeout = busyTimeoutMs ?? BUSY_TIMEOUT_MS;
    const db = new DatabaseSync(path, { readOnly: true, timeout });
    try {
      // Deno's node:sqlite sets a 5 s busy timeout whatever `timeout` says; the first read
      // (the schema, under the app's lock) would wait that long.
      db.exec(`PRAGMA busy_timeout = ${timeout}`);
      return use(db);
    } catch (error) {
      // Reading the schema can meet the app's lock; the connection is of no further use.
      if (db.isOpen) db.close();
      throw error;
    }
  } catch (error) {
    if (!isCantOpen(error)) throw asOpenError(error, path);
  }
  // The -wal or -shm is there but this user may not read it: its app runs as another user.
  const guarded = [`${path}-wal`, `${path}-shm`].find(isForbidden);
  if (guarded !== undefined) {
    throw new StoreOpenError(
      `Cannot open store: permission denied reading ${guarded}, which SQLite needs beside ` +
        `${path} in WAL mode (does its app run as another user?)`,
      false,
      false,
      true,
    );
  }
  // SQLite could not open the -shm file a WAL store needs beside it: the directory is not
  // writable for this user. SQLite's way out, opening the file as immutable, needs a
  // file: URI, and under Deno's permission checks node:sqlite takes URIs as plain paths.
  throw new StoreOpenError(
    `Cannot open store: ${path} is in WAL mode and SQLite cannot create ${path}-shm beside ` +
      "it (is the directory read-only?); make the directory writable for this user, or " +
      "have the app switch the store to journal_mode=DELETE, or copy the store somewhere writable",
    false,
    false,
    true,
  );
}

/** Whether the file at `path` is there but this user may not read it. */
function isForbidden(path: string): boolean {
  try {
    Deno.openSync(path, { read: true }).close();
    return false;
  } catch (error) {
    return error instanceof Deno.errors.PermissionDenied;
  }
}

function asOpenError(error: unknown, path: string): StoreOpenError {
  if (error instanceof StoreOpenError) return error;
  if (error instanceof StoreBusyError || isBusy(error)) {
    return new StoreOpenError(`Cannot open store: ${path} is locked by its app; try again`, true);
  }
  if (needsRollback(error)) {
    // The app rolls it back when it next opens the file: tried again, it may then be read.
    return new StoreOpenError(
      `Cannot open store: ${path} holds a write its app did not finish (${path}-journal), ` +
        "which only a writer can roll back; start its app, or open the file once with sqlite3",
      false,
      false,
      true,
    );
  }
  if (error instanceof StoreCorruptError || isCorrupt(error)) {
    return new StoreOpenError(
      `Cannot open store: ${path} is damaged (database disk image is malformed)`,
    );
  }
  return new StoreOpenError(`Cannot open store at ${path}: ${(error as Error).message}`);
}

/**
 * Whether `path` is a WAL database its app has closed: an SQLite file whose header says WAL
 * with no `-wal` file beside it, or an empty one and no `-shm`. Any reader that opens such a
 * file makes SQLite create `-wal` and `-shm` beside it, which a read-only reader cannot
 * remove; its content is all in the file itself, so a copy of the file reads the same. An
 * empty `-wal` beside a `-shm` is an app at work that checkpointed with TRUNCATE: read live,
 * it creates nothing.
 *
 * @example
 * ```ts
 * import { isIdleWal } from "./open_store.ts";
 * isIdleWal("/home/me/.screenpipe/db.sqlite"); // true while screenpipe is not running
 * ```
 */
export function isIdleWal(path: string): boolean {
  try {
    const header = readHeaderBytes(path);
    const wal = sizeAt(`${path}-wal`);
    return isWalHeader(header) && (wal === null || (wal === 0 && sizeAt(`${path}-shm`) === null));
  } catch {
    return false;
  }
}

/**
 * Whether opening `path` would make SQLite create a `-shm` file beside it: a WAL database
 * with writes in its `-wal` file (so not read from a copy) and no `-shm` there, as a backup
 * or an app stopped mid-write leaves it.
 *
 * @example
 * ```ts
 * import { lacksShm } from "./open_store.ts";
 * lacksShm("/backup/.screenpipe/db.sqlite"); // true for a copy of the file and its -wal
 * ```
 */
export function lacksShm(path: string): boolean {
  try {
    return isWalHeader(readHeaderBytes(path)) && (sizeAt(`${path}-wal`) ?? 0) > 0 &&
      sizeAt(`${path}-shm`) === null;
  } catch {
    return false;
  }
}

function isWalHeader(header: Uint8Array): boolean {
  return magicOf(header) === SQLITE_HEADER && header[18] === WAL_FORMAT &&
    header[19] === WAL_FORMAT;
}

/** The size of the file at `path`, or null when there is none. */
function sizeAt(path: string): number | null {
  try {
    return Deno.statSync(path).size;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
}

/**
 * Like {@link openReadOnly}, but over a copy of the file in memory, so SQLite creates no
 * file beside it: for a database {@link isIdleWal} says its app has closed. A file larger
 * than `maxBytes` is refused with a StoreOpenError saying why.
 *
 * @example
 * ```ts
 * import { openReadOnlyCopy } from "./open_store.ts";
 * import { Store } from "./store.ts";
 * const path = "/home/me/.screenpipe/db.sqlite";
 * const store = openReadOnlyCopy(path, 1 << 28, (db) => new Store(db, path));
 * store.close();
 * ```
 */
export function openReadOnlyCopy<T>(
  path: string,
  maxBytes: number,
  use: (db: DatabaseSync) => T,
): T {
  checkFile(path);
  const size = Deno.statSync(path).size;
  if (size > maxBytes) {
    throw new StoreOpenError(
      `Cannot open store: ${path} is in WAL mode with its app closed, and at ${size} bytes too ` +
        `large to read from a copy (over ${maxBytes}); reading the file itself would leave ` +
        `${path}-wal and -shm beside it`,
    );
  }
  const bytes = Deno.readFileSync(path);
  // An in-memory database cannot be in WAL mode: the copy says rollback journal instead.
  bytes[18] = ROLLBACK_FORMAT;
  bytes[19] = ROLLBACK_FORMAT;
  const db = new DatabaseSync(":memory:");
  try {
    (db as unknown as { deserialize(data: Uint8Array): void }).deserialize(bytes);
    return use(db);
  } catch (error) {
    if (db.isOpen) db.close();
    throw asOpenError(error, path);
  }
}
