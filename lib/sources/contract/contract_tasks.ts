/**
 * list_tasks' `query` in our own store. The contract keeps no full-text index of tasks, so
 * the tasks are scanned (with the deadline check) and ranked by SQLite's own sorter: more
 * of the query's words first, then newest, so only the page comes back to JavaScript.
 *
 * @module
 */
import { plainWordsQueries } from "../../search/fts_query.ts";
import { SCAN_MAX_TERMS } from "../../config/limits.ts";

/**
 * The words a task search looks for, as phrases (words that must come in order), at most
 * SCAN_MAX_TERMS: function words are dropped as search drops them, and words joined by
 * punctuation (`POL-358`) make one phrase.
 *
 * @example
 * ```ts
 * import { taskQueryPhrases } from "./contract_tasks.ts";
 * taskQueryPhrases("what about POL-358 pricing?"); // [["POL", "358"], ["pricing"]]
 * ```
 */
export function taskQueryPhrases(query: string): string[][] {
  const words = plainWordsQueries(query);
  if (words === null) return [];
  return [...words.allTerms.matchAll(/"([^"]*)"/g)].slice(0, SCAN_MAX_TERMS)
    .map((found) => found[1]!.split(" "));
}

/**
 * The LIKE patterns of a query's phrases (taskQueryPhrases). LIKE folds ASCII letters only,
 * so `Pricing` finds `pricing` but `Ärger` does not find `ärger`.
 *
 * @example
 * ```ts
 * import { taskSearchTerms } from "./contract_tasks.ts";
 * taskSearchTerms("what about POL-358 pricing?"); // ["%POL%358%", "%pricing%"]
 * ```
 */
export function taskSearchTerms(query: string): string[] {
  return taskQueryPhrases(query).map((words) =>
    `%${words.map((word) => word.replace(/[\\%_]/g, "\\$&")).join("%")}%`
  );
}

/**
 * The ranking statement for `terms` LIKE patterns and a WHERE clause of Conditions; its
 * parameters are the patterns, the clause's and the count.
 *
 * @example
 * ```ts
 * import { taskSearchSql } from "./contract_tasks.ts";
 * taskSearchSql(2, "WHERE 1").includes("ORDER BY score DESC"); // true
 * ```
 */
export function taskSearchSql(terms: number, where: string): string {
  const score = Array.from({ length: terms }, () => "(text LIKE ? ESCAPE '\\')").join(" + ");
  return `SELECT * FROM (
    SELECT rowid, id, text, bucket, done, done_at, created_at, parent_task_id, transcript_id,
           ${score} AS score
      FROM tasks ${where})
   WHERE score > 0
   ORDER BY score DESC, created_at DESC, id DESC
   LIMIT ?`;
}
