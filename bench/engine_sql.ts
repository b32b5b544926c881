/**
 * The SQL the tools run, for timing the same statements on node:sqlite alone: the engine's
 * own time, against which the server's is compared.
 *
 * The statements of our own store's reader (lib/sources/contract/) are imported, so the text
 * is the reader's own. The pieces a reader builds inside a method have no export; for those
 * this module keeps each piece of the source as it is written there, `${…}` placeholders
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
import {
  DOCUMENT_SQL,
  listTasksSql,
  listTranscriptKeysSql,
  listTranscriptsSql,
} from "../lib/sources/contract/contract_reader.ts";

export {
  HIT_ROW_SQL,
  RANK_SQL,
  SEARCH_PROBE_SQL,
} from "../lib/sources/contract/contract_search.ts";
export { FULL_TEXT_SQL } from "../lib/sources/contract/contract_text.ts";
import { summariesSql } from "../lib/sources/contract/contract_summaries.ts";

/** A piece of SQL copied from a tool's source because the tool does not export it. */
export interface CopiedSql {
  /** The tool's source file, relative to the checkout. */
  source: string;
  /** The text as written in the source, `${…}` placeholders included. */
  text: string;
}

const CONDITIONS_SOURCE = "lib/store/conditions.ts";

// The list readers build their WHERE clause with Conditions: the per-row check first, then
// the filters that apply, joined.
const FIRST_CONDITION: CopiedSql = {
  source: CONDITIONS_SOURCE,
  text: "constructor(keepGoing: string = KEEP_GOING_SQL)",
};
const WHERE: CopiedSql = {
  source: CONDITIONS_SOURCE,
  text: 'WHERE \${this.#conditions.join(" AND ")}',
};

const AFTER_CURSOR: CopiedSql = {
  source: "lib/sources/contract/contract_reader.ts",
  text: "(created_at, pk) < (?, ?)",
};

/** Every piece of copied SQL; each must still appear in its source's text. */
export const COPIED_SQL: readonly CopiedSql[] = [FIRST_CONDITION, WHERE, AFTER_CURSOR];

/** Fills a copied piece's `${…}` placeholders; every one must have a value. */
function fill(copy: CopiedSql, values: Record<string, string>): string {
  return copy.text.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for \${${name}} in ${copy.source}`);
    return value;
  });
}

/** The WHERE clause the list readers build from these conditions. */
function where(...conditions: string[]): string {
  return fill(WHERE, {
    'this.#conditions.join(" AND ")': [KEEP_GOING_SQL, ...conditions].join(" AND "),
  });
}

/** list_transcripts, first page, no filters. */
export const LIST_TRANSCRIPTS_SQL = listTranscriptsSql(where());

/** list_transcripts after a cursor: the keyset condition added. */
export const LIST_TRANSCRIPTS_AFTER_SQL = listTranscriptsSql(where(AFTER_CURSOR.text));

/**
 * What list_transcripts itself runs for those two pages: their keys, from the index, then
 * the facts of the rows its connection has not kept (SummaryCache).
 */
export const LIST_TOOL_SQL: readonly string[] = [
  listTranscriptKeysSql(where()),
  listTranscriptKeysSql(where(AFTER_CURSOR.text)),
  ...[1, 4, 16, 64, 256].map(summariesSql),
];

/** get_transcript. */
export const GET_TRANSCRIPT_SQL = DOCUMENT_SQL;

/** list_tasks, first page, no filters. */
export const LIST_TASKS_SQL = listTasksSql(where());

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
