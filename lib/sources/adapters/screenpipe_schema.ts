/**
 * What of a screenpipe database is read, and how the statements are shaped by the columns
 * it has: a column we use that an app version lacks turns its feature off and names it in
 * the source's notes, instead of failing a call.
 *
 * @module
 */
import { fts5Tables, type ReadableTables } from "../../store/authorizer.ts";
import { missingColumns, type TableColumns } from "../source_kind.ts";

/** The audio rows' table. */
export const ROWS = "audio_transcriptions";
/** The app's own full-text index over {@link ROWS}. */
export const FTS = "audio_transcriptions_fts";
/** Where the app's background indexer keeps its high-water mark. */
export const PROGRESS = "fts_index_progress";

/** Without these, a database is not screenpipe's (or nothing of it can be read). */
export const REQUIRED_ROW_COLUMNS = ["id", "audio_chunk_id", "timestamp", "transcription"];

/**
 * Every table and column a screenpipe source may read. Screen text (OCR, accessibility,
 * UI events, clipboard, frames) and the speakers' voice prints are not in it, so the
 * connection's authorizer refuses them.
 */
export const SCREENPIPE_READABLE: ReadableTables = {
  [ROWS]: [
    ...REQUIRED_ROW_COLUMNS,
    "device",
    "speaker_id",
    "start_time",
    "end_time",
    "transcription_engine",
  ],
  speakers: ["id", "name", "hallucination"],
  [PROGRESS]: ["table_name", "last_indexed_rowid"],
  ...fts5Tables(FTS),
};

/**
 * A row whose timestamp begins as a time does (`YYYY-MM-DDTHH:MM:SS`): any other (empty,
 * garbage, a number, a year past 9999) is no time a sitting could start or end at, so such a
 * row is not shown, as a row without text is not.
 */
// Called as a function: as an operator, GLOB made SQLite read every row for the newest one
// (1 s at a million rows) instead of walking the timestamp index.
const TIMED =
  "glob('[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][Tt ][0-9][0-9]:[0-9][0-9]:[0-9][0-9]*', a.timestamp)";

/**
 * Whether a timestamp read as text begins as a time does: what TIMED says in SQL, for reads
 * that filter their rows here (no pattern run on each row by SQLite).
 *
 * @example
 * ```ts
 * import { isTimed } from "./screenpipe_schema.ts";
 * isTimed("2026-05-04T08:00:00.000Z"); // true
 * isTimed("yesterday"); // false
 * ```
 */
export function isTimed(timestamp: string): boolean {
  return /^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}/.test(timestamp);
}

/** The speakers whose rows are not shown, as the app's own search hides them. */
const HIDDEN_SPEAKERS = "SELECT id FROM speakers WHERE (hallucination = 0) IS NOT 1";

/** The statement parts and features a database's columns allow. */
export interface ScreenpipeSchema {
  /** The join that brings in each row's speaker, or "". */
  join: string;
  /** The condition a row must meet to be shown: text, and no speaker flagged hallucination. */
  visible: string;
  /** The select list of a row as segments are made from. */
  rowColumns: string;
  /**
   * The ids of speakers whose rows are not shown (flagged as hallucinations), or "" when the
   * speakers table cannot flag them: with `a.transcription <> ''` and {@link isTimed}, what
   * {@link ScreenpipeSchema.visible} says, for reads that filter rows here without the join.
   */
  hiddenSpeakers: string;
  /** The select list of a row as segments are ordered by: id, chunk, ts, speaker_id, start_time. */
  orderColumns: string;
  /** The speaker's name by id (`?`), or "" when the speakers table has no names. */
  speakerName: string;
  /** A row's end_time, or NULL. */
  endColumn: string;
  /** Whether the app's FTS table can be searched (joined on audio_chunk_id). */
  fts: boolean;
  /** Whether the indexer's progress is known; without the table the index is complete. */
  progress: boolean;
  /** What is off, for the notes. */
  notes: string[];
}

/**
 * The statement parts for a database with these tables and columns.
 *
 * @example
 * ```ts
 * import { screenpipeSchema } from "./screenpipe_schema.ts";
 * const tables = new Map([["audio_transcriptions", new Set(["id", "audio_chunk_id", "timestamp", "transcription"])]]);
 * screenpipeSchema(tables).fts; // false
 * ```
 */
export function screenpipeSchema(tables: TableColumns): ScreenpipeSchema {
  const notes: string[] = [];
  const has = (table: string, columns: string[]) => missingColumns(tables, table, columns);
  const rowMissing = has(ROWS, [
    "device",
    "speaker_id",
    "start_time",
    "end_time",
    "transcription_engine",
  ]);
  const rowHas = (column: string) => !rowMissing.includes(column);
  if (rowMissing.length > 0) {
    notes.push(`${ROWS} lacks ${rowMissing.join(", ")}; ${describeOff(rowMissing)} left out`);
  }
  const speakerTable = has("speakers", ["id", "name", "hallucination"]);
  const speakers = rowHas("speaker_id") && !speakerTable.includes("id");
  const names = speakers && !speakerTable.includes("name");
  const hallucination = speakers && !speakerTable.includes("hallucination");
  if (rowHas("speaker_id") && speakerTable.length > 0) {
    const off = [
      ...(names ? [] : ["speakers shown by number"]),
      ...(hallucination ? [] : ["speakers flagged as hallucinations not hidden"]),
    ];
    const lacks = speakerTable.length === 3
      ? "no speakers table"
      : `speakers lacks ${speakerTable.join(", ")}`;
    notes.push(`${lacks}; ${off.join(", ")}`);
  }
  const fts = has(FTS, ["transcription", "audio_chunk_id"]).length === 0;
  if (!fts) notes.push(`no usable ${FTS}; search scans the newest rows only`);
  const progress = has(PROGRESS, ["table_name", "last_indexed_rowid"]).length === 0;
  const column = (name: string, expression: string) =>
    rowHas(name) ? `${expression} AS ${name}` : `NULL AS ${name}`;
  return {
    join: speakers ? "LEFT JOIN speakers AS s ON s.id = a.speaker_id" : "",
    // As the app's own search hides them (db.rs search_audio).
    visible: `a.transcription <> '' AND ${TIMED}${
      hallucination ? " AND (s.id IS NULL OR s.hallucination = 0)" : ""
    }`,
    hiddenSpeakers: hallucination ? HIDDEN_SPEAKERS : "",
    orderColumns: [
      "a.id AS id",
      "a.audio_chunk_id AS chunk",
      "a.timestamp AS ts",
      column("speaker_id", "a.speaker_id"),
      column("start_time", "a.start_time"),
    ].join(", "),
    speakerName: names ? "SELECT name FROM speakers WHERE id = ?" : "",
    endColumn: rowHas("end_time") ? "a.end_time" : "NULL",
    rowColumns: [
      "a.id AS id",
      "a.audio_chunk_id AS chunk",
      "a.timestamp AS ts",
      "a.transcription AS text",
      column("device", "a.device"),
      column("speaker_id", "a.speaker_id"),
      names ? "s.name AS speaker_name" : "NULL AS speaker_name",
      column("start_time", "a.start_time"),
      column("end_time", "a.end_time"),
      column("transcription_engine", "a.transcription_engine"),
    ].join(", "),
    fts,
    progress,
    notes,
  };
}

function describeOff(columns: string[]): string {
  const off = columns.map((column) =>
    column === "device"
      ? "devices"
      : column === "speaker_id"
      ? "speakers"
      : column === "transcription_engine"
      ? "the engine"
      : "segment times"
  );
  return [...new Set(off)].join(", ");
}

/**
 * Whether a database with these tables is screenpipe's: its audio rows and chunks, by
 * their columns (never the file's name).
 *
 * @example
 * ```ts
 * import { isScreenpipe } from "./screenpipe_schema.ts";
 * isScreenpipe(new Map([["notes", new Set(["id"])]])); // false
 * ```
 */
export function isScreenpipe(tables: TableColumns): boolean {
  return missingColumns(tables, ROWS, REQUIRED_ROW_COLUMNS).length === 0 &&
    missingColumns(tables, "audio_chunks", ["id", "file_path"]).length === 0;
}
