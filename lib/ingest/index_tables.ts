/**
 * The tables `index` keeps beside our schema in the store it builds, and the check that a
 * store with tables is one it built (lib/ingest/store_writer.ts writes them).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { REQUIRED_TABLES, STORE_SCHEMA_VERSION } from "../store/open_store.ts";

/** The side table `index` keeps in the store it builds (docs/store.md, "What index writes"). */
export const INDEX_ITEMS_SQL = `CREATE TABLE index_items (
  kind   TEXT NOT NULL CHECK (kind IN ('transcript', 'task')),
  id     TEXT NOT NULL,   -- the row's id in transcripts or tasks
  source TEXT NOT NULL,   -- the name of the source it came from
  hash   TEXT NOT NULL,   -- SHA-256 of its content as the source served it
  PRIMARY KEY (kind, id)
) WITHOUT ROWID`;

/**
 * The side table of source stamps: a source whose stamp is as stored is not read again
 * (lib/sources/source_stamp.ts says what a stamp covers).
 */
export const INDEX_SOURCES_SQL = `CREATE TABLE IF NOT EXISTS index_sources (
  source TEXT PRIMARY KEY,  -- the source's name
  stamp  TEXT NOT NULL      -- its files' sizes and times when it was last read in full
) WITHOUT ROWID`;

/**
 * An `--out` that `index` will not write: a database it did not build, or one it cannot
 * open for writing. Its message is one line.
 *
 * @example
 * ```ts
 * import { IndexTargetError } from "./index_tables.ts";
 * new IndexTargetError("Cannot index: /x.db is not an SQLite database").message;
 * ```
 */
export class IndexTargetError extends Error {
  /** Makes the error with its one-line message. */
  constructor(message: string) {
    super(message);
    this.name = "IndexTargetError";
  }
}

/**
 * The names of the tables of `db`.
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import { tableNames } from "./index_tables.ts";
 * tableNames(new DatabaseSync(":memory:")).size; // 0
 * ```
 */
export function tableNames(db: DatabaseSync): Set<string> {
  return new Set(
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all()
      .map((row) => String(row["name"])),
  );
}

/**
 * A store with tables must be one a run of `index` made: ours, at the version this build
 * writes, with its side table. Anything else (an app's store, another app's database) is
 * someone's data, and a run would remove every row it did not write. Throws IndexTargetError.
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import { checkBuiltByIndex, tableNames } from "./index_tables.ts";
 * const db = new DatabaseSync("/tmp/archive.db", { readOnly: true });
 * checkBuiltByIndex(db, "/tmp/archive.db", tableNames(db)); // throws unless index built it
 * ```
 */
export function checkBuiltByIndex(db: DatabaseSync, path: string, tables: Set<string>): void {
  const version = Number(db.prepare("PRAGMA user_version").get()?.["user_version"] ?? 0);
  const ours = REQUIRED_TABLES.every((name) => tables.has(name));
  if (!ours || !tables.has("index_items")) {
    throw new IndexTargetError(
      `Cannot index into ${path}: it is a database that index did not build` +
        (ours ? " (a store written by an app)" : "") + "; name a new file for --out",
    );
  }
  if (version !== STORE_SCHEMA_VERSION) {
    throw new IndexTargetError(
      `Cannot index into ${path}: its schema version is ${version}, this transcript-mcp ` +
        `writes ${STORE_SCHEMA_VERSION}; name a new file for --out`,
    );
  }
}

/** Which table an item of the store sits in. */
export type ItemKind = "transcript" | "task";

/** What the store remembers of one item from the run that wrote it. */
export interface KnownItem {
  /** Its kind. */
  kind: ItemKind;
  /** Its id. */
  id: string;
  /** The source it came from. */
  source: string;
  /** Its content hash. */
  hash: string;
}

/** The key of an item in maps of items: its kind and id. */
export function itemKey(kind: ItemKind, id: string): string {
  return `${kind}\n${id}`;
}
