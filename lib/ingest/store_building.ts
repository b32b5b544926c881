/**
 * A new store built beside its target and moved into place whole. While it is built nothing
 * else reads it, so it needs no crash safety of its own: SQLite keeps its rollback journal in
 * memory and never waits for the disk (measured on a folder of 1,000 calls: about 0.2-0.4x
 * SQLite's own FTS5 build of the same text saved, against a store written in WAL mode, whose
 * pages all go to disk twice). Only once the run has committed is the file synced and renamed
 * to the target: a run killed before that leaves no store at the target, never a half-built
 * one, and the next run starts the building file again.
 *
 * @module
 */
import { removeDatabaseFiles } from "../store/database_files.ts";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { IndexTargetError } from "./index_tables.ts";
import { isBusy } from "../store/errors.ts";

/** A new store's building file, its target, and the file's inode (null where none is given). */
export interface Building {
  /** The building file, beside the target. */
  file: string;
  /** Where the store is moved once complete. */
  target: string;
  /** The building file's inode when this run made it, or null where none is given. */
  ino: number | null;
}

/**
 * The path a new store for `target` is built at: beside it, so the rename stays on one file
 * system.
 *
 * @example
 * ```ts
 * import { buildingPath } from "./store_building.ts";
 * buildingPath("/data/archive.db"); // "/data/archive.db-building"
 * ```
 */
export function buildingPath(target: string): string {
  return `${target}-building`;
}

/**
 * Whether `path` is a store still to make, built beside it: nothing there. Anything there,
 * even an empty file, is written in place: it may be a symlink, or a file mounted into a
 * container, which a rename would replace or could not replace.
 *
 * @example
 * ```ts
 * import { isNewTarget } from "./store_building.ts";
 * isNewTarget("/tmp/never-made.db"); // true
 * ```
 */
export function isNewTarget(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return false;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return true;
    throw error;
  }
}

/**
 * Makes the building file for `target` at `path` anew and answers its inode (null where the
 * system gives none). A building file left there is a killed run's, and removed, unless a
 * run still holds it: then, and when another run makes the file first, this throws
 * IndexTargetError, and the other run's file is left alone.
 *
 * @example
 * ```ts
 * import { claimBuilding } from "./store_building.ts";
 * claimBuilding("/data/archive.db-building", "/data/archive.db");
 * ```
 */
export function claimBuilding(path: string, target: string): number | null {
  const refusal = () =>
    new IndexTargetError(
      `Cannot index into ${target}: another run of index is building it (${path}); ` +
        "wait for it to end",
    );
  if (isBeingBuilt(path)) throw refusal();
  removeDatabaseFiles(path);
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true, write: true, createNew: true });
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) throw refusal();
    throw error;
  }
  try {
    return file.statSync().ino;
  } finally {
    file.close();
  }
}

/**
 * Checks, once the run holds its lock on the building file, that `path` is still the file
 * {@link claimBuilding} made (inode `ino`): another run that took it for a killed run's, in
 * the moment before the lock, made its own there. Throws IndexTargetError if not.
 *
 * @example
 * ```ts
 * import { confirmBuilding } from "./store_building.ts";
 * confirmBuilding("/data/archive.db-building", "/data/archive.db", null);
 * ```
 */
export function confirmBuilding(path: string, target: string, ino: number | null): void {
  let now: number | null;
  try {
    now = Deno.statSync(path).ino;
  } catch {
    now = -1;
  }
  if (ino !== null && now !== ino) {
    throw new IndexTargetError(
      `Cannot index into ${target}: another run of index took its building file (${path})`,
    );
  }
}

/**
 * Whether another run holds the building file at `path`: a run holds its lock from its start
 * to its move into place (store_writer.ts), a killed run none.
 */
function isBeingBuilt(path: string): boolean {
  let db: DatabaseSync;
  try {
    Deno.statSync(path);
    db = new DatabaseSync(path, { timeout: 0 });
  } catch {
    return false;
  }
  try {
    db.exec("BEGIN EXCLUSIVE");
    db.exec("ROLLBACK");
    return false;
  } catch (error) {
    // Anything but a lock (a killed run's torn file) is a leftover.
    return isBusy(error);
  } finally {
    db.close();
  }
}

/**
 * Syncs the finished building file `path` to disk and renames it to `target`, then syncs the
 * folder, so that the rename never reaches the disk before the store's content. `closeStore`
 * closes the run's connection to it, which holds its lock: where an open file can be renamed
 * (not on Windows, where it cannot be removed either while open), after the rename, so that no
 * other run takes the file for a killed run's in between.
 *
 * @example
 * ```ts
 * import { moveIntoPlace } from "./store_building.ts";
 * moveIntoPlace("/data/archive.db-building", "/data/archive.db", () => {});
 * ```
 */
export function moveIntoPlace(path: string, target: string, closeStore: () => void): void {
  const whileOpen = Deno.build.os !== "windows";
  const file = Deno.openSync(path, { read: true, write: true });
  try {
    file.syncSync();
    if (whileOpen) Deno.renameSync(path, target);
  } finally {
    // The store's connection first: closing any handle of a file drops the process's locks.
    closeStore();
    file.close();
  }
  if (!whileOpen) Deno.renameSync(path, target);
  try {
    const folder = Deno.openSync(dirname(target), { read: true });
    try {
      folder.syncSync();
    } finally {
      folder.close();
    }
  } catch {
    // A folder cannot be opened or synced on every system (Windows): the rename stands.
  }
}

/**
 * Removes the building file of a run that did not finish (failed, or stopped by a signal),
 * with SQLite's files beside it, but only while it is still the file this run made (inode
 * `building.ino`): a file another run made there is its own. `closeStore` closes the run's
 * connection, which holds its lock: where an open file can be removed (not on Windows),
 * after the removal, so that no other run takes the file and makes its own in between.
 *
 * @example
 * ```ts
 * import { dropBuilding } from "./store_building.ts";
 * const building = { file: "/data/archive.db-building", target: "/data/archive.db", ino: null };
 * dropBuilding(building, () => {});
 * ```
 */
export function dropBuilding(building: Building, closeStore: () => void): void {
  const drop = () => {
    let ino: number | null;
    try {
      ino = Deno.statSync(building.file).ino;
    } catch {
      return;
    }
    if (building.ino === null || ino === building.ino) removeDatabaseFiles(building.file);
  };
  if (Deno.build.os === "windows") {
    closeStore();
    drop();
    return;
  }
  try {
    drop();
  } finally {
    closeStore();
  }
}
