/**
 * A transcript file as a row of our own schema (lib/store/schema.sql): the converter from
 * {@link FileTranscript} to the `transcripts` table's values, and the statements that put
 * and remove such rows in a writable connection. The folder source fills its in-memory index
 * with them. New rows are indexed in FTS5 directly, not by the schema's insert trigger
 * (lib/store/fts_rows.ts says why); updates and removals keep theirs.
 *
 * Files do not fit the demo's model (lib/store/model.ts): their speakers and times may be
 * missing and their label is `file`, so they have their own row type.
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { FileTranscript } from "./file_transcript.ts";
import { FtsRowIndexer, suspendInsertTrigger } from "../store/fts_rows.ts";

/** The `source` label every transcript read from a file carries. */
export const FILE_SOURCE_LABEL = "file";

/** A file's transcript as the values of one `transcripts` row. */
export interface FileTranscriptRow {
  /** Its public id. */
  id: string;
  /** Its title, from the file name. */
  title: string;
  /** Its whole text. */
  text: string;
  /** When it was recorded, RFC 3339 UTC with milliseconds. */
  createdAt: string;
  /** Length in seconds, or null. */
  duration: number | null;
  /** Language code, or null. */
  language: string | null;
  /** The engine that wrote it, or null. */
  engine: string | null;
}

/**
 * The row of a file's transcript: its own createdAt when the name held one, else the file's
 * modification time (`mtime`, ms since the epoch), both as RFC 3339 UTC with milliseconds.
 *
 * @example
 * ```ts
 * import { fileTranscriptRow } from "./file_rows.ts";
 * const row = fileTranscriptRow({
 *   format: "text", title: "notes", createdAt: null, duration: null, language: null,
 *   engine: null, segments: [], text: "Hello.",
 * }, "notes:0123456789abcdef", Date.UTC(2025, 2, 14, 9, 30));
 * row.createdAt; // "2025-03-14T09:30:00.000Z"
 * ```
 */
export function fileTranscriptRow(
  transcript: FileTranscript,
  id: string,
  mtime: number,
): FileTranscriptRow {
  return {
    id,
    title: transcript.title,
    text: transcript.text,
    createdAt: fileCreatedAt(transcript.createdAt, mtime),
    duration: transcript.duration,
    language: transcript.language,
    engine: transcript.engine,
  };
}

/**
 * A file's createdAt as its row holds it: the time its name gives (`named`), else its
 * modification time (`mtime`, ms since the epoch), as RFC 3339 UTC with milliseconds. It
 * depends on the file's name and time alone, so the order of rows is known before reading.
 *
 * @example
 * ```ts
 * import { fileCreatedAt } from "./file_rows.ts";
 * fileCreatedAt(null, Date.UTC(2025, 2, 14, 9, 30)); // "2025-03-14T09:30:00.000Z"
 * fileCreatedAt("2025-04-02T15:00:00Z", 0); // "2025-04-02T15:00:00.000Z"
 * ```
 */
export function fileCreatedAt(named: string | null, mtime: number): string {
  const parsed = named === null ? null : Date.parse(named);
  return new Date(parsed !== null && Number.isFinite(parsed) ? parsed : mtime).toISOString();
}

/**
 * Puts and removes file rows in a writable connection that has our schema. A row put again
 * under the same id is updated in place (its `pk`, and so a listing's cursor, is kept).
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import { FileRowWriter } from "./file_rows.ts";
 * import { SCHEMA_SQL } from "../store/schema.ts";
 * const db = new DatabaseSync(":memory:");
 * db.exec(SCHEMA_SQL);
 * const writer = new FileRowWriter(db);
 * writer.put({ id: "a", title: "A", text: "Hi.", createdAt: "2025-01-01T00:00:00.000Z",
 *   duration: null, language: null, engine: null });
 * writer.remove("a");
 * ```
 */
export class FileRowWriter {
  readonly #find: StatementSync;
  readonly #insert: StatementSync;
  readonly #update: StatementSync;
  readonly #remove: StatementSync;
  readonly #fts: FtsRowIndexer;

  /**
   * Prepares the statements on `db`, which must be writable, hold our schema and be the
   * writer's own: the schema's insert trigger is dropped for good, as this writer indexes
   * the rows it inserts itself (lib/store/fts_rows.ts).
   */
  constructor(db: DatabaseSync) {
    suspendInsertTrigger(db);
    this.#find = db.prepare("SELECT pk FROM transcripts WHERE id = ?");
    this.#insert = db.prepare(
      `INSERT INTO transcripts (title, text, created_at, duration, language, engine, id, source,
                                manual_tags)
       VALUES (?, ?, ?, ?, ?, ?, ?, '${FILE_SOURCE_LABEL}', '[]')`,
    );
    // The update trigger keeps FTS in sync: it needs the old values, which only it has.
    this.#update = db.prepare(
      `UPDATE transcripts SET title = ?, text = ?, created_at = ?, duration = ?, language = ?,
              engine = ?
        WHERE pk = ?`,
    );
    this.#remove = db.prepare("DELETE FROM transcripts WHERE id = ?");
    this.#fts = new FtsRowIndexer(db);
  }

  /** Inserts the row, or updates the row of the same id. */
  put(row: FileTranscriptRow): void {
    const values = [
      row.title,
      row.text,
      row.createdAt,
      row.duration,
      row.language,
      row.engine,
    ] as const;
    const pk = this.#find.get(row.id)?.["pk"];
    if (typeof pk === "number" || typeof pk === "bigint") {
      this.#update.run(...values, pk);
      return;
    }
    const { lastInsertRowid } = this.#insert.run(...values, row.id);
    this.#fts.add(lastInsertRowid, row.title, row.text);
  }

  /** Removes the row of `id`, if there is one. */
  remove(id: string): void {
    this.#remove.run(id);
  }
}
