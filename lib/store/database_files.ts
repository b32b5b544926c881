/**
 * A database's files on disk: SQLite keeps a rollback journal (`-journal`) or a write-ahead
 * log and its index (`-wal`, `-shm`) beside the file itself, and a database replaced or
 * removed must take them along, or SQLite would read a stale journal into the next one.
 *
 * @module
 */

/** What SQLite writes beside a database file, by suffix. */
const SIDE_FILES = ["-journal", "-wal", "-shm"] as const;

/**
 * Removes the database file at `path` and SQLite's files beside it, those that are there.
 * Any failure other than a file not being there is thrown.
 *
 * @example
 * ```ts
 * import { removeDatabaseFiles } from "./database_files.ts";
 * removeDatabaseFiles("/tmp/never-made.db"); // nothing there: nothing done
 * ```
 */
export function removeDatabaseFiles(path: string): void {
  for (const suffix of ["", ...SIDE_FILES]) {
    try {
      Deno.removeSync(path + suffix);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
}
