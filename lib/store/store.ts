/**
 * The read-only connection to a transcript store.
 *
 * Read-only is enforced in layers: the file is opened with SQLite's read-only flag,
 * `query_only` is switched on, and an authorizer (authorizer.ts) refuses every action but
 * reads. The one thing made before them is a temp-schema fts5vocab table (see
 * {@link VOCAB_TABLE}). The process itself runs under Deno permissions that deny writes (see
 * the `start` task). Opening a file and checking it against the contract is open_store.ts.
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { type Authorizer, authorizeReadsOnly, installAuthorizer } from "./authorizer.ts";
import {
  type InterruptReason,
  isBusy,
  isCorrupt,
  StoreBusyError,
  StoreCorruptError,
  StoreInterruptedError,
} from "./errors.ts";
import { BUSY_TIMEOUT_MS, PAGE_CACHE_KIB } from "../config/limits.ts";

/** A value read from the store. Integers arrive as bigint so none is ever truncated. */
export type StoreValue = string | number | bigint | null | Uint8Array;

/** A value bound to a statement's parameter: client text only ever reaches SQLite as one. */
export type StoreParam = SQLInputValue;

/** One row read from the store, by column name. */
export type StoreRow = Record<string, StoreValue>;

/**
 * A LIMIT whose value is bound when the statement runs. SQLite (3.53 here) plans a plain
 * `LIMIT ?` for the value bound, so binding it again makes the statement be prepared anew
 * at every run, the authorizer consulted again with it (measured 15–25 µs a run); as an
 * expression the value is read at run time and the prepared statement is kept.
 *
 * @example
 * ```ts
 * import { BOUND_LIMIT_SQL } from "./store.ts";
 * `SELECT seq FROM segments WHERE transcript_id = ? ORDER BY seq ${BOUND_LIMIT_SQL}`;
 * ```
 */
export const BOUND_LIMIT_SQL = "LIMIT ? + 0";

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
 * {@link KEEP_GOING_SQL} for a statement that reads several tables: the check keyed on the
 * rowid of the table `alias` walks.
 *
 * @example
 * ```ts
 * import { keepGoingSql } from "./store.ts";
 * keepGoingSql("t"); // "(t.rowid & 15 != 0 OR json(tmcp_keep_going()))"
 * ```
 */
export function keepGoingSql(alias: string): string {
  return `(${alias}.rowid & 15 != 0 OR json(tmcp_keep_going()))`;
}

// A statement that returns arrays is kept apart from the same text returning objects.
const ARRAYS_KEY = "\0arrays\0";

/** `StatementSync.setReturnArrays(true)`, which Deno implements but does not yet declare. */
function returnArrays(statement: StatementSync): void {
  const set = (statement as unknown as { setReturnArrays?: (on: boolean) => void })
    .setReturnArrays;
  if (typeof set !== "function") throw new Error("this runtime lacks setReturnArrays");
  set.call(statement, true);
}

/**
 * An fts5vocab table over the FTS index, one row per term with its document and occurrence
 * counts: the statistics lib/search/query_work.ts estimates a search's cost from. It lives in the
 * connection's temp schema, in memory, and is made before `query_only` is switched on.
 */
export const VOCAB_TABLE = "temp.tmcp_vocab";

/** How a {@link Store} connection waits. */
export interface StoreOptions {
  /**
   * How long a read waits for the app's lock before failing with StoreBusyError, in
   * milliseconds ({@link BUSY_TIMEOUT_MS} when left out). 0 fails at once.
   *
   * @default {BUSY_TIMEOUT_MS}
   */
  busyTimeoutMs?: number;
  /**
   * The connection's authorizer: which reads it allows. Sources of other apps pass one
   * that allows their own tables and columns alone (authorizeReadsOf).
   *
   * @default {authorizeReadsOnly}
   */
  authorizer?: Authorizer;
  /**
   * The FTS5 table whose statistics {@link VOCAB_TABLE} exposes, or null for none (a
   * source without an index of ours to estimate).
   *
   * @default {"transcripts_fts"}
   */
  vocabOf?: string | null;
}

/**
 * A read-only store connection. Statements are prepared once and reused; client text only
 * ever reaches SQLite as a bound parameter.
 *
 * @example
 * ```ts
 * import { openStore } from "./open_store.ts";
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
  /** The FTS5 table {@link VOCAB_TABLE} reads (its shadow tables share its name), or null. */
  readonly vocabOf: string | null;

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
    const vocabOf = options.vocabOf === undefined ? "transcripts_fts" : options.vocabOf;
    this.vocabOf = vocabOf;
    if (vocabOf !== null) {
      db.exec(`CREATE VIRTUAL TABLE ${VOCAB_TABLE} USING fts5vocab (main, "${vocabOf}", 'row')`);
    }
    db.exec("PRAGMA query_only = ON");
    // A page cache per connection keeps hot FTS pages; each thread has one, so it stays
    // modest. No mmap: mapped pages a large search touches would all count as resident.
    db.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
    db.exec("PRAGMA mmap_size = 0");
    db.function("tmcp_keep_going", { deterministic: false, directOnly: true }, () => {
      this.#interrupted ??= this.#interruptCheck();
      return this.#interrupted === null ? "1" : "stop";
    });
    installAuthorizer(db, options.authorizer ?? authorizeReadsOnly);
  }

  /** Runs a read and returns every row. Throws StoreBusyError when the app holds a lock. */
  all(sql: string, ...params: StoreParam[]): StoreRow[] {
    // Not iterate(): in this runtime it ends quietly on an error such as an FTS5 syntax
    // error or SQLITE_BUSY, as if there were no more rows.
    return this.#run(sql, (statement) => statement.all(...params) as StoreRow[]);
  }

  /**
   * Runs a read and returns every row as its columns' values in the statement's order:
   * about a third of the cost of {@link Store.all}'s objects, for reads of many rows.
   */
  rows(sql: string, ...params: StoreParam[]): StoreValue[][] {
    return this.#run(
      sql,
      (statement) => statement.all(...params) as unknown as StoreValue[][],
      true,
    );
  }

  /**
   * PRAGMA data_version: a number that moves whenever another connection has committed a
   * change since, so what was read from the database before may be kept while it stays.
   */
  dataVersion(): number {
    return Number(this.get("PRAGMA data_version")?.["data_version"] ?? 0);
  }

  /** Runs a read and returns its first row, or undefined. */
  get(sql: string, ...params: StoreParam[]): StoreRow | undefined {
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

  /**
   * The text of every statement this connection has prepared (each once, as cached), so a
   * test can check what the tools run: every statement that walks many rows must carry
   * {@link KEEP_GOING_SQL}.
   *
   * @example
   * ```ts
   * import { openDemoStore } from "../demo/demo_store.ts";
   * const store = openDemoStore();
   * store.get("SELECT count(*) AS n FROM tasks");
   * store.preparedSql().includes("SELECT count(*) AS n FROM tasks"); // true
   * ```
   */
  preparedSql(): string[] {
    return [...new Set([...this.#statements.keys()].map((key) => key.replace(ARRAYS_KEY, "")))];
  }

  /**
   * Throws StoreInterruptedError when the call this connection serves must stop: for work
   * done in JavaScript between statements (a scan that folds text itself), which
   * {@link KEEP_GOING_SQL} cannot reach.
   *
   * @example
   * ```ts
   * import { openDemoStore } from "../demo/demo_store.ts";
   * const store = openDemoStore();
   * store.setInterruptCheck(() => "timeout");
   * try {
   *   store.throwIfInterrupted();
   * } catch (error) {
   *   (error as Error).name; // "StoreInterruptedError"
   * }
   * ```
   */
  throwIfInterrupted(): void {
    const reason = this.#interruptCheck();
    if (reason !== null) throw new StoreInterruptedError(reason);
  }

  /** Closes the connection. */
  close(): void {
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }

  #statement(sql: string, arrays: boolean): StatementSync {
    const key = arrays ? ARRAYS_KEY + sql : sql;
    let statement = this.#statements.get(key);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      // node:sqlite stops iterating silently at an integer beyond 2^53; bigints never do.
      statement.setReadBigInts(true);
      if (arrays) returnArrays(statement);
      this.#statements.set(key, statement);
    }
    return statement;
  }

  #run<T>(sql: string, read: (statement: StatementSync) => T, arrays = false): T {
    this.#interrupted = null;
    try {
      return read(this.#statement(sql, arrays));
    } catch (error) {
      if (this.#interrupted !== null) throw new StoreInterruptedError(this.#interrupted);
      if (isBusy(error)) throw new StoreBusyError();
      if (isCorrupt(error)) throw new StoreCorruptError(this.location);
      throw error;
    }
  }
}
