/**
 * A kind of source: how a database of one app is recognised from its own tables and
 * columns, what of it may be read, and how it is read. lib/sources/open_source.ts tries
 * each kind in {@link SourceKindName} order; nothing else decides what a database is.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { ReadableTables } from "../store/authorizer.ts";
import type { Store } from "../store/store.ts";
import type { SourceReader } from "./source_reader.ts";

/** The kinds of source this server reads. */
export type SourceKindName =
  | "transcript-mcp"
  | "screenpipe"
  | "meetily"
  | "buzz"
  | "rousseau"
  | "kuradb"
  // A folder of transcript files (lib/sources/folder/): no database, so no SourceKind.
  | "folder";

/** A database's tables (lower-cased names), each with its columns (lower-cased). */
export type TableColumns = ReadonlyMap<string, ReadonlySet<string>>;

/** What a kind is given to open a source it recognised. */
export interface SourceContext {
  /** The source's name, the prefix of its public ids. */
  name: string;
  /** The database's tables and columns, as read before the connection was locked down. */
  tables: TableColumns;
}

/**
 * What the app a database belongs to calls it, where the app names its databases (KuraDB
 * lists them in its db.json): list_sources shows `title`, and the app's own tools list it.
 */
export interface SourceListing {
  /** The app's name for it, as the user typed it (any characters). */
  title: string;
  /** The kind the app's registry says it holds. */
  kind: SourceKindName;
  /** When the app registered it, as the registry says, or null. */
  registeredAt: string | null;
}

/**
 * How one kind of source is recognised and settled, without its reader: all that settling the
 * sources at start needs (kind_signs.ts).
 */
export interface SourceKindSign {
  /** Its name, as list_sources shows it. */
  kind: SourceKindName;
  /** The name a source of this kind gets when the user gives none; null: from the file name. */
  defaultName: string | null;
  /**
   * The name and listing a database of this kind at `path` gets from where it lies (a KuraDB
   * database from its folder's name), or null; tried before {@link defaultName}.
   */
  listingOf?(path: string): { name: string; listing: SourceListing } | null;
  /** Whether a database with these tables and columns is of this kind. */
  matches(tables: TableColumns): boolean;
  /**
   * The tables and columns a source of this kind may read: the connection's authorizer
   * denies every other read, so a query that strays fails closed.
   */
  readable: ReadableTables;
  /** The FTS5 table whose term statistics the search-work estimate reads, or null. */
  vocabOf: string | null;
  /**
   * Throws StoreOpenError when a database of this kind cannot serve at all (a store of ours
   * of another schema version); `store` is read-only and locked down. A kind's
   * {@link SourceKind.open} refuses nothing this accepts, so that a source settled at start
   * by its sign alone opens later.
   */
  check?(store: Store): void;
}

/** One kind of source: its sign and its reader. */
export interface SourceKind extends SourceKindSign {
  /**
   * Reads the source through `store` (already read-only and locked down). Features whose
   * columns are missing (a drifted schema) are turned off and named in the reader's notes;
   * a missing table or column never fails a whole call. Throws StoreOpenError when the
   * database cannot serve at all.
   */
  open(store: Store, context: SourceContext): SourceReader;
}

/**
 * The tables and columns of a database, read from its own catalogue (`sqlite_schema` and
 * `PRAGMA table_info`), before any authorizer is installed.
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import { readTableColumns } from "./source_kind.ts";
 * const db = new DatabaseSync(":memory:");
 * db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
 * readTableColumns(db).get("notes"); // Set { "id", "body" }
 * ```
 */
export function readTableColumns(db: DatabaseSync): TableColumns {
  const tables = new Map<string, Set<string>>();
  const names = db.prepare("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')")
    .all().map((row) => String(row["name"]));
  for (const name of names) {
    // table_info of a virtual table whose module is missing (sqlite-vec) fails: such a table
    // is listed with no columns, which no kind reads.
    let columns: string[] = [];
    try {
      columns = db.prepare("SELECT name FROM pragma_table_info(?)").all(name)
        .map((row) => String(row["name"]).toLowerCase());
    } catch {
      columns = [];
    }
    tables.set(name.toLowerCase(), new Set(columns));
  }
  return tables;
}

/**
 * Which of `columns` the table lacks (all of them when the table is missing): how a kind
 * finds the features a drifted schema turns off.
 *
 * @example
 * ```ts
 * import { missingColumns } from "./source_kind.ts";
 * const tables = new Map([["meetings", new Set(["id", "title"])]]);
 * missingColumns(tables, "meetings", ["id", "created_at"]); // ["created_at"]
 * ```
 */
export function missingColumns(
  tables: TableColumns,
  table: string,
  columns: readonly string[],
): string[] {
  const present = tables.get(table);
  return columns.filter((column) => present === undefined || !present.has(column));
}
