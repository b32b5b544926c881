/**
 * Fills a contract store from model values (model.ts), the way the owning app fills one:
 * rows inserted in one transaction, FTS kept in sync by the schema's triggers. The demo
 * store, the tests' fixture stores and the benchmark's generated stores are all filled here.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { Task, Transcript } from "./model.ts";

/**
 * The text of a transcript made of segments: one `Speaker: words` line per turn.
 *
 * @example
 * ```ts
 * import { segmentsText } from "./populate_store.ts";
 * segmentsText([{ speaker: "Ana", startMs: 0, endMs: 900, text: "Hi." }]); // "Ana: Hi."
 * ```
 */
export function segmentsText(segments: Transcript["segments"]): string {
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
 * import { populateStore } from "./populate_store.ts";
 * import { SCHEMA_SQL } from "./schema.ts";
 * const db = new DatabaseSync(":memory:");
 * db.exec(SCHEMA_SQL);
 * populateStore(db, [], []);
 * ```
 */
export function populateStore(
  db: DatabaseSync,
  transcripts: readonly Transcript[],
  tasks: readonly Task[],
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
