/**
 * A test-only kind of source, recognised by one table of notes, and the fixture databases it
 * reads: enough for code that opens sources without caring how a kind reads them (detection,
 * discovery), while the real kinds are built elsewhere. Its reader answers `facts()` from the
 * table; the tools' reads are not part of it.
 */
import { DatabaseSync } from "node:sqlite";
import type { SourceKind, SourceKindName } from "../../lib/sources/source_kind.ts";
import type { SourceReader } from "../../lib/sources/source_reader.ts";

/** A kind named `kind` that matches a database with a table `table` (id, body, created_at). */
export function tableKind(
  kind: SourceKindName,
  table: string,
  defaultName: string | null,
): SourceKind {
  const unread = (): never => {
    throw new Error(`the test kind ${kind} answers facts() only`);
  };
  return {
    kind,
    defaultName,
    matches: (tables) => tables.get(table)?.has("created_at") === true,
    readable: { [table]: ["id", "body", "created_at"] },
    vocabOf: null,
    open(store) {
      const reader: SourceReader = {
        listTranscripts: unread,
        getTranscript: unread,
        search: unread,
        renderHits: unread,
        listTasks: unread,
        facts() {
          const row = store.get(`SELECT count(*) AS n, max(created_at) AS newest FROM ${table}`);
          return {
            transcripts: Number(row?.["n"] ?? 0),
            tasks: 0,
            newest: (row?.["newest"] as string | null) ?? null,
            search: "scan",
            turns: false,
            notes: [],
          };
        },
      };
      return reader;
    },
  };
}

/** Stand-ins for the kinds, each recognised by its own table. */
export const TEST_KINDS: readonly SourceKind[] = [
  tableKind("screenpipe", "sp_notes", "screenpipe"),
  tableKind("meetily", "mt_notes", "meetily"),
  tableKind("buzz", "bz_notes", "buzz"),
  tableKind("rousseau", "ru_notes", "rousseau"),
  tableKind("transcript-mcp", "our_notes", null),
];

/** The table each test kind is recognised by. */
export const TEST_KIND_TABLES: Record<SourceKindName, string> = {
  screenpipe: "sp_notes",
  meetily: "mt_notes",
  buzz: "bz_notes",
  rousseau: "ru_notes",
  "transcript-mcp": "our_notes",
};

/** Options for {@link writeNotesDb}. */
export interface NotesDbOptions {
  /** The table to make: a test kind's, or any other. */
  table: string;
  /** The notes' creation times, one row each. */
  createdAt: readonly string[];
  /** The journal mode the database is left in. */
  journal: "wal" | "delete";
}

/** Writes a database of notes at `path` (its folder made as needed) and closes it. */
export function writeNotesDb(path: string, options: NotesDbOptions): void {
  Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    db.exec(`PRAGMA journal_mode = ${options.journal}`);
    db.exec(`CREATE TABLE ${options.table} (id INTEGER PRIMARY KEY, body TEXT, created_at TEXT)`);
    const insert = db.prepare(`INSERT INTO ${options.table} (body, created_at) VALUES (?, ?)`);
    for (const [index, createdAt] of options.createdAt.entries()) {
      insert.run(`note ${index}`, createdAt);
    }
  } finally {
    db.close();
  }
}
