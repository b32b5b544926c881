/**
 * The SQL the tools run, copied from lib/tools/*.ts, so the benchmark can time the same
 * statements on node:sqlite alone: the engine's own time, against which the server's is
 * compared. Keeping every copy in this one module makes the comparison explicit.
 *
 * These are copies. When a tool's SQL changes, change it here too; until then the driver
 * notices the difference (it records the SQL the tools actually run) and says so under
 * its table, so a stale copy never passes silently.
 *
 * @module
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";

// The tools' per-row deadline check (lib/store.ts KEEP_GOING_SQL). The engine registers a
// function of the same name that only returns 1, so its per-row call cost is counted too.
const KEEP_GOING = "tmcp_keep_going()";

/** list_transcripts, first page, no filters (lib/tools/list_transcripts.ts). */
export const LIST_TRANSCRIPTS_SQL = `
  SELECT pk, id, title, created_at, source, duration, starred, language,
         substr(text, 1, 2048) AS head
    FROM transcripts WHERE ${KEEP_GOING}
   ORDER BY created_at DESC, pk DESC
   LIMIT ?`;

/** list_transcripts after a cursor: the keyset condition added (same file). */
export const LIST_TRANSCRIPTS_AFTER_SQL = `
  SELECT pk, id, title, created_at, source, duration, starred, language,
         substr(text, 1, 2048) AS head
    FROM transcripts WHERE ${KEEP_GOING} AND (created_at, pk) < (?, ?)
   ORDER BY created_at DESC, pk DESC
   LIMIT ?`;

/** get_transcript (lib/tools/get_transcript.ts). */
export const GET_TRANSCRIPT_SQL = `
  SELECT id, title, text, created_at, source, duration, engine, model_id, language,
         starred, manual_tags, template
    FROM transcripts WHERE id = ?`;

/**
 * search_transcripts: the ranked page of hits with each hit's whole text, from which the
 * tool makes previews and snippets in JavaScript (lib/tools/search_transcripts.ts,
 * lib/snippet.ts).
 */
export const SEARCH_SQL = `
  SELECT t.pk, t.id, t.title, t.text, t.created_at, t.source, hits.score
    FROM (SELECT rowid, bm25(transcripts_fts, 10, 1) AS score
            FROM transcripts_fts
           WHERE transcripts_fts MATCH ? AND ${KEEP_GOING}
           ORDER BY score, rowid
           LIMIT ? OFFSET ?) AS hits
    JOIN transcripts AS t ON t.pk = hits.rowid
   ORDER BY hits.score, hits.rowid`;

/** search_transcripts' plain-words probe: does any transcript hold every term? */
export const SEARCH_PROBE_SQL =
  "SELECT 1 AS found FROM transcripts_fts WHERE transcripts_fts MATCH ? LIMIT 1";

/** list_tasks, first page, no filters (lib/tools/list_tasks.ts). */
export const LIST_TASKS_SQL = `
  SELECT id, text, bucket, done, done_at, created_at, parent_task_id, transcript_id
    FROM tasks WHERE ${KEEP_GOING}
   ORDER BY created_at DESC, id DESC
   LIMIT ?`;

/** Statement text with runs of whitespace collapsed, for comparing copies. */
export function normalizeSql(sql: string): string {
  return sql.replace(/\s+/g, " ").trim();
}

/**
 * A read-only node:sqlite connection set up as lib/store.ts sets up the server's (page
 * cache, mmap, bigint reads, the per-row check function), with statements prepared once.
 */
export class Engine {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  /**
   * @example
   * ```ts
   * import { Engine, LIST_TASKS_SQL } from "./engine_sql.ts";
   * const engine = new Engine("/tmp/bench.db");
   * engine.rows(LIST_TASKS_SQL, 201);
   * engine.close();
   * ```
   */
  constructor(path: string) {
    this.#db = new DatabaseSync(path, { readOnly: true });
    this.#db.exec("PRAGMA query_only = ON");
    this.#db.exec("PRAGMA cache_size = -32768");
    this.#db.exec("PRAGMA mmap_size = 268435456");
    this.#db.function("tmcp_keep_going", { deterministic: false, directOnly: true }, () => 1);
  }

  /** Every row of `sql`, a statement prepared once and reused, as the server's are. */
  rows(sql: string, ...params: SQLInputValue[]): Record<string, unknown>[] {
    return this.#statement(sql).all(...params);
  }

  /** The first row of `sql`, prepared once and reused. */
  row(sql: string, ...params: SQLInputValue[]): Record<string, unknown> | undefined {
    return this.#statement(sql).get(...params);
  }

  /** Closes the connection. */
  close(): void {
    this.#statements.clear();
    this.#db.close();
  }

  #statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      statement.setReadBigInts(true);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}
