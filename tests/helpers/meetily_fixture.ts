/**
 * Meetily databases for tests and the benchmark: the layout Meetily's four migrations
 * (frontend/src-tauri/migrations/ at 085d8480) leave behind, written here from their
 * reading, filled the way the app and its legacy Python backend fill it, in a rollback
 * journal like a database copied from the legacy backend. Decoy API keys are planted in
 * `settings` and `transcript_settings`, which no reader may ever read.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";

/** The tables after all four migrations, column for column (no indexes: the app makes none). */
export const MEETILY_SCHEMA_SQL = `
CREATE TABLE meetings (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  folder_path TEXT
);
CREATE TABLE transcripts (
  id TEXT PRIMARY KEY,
  meeting_id TEXT NOT NULL,
  transcript TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  summary TEXT,
  action_items TEXT,
  key_points TEXT,
  audio_start_time REAL,
  audio_end_time REAL,
  duration REAL,
  FOREIGN KEY (meeting_id) REFERENCES meetings(id) ON DELETE CASCADE
);
CREATE TABLE summary_processes (
  meeting_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  error TEXT,
  result TEXT,
  start_time TEXT,
  end_time TEXT,
  chunk_count INTEGER DEFAULT 0,
  processing_time REAL DEFAULT 0.0,
  metadata TEXT,
  FOREIGN KEY (meeting_id) REFERENCES meetings(id) ON DELETE CASCADE
);
CREATE TABLE transcript_chunks (
  meeting_id TEXT PRIMARY KEY,
  meeting_name TEXT,
  transcript_text TEXT NOT NULL,
  model TEXT NOT NULL,
  model_name TEXT NOT NULL,
  chunk_size INTEGER,
  overlap INTEGER,
  created_at TEXT NOT NULL,
  FOREIGN KEY (meeting_id) REFERENCES meetings(id) ON DELETE CASCADE
);
CREATE TABLE settings (
  id TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  whisperModel TEXT NOT NULL,
  groqApiKey TEXT,
  openaiApiKey TEXT,
  anthropicApiKey TEXT,
  ollamaApiKey TEXT,
  openRouterApiKey TEXT,
  ollamaEndpoint TEXT
);
CREATE TABLE transcript_settings (
  id TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  whisperApiKey TEXT,
  deepgramApiKey TEXT,
  elevenLabsApiKey TEXT,
  groqApiKey TEXT,
  openaiApiKey TEXT
);
CREATE TABLE _sqlx_migrations (
  version BIGINT PRIMARY KEY,
  description TEXT NOT NULL,
  installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  success BOOLEAN NOT NULL,
  checksum BLOB NOT NULL,
  execution_time BIGINT NOT NULL
);
`;

/**
 * Decoy API keys, one per key column: each is a word no transcript holds, so a search for
 * it must find nothing and no answer may ever contain it.
 */
export const MEETILY_DECOY_SECRETS: readonly string[] = [
  "sk-decoyopenai4f1c9a",
  "sk-ant-decoyanthropic77e2",
  "gsk_decoygroq0b3d",
  "decoyollamakey9a1f",
  "sk-or-decoyrouter51c",
  "decoywhisperkeyc4e0",
  "decoydeepgramkey2d8a",
  "decoyelevenlabs6f3b",
];

/** One `transcripts` row: a segment as the app saved it. */
export interface MeetilySegment {
  /** `transcript-<uuid>` from the app; null in rows the legacy backend wrote. */
  id: string | null;
  text: string;
  /** The display time of day, `HH:MM:SS`. */
  timestamp: string;
  /** Seconds from the recording's start, or null (legacy rows). */
  start: number | null;
  end: number | null;
}

/** A `summary_processes` row. */
export interface MeetilySummary {
  status: string;
  /** The result column exactly as stored (see the result builders below), or null. */
  result: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A `meetings` row with its segments and summary. */
export interface MeetilyMeeting {
  id: string;
  title: string;
  /** created_at exactly as stored (RFC 3339 with +00:00, or a legacy zone-less local time). */
  createdAt: string;
  updatedAt: string;
  segments: MeetilySegment[];
  summary?: MeetilySummary;
}

/** An action item as the summary records it. */
export interface ActionItem {
  owner: string;
  task: string;
  due: string;
  /** The project_sync template's Status column, when given. */
  status?: string;
}

/** A `result` in the current format: `{"markdown"}` with an Action Items table. */
export function markdownResult(items: readonly ActionItem[], heading = "**Action Items**"): string {
  const withStatus = items.some((item) => item.status !== undefined);
  const header = withStatus
    ? "| **Owner** | **Task** | **Due Date** | **Priority** | **Status** |"
    : "| **Owner** | Task | Due | Reference Transcript Segment | Segment Time stamp |";
  const rows = items.map((item) =>
    withStatus
      ? `| ${item.owner} | ${item.task} | ${item.due} | High | ${item.status ?? ""} |`
      : `| ${item.owner} | ${item.task} | ${item.due} | "as said" | 00:01:00 |`
  );
  const table = items.length === 0
    ? "None noted in this section."
    : [header, "| --- | --- | --- | --- | --- |", ...rows].join("\n");
  const markdown = `**Summary**\n\nThe team met.\n\n${heading}\n\n${table}\n\n` +
    `**Key Decisions**\n\n- Ship on time\n`;
  return JSON.stringify({ markdown });
}

/** A `result` after an edit in the app: `{"markdown", "summary_json"}` (BlockNote blocks). */
export function blockNoteResult(items: readonly ActionItem[]): string {
  const inner = JSON.parse(markdownResult(items)) as { markdown: string };
  const blocks = [{ id: "b1", type: "paragraph", content: [{ type: "text", text: "Summary" }] }];
  return JSON.stringify({ markdown: inner.markdown, summary_json: blocks });
}

/** A `result` of the legacy Python backend: sections of blocks, JSON-encoded twice. */
export function legacyResult(items: readonly string[], title = "Legacy meeting"): string {
  const section = (name: string, contents: readonly string[]) => ({
    title: name,
    blocks: contents.map((content, i) => ({ id: String(i), type: "bullet", content, color: "" })),
  });
  const value = {
    MeetingName: title,
    People: section("People", []),
    SessionSummary: section("Session Summary", ["Went through the plan"]),
    ImmediateActionItems: section("Immediate Action Items", items),
    NextSteps: section("Next Steps", ["Meet again"]),
    MeetingNotes: { meeting_name: title, sections: [section("Immediate Action Items", items)] },
  };
  return JSON.stringify(JSON.stringify(value));
}

/** A meeting with `count` timed segments of the given texts (cycled). */
export function meetingWith(
  n: number,
  createdAt: string,
  texts: readonly string[],
  options: { title?: string; legacy?: boolean; summary?: MeetilySummary; updatedAt?: string } = {},
): MeetilyMeeting {
  const segments = texts.map((text, i) => ({
    id: options.legacy ? null : `transcript-${n}-${i}`,
    text,
    timestamp: `10:${String(i % 60).padStart(2, "0")}:00`,
    start: options.legacy ? null : i * 5.5,
    end: options.legacy ? null : i * 5.5 + 4.25,
  }));
  return {
    id: `meeting-${String(n).padStart(4, "0")}`,
    title: options.title ?? `Meeting ${n}`,
    createdAt,
    updatedAt: options.updatedAt ?? createdAt,
    segments,
    ...(options.summary === undefined ? {} : { summary: options.summary }),
  };
}

/** A completed summary made at `at`. */
export function completed(
  result: string | null,
  at = "2025-11-01T09:00:00.5+00:00",
): MeetilySummary {
  return { status: "completed", result, createdAt: at, updatedAt: at };
}

/**
 * The meetings most tests use: every time format the app and its legacy backend wrote, a
 * rename (zone-less updated_at), legacy segments without ids or times, a meeting without
 * segments, non-ASCII text, and a summary in each result shape plus malformed ones.
 */
export function fixtureMeetings(): MeetilyMeeting[] {
  return [
    meetingWith(1, "2025-11-19T07:07:05.123456+00:00", [
      "Kick-off for the pricing review.",
      "Dana will send the revised budget by Friday.",
      "We also discussed the ZEPPELIN launch.",
    ], {
      title: "Pricing kick-off",
      // A rename: Utc::now().naive_utc(), space-separated and zone-less.
      updatedAt: "2025-11-19 08:00:00.123456789",
      summary: completed(
        markdownResult([
          { owner: "Dana", task: "Send revised budget", due: "Friday" },
          { owner: "Lee", task: "Book the venue", due: "Monday" },
        ]),
        "2025-11-19T07:30:00.000000001+00:00",
      ),
    }),
    meetingWith(2, "2025-11-18T16:00:00+00:00", [
      "L'ÉTÉ dernier nous avons parlé du café.",
      "Straße und Überprüfung der Ergebnisse.",
    ], {
      title: "Réunion d'été",
      summary: completed(blockNoteResult([
        { owner: "Zoé", task: "Réserver la salle", due: "Lundi", status: "Done" },
        { owner: "Max", task: "Prüfen", due: "Dienstag", status: "In progress" },
      ])),
    }),
    // Nine fraction digits, as on Linux and Windows.
    meetingWith(3, "2025-11-18T09:15:30.987654321+00:00", ["Short standup, nothing new."], {
      summary: completed('{"markdown": "unterminated', "2025-11-18T09:20:00+00:00"),
    }),
    // A legacy meeting: local time without a zone, segments without ids or times.
    meetingWith(4, "2025-11-18 12:30:00", [
      "Legacy notes about the roadmap.",
      "Second legacy line.",
    ], {
      legacy: true,
      summary: completed(legacyResult(["Ana: draft the roadmap", "Ben: review hiring plan"])),
    }),
    meetingWith(5, "2025-11-17T23:59:59.5+00:00", [], { title: "Empty recording" }),
    meetingWith(6, "2025-11-17T08:00:00Z", ["Pending summary meeting."], {
      summary: { status: "PENDING", result: null, createdAt: "x", updatedAt: "x" },
    }),
    meetingWith(7, "2025-11-16T10:00:00.250+00:00", ["Garbage summary."], {
      summary: completed("not json at all"),
    }),
  ];
}

/** A Meetily database on disk. Remove it with `cleanup`. */
export interface MeetilyFixture {
  path: string;
  dir: string;
  meetings: MeetilyMeeting[];
  cleanup: () => void;
}

/** Options for {@link buildMeetilyFixture}. */
export interface MeetilyFixtureOptions {
  meetings?: MeetilyMeeting[];
  /** SQL run after filling, to drift or break the database in a particular way. */
  afterFill?: string;
}

/** Writes `meetings` (with segments and summaries) into an open database of this layout. */
export function insertMeetings(db: DatabaseSync, meetings: readonly MeetilyMeeting[]): void {
  const meeting = db.prepare(
    "INSERT INTO meetings (id, title, created_at, updated_at, folder_path) VALUES (?, ?, ?, ?, ?)",
  );
  const segment = db.prepare(
    `INSERT INTO transcripts (id, meeting_id, transcript, timestamp, audio_start_time,
       audio_end_time, duration) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const summary = db.prepare(
    `INSERT INTO summary_processes (meeting_id, status, created_at, updated_at, result)
       VALUES (?, ?, ?, ?, ?)`,
  );
  db.exec("BEGIN");
  for (const m of meetings) {
    meeting.run(m.id, m.title, m.createdAt, m.updatedAt, `/recordings/${m.id}`);
    for (const s of m.segments) {
      const duration = s.start === null || s.end === null ? null : s.end - s.start;
      segment.run(s.id, m.id, s.text, s.timestamp, s.start, s.end, duration);
    }
    if (m.summary !== undefined) {
      const { status, createdAt, updatedAt, result } = m.summary;
      summary.run(m.id, status, createdAt, updatedAt, result);
    }
  }
  db.exec("COMMIT");
}

/** Creates the layout, with the decoy keys planted, in an open empty database. */
export function createMeetilySchema(db: DatabaseSync): void {
  db.exec("PRAGMA journal_mode = DELETE");
  db.exec(MEETILY_SCHEMA_SQL);
  const [openai, anthropic, groq, ollama, router, whisper, deepgram, eleven] =
    MEETILY_DECOY_SECRETS;
  db.prepare(
    `INSERT INTO settings VALUES ('1', 'openai', 'gpt-4o', 'large-v3', ?, ?, ?, ?, ?,
       'http://localhost:11434')`,
  ).run(groq!, openai!, anthropic!, ollama!, router!);
  db.prepare(`INSERT INTO transcript_settings VALUES ('1', 'deepgram', 'nova', ?, ?, ?, ?, ?)`)
    .run(whisper!, deepgram!, eleven!, groq!, openai!);
}

/**
 * A Meetily database in a temporary directory, in a rollback journal.
 *
 * @example
 * ```ts
 * const fixture = buildMeetilyFixture({ afterFill: "ALTER TABLE transcripts DROP COLUMN duration" });
 * fixture.cleanup();
 * ```
 */
export function buildMeetilyFixture(options: MeetilyFixtureOptions = {}): MeetilyFixture {
  const dir = Deno.makeTempDirSync({ prefix: "meetily-" });
  const path = join(dir, "meeting_minutes.sqlite");
  const meetings = options.meetings ?? fixtureMeetings();
  const db = new DatabaseSync(path);
  try {
    createMeetilySchema(db);
    insertMeetings(db, meetings);
    if (options.afterFill !== undefined) db.exec(options.afterFill);
  } finally {
    db.close();
  }
  return { path, dir, meetings, cleanup: () => Deno.removeSync(dir, { recursive: true }) };
}
