/**
 * Other apps' databases broken the way users' files are: NULLs where older versions allowed
 * them, garbage and out-of-range times, BLOB text, odd ids. Each builder writes one database
 * of its kind (its app's schema with `NOT NULL` dropped, so older versions' rows fit) in a
 * fresh temporary folder and runs `fill` on it; the wire test serves them all at once.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { MEETILY_SCHEMA_SQL } from "./meetily_fixture.ts";
import { buzzSchemaSql } from "./buzz_fixture.ts";
import { KURADB_SCHEMA_SQL } from "./kuradb_fixture.ts";
import { ROUSSEAU_SCHEMA_SQL } from "./rousseau_fixture.ts";

/** The four kinds, each with the file name its app gives its database and its schema. */
const LAYOUTS = {
  meetily: ["meeting_minutes.sqlite", MEETILY_SCHEMA_SQL],
  buzz: ["Buzz.sqlite", buzzSchemaSql("current")],
  kuradb: ["data.db", KURADB_SCHEMA_SQL],
  rousseau: ["sessions.db", ROUSSEAU_SCHEMA_SQL],
} as const;

/** A kind {@link brokenDatabase} can build. */
export type BrokenKind = keyof typeof LAYOUTS;

/** A database built by {@link brokenDatabase}. */
export interface BrokenDatabase {
  /** Its file. */
  path: string;
  /** Removes its folder. */
  cleanup(): void;
}

/**
 * A database of `kind` with its app's tables, `NOT NULL` dropped, filled by `fill`.
 *
 * @example
 * ```ts
 * const db = brokenDatabase("buzz", (db) => db.exec("INSERT INTO transcription (id) VALUES (NULL)"));
 * db.cleanup();
 * ```
 */
export function brokenDatabase(kind: BrokenKind, fill: (db: DatabaseSync) => void): BrokenDatabase {
  const dir = Deno.makeTempDirSync({ prefix: `broken-${kind}-` });
  const [file, schema] = LAYOUTS[kind];
  const path = join(dir, file);
  const db = new DatabaseSync(path);
  try {
    db.exec(schema.replaceAll("NOT NULL", ""));
    fill(db);
  } finally {
    db.close();
  }
  return { path, cleanup: () => Deno.removeSync(dir, { recursive: true }) };
}

/** RFC 3339 in UTC with a four-digit year, as every time of another app's item is answered. */
export const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
