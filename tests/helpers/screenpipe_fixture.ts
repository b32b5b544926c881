/**
 * Builds screenpipe databases for tests and the benchmark. The layout is the one
 * screenpipe's migrations (crates/screenpipe-db/src/migrations/, commit 56d3ccb) leave
 * behind, written here from reading them: the audio tables, the audio FTS table with the
 * update and delete triggers the app keeps, `fts_index_progress` and its background indexer
 * (replayed by {@link ScreenpipeFixture.index}), `speakers` and `speaker_embeddings` (whose
 * CHECK calls sqlite-vec's vec_length, stubbed on this writing connection only), and decoy
 * tables holding screen text, each with a planted secret no reader may ever show.
 *
 * @module
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";

/** Secrets planted in the tables screenpipe keeps screen text in. */
export const SCREENPIPE_SECRETS = {
  ocr: "ocrsecretzebra",
  accessibility: "axsecretquokka",
  uiEvents: "keystrokesecretnarwhal",
  clipboard: "clipboardsecretpangolin",
  frames: "windowsecretaxolotl",
  speakerMetadata: "speakermetasecretokapi",
} as const;

// The audio side, as the migrations leave it (20241210205142 rebuilt audio_transcriptions,
// later ones added columns, 20241213220649 made the FTS table, 20260126200000 the unique
// index, 20260209000001 the progress table and dropped the AFTER INSERT trigger).
const AUDIO_DDL = `
CREATE TABLE audio_chunks (id INTEGER PRIMARY KEY AUTOINCREMENT, file_path TEXT NOT NULL,
  timestamp TIMESTAMP, sync_id TEXT, machine_id TEXT, synced_at DATETIME);
CREATE INDEX idx_audio_chunks_timestamp ON audio_chunks(timestamp);
CREATE TABLE audio_transcriptions (id INTEGER PRIMARY KEY AUTOINCREMENT,
  audio_chunk_id INTEGER NOT NULL, offset_index INTEGER NOT NULL, timestamp TIMESTAMP NOT NULL,
  transcription TEXT NOT NULL, device TEXT NOT NULL DEFAULT '',
  is_input_device BOOLEAN NOT NULL DEFAULT TRUE, speaker_id INTEGER,
  transcription_engine TEXT NOT NULL DEFAULT 'Whisper', start_time REAL, end_time REAL,
  text_length INTEGER, sync_id TEXT, synced_at DATETIME,
  FOREIGN KEY (audio_chunk_id) REFERENCES audio_chunks(id));
CREATE INDEX idx_audio_transcriptions_audio_chunk_id_timestamp
  ON audio_transcriptions(audio_chunk_id, timestamp);
CREATE INDEX idx_audio_transcriptions_audio_chunk_id ON audio_transcriptions(audio_chunk_id);
CREATE INDEX idx_audio_transcriptions_timestamp ON audio_transcriptions(timestamp);
CREATE INDEX idx_audio_transcriptions_transcription ON audio_transcriptions(transcription);
CREATE INDEX idx_audio_transcriptions_text_length ON audio_transcriptions(text_length);
CREATE UNIQUE INDEX idx_audio_transcription_chunk_text
  ON audio_transcriptions(audio_chunk_id, transcription);
CREATE VIRTUAL TABLE audio_transcriptions_fts USING fts5(transcription, device,
  audio_chunk_id UNINDEXED, speaker_id, start_time UNINDEXED, end_time UNINDEXED,
  tokenize='unicode61');
CREATE TRIGGER audio_transcriptions_update AFTER UPDATE ON audio_transcriptions
WHEN NEW.transcription IS NOT NULL AND NEW.transcription != '' AND OLD.audio_chunk_id IS NOT NULL
BEGIN
  UPDATE audio_transcriptions_fts SET transcription = NEW.transcription,
    device = COALESCE(NEW.device, ''), start_time = NEW.start_time, end_time = NEW.end_time
   WHERE audio_chunk_id = OLD.audio_chunk_id;
END;
CREATE TRIGGER audio_transcriptions_delete AFTER DELETE ON audio_transcriptions
BEGIN
  DELETE FROM audio_transcriptions_fts WHERE audio_chunk_id = OLD.audio_chunk_id;
END;
CREATE TABLE speakers (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, metadata JSON,
  hallucination BOOLEAN DEFAULT FALSE, centroid FLOAT[512], embedding_count INTEGER DEFAULT 0);
CREATE TABLE speaker_embeddings (id INTEGER PRIMARY KEY AUTOINCREMENT,
  embedding FLOAT[512] NOT NULL
    CHECK (typeof(embedding) == 'blob' AND vec_length(embedding) == 512),
  speaker_id INTEGER REFERENCES speakers(id));
CREATE TABLE fts_index_progress (table_name TEXT PRIMARY KEY,
  last_indexed_rowid INTEGER NOT NULL DEFAULT 0, updated_at DATETIME DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE tags (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE,
  created_at DATETIME DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE audio_tags (audio_chunk_id INTEGER NOT NULL, tag_id INTEGER NOT NULL,
  PRIMARY KEY (audio_chunk_id, tag_id));
`;

// Screen text, in the shape of the app's tables (trimmed to the columns that hold text).
const DECOY_DDL = `
CREATE TABLE video_chunks (id INTEGER PRIMARY KEY AUTOINCREMENT, file_path TEXT NOT NULL,
  device_name TEXT NOT NULL DEFAULT '');
CREATE TABLE frames (id INTEGER PRIMARY KEY AUTOINCREMENT, video_chunk_id INTEGER,
  offset_index INTEGER NOT NULL, timestamp TIMESTAMP NOT NULL, name TEXT, browser_url TEXT,
  app_name TEXT, window_name TEXT, focused BOOLEAN, device_name TEXT NOT NULL DEFAULT '');
CREATE TABLE ocr_text (frame_id INTEGER NOT NULL, text TEXT NOT NULL, text_json TEXT,
  ocr_engine TEXT NOT NULL DEFAULT 'unknown', text_length INTEGER);
CREATE VIRTUAL TABLE ocr_text_fts USING fts5(text, app_name, window_name,
  frame_id UNINDEXED, tokenize='unicode61');
CREATE TABLE ui_events (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp TIMESTAMP NOT NULL,
  event_type TEXT NOT NULL, text_content TEXT, app_name TEXT, window_title TEXT);
CREATE VIRTUAL TABLE ui_events_fts USING fts5(text_content, app_name, window_title,
  tokenize='unicode61');
CREATE TABLE accessibility (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp TIMESTAMP NOT NULL,
  app_name TEXT NOT NULL, window_name TEXT NOT NULL, text_content TEXT NOT NULL,
  browser_url TEXT);
`;

/** What {@link createScreenpipeDb} leaves out, to imitate a schema that drifted. */
export interface ScreenpipeDrift {
  /** Columns of audio_transcriptions to leave out (for example `speaker_id`). */
  dropColumns?: readonly string[];
  /** Leave out the FTS table and its triggers. */
  noFts?: boolean;
  /** Leave out fts_index_progress (an app from before deferred indexing). */
  noProgress?: boolean;
  /** Leave out the speakers table. */
  noSpeakers?: boolean;
}

/** One VAD segment of a chunk. */
export interface FixtureSegment {
  /** What was said. */
  text: string;
  /** The speakers row, or null. */
  speakerId?: number | null;
  /** Seconds from the chunk's start. */
  start?: number | null;
  /** Seconds from the chunk's start. */
  end?: number | null;
}

/** One 30-second chunk of one device. */
export interface FixtureChunk {
  /** The device name, as the app stores it (no "(input)" suffix). */
  device: string;
  /** Microphone (true) or system audio (false). */
  input?: boolean;
  /** Its capture time, in epoch milliseconds. */
  atMs: number;
  /** The stored timestamp text, when a test needs a particular form. */
  timestampText?: string;
  /** Its speech segments. */
  segments: readonly FixtureSegment[];
}

/**
 * The timestamp text screenpipe stores for `ms`: sqlx's `DateTime<Utc>` form, `+00:00`
 * and a fraction only when it is not zero.
 *
 * @example
 * ```ts
 * import { screenpipeTimestamp } from "./screenpipe_fixture.ts";
 * screenpipeTimestamp(Date.UTC(2026, 1, 15, 16, 41, 24)); // "2026-02-15T16:41:24+00:00"
 * ```
 */
export function screenpipeTimestamp(ms: number): string {
  const iso = new Date(ms).toISOString();
  const fraction = ms % 1000 === 0 ? "" : iso.slice(19, 23);
  return `${iso.slice(0, 19)}${fraction}+00:00`;
}

/** A screenpipe database being written, as the app writes it. */
export class ScreenpipeFixture {
  /** The open writing connection. */
  readonly db: DatabaseSync;
  readonly #chunk: StatementSync;
  readonly #row: StatementSync;
  readonly #columns: string[];

  /** Wraps a connection whose schema {@link createScreenpipeDb} made. */
  constructor(db: DatabaseSync) {
    this.db = db;
    this.#columns = db.prepare("SELECT name FROM pragma_table_info('audio_transcriptions')")
      .all().map((row) => String(row["name"]));
    this.#chunk = db.prepare("INSERT INTO audio_chunks (file_path, timestamp) VALUES (?, ?)");
    const wanted = [
      "audio_chunk_id",
      "transcription",
      "offset_index",
      "timestamp",
      "transcription_engine",
      "device",
      "is_input_device",
      "speaker_id",
      "start_time",
      "end_time",
      "text_length",
    ].filter((column) => this.#columns.includes(column));
    this.#row = db.prepare(
      `INSERT OR IGNORE INTO audio_transcriptions (${wanted.join(", ")})
       VALUES (${wanted.map((column) => `:${column}`).join(", ")})`,
    );
  }

  /** Adds a speaker; returns its id. */
  addSpeaker(name: string | null, hallucination = false): number {
    const result = this.db.prepare(
      "INSERT INTO speakers (name, metadata, hallucination, embedding_count) VALUES (?, ?, ?, 1)",
    ).run(
      name,
      JSON.stringify({ note: SCREENPIPE_SECRETS.speakerMetadata }),
      hallucination ? 1 : 0,
    );
    return Number(result.lastInsertRowid);
  }

  /** Adds a chunk and its segments; returns the ids of the transcription rows. */
  addChunk(chunk: FixtureChunk): number[] {
    const stamp = chunk.timestampText ?? screenpipeTimestamp(chunk.atMs);
    const name = `${chunk.device} (${chunk.input === false ? "output" : "input"})`;
    const chunkId = Number(this.#chunk.run(`/data/${name}_${stamp}.mp4`, stamp).lastInsertRowid);
    const ids: number[] = [];
    for (const segment of chunk.segments) {
      const values: Record<string, string | number | null> = {
        audio_chunk_id: chunkId,
        transcription: segment.text,
        offset_index: 0,
        timestamp: stamp,
        transcription_engine: "WhisperLargeV3Turbo",
        device: chunk.device,
        is_input_device: chunk.input === false ? 0 : 1,
        speaker_id: segment.speakerId ?? null,
        start_time: segment.start ?? null,
        end_time: segment.end ?? null,
        text_length: segment.text.length,
      };
      const bound = Object.fromEntries(
        Object.entries(values).filter(([column]) => this.#columns.includes(column)),
      );
      const result = this.#row.run(bound);
      if (Number(result.changes) > 0) ids.push(Number(result.lastInsertRowid));
    }
    return ids;
  }

  /**
   * Runs one pass of the app's background FTS indexer (fts_indexer.rs): rows past the
   * recorded high-water mark, up to `upTo` (all when left out), are added to the index with
   * INSERT OR IGNORE (which never skips anything in FTS5) and the mark moves on.
   */
  index(upTo?: number): void {
    const last = Number(
      this.db.prepare(
        "SELECT last_indexed_rowid AS n FROM fts_index_progress WHERE table_name = 'audio_transcriptions'",
      ).get()?.["n"] ?? 0,
    );
    const top = upTo ?? Number(
      this.db.prepare("SELECT coalesce(max(id), 0) AS n FROM audio_transcriptions").get()!["n"],
    );
    const speaker = this.#columns.includes("speaker_id") ? "speaker_id" : "NULL";
    this.db.prepare(
      `INSERT OR IGNORE INTO audio_transcriptions_fts (audio_chunk_id, transcription, device,
         speaker_id)
       SELECT audio_chunk_id, transcription, device, ${speaker} FROM audio_transcriptions
        WHERE id > ? AND id <= ? AND transcription != '' AND audio_chunk_id IS NOT NULL
        ORDER BY id`,
    ).run(last, top);
    this.db.prepare(
      `INSERT OR REPLACE INTO fts_index_progress (table_name, last_indexed_rowid, updated_at)
       VALUES ('audio_transcriptions', ?, CURRENT_TIMESTAMP)`,
    ).run(Math.max(last, top));
  }

  /**
   * What migration 20260210200000 did: the high-water mark back to 0, so the next pass of
   * the indexer adds every row a second time.
   */
  resetIndexProgress(): void {
    this.db.exec(
      "UPDATE fts_index_progress SET last_indexed_rowid = 0 WHERE table_name = 'audio_transcriptions'",
    );
  }

  /** Plants one secret in each table of screen text. */
  plantSecrets(atMs: number): void {
    const stamp = screenpipeTimestamp(atMs);
    const s = SCREENPIPE_SECRETS;
    this.db.prepare("INSERT INTO video_chunks (file_path, device_name) VALUES (?, 'monitor_1')")
      .run(`/data/monitor_1_${stamp}.mp4`);
    this.db.prepare(
      `INSERT INTO frames (video_chunk_id, offset_index, timestamp, app_name, window_name,
         device_name) VALUES (1, 0, ?, 'Browser', ?, 'monitor_1')`,
    ).run(stamp, `Bank ${s.frames}`);
    this.db.prepare("INSERT INTO ocr_text (frame_id, text, text_length) VALUES (1, ?, 30)")
      .run(`password ${s.ocr} audio`);
    this.db.prepare(
      "INSERT INTO ocr_text_fts (text, app_name, window_name, frame_id) VALUES (?, 'Browser', 'Bank', 1)",
    ).run(`password ${s.ocr} audio`);
    const uiEvent = this.db.prepare(
      `INSERT INTO ui_events (timestamp, event_type, text_content, app_name, window_title)
       VALUES (?, ?, ?, 'Notes', 'Secrets')`,
    );
    uiEvent.run(stamp, "text", `typed ${s.uiEvents}`);
    uiEvent.run(stamp, "clipboard", `copied ${s.clipboard}`);
    this.db.prepare(
      "INSERT INTO ui_events_fts (text_content, app_name, window_title) VALUES (?, 'Notes', 'Secrets')",
    ).run(`typed ${s.uiEvents} copied ${s.clipboard}`);
    this.db.prepare(
      `INSERT INTO accessibility (timestamp, app_name, window_name, text_content)
       VALUES (?, 'Mail', 'Inbox', ?)`,
    ).run(stamp, `inbox ${s.accessibility}`);
    this.db.prepare("INSERT INTO speaker_embeddings (embedding, speaker_id) VALUES (?, NULL)")
      .run(new Uint8Array(2048));
  }

  /** Closes the connection, leaving the WAL for readers as the app does. */
  close(): void {
    this.db.close();
  }
}

/**
 * Creates a screenpipe database at `path` (WAL, as the app keeps it) and returns a writer
 * over it. The app's other rows are added with {@link ScreenpipeFixture}'s methods.
 *
 * @example
 * ```ts
 * import { createScreenpipeDb } from "./screenpipe_fixture.ts";
 * const app = createScreenpipeDb(await Deno.makeTempFile({ suffix: ".sqlite" }));
 * app.addChunk({ device: "MacBook Pro Microphone", atMs: Date.now(), segments: [{ text: "hi" }] });
 * app.index();
 * app.close();
 * ```
 */
export function createScreenpipeDb(path: string, drift: ScreenpipeDrift = {}): ScreenpipeFixture {
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
  // sqlite-vec is not loadable here; the CHECK only runs on writes, which tests never make.
  db.function("vec_length", (_embedding: unknown) => 512);
  db.exec(AUDIO_DDL);
  db.exec(DECOY_DDL);
  for (const column of drift.dropColumns ?? []) {
    // Indexes on a column must go before it can be dropped.
    for (
      const index of ["idx_audio_transcription_chunk_text", "idx_audio_transcriptions_timestamp"]
    ) {
      const sql = db.prepare("SELECT sql FROM sqlite_schema WHERE name = ?").get(index)?.["sql"];
      if (String(sql ?? "").includes(`(${column}`) || String(sql ?? "").includes(`, ${column})`)) {
        db.exec(`DROP INDEX ${index}`);
      }
    }
    // The app's update trigger names these columns; it must go before any of them can.
    if (["transcription", "device", "start_time", "end_time"].includes(column)) {
      db.exec("DROP TRIGGER IF EXISTS audio_transcriptions_update");
    }
    if (column === "transcription") db.exec("DROP INDEX idx_audio_transcriptions_transcription");
    if (column === "text_length") db.exec("DROP INDEX idx_audio_transcriptions_text_length");
    db.exec(`ALTER TABLE audio_transcriptions DROP COLUMN ${column}`);
  }
  if (drift.noFts) {
    db.exec(`DROP TRIGGER IF EXISTS audio_transcriptions_update;
      DROP TRIGGER audio_transcriptions_delete; DROP TABLE audio_transcriptions_fts`);
  }
  if (drift.noProgress) db.exec("DROP TABLE fts_index_progress");
  else {
    db.exec(`INSERT INTO fts_index_progress (table_name, last_indexed_rowid)
      VALUES ('frames', 0), ('ocr_text', 0), ('audio_transcriptions', 0), ('ui_events', 0)`);
  }
  if (drift.noSpeakers) db.exec("DROP TABLE speaker_embeddings; DROP TABLE speakers");
  return new ScreenpipeFixture(db);
}
