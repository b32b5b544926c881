/**
 * The SQL the tools run, for timing the same statements on node:sqlite alone: the engine's
 * own time, against which the server's is compared.
 *
 * Where a tool exports its statement (search's SEARCH_SQL) or a piece of it (the per-row
 * check KEEP_GOING_SQL, the preview expression), it is imported, so the text is the tool's
 * own. The statements a tool builds inside its handler have no export; for those this
 * module keeps each piece of the tool's source as it is written there, `${…}` placeholders
 * and all ({@link COPIED_SQL}). A test (tests/project/bench_test.ts) checks that every piece still
 * appears in its tool's source text, and the driver checks at run time that the tools ran
 * exactly the statements built here, so a copy cannot drift silently.
 *
 * The baseline connection is a lib/store/store.ts Store ({@link openEngine}), so its pragmas, its
 * `tmcp_keep_going` function and its statement cache are the server's.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { KEEP_GOING_SQL, Store } from "../lib/store/store.ts";
import { previewSourceSql } from "../lib/tools/transcript_preview.ts";

export { SEARCH_PROBE_SQL, SEARCH_SQL } from "../lib/tools/search_transcripts.ts";
export { FULL_TEXT_SQL } from "../lib/tools/transcript_preview.ts";

/** A piece of SQL copied from a tool's source because the tool does not export it. */
export interface CopiedSql {
  /** The tool's source file, relative to the checkout. */
  source: string;
  /** The text as written in the source, `${…}` placeholders included. */
  text: string;
}

const LIST_TRANSCRIPTS_SOURCE = "lib/tools/list_transcripts.ts";
const LIST_TASKS_SOURCE = "lib/tools/list_tasks.ts";
const KEYSET_PAGE_SOURCE = "lib/tools/keyset_page.ts";

// Both list handlers build their WHERE clause with keyset_page.ts's Conditions: the per-row
// check first, then the filters that apply, joined.
const FIRST_CONDITION: CopiedSql = {
  source: KEYSET_PAGE_SOURCE,
  text: "readonly #conditions: string[] = [KEEP_GOING_SQL];",
};
const WHERE: CopiedSql = {
  source: KEYSET_PAGE_SOURCE,
  text: 'WHERE \${this.#conditions.join(" AND ")}',
};

const LIST_TRANSCRIPTS: CopiedSql = {
  source: LIST_TRANSCRIPTS_SOURCE,
  text: `SELECT pk, id, title, created_at, source, duration, starred, language,
              \${previewSourceSql("text")} AS head
         FROM transcripts \${conditions.where}
        ORDER BY created_at DESC, pk DESC
        LIMIT ?`,
};

const AFTER_CURSOR: CopiedSql = {
  source: LIST_TRANSCRIPTS_SOURCE,
  text: "(created_at, pk) < (?, ?)",
};

const GET_TRANSCRIPT: CopiedSql = {
  source: "lib/tools/get_transcript.ts",
  text: `SELECT id, title, text, created_at, source, duration, engine, model_id, language,
              starred, manual_tags, template
         FROM transcripts WHERE id = ?`,
};

const LIST_TASKS: CopiedSql = {
  source: LIST_TASKS_SOURCE,
  text: `SELECT rowid, id, text, bucket, done, done_at, created_at, parent_task_id, transcript_id
         FROM tasks \${conditions.where}
        ORDER BY created_at DESC, id DESC
        LIMIT ?`,
};

/** Every piece of copied SQL; each must still appear in its source's text. */
export const COPIED_SQL: readonly CopiedSql[] = [
  FIRST_CONDITION,
  WHERE,
  LIST_TRANSCRIPTS,
  AFTER_CURSOR,
  GET_TRANSCRIPT,
  LIST_TASKS,
];

/** Fills a copied piece's `${…}` placeholders; every one must have a value. */
function fill(copy: CopiedSql, values: Record<string, string>): string {
  return copy.text.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for \${${name}} in ${copy.source}`);
    return value;
  });
}

/** The WHERE clause the list handlers build from these conditions. */
function where(...conditions: string[]): string {
  return fill(WHERE, {
    'this.#conditions.join(" AND ")': [KEEP_GOING_SQL, ...conditions].join(" AND "),
  });
}

const PREVIEW_HEAD = { 'previewSourceSql("text")': previewSourceSql("text") };

/** list_transcripts, first page, no filters. */
export const LIST_TRANSCRIPTS_SQL = fill(LIST_TRANSCRIPTS, {
  ...PREVIEW_HEAD,
  "conditions.where": where(),
});

/** list_transcripts after a cursor: the keyset condition added. */
export const LIST_TRANSCRIPTS_AFTER_SQL = fill(LIST_TRANSCRIPTS, {
  ...PREVIEW_HEAD,
  "conditions.where": where(AFTER_CURSOR.text),
});

/** get_transcript. */
export const GET_TRANSCRIPT_SQL = GET_TRANSCRIPT.text;

/** list_tasks, first page, no filters. */
export const LIST_TASKS_SQL = fill(LIST_TASKS, { "conditions.where": where() });

/** Statement text with runs of whitespace collapsed, for comparing copies. */
export function normalizeSql(sql: string): string {
  return sql.replace(/\s+/g, " ").trim();
}

/**
 * The engine baseline's connection: read-only, wrapped in lib/store/store.ts's Store as the
 * server's are, so the pragmas, `tmcp_keep_going` and statement reuse are the same. No
 * interrupt check is set, so the per-row check always answers '1'.
 *
 * @example
 * ```ts
 * import { LIST_TASKS_SQL, openEngine } from "./engine_sql.ts";
 * const engine = openEngine("/tmp/bench.db");
 * engine.all(LIST_TASKS_SQL, 201);
 * engine.close();
 * ```
 */
export function openEngine(path: string): Store {
  return new Store(new DatabaseSync(path, { readOnly: true }), path);
}
