/**
 * Whether the search tool ranks what SQLite's plain BM25 plan finds: since search ranks by
 * passages (issue #25), its top 20 are of the plan's best 100 (the candidates it re-ranks),
 * so the peers' plain statement reads the same transcripts the tool ranks.
 *
 * @module
 */
import { SourceSet } from "../lib/sources/source_set.ts";
import type { Store } from "../lib/store/store.ts";
import { BM25_WEIGHTS } from "../lib/tools/search_transcripts.ts";
import { callTool } from "../lib/tools/call_tool.ts";
import { toolCallResult } from "../lib/protocol/tool_result.ts";
import { findTool } from "../lib/tools/registry.ts";

/** How many of the plain plan's best the tool re-ranks by passages. */
const CANDIDATES = 100;

/** The plain BM25 plan for a MATCH expression: its best rowids, best first. */
export const PLAIN_BM25_SQL = "SELECT rowid FROM transcripts_fts WHERE transcripts_fts MATCH ? " +
  `ORDER BY bm25(transcripts_fts, ${BM25_WEIGHTS.join(", ")}), rowid LIMIT ${CANDIDATES}`;

/** The outcome of {@link checkSearchOrder}. */
export interface SearchOrderCheck {
  /** The search tool's result ids, in its order. */
  tool: string[];
  /** The plain BM25 plan's best 100, as transcript ids. */
  plain: string[];
  /** Every id the tool answers is of the plan's best, and it answers as many as it may (20). */
  same: boolean;
}

/**
 * Compares the search tool's top 20 for `query` (an FTS5 expression, in mode words) with the
 * plain BM25 plan's best 100 ({@link PLAIN_BM25_SQL}).
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
  const content = output.structuredContent as { results: { id: string }[] };
  const tool = content.results.map((result) => result.id);
  const plain = store.all(PLAIN_BM25_SQL, query).map((row) =>
    String(store.get("SELECT id FROM transcripts WHERE pk = ?", row["rowid"]!)?.["id"])
  );
  const found = new Set(plain);
  const same = tool.length === Math.min(20, plain.length) && tool.every((id) => found.has(id));
  return { tool, plain, same };
}
