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
    return second === null && READABLE_PRAGMAS.has(first?.toLowerCase() ?? "")
      ? constants.SQLITE_OK
      : constants.SQLITE_DENY;
  }
  return constants.SQLITE_DENY;
}
