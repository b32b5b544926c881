/**
 * Whether the search tool ranks as SQLite's plain BM25 plan does: its deadline check, join
 * and paging must not change which transcripts come first.
 *
 * @module
 */
import { SourceSet } from "../lib/sources/source_set.ts";
import type { Store } from "../lib/store/store.ts";
import { BM25_WEIGHTS } from "../lib/tools/search_transcripts.ts";
import { callTool } from "../lib/tools/call_tool.ts";
import { toolCallResult } from "../lib/protocol/tool_result.ts";
import { findTool } from "../lib/tools/registry.ts";

/**
 * The plain BM25 plan for a MATCH expression: its top 20 rowids, best first. The search
 * tool's ranked page must list the same transcripts in the same order.
 */
export const PLAIN_BM25_SQL = "SELECT rowid FROM transcripts_fts WHERE transcripts_fts MATCH ? " +
  `ORDER BY bm25(transcripts_fts, ${BM25_WEIGHTS.join(", ")}), rowid LIMIT 20`;

/** The outcome of {@link checkSearchOrder}. */
export interface SearchOrderCheck {
  /** The search tool's result ids, in its order. */
  tool: string[];
  /** The plain BM25 plan's top 20, as transcript ids. */
  plain: string[];
  /** Same ids in the same order. */
  same: boolean;
}

/**
 * Compares the search tool's top 20 for `query` (an FTS5 expression, in mode words) with the
 * plain BM25 plan's ({@link PLAIN_BM25_SQL}): the tool's deadline check, join and paging must
 * not change which transcripts come first.
 *
 * @example
 * ```ts
 * import { checkSearchOrder } from "./search_order.ts";
 * import { openStore } from "../lib/store/open_store.ts";
 * checkSearchOrder(openStore("/tmp/bench.db"), "deadline").same; // true
 * ```
 */
export function checkSearchOrder(store: Store, query: string): SearchOrderCheck {
  const output = toolCallResult(
    callTool(findTool("search_transcripts")!, SourceSet.ofStore(store), { query, mode: "words" }),
  );
  if (output.isError) throw new Error(`search ${query}: ${output.content[0]?.text}`);
  const content = output.structuredContent as {
    results: { id: string }[];
    queryMode: string;
  };
  if (content.queryMode !== "fts5") throw new Error(`${query} did not run as FTS5`);
  const tool = content.results.map((result) => result.id);
  const plain = store.all(PLAIN_BM25_SQL, query).map((row) =>
    String(store.get("SELECT id FROM transcripts WHERE pk = ?", row["rowid"]!)?.["id"])
  );
  return { tool, plain, same: tool.join("\n") === plain.join("\n") };
}
