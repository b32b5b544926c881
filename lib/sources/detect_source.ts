/**
 * Opening one database as a source of a kind: the kind is decided from the database's own
 * tables and columns (never from its file name), and the connection is locked down to what
 * that kind may read. This is the one place a database file becomes a source; settling the
 * sources at start stops here, with the kinds' signs alone (kind_signs.ts), and
 * open_source.ts makes the kind's reader over the connection.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { dirname } from "node:path";
import { authorizeReadsOf, declaresFts5 } from "../store/authorizer.ts";
import { StoreOpenError } from "../store/errors.ts";
import { isIdleWal, lacksShm, openReadOnly, openReadOnlyCopy } from "../store/open_store.ts";
import { Store } from "../store/store.ts";
import {
  missingColumns,
  readTableColumns,
  type SourceKindSign,
  type SourceListing,
  type TableColumns,
} from "./source_kind.ts";
import { SOURCE_KIND_SIGNS } from "./kind_signs.ts";
import { promisesTranscript } from "../ingest/file_hint.ts";
import { MAX_IDLE_WAL_COPY_BYTES, MAX_LISTED_TABLES } from "../config/limits.ts";

/** Options for {@link openSourceOfKind}. */
export interface DetectOptions<K extends SourceKindSign = SourceKindSign> {
  /**
   * How long a read waits for the app's write lock, in milliseconds.
   *
   * @default {BUSY_TIMEOUT_MS}
   */
  busyTimeoutMs?: number | undefined;
  /**
   * The kinds to try, in order.
   *
   * @default {SOURCE_KIND_SIGNS}
   */
  kinds?: readonly K[];
  /**
   * What its app's registry calls it (a database of a KuraDB folder): it may then be of that
   * kind alone, so that another app's database or a store of ours put in its place is refused,
   * not served as what it is.
   */
  listing?: SourceListing | undefined;
  /**
   * Read a WAL database its app has closed from a copy in memory, so that no `-wal` and
   * `-shm` files are left beside it (see isIdleWal), and refuse one whose `-wal` holds writes
   * but that has no `-shm` (see lacksShm). For a look that must leave no trace
   * (`discover`); a server reads the file itself, to see what the app writes next.
   *
   * @default {false}
   */
  leaveNoFiles?: boolean;
}

/**
 * The kind of a database with these tables, or undefined. Other apps' kinds are tried
 * before our own, since an app may have a `transcripts` table of its own.
 *
 * @example
 * ```ts
 * import { detectKind } from "./detect_source.ts";
 * detectKind(new Map([["notes", new Set(["id"])]])); // undefined
 * ```
 */
export function detectKind<K extends SourceKindSign = SourceKindSign>(
  tables: TableColumns,
  kinds: readonly K[] = SOURCE_KIND_SIGNS as readonly K[],
): K | undefined {
  return kinds.find((kind) => kind.matches(tables));
}

/**
 * Opens the database at `path` read-only as a source of whichever of `options.kinds` its
 * tables say it is, locks the connection down to what that kind reads, and returns what
 * `use` makes of it; the connection is closed if `use` throws. Throws StoreOpenError with one
 * line: the file is unusable, or of no known kind (naming the tables it has and the kinds
 * supported).
 *
 * @example
 * ```ts
 * import { openSourceOfKind } from "./detect_source.ts";
 * const kind = openSourceOfKind("/data/meeting_minutes.sqlite", {}, (kind, store) => {
 *   store.close();
 *   return kind.kind;
 * }); // "meetily"
 * ```
 */
export function openSourceOfKind<K extends SourceKindSign, R>(
  path: string,
  options: DetectOptions<K>,
  use: (kind: K, store: Store, tables: TableColumns) => R,
): R {
  const listed = options.listing?.kind;
  const kinds = (options.kinds ?? SOURCE_KIND_SIGNS as readonly K[]).filter((k) =>
    listed === undefined || k.kind === listed
  );
  const open = (db: DatabaseSync): R => {
    const tables = readTableColumns(db);
    const kind = detectKind(tables, kinds);
    // Our own kind, tried last, takes any `transcripts` table: another app's layout that
    // lost a column it needs is named as that app's, not as a store of ours.
    const lacking = kind === undefined || kind === kinds.at(-1) ? nearMiss(tables, kinds) : null;
    if (lacking !== null) throw lacking.error(path);
    if (kind === undefined) throw unknownKind(path, tables, kinds);
    // SQLite reads a view as the tables it selects from, and a virtual table through its
    // module's own tables, which may be any (an app's keys): the authorizer denies those
    // reads, so such a source could answer nothing but errors.
    for (const [names, what] of unplainTables(db, kind)) {
      if (names.length === 0) continue;
      throw new StoreOpenError(
        `Cannot open source: ${path} is a ${kind.kind} database whose ${names.join(", ")} ` +
          `${names.length === 1 ? `is a ${what}` : `are ${what}s`}, not a table; a ${what} ` +
          "may read tables this server must not, so it is not served",
      );
    }
    const store = new Store(db, path, {
      ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
      authorizer: authorizeReadsOf(kind.readable),
      vocabOf: kind.vocabOf,
    });
    try {
      return use(kind, store, tables);
    } catch (error) {
      store.close();
      throw error;
    }
  };
  try {
    if (options.leaveNoFiles && lacksShm(path)) {
      throw new StoreOpenError(
        `Cannot open store: ${path} is in WAL mode with a -wal file but no -shm beside it; ` +
          `reading it would create ${path}-shm (start its app, or serve it with --source)`,
      );
    }
    return options.leaveNoFiles && isIdleWal(path)
      ? openReadOnlyCopy(path, MAX_IDLE_WAL_COPY_BYTES, open)
      : openReadOnly(path, options.busyTimeoutMs, open);
  } catch (error) {
    throw withFolderHint(error, path);
  }
}

/**
 * `error`, told where to go when `path` is no database but a transcript file by its name:
 * a folder is what serves such files, and naming one file is an easy first mistake.
 */
function withFolderHint(error: unknown, path: string): unknown {
  if (!(error instanceof StoreOpenError) || !promisesTranscript(path)) return error;
  if (!error.message.endsWith("is not an SQLite database")) return error;
  return new StoreOpenError(
    `${error.message}; it looks like a transcript file: name its folder instead ` +
      `(--source ${dirname(path)})`,
    error.busy,
    error.missing,
    error.transient,
  );
}

/**
 * The first kind whose tables (two of them, or its one) the database has but that does not
 * match it, with the columns it reads that are missing; null when there is none.
 */
function nearMiss(tables: TableColumns, kinds: readonly SourceKindSign[]) {
  for (const kind of kinds) {
    const own = Object.entries(kind.readable);
    const present = own.filter(([table]) => tables.has(table));
    if (kind.matches(tables) || present.length < Math.min(2, own.length)) continue;
    const missing = present.flatMap(([table, columns]) =>
      columns === "*" ? [] : missingColumns(tables, table, columns).map((c) => `${table}.${c}`)
    );
    if (missing.length === 0) continue;
    return {
      error: (path: string) =>
        new StoreOpenError(
          `Cannot open source: ${path} looks like a ${kind.kind} database but lacks ` +
            `${missing.slice(0, MAX_LISTED_TABLES).join(", ")} (an upgrade may have renamed ` +
            "or dropped it); this transcript-mcp cannot read it",
        ),
    };
  }
  return null;
}

function unknownKind(
  path: string,
  tables: TableColumns,
  kinds: readonly SourceKindSign[],
): StoreOpenError {
  const names = [...tables.keys()].filter((name) => !name.startsWith("sqlite_")).sort();
  const listed = names.length === 0
    ? "no tables"
    : `tables: ${names.slice(0, MAX_LISTED_TABLES).join(", ")}${
      names.length > MAX_LISTED_TABLES ? `, … (${names.length} in all)` : ""
    }`;
  // A database its app's registry lists may be of that app's kind alone.
  if (kinds.length === 1) {
    return new StoreOpenError(
      `Cannot open source: ${path} is not a ${kinds[0]!.kind} database (${listed})`,
    );
  }
  return new StoreOpenError(
    `Cannot open source: ${path} is not a database of a known kind (${listed}); kinds ` +
      `supported: ${kinds.map((kind) => kind.kind).join(", ")}`,
  );
}

/**
 * The tables `kind` reads that are views in `db`, then those that are virtual tables where it
 * reads a plain one (a full-text index it declares with its shadow tables may be virtual);
 * read before any authorizer is installed.
 */
function unplainTables(db: DatabaseSync, kind: SourceKindSign): [string[], string][] {
  // The kind's own spelling of a table, by SQLite's (case-blind) name for it.
  const readable = new Map(Object.keys(kind.readable).map((table) => [table.toLowerCase(), table]));
  const rows = db.prepare(
    "SELECT name, type, sql FROM sqlite_schema WHERE type IN ('view', 'table')",
  )
    .all().map((row) => ({ name: String(row["name"]), type: row["type"], sql: String(row["sql"]) }))
    .filter((row) => readable.has(row.name.toLowerCase()));
  const views = rows.filter((row) => row.type === "view");
  const virtual = rows.filter((row) =>
    row.type === "table" && /^\s*create\s+virtual\s+table/i.test(row.sql) &&
    !declaresFts5(kind.readable, readable.get(row.name.toLowerCase())!)
  );
  const names = (list: { name: string }[]) => list.map((row) => row.name).sort();
  return [[names(views), "view"], [names(virtual), "virtual table"]];
}
