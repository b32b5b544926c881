/**
 * The authorizer every store connection installs: one of the read-only layers. It runs when a
 * statement is prepared, so it costs nothing per row.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

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
 * A SQLite authorizer: given an action code, its two operands (table and column, for a
 * read) and the schema they are in (`main`, `temp`), answers
 * {@link AUTHORIZER_CODES}.SQLITE_OK or SQLITE_DENY.
 */
export type Authorizer = (
  action: number,
  first: string | null,
  second: string | null,
  schema?: string | null,
) => number;

/**
 * `DatabaseSync.setAuthorizer`, which Deno implements but does not yet declare.
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import { authorizeReadsOnly, installAuthorizer } from "./authorizer.ts";
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
 * import { AUTHORIZER_CODES, authorizeReadsOnly } from "./authorizer.ts";
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
    const pragma = first?.toLowerCase() ?? "";
    // quick_check(TABLE) checks one table's pages: `check` runs it table by table on an
    // app's database, whose other FTS5 tables this connection may not open.
    return (second === null && READABLE_PRAGMAS.has(pragma)) || pragma === "quick_check"
      ? constants.SQLITE_OK
      : constants.SQLITE_DENY;
  }
  return constants.SQLITE_DENY;
}

/**
 * What one source may read: each table it may read, with the columns it may read or `"*"`
 * for all of them. Anything else is denied when a statement is prepared, so a query that
 * strays fails closed instead of reading it.
 */
export type ReadableTables = Readonly<Record<string, readonly string[] | "*">>;

/** The tables SQLite keeps an FTS5 index in, beside the virtual table itself. */
const FTS5_SHADOWS = ["data", "idx", "config", "docsize", "content"];

/**
 * The readable entries for an FTS5 table: the virtual table and the shadow tables FTS5
 * reads for it.
 *
 * @example
 * ```ts
 * import { fts5Tables } from "./authorizer.ts";
 * Object.keys(fts5Tables("notes_fts")).includes("notes_fts_data"); // true
 * ```
 */
export function fts5Tables(name: string): ReadableTables {
  return Object.fromEntries([
    [name, "*"],
    ...FTS5_SHADOWS.map((shadow) => [`${name}_${shadow}`, "*"] as const),
  ]);
}

/**
 * Whether `readable` declares `name` as an FTS5 table (with its shadow tables, as
 * {@link fts5Tables} gives them): a virtual table there is expected, not a stand-in.
 *
 * @example
 * ```ts
 * import { declaresFts5, fts5Tables } from "./authorizer.ts";
 * declaresFts5(fts5Tables("notes_fts"), "notes_fts"); // true
 * declaresFts5({ notes: "*" }, "notes"); // false
 * ```
 */
export function declaresFts5(readable: ReadableTables, name: string): boolean {
  return FTS5_SHADOWS.every((shadow) => `${name}_${shadow}` in readable);
}

// SQLite's own catalogue, read to learn the layout and by FTS5 as it starts.
const CATALOGUE = new Set(["sqlite_master", "sqlite_schema", "sqlite_temp_master"]);

/**
 * An authorizer that allows reads of `readable` alone: everything
 * {@link authorizeReadsOnly} denies stays denied, and a read of any other table or column
 * is denied too. Tables in the connection's own temp schema (made by this server before
 * `query_only`) and SQLite's catalogue stay readable.
 *
 * @example
 * ```ts
 * import { AUTHORIZER_CODES, authorizeReadsOf } from "./authorizer.ts";
 * const authorize = authorizeReadsOf({ meetings: ["id", "title"] });
 * authorize(AUTHORIZER_CODES.SQLITE_READ, "settings", "api_key", "main"); // 1, SQLITE_DENY
 * ```
 */
export function authorizeReadsOf(readable: ReadableTables): Authorizer {
  const allowed = new Map(
    Object.entries(readable).map(([table, columns]) => [
      table.toLowerCase(),
      columns === "*" ? "*" as const : new Set(columns.map((column) => column.toLowerCase())),
    ]),
  );
  return (action, first, second, schema) => {
    if (action !== constants.SQLITE_READ) return authorizeReadsOnly(action, first, second);
    const table = first?.toLowerCase() ?? "";
    if (schema === "temp" || CATALOGUE.has(table)) return constants.SQLITE_OK;
    const columns = allowed.get(table);
    if (columns === undefined) return constants.SQLITE_DENY;
    const column = second?.toLowerCase() ?? "";
    // SQLite names the rowid "ROWID" when the table has no INTEGER PRIMARY KEY, and a
    // count(*) reads no column at all ("").
    if (columns === "*" || column === "rowid" || column === "" || columns.has(column)) {
      return constants.SQLITE_OK;
    }
    return constants.SQLITE_DENY;
  };
}
