/**
 * list_tasks with a `query`: tasks whose text holds the query's words, best first. A source
 * ranks its own (searchTasks, or here a scan through its listing); several sources' rankings
 * merge by reciprocal-rank fusion, as search_transcripts' do. Pages are offsets into the
 * merged ranking, under a cursor bound to the query.
 *
 * @module
 */
import type { SourceReader, TaskFilter, TaskSummary } from "../sources/source_reader.ts";
import type { ServedSource, SourceSet } from "../sources/source_set.ts";
import { taskQueryPhrases } from "../sources/contract/contract_tasks.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { readEach, type UnavailableSource } from "./source_listing.ts";
import { fitPage, LISTING_OVERHEAD_BYTES } from "./response_budget.ts";
import { ToolError } from "./tool.ts";
import { RRF_K } from "../config/limits.ts";

// A scan reads a source's listing this many tasks at a time.
const SCAN_PAGE = 500;

/** Whether `text` holds each word of `phrase` in order, case-insensitively. */
function holdsPhrase(text: string, phrase: readonly string[]): boolean {
  let at = 0;
  for (const word of phrase) {
    const found = text.indexOf(word, at);
    if (found === -1) return false;
    at = found + word.length;
  }
  return true;
}

/**
 * The best `count` tasks of a source that keeps no task index, by reading its whole
 * listing: more of the query's phrases first, then in the listing's order (newest first).
 *
 * @example
 * ```ts
 * import { scanTasks } from "./task_search.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * scanTasks(sources.reader(sources.all[0]!), "pricing", 3, {}).length > 0; // true
 * ```
 */
export function scanTasks(
  reader: SourceReader,
  query: string,
  count: number,
  filter: TaskFilter,
): TaskSummary[] {
  const phrases = taskQueryPhrases(query).map((words) => words.map((w) => w.toLowerCase()));
  if (phrases.length === 0) return [];
  const scored: { task: TaskSummary; score: number; order: number }[] = [];
  let after = null;
  for (let order = 0;;) {
    const page = reader.listTasks(after, SCAN_PAGE, filter);
    for (const task of page) {
      const text = task.text.toLowerCase();
      const score = phrases.filter((phrase) => holdsPhrase(text, phrase)).length;
      if (score > 0) scored.push({ task, score, order: order++ });
    }
    if (page.length < SCAN_PAGE) break;
    after = page.at(-1)!.position;
  }
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, count).map(({ task }) => task);
}

/**
 * One page of tasks matching `query` over `selected`, shaped by `shape`, with the cursor of
 * the next page.
 *
 * @example
 * ```ts
 * import { taskSearchPage } from "./task_search.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const page = taskSearchPage(sources, sources.select(undefined), "pricing", undefined, 2, {},
 *   (task) => task.text);
 * page.items.length; // 2 at most
 * ```
 */
export function taskSearchPage<U>(
  sources: SourceSet,
  selected: readonly ServedSource[],
  query: string,
  cursor: string | undefined,
  limit: number,
  filter: TaskFilter,
  shape: (task: TaskSummary, source: ServedSource) => U,
): { items: U[]; nextCursor: string | null; unavailable: UnavailableSource[] } {
  // A page's place is in the ranking of this query, filter and set of sources.
  const names = selected.map((source) => source.name);
  const key = JSON.stringify([query, filter.bucket ?? null, filter.done ?? null, names]);
  let offset = 0;
  if (cursor !== undefined) {
    const [tag, asked, position] = decodeCursor("list_tasks", cursor, [
      "string",
      "string",
      "number",
    ]) as [string, string, number];
    if (tag !== "query" || asked !== key) {
      const why = "cursor: belongs to a different query, filter or sourceName";
      throw new ToolError("invalid_arguments", why);
    }
    offset = position;
  }
  const count = offset + limit + 1;
  const { results, unavailable } = readEach(
    sources,
    selected,
    (reader) =>
      reader.searchTasks?.(query, count, filter) ?? scanTasks(reader, query, count, filter),
  );
  const ranked = results.flatMap(({ source, value }, sourceIndex) =>
    value.map((task, rank) => ({ task, source, sourceIndex, rank, fused: 1 / (RRF_K + rank + 1) }))
  );
  if (results.length > 1) {
    ranked.sort((a, b) => b.fused - a.fused || a.sourceIndex - b.sourceIndex || a.rank - b.rank);
  }
  const rows = ranked.slice(offset, count);
  const page = fitPage(
    rows,
    rows.slice(0, limit).map(({ task, source }) => shape(task, source)),
    LISTING_OVERHEAD_BYTES + 2 * key.length,
    (_, kept) => encodeCursor("list_tasks", ["query", key, offset + kept]),
  );
  return { ...page, unavailable };
}
