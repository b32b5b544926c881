/**
 * The parts of a search split across workers (see lib/runtime/split_search.ts). These are internal
 * tools: workers run them like any tool, with validation and the same error shape, but
 * they are not published and clients cannot call them.
 *
 * @module
 */
import * as v from "valibot";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS } from "./tool.ts";
import { candidateSearch, rankCandidates } from "./search_passages.ts";
import {
  renderSearchPage,
  searchInputSchema,
  searchOutputSchema,
  searchPage,
} from "./search_transcripts.ts";
import { RANK_PART_SQL, withPlainWordsFallback } from "../sources/contract/contract_search.ts";
import type { ServedSource, SourceSet } from "../sources/source_set.ts";
import type { Store } from "../store/store.ts";
import { createRegistry } from "./registry.ts";

const hitSchema = v.object({ pk: v.pipe(v.number(), v.safeInteger()), score: v.number() });

/**
 * The one source a split search runs on: a search is split only when the server reads a
 * single store in our own schema (lib/runtime/split_search.ts).
 */
function soleStore(sources: SourceSet): { source: ServedSource; store: Store } {
  const [source, ...others] = sources.all;
  const store = source === undefined ? null : sources.store(source);
  if (others.length > 0 || source?.kind !== "transcript-mcp" || store === null) {
    throw new Error("a split search needs exactly one store in our own schema");
  }
  sources.reader(source);
  return { source, store };
}

/** The largest transcript key, to split the key range between the workers. */
export const searchSpan: AnyTool = defineTool({
  name: "search_transcripts.span",
  title: "Key span of the transcripts",
  description: "Internal: the largest transcript key.",
  inputSchema: v.strictObject({}),
  outputSchema: v.object({ maxPk: v.number() }),
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources) {
    const { store } = soleStore(sources);
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
    candidates: v.number(),
  }),
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources, input) {
    const { store } = soleStore(sources);
    const { limit, offset } = searchPage(input.search);
    // The part's best candidates, as the whole store's search would find them (search_passages).
    const asked = candidateSearch(input.search, offset + limit + 1);
    const { mode, run } = withPlainWordsFallback(store, asked.query, (match) => ({
      rows: store.all(RANK_PART_SQL, match, input.from, input.to, asked.count),
      match,
    }));
    return {
      // Scores as the tool shows them: higher is more relevant.
      hits: run.rows.map((row) => ({ pk: Number(row["pk"]), score: -Number(row["score"]) })),
      match: run.match,
      queryMode: mode,
      limit,
      offset,
      candidates: asked.count,
    };
  },
});

/** Renders a page from merged hits: rows, previews, snippets and the cursor. */
export const searchRenderPart: AnyTool = defineTool({
  name: "search_transcripts.render",
  title: "Render part of a search",
  description: "Internal: the answer for a page of merged hits.",
  inputSchema: v.strictObject({
    search: searchInputSchema,
    hits: v.array(hitSchema),
    match: v.string(),
    queryMode: v.picklist(["fts5", "words"]),
    limit: v.number(),
    offset: v.number(),
  }),
  outputSchema: searchOutputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources, input) {
    const { source } = soleStore(sources);
    const { key } = searchPage(input.search);
    const ranking = {
      hits: input.hits.map((hit) => ({ key: String(hit.pk), score: hit.score })),
      mode: input.queryMode,
      match: input.match,
      partial: false,
    };
    // The merged candidates rank by passages here, as one search's would.
    const ranked = rankCandidates(
      sources.reader(source),
      source.name,
      input.search,
      ranking,
      input.offset + input.limit + 1,
    );
    const hits = ranked.hits.slice(input.offset).map((hit) => ({
      source,
      key: hit.key,
      score: hit.score,
      match: ranked.match,
      found: hit.found,
    }));
    return renderSearchPage(sources, key, hits, {
      queryMode: ranked.mode,
      partial: false,
      unavailable: [],
      limit: input.limit,
      offset: input.offset,
    });
  },
});

/** The internal tools, which only workers look up: held to the same read-only rule. */
export const INTERNAL_TOOLS: readonly AnyTool[] = createRegistry([
  searchSpan,
  searchRankPart,
  searchRenderPart,
]);
