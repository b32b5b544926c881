/**
 * KuraDB folders and databases for tests and the benchmark: the layout KuraDB (agenvoy/KuraDB
 * at e864c1d: internal/database/schema/, registry.go, handler/upsert.go) leaves behind,
 * written here from its reading. A database is `NAME/data.db` with one table, `file_data`;
 * `db.json` lists the databases; `global.db` caches query embeddings. A file is stored the
 * way the app's upsert stores it: its live rows dismissed, then its chunks written 1..total
 * (a chunk already there is revived and rewritten). Decoys no reader may ever show are
 * planted in `.secrets`, in global.db's `query_cache` and in every chunk's `embedding`.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";

/** KuraDB's per-database table and indexes, column for column. */
export const KURADB_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS file_data (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  chunk INTEGER NOT NULL,
  total INTEGER NOT NULL,
  content TEXT NOT NULL,
  embedding BLOB,
  is_embed BOOLEAN NOT NULL DEFAULT FALSE,
  dismiss BOOLEAN NOT NULL DEFAULT FALSE,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  UNIQUE (source, chunk)
);
CREATE INDEX IF NOT EXISTS idx_file_data_source ON file_data(source);
CREATE INDEX IF NOT EXISTS idx_file_data_pending ON file_data(id)
  WHERE is_embed = FALSE AND dismiss = FALSE;
`;

/** KuraDB's global.db table. */
export const KURADB_GLOBAL_SQL = `
CREATE TABLE IF NOT EXISTS query_cache (
  query TEXT PRIMARY KEY,
  embedding BLOB NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
`;

/** The API key planted in `.secrets`, as KuraDB's Linux keychain fallback keeps it. */
export const KURADB_SECRET_KEY = "sk-kuradbdecoy-7Qw3RzT9";
/** Text planted in each chunk's embedding bytes and in global.db's cached queries. */
export const KURADB_EMBEDDING_DECOY = "EMBEDDINGDECOY-vector-bytes";
/** A query cached in global.db (with its embedding): never a source, never shown. */
export const KURADB_CACHED_QUERY = "cachedquerydecoy about zanzibar";

/** One file as KuraDB indexed it. */
export interface KuraDbFile {
  /** Its path, as the app stores it (absolute, in the database's inbox). */
  source: string;
  /** Its chunks' texts, chunk 1 first. */
  chunks: string[];
  /** When its chunks were first written, `YYYY-MM-DD HH:MM:SS` (UTC, SQLite's form). */
  createdAt: string;
}

/** 512 float32 little-endian values whose bytes spell the decoy, like an embedding's size. */
function decoyEmbedding(): Uint8Array {
  const bytes = new Uint8Array(512 * 4);
  const text = new TextEncoder().encode(KURADB_EMBEDDING_DECOY);
  for (let at = 0; at + text.length <= bytes.length; at += text.length) bytes.set(text, at);
  return bytes;
}

/**
 * Stores `files` in the KuraDB database at `path` (made when missing) as the app's upsert
 * does: per file, its live rows dismissed, then each chunk inserted or revived, in one
 * transaction.
 */
export function upsertKuraDbFiles(path: string, files: readonly KuraDbFile[]): void {
  const db = new DatabaseSync(path);
  try {
    db.exec("PRAGMA journal_mode = WAL");
    db.exec(KURADB_SCHEMA_SQL);
    const dismiss = db.prepare(
      "UPDATE file_data SET dismiss = TRUE, updated_at = CURRENT_TIMESTAMP WHERE source = ? AND dismiss = FALSE",
    );
    const write = db.prepare(
      `INSERT INTO file_data (source, chunk, total, content, embedding, is_embed, dismiss,
          created_at) VALUES (?, ?, ?, ?, ?, TRUE, FALSE, ?)
        ON CONFLICT (source, chunk) DO UPDATE SET total = excluded.total,
          content = excluded.content, dismiss = FALSE, embedding = excluded.embedding,
          updated_at = CURRENT_TIMESTAMP`,
    );
    const embedding = decoyEmbedding();
    db.exec("BEGIN");
    for (const file of files) {
      dismiss.run(file.source);
      file.chunks.forEach((content, i) => {
        write.run(
          file.source,
          i + 1,
          file.chunks.length,
          content,
          embedding,
          file.createdAt,
        );
      });
    }
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

/** Dismisses a file's live rows, as the app does when the file is removed from its inbox. */
export function removeKuraDbFile(path: string, source: string): void {
  const db = new DatabaseSync(path);
  try {
    db.prepare(
      "UPDATE file_data SET dismiss = TRUE, updated_at = CURRENT_TIMESTAMP WHERE source = ? AND dismiss = FALSE",
    ).run(source);
  } finally {
    db.close();
  }
}

/** A database of a KuraDB folder: its name in KuraDB and its files (none: no data.db). */
export interface KuraDbFixtureDatabase {
  /** Its KuraDB name (any characters but `/`). */
  name: string;
  /** Its files; null leaves the database listed but its data.db missing. */
  files: KuraDbFile[] | null;
}

/** A KuraDB folder made for a test. */
export interface KuraDbFixture {
  /** The folder (what `~/.config/kuradb` is). */
  folder: string;
  /** The data.db of the database `name`. */
  databasePath(name: string): string;
  /** Removes the folder. */
  cleanup(): void;
}

/**
 * Makes a KuraDB folder: each database's data.db, db.json listing them (or `dbJson` as
 * given, to test a malformed one), global.db with a cached query, `.secrets` with a decoy
 * key, and the app's other files.
 */
export function buildKuraDbFolder(
  databases: readonly KuraDbFixtureDatabase[],
  options: { dbJson?: string } = {},
): KuraDbFixture {
  const folder = Deno.makeTempDirSync({ prefix: "kuradb-fixture-" });
  const databasePath = (name: string) => join(folder, name, "data.db");
  for (const database of databases) {
    if (database.files === null) continue;
    Deno.mkdirSync(join(folder, database.name, "inbox"), { recursive: true });
    upsertKuraDbFiles(databasePath(database.name), database.files);
  }
  const entries = databases.map((database, i) => ({
    db: database.name,
    createAt: `2026-0${1 + (i % 9)}-15T08:00:00Z`,
  }));
  Deno.writeTextFileSync(join(folder, "db.json"), options.dbJson ?? JSON.stringify(entries));
  Deno.writeTextFileSync(join(folder, ".secrets"), `OPENAI_API_KEY=${KURADB_SECRET_KEY}\n`);
  Deno.writeTextFileSync(join(folder, "config.json"), '{"port": 8080}');
  Deno.writeTextFileSync(join(folder, "endpoint"), "http://127.0.0.1:8080");
  const global = new DatabaseSync(join(folder, "global.db"));
  try {
    global.exec(KURADB_GLOBAL_SQL);
    global.prepare("INSERT INTO query_cache (query, embedding) VALUES (?, ?)")
      .run(KURADB_CACHED_QUERY, decoyEmbedding());
  } finally {
    global.close();
  }
  return {
    folder,
    databasePath,
    cleanup: () => Deno.removeSync(folder, { recursive: true }),
  };
}

/** The inbox path KuraDB stores for file `name` of the database `db` in `folder`. */
export function inboxPath(folder: string, db: string, name: string): string {
  return join(folder, db, "inbox", name);
}

/**
 * Files of a small research database: a Norwegian name with a non-ASCII capital, a long
 * file whose word sits deep in its last chunk, and a file changed once (its old chunks
 * dismissed, one of them holding a word that must never be found).
 */
export function researchFiles(folder: string, db: string): {
  files: KuraDbFile[];
  changed: KuraDbFile;
} {
  const at = (name: string) => inboxPath(folder, db, name);
  const filler = (n: number) =>
    Array.from({ length: n }, (_, i) => `Paragraph ${i} of field notes on coastal wind.`)
      .join(" ");
  const long = Array.from({ length: 50 }, () => filler(45));
  long[49] = `${filler(40)} The buried term is quasarwhistle at the very end.`;
  const changedOld: KuraDbFile = {
    source: at("plan.md"),
    chunks: ["Old plan: meet at Bergen.", "Old chunk with obsoletedword only."],
    createdAt: "2026-03-01 10:00:00",
  };
  const changed: KuraDbFile = {
    source: at("plan.md"),
    chunks: ["New plan: meet at Tromsø in June."],
    createdAt: "2026-03-01 10:00:00",
  };
  return {
    files: [
      {
        source: at("wind.md"),
        chunks: ["Site survey at Ørstedvik harbour.", "Turbine spacing and ÆRØ ferry notes."],
        createdAt: "2026-02-10 09:00:00",
      },
      { source: at("long.txt"), chunks: long, createdAt: "2026-02-20 12:30:00" },
      changedOld,
    ],
    changed,
  };
}
