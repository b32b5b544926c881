/**
 * The parts of a search split across workers (see lib/runtime/split_search.ts). These are internal
 * tools: workers run them like any tool, with validation and the same error shape, but
 * they are not published and clients cannot call them.
 *
 * @module
 */
import * as v from "valibot";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS } from "./tool.ts";
import {
  hitRows,
  RANK_PART_SQL,
  renderSearchPage,
  searchInputSchema,
  searchOutputSchema,
  searchPage,
  withPlainWordsFallback,
} from "./search_transcripts.ts";
import { createRegistry } from "./registry.ts";

const hitSchema = v.object({ pk: v.pipe(v.number(), v.safeInteger()), score: v.number() });

/** The largest transcript key, to split the key range between the workers. */
export const searchSpan: AnyTool = defineTool({
  name: "search_transcripts.span",
  title: "Key span of the transcripts",
  description: "Internal: the largest transcript key.",
  inputSchema: v.strictObject({}),
  outputSchema: v.object({ maxPk: v.number() }),
  annotations: READ_ONLY_ANNOTATIONS,
  handler(store) {
    return { maxPk: Number(store.get("SELECT max(pk) AS m FROM transcripts")?.["m"] ?? 0) };
  },
});

/** Ranks the matches whose key lies in `from..to`, returning the best `offset + limit + 1`. */
export const searchRankPart: AnyTool = defineTool({
  name: "search_transcripts.rank",
  title: "Rank part of a search",
  description: "Internal: the best hits of one key range.",
  inputSchema: v.strictObject({
    search: searchInputSchema,
    from: v.pipe(v.number(), v.safeInteger()),
    to: v.pipe(v.number(), v.safeInteger()),
  }),
  outputSchema: v.object({
    hits: v.array(hitSchema),
    match: v.string(),
    queryMode: v.picklist(["fts5", "words"]),
    limit: v.number(),
    offset: v.number(),
  }),
  annotations: READ_ONLY_ANNOTATIONS,
  handler(store, input) {
    const { limit, offset } = searchPage(input.search);
    const { mode, run } = withPlainWordsFallback(store, input.search.query, (match) => ({
      rows: store.all(RANK_PART_SQL, match, input.from, input.to, offset + limit + 1),
      match,
    }));
    return {
      hits: run.rows.map((row) => ({ pk: Number(row["pk"]), score: Number(row["score"]) })),
      match: run.match,
      queryMode: mode,
      limit,
      offset,
    };
  },
});

/** Renders a page from merged hits: rows, previews, snippets and the cursor. */
export const searchRenderPart: AnyTool = defineTool({
  name: "search_transcripts.render",
  title: "Render part of a search",
  description: "Internal: the answer for a page of merged hits.",
  inputSchema: v.strictObject({
    query: v.string(),
    hits: v.array(hitSchema),
    match: v.string(),
    queryMode: v.picklist(["fts5", "words"]),
    limit: v.number(),
    offset: v.number(),
  }),
  outputSchema: searchOutputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(store, input) {
    const rows = hitRows(store, input.hits);
    return renderSearchPage(
      store,
      input.query,
      rows,
      input.match,
      input.queryMode,
      input.limit,
      input.offset,
    );
  },
});

/** The internal tools, which only workers look up: held to the same read-only rule. */
export const INTERNAL_TOOLS: readonly AnyTool[] = createRegistry([
  searchSpan,
  searchRankPart,
  searchRenderPart,
]);
