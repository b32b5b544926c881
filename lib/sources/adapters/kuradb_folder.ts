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

function entriesOf(folder: string): { db: string; createAt: string | null }[] {
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
  const entries = list.map((entry, i) => {
    const db = (entry as { db?: unknown } | null)?.db;
    // A name that is no plain folder name would lead out of the folder.
    if (typeof db !== "string" || db === "" || db.startsWith(".") || /[\\/]/.test(db)) {
      throw fail(`entry ${i + 1}: "db" is not a database name`);
    }
    const createAt = (entry as { createAt?: unknown }).createAt;
    return { db, createAt: typeof createAt === "string" ? createAt : null };
  });
  // A database listed twice is one database: served once, as first listed, not two sources
  // of one name (which would stop the server).
  return entries.filter((entry, i) => entries.findIndex((e) => e.db === entry.db) === i);
}

/**
 * The databases `db.json` in `folder` lists, in its order: each named from its KuraDB name
 * (nameFromLabel), prefixed with `prefix` when one is given. Throws StoreOpenError when
 * db.json cannot be read, is not JSON or is not a list of databases.
 *
 * @example
 * ```ts
 * import { readKuraDbFolder } from "./kuradb_folder.ts";
 * readKuraDbFolder("/home/ada/.config/kuradb", null).map((db) => db.name); // ["my_docs", …]
 * ```
 */
export function readKuraDbFolder(folder: string, prefix: string | null): KuraDbDatabase[] {
  return entriesOf(folder).map(({ db, createAt }) => ({
    name: nameFromLabel(prefix === null ? db : `${prefix}-${db}`),
    path: join(folder, db, KURADB_DATABASE),
    listing: { title: db, kind: "kuradb", registeredAt: createAt },
  }));
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
