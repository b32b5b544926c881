/**
 * Buzz databases for tests and the benchmark: the layout of `buzz/schema.sql` (read at
 * chidiwilliams/buzz 07373684, and its first version at ebe95396), written here from that
 * reading, filled the way the app fills it: `time_queued` as Python's local, zone-less
 * `datetime.now().isoformat()` (or, for rows copied from its old JSON task cache, the space
 * form Python's sqlite3 gives a datetime), segment times in integer ms, statuses as its
 * `FileTranscriptionTask.Status` values, in a rollback journal (Qt's SQLite driver leaves it
 * so). `Buzz.sqlite` sits in a temporary folder beside a decoy `.secrets.json`.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";

/** Which Buzz schema: the current one, one before `name` (2024–2025), or the first one. */
export type BuzzSchema = "current" | "before-name" | "first";

/** The `transcription` table of each schema, column for column. */
function transcriptionTable(schema: BuzzSchema): string {
  const later = schema === "first" ? "" : `,
  hugging_face_model_id TEXT,
  word_level_timings BOOLEAN DEFAULT FALSE,
  extract_speech BOOLEAN DEFAULT FALSE`;
  const named = schema === "current"
    ? `,
  name TEXT,
  notes TEXT`
    : "";
  return `CREATE TABLE transcription (
  id TEXT PRIMARY KEY,
  error_message TEXT,
  export_formats TEXT,
  file TEXT,
  output_folder TEXT,
  progress DOUBLE PRECISION DEFAULT 0.0,
  language TEXT,
  model_type TEXT,
  source TEXT,
  status TEXT,
  task TEXT,
  time_ended TIMESTAMP,
  time_queued TIMESTAMP NOT NULL,
  time_started TIMESTAMP,
  url TEXT,
  whisper_model_size TEXT${later}${named}
);`;
}

/**
 * The whole schema Buzz leaves: both tables and the one index it makes.
 *
 * @example
 * ```ts
 * buzzSchemaSql("first").includes("translation"); // false
 * ```
 */
export function buzzSchemaSql(schema: BuzzSchema): string {
  const translation = schema === "first" ? "" : "\n  translation TEXT DEFAULT '',";
  return `${transcriptionTable(schema)}
CREATE TABLE transcription_segment (
  id INTEGER PRIMARY KEY,
  end_time INT DEFAULT 0,
  start_time INT DEFAULT 0,
  text TEXT NOT NULL,${translation}
  transcription_id TEXT,
  FOREIGN KEY (transcription_id) REFERENCES transcription(id) ON DELETE CASCADE
);
CREATE INDEX idx_transcription_id ON transcription_segment(transcription_id);`;
}

/** One `transcription_segment` row. */
export interface BuzzSegment {
  /** Start, ms. */
  start: number;
  /** End, ms. */
  end: number;
  text: string;
  /** The LLM translation Buzz adds on request; "" (its default) when none. */
  translation?: string;
}

/** One `transcription` row and its segments. */
export interface BuzzTranscription {
  /** A UUID in the app; any text here. */
  id: string;
  /** queued, in_progress, completed, failed, canceled or skipped. */
  status: string;
  /** As stored: `YYYY-MM-DDTHH:MM:SS[.ffffff]` or the space form, local, no zone. */
  timeQueued: string;
  /** The media file's path. */
  file: string | null;
  /** The name the user gave it (current schema only), or null. */
  name?: string | null;
  language?: string | null;
  modelType?: string;
  whisperModelSize?: string | null;
  /** What Buzz saves when a transcription fails: may hold paths. */
  errorMessage?: string | null;
  /** The user's notes (current schema only). */
  notes?: string | null;
  segments: BuzzSegment[];
}

/** A key-shaped string planted in `.secrets.json`, error messages and notes: never shown. */
export const BUZZ_DECOY_SECRET = "sk-buzzdecoy7c41e9";

/**
 * Writes `transcriptions` in one transaction each, in the order Buzz does: the row, then
 * its segments (Buzz commits each segment on its own; callers that need that pass
 * `perSegment`).
 */
export function insertTranscriptions(
  db: DatabaseSync,
  schema: BuzzSchema,
  transcriptions: readonly BuzzTranscription[],
): void {
  const named = schema === "current";
  const insert = db.prepare(
    `INSERT INTO transcription (id, error_message, file, language, model_type, source, status,
      task, time_queued, url, whisper_model_size${named ? ", name, notes" : ""})
     VALUES (?, ?, ?, ?, ?, 'file_import', ?, 'transcribe', ?, NULL, ?${named ? ", ?, ?" : ""})`,
  );
  const segment = db.prepare(
    schema === "first"
      ? "INSERT INTO transcription_segment (end_time, start_time, text, transcription_id) VALUES (?, ?, ?, ?)"
      : "INSERT INTO transcription_segment (end_time, start_time, text, translation, transcription_id) VALUES (?, ?, ?, ?, ?)",
  );
  for (const t of transcriptions) {
    db.exec("BEGIN");
    insert.run(
      t.id,
      t.errorMessage ?? null,
      t.file,
      t.language ?? null,
      t.modelType ?? "Whisper",
      t.status,
      t.timeQueued,
      t.whisperModelSize ?? "tiny",
      ...(named ? [t.name ?? null, t.notes ?? null] : []),
    );
    for (const s of t.segments) {
      if (schema === "first") segment.run(s.end, s.start, s.text, t.id);
      else segment.run(s.end, s.start, s.text, s.translation ?? "", t.id);
    }
    db.exec("COMMIT");
  }
}

/**
 * A completed transcription `n` queued at `timeQueued`, one segment per text, 4 s apart,
 * Whisper's leading space kept.
 */
export function transcriptionWith(
  n: number,
  timeQueued: string,
  texts: readonly string[],
  extra: Partial<BuzzTranscription> = {},
): BuzzTranscription {
  return {
    id: `tr-${String(n).padStart(4, "0")}`,
    status: "completed",
    timeQueued,
    file: `/home/ada/Recordings/recording-${n}.mp3`,
    segments: texts.map((text, i) => ({
      start: i * 4_000,
      end: i * 4_000 + 3_500,
      text: ` ${text}`,
    })),
    ...extra,
  };
}

/**
 * The default transcriptions: completed ones in every time form and title form, one with
 * translations, and one of each status Buzz does not complete, whose segments, error
 * message and notes hold words (`zeppelin`, the decoy secret) nothing completed says.
 */
export function fixtureTranscriptions(): BuzzTranscription[] {
  const hidden = (status: string, n: number, time: string) =>
    transcriptionWith(n, time, [`The zeppelin plan ${status} here.`, "Budget talk."], {
      status,
      errorMessage: `Error at /home/ada/secret/${BUZZ_DECOY_SECRET}.wav zeppelin`,
      notes: `zeppelin ${BUZZ_DECOY_SECRET}`,
    });
  return [
    transcriptionWith(1, "2025-11-19T08:07:05.123456", [
      "Welcome to the budget review.",
      "L'ÉTÉ dernier, Ørstedvik a signé.",
    ], { name: "Budget review", language: "en", whisperModelSize: "small" }),
    transcriptionWith(2, "2025-11-18T17:00:00", ["Short voice memo about the garden."], {
      file: "C:\\Users\\Ada\\Music\\Garden memo.m4a",
    }),
    transcriptionWith(3, "2025-11-18 09:15:30.988000", [
      "Hola a todos.",
      "Gracias por venir.",
    ], {
      language: "es",
      segments: [
        { start: 0, end: 2_000, text: " Hola a todos.", translation: "Hello everyone." },
        {
          start: 2_000,
          end: 5_250,
          text: " Gracias por venir.",
          translation: "Thanks for coming.",
        },
      ],
    }),
    transcriptionWith(4, "2025-11-17T23:59:59.500000", ["Quarterly numbers, budget again."]),
    hidden("failed", 5, "2025-11-20T09:00:00.000001"),
    hidden("canceled", 6, "2025-11-20T10:00:00"),
    hidden("queued", 7, "2025-11-20T11:00:00"),
    hidden("in_progress", 8, "2025-11-20T12:00:00"),
    hidden("skipped", 9, "2025-11-20T13:00:00"),
  ];
}

/** Options for {@link buildBuzzFixture}. */
export interface BuzzFixtureOptions {
  /** @default {"current"} */
  schema?: BuzzSchema;
  /** @default {fixtureTranscriptions()} */
  transcriptions?: readonly BuzzTranscription[];
}

/** A Buzz database on disk. */
export interface BuzzFixture {
  /** The `Buzz.sqlite` file. */
  path: string;
  /** The folder it sits in (with `.secrets.json`). */
  dir: string;
  /** Removes the folder. */
  cleanup(): void;
}

/** Builds `Buzz.sqlite` in a fresh temporary folder. */
export function buildBuzzFixture(options: BuzzFixtureOptions = {}): BuzzFixture {
  const schema = options.schema ?? "current";
  const dir = Deno.makeTempDirSync({ prefix: "buzz-fixture-" });
  const path = join(dir, "Buzz.sqlite");
  Deno.writeTextFileSync(
    join(dir, ".secrets.json"),
    JSON.stringify({ "OpenAI API key": BUZZ_DECOY_SECRET }),
  );
  const db = new DatabaseSync(path);
  try {
    db.exec(buzzSchemaSql(schema));
    insertTranscriptions(db, schema, options.transcriptions ?? fixtureTranscriptions());
  } finally {
    db.close();
  }
  return { path, dir, cleanup: () => Deno.removeSync(dir, { recursive: true }) };
}
