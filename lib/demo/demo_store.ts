/**
 * The built-in demo store: the contract's schema, filled with demo content, in memory.
 * Nothing touches disk.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import schemaSql from "../store/schema.sql" with { type: "text" };
import { DEMO_TASKS, DEMO_TRANSCRIPTS, type DemoTask, type DemoTranscript } from "./demo_data.ts";
import { Store } from "../store/store.ts";

/** The schema of the store contract, as lib/store/schema.sql writes it. */
export const SCHEMA_SQL: string = schemaSql;

/** Where the demo store says it lives, in logs and `check`. */
export const DEMO_LOCATION = "(built-in demo store, in memory)";

/**
 * The text of a transcript made of segments: one `Speaker: words` line per turn.
 *
 * @example
 * ```ts
 * import { segmentsText } from "./demo_store.ts";
 * segmentsText([{ speaker: "Ana", startMs: 0, endMs: 900, text: "Hi." }]); // "Ana: Hi."
 * ```
 */
export function segmentsText(segments: DemoTranscript["segments"]): string {
  return segments.map((segment) => `${segment.speaker}: ${segment.text}`).join("\n");
}

/**
 * Writes transcripts (with their segments) and tasks into a writable connection that
 * already has the schema. The demo store and the tests' fixture stores share it, so both
 * are filled the way the owning app fills a store: FTS kept in sync by its triggers.
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import { populateStore, SCHEMA_SQL } from "./demo_store.ts";
 * const db = new DatabaseSync(":memory:");
 * db.exec(SCHEMA_SQL);
 * populateStore(db, [], []);
 * ```
 */
export function populateStore(
  db: DatabaseSync,
  transcripts: readonly DemoTranscript[],
  tasks: readonly DemoTask[],
): void {
  const insertTranscript = db.prepare(
    `INSERT INTO transcripts (id, title, text, created_at, source, duration, starred, language,
                              engine, model_id, manual_tags, template)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertSegment = db.prepare(
    `INSERT INTO segments (transcript_id, seq, start_ms, end_ms, speaker, text)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertTask = db.prepare(
    `INSERT INTO tasks (id, text, bucket, done, done_at, created_at, parent_task_id, transcript_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.exec("BEGIN");
  try {
    for (const t of transcripts) {
      const last = t.segments.at(-1);
      insertTranscript.run(
        t.id,
        t.title,
        segmentsText(t.segments),
        t.createdAt,
        t.source,
        last === undefined ? null : last.endMs / 1000,
        t.starred ? 1 : 0,
        t.language,
        t.engine,
        t.modelId,
        JSON.stringify(t.manualTags),
        t.template,
      );
      t.segments.forEach((s, seq) => {
        insertSegment.run(t.id, seq, s.startMs, s.endMs, s.speaker, s.text);
      });
    }
    // Parents first, so a subtask's reference always resolves.
    const ordered = [...tasks].sort((a, b) =>
      Number(a.parentTaskId !== null) - Number(b.parentTaskId !== null)
    );
    for (const task of ordered) {
      insertTask.run(
        task.id,
        task.text,
        task.bucket,
        task.done ? 1 : 0,
        task.doneAt,
        task.createdAt,
        task.parentTaskId,
        task.transcriptId,
      );
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/**
 * Opens the demo store: built in memory at start, then locked read-only like any store.
 *
 * @example
 * ```ts
 * import { openDemoStore } from "./demo_store.ts";
 * const store = openDemoStore();
 * store.get("SELECT count(*) AS n FROM transcripts"); // { n: 9n }
 * ```
 */
export function openDemoStore(): Store {
  const db = new DatabaseSync(":memory:");
  db.exec(SCHEMA_SQL);
  populateStore(db, DEMO_TRANSCRIPTS, DEMO_TASKS);
  return new Store(db, DEMO_LOCATION);
}
