/**
 * KuraDB's folder (`~/.config/kuradb` on macOS and Linux): `db.json` lists its databases as
 * `[{"db": NAME, "createAt": RFC 3339}]`, each kept in `NAME/data.db`. Beside them lie
 * files no reader touches: `global.db` (a cache of query embeddings), `.secrets` (an API
 * key), `config.json`, `endpoint`, logs. Only `db.json` and the listed `data.db` files are
 * ever opened.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import { StoreOpenError } from "../../store/errors.ts";
import { nameFromLabel } from "../../config/source_name.ts";
import type { SourceListing } from "../source_kind.ts";

/** The registry KuraDB keeps in its folder. */
export const KURADB_REGISTRY = "db.json";
/** The file each KuraDB database is kept in, in a folder of its name. */
export const KURADB_DATABASE = "data.db";

/** One database a KuraDB folder lists. */
export interface KuraDbDatabase {
  /** The source name it is served under. */
  name: string;
  /** Its data.db. */
  path: string;
  /** Its name in KuraDB and when it was registered. */
  listing: SourceListing;
  /**
   * Why its entry in db.json names no database (its `path` is then db.json's), so that it
   * fails alone and the folder's other databases still serve.
   */
  failure?: string;
}

/**
 * Whether `path` is a KuraDB folder: a folder holding KuraDB's `db.json`.
 *
 * @example
 * ```ts
 * import { isKuraDbFolder } from "./kuradb_folder.ts";
 * isKuraDbFolder("/nowhere"); // false
 * ```
 */
export function isKuraDbFolder(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory && Deno.statSync(join(path, KURADB_REGISTRY)).isFile;
  } catch {
    return false;
  }
}

/** An entry of db.json: a database's name, or, for an entry naming none, why. */
type RegistryEntry =
  | { db: string; createAt: string | null; bad?: undefined }
  | { db: null; createAt: string | null; bad: string; title: string; place: number };

function entriesOf(folder: string): RegistryEntry[] {
  const file = join(folder, KURADB_REGISTRY);
  const fail = (why: string) =>
    new StoreOpenError(`Cannot open KuraDB folder ${folder}: ${KURADB_REGISTRY} ${why}`);
  let text: string;
  try {
    text = Deno.readTextFileSync(file);
  } catch (error) {
    throw fail(`cannot be read (${error instanceof Error ? error.name : "error"})`);
  }
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    throw fail("is not JSON");
  }
  if (!Array.isArray(list)) throw fail('is not a list of {"db", "createAt"}');
  const entries = list.map((entry, i): RegistryEntry => {
    const db = (entry as { db?: unknown } | null)?.db;
    const at = (entry as { createAt?: unknown } | null)?.createAt;
    const createAt = typeof at === "string" ? at : null;
    // A name that is no plain folder name would lead out of the folder: that entry alone
    // fails, named by its place in the list.
    if (typeof db !== "string" || db === "" || db.startsWith(".") || /[\\/]/.test(db)) {
      const bad = fail(`entry ${i + 1}: "db" is not a database name`).message;
      const title = typeof db === "string" ? db : `entry ${i + 1}`;
      return { db: null, createAt, bad, title, place: i + 1 };
    }
    return { db, createAt };
  });
  // A database listed twice is one database: served once, as first listed, not two sources
  // of one name (which would stop the server).
  return entries.filter((entry, i) =>
    entry.db === null || entries.findIndex((e) => e.db === entry.db) === i
  );
}

/**
 * The databases `db.json` in `folder` lists, in its order: each named from its KuraDB name
 * (nameFromLabel), prefixed with `prefix` when one is given. An entry that names no database
 * is one with its `failure`, named `kuradb-entry-N` (N its place in the list; prefixed, and
 * made distinct from the databases' names). Throws StoreOpenError when db.json cannot be
 * read, is not JSON or is not a list.
 *
 * @example
 * ```ts
 * import { readKuraDbFolder } from "./kuradb_folder.ts";
 * readKuraDbFolder("/home/ada/.config/kuradb", null).map((db) => db.name); // ["my_docs", …]
 * ```
 */
export function readKuraDbFolder(folder: string, prefix: string | null): KuraDbDatabase[] {
  const entries = entriesOf(folder);
  const named = (label: string) => nameFromLabel(prefix === null ? label : `${prefix}-${label}`);
  const taken = new Set(entries.flatMap((entry) => entry.db === null ? [] : [named(entry.db)]));
  return entries.map((entry) => {
    const listing = {
      title: entry.db ?? entry.title,
      kind: "kuradb" as const,
      registeredAt: entry.createAt,
    };
    if (entry.db !== null) {
      return { name: named(entry.db), path: join(folder, entry.db, KURADB_DATABASE), listing };
    }
    let name = named(`kuradb-entry-${entry.place}`);
    for (let n = 2; taken.has(name); n++) name = named(`kuradb-entry-${entry.place}-${n}`);
    taken.add(name);
    return { name, path: join(folder, KURADB_REGISTRY), listing, failure: entry.bad };
  });
}

/**
 * The name and listing of the KuraDB database at `path` (a `NAME/data.db`), from its
 * folder's name and, when its parent folder's db.json lists it, its registration time; null
 * for a file not named data.db.
 *
 * @example
 * ```ts
 * import { kuradbListingOf } from "./kuradb_folder.ts";
 * kuradbListingOf("/home/ada/.config/kuradb/my_docs/data.db")?.name; // "my_docs"
 * ```
 */
export function kuradbListingOf(
  path: string,
): { name: string; listing: SourceListing } | null {
  if (basename(path) !== KURADB_DATABASE) return null;
  const title = basename(dirname(path));
  let registeredAt: string | null = null;
  try {
    registeredAt = entriesOf(dirname(dirname(path))).find((entry) => entry.db === title)
      ?.createAt ?? null;
  } catch {
    // No registry beside it (a copied database): it is listed without a time.
  }
  return { name: nameFromLabel(title), listing: { title, kind: "kuradb", registeredAt } };
}
