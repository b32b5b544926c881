/**
 * search_transcripts: full-text search across sources, best first. Each source ranks by
 * its own means (BM25 over an FTS5 index, or a scan); rankings of several sources merge by
 * reciprocal-rank fusion, since their scores do not compare.
 *
 * @module
 */
import * as v from "valibot";
import { decodeCursor } from "./cursor.ts";
import { shownMark, shownSet } from "./shown_hits.ts";
import type { ServedSource, SourceSet } from "../sources/source_set.ts";
import {
  clampLimit,
  cursorArgument,
  type LimitArgument,
  limitArgument,
  type TimestampArgument,
  timestampArgument,
} from "./arguments.ts";
import { type PassageFinding, type PassageSearch, rankByPassages } from "./search_passages.ts";
import { passagesSchema } from "./search_passage_view.ts";
import { everydayQuery } from "../search/everyday_query.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS, ToolError } from "./tool.ts";
import { momentSchema } from "./search_moment.ts";
import {
  readEach,
  sourceNameArgument,
  unavailableSchema,
  type UnavailableSource,
} from "./source_listing.ts";
import { SEARCH_HEADER_ENTRIES } from "./transcript_header.ts";
import { FIELD_CAPS, MAX_QUERY_LENGTH, PAGE_SIZES } from "../config/limits.ts";
import {
  hitId,
  matchedTermsSchema,
  MEANING_ANSWER_ENTRIES,
  modeArgument,
  rankByMeaning,
  type SearchMode,
  termFinder,
} from "./search_meaning.ts";

export { DEFAULT_SEARCH_MODE } from "./search_meaning.ts";

export { BM25_WEIGHTS } from "../sources/contract/contract_search.ts";
export { fuseRankings, type MergedHit } from "./fuse_rankings.ts";
import { fuseRankings, type MergedHit } from "./fuse_rankings.ts";
import {
  renderSearchPage,
  type SearchAnswer,
  type SearchPageContext,
  type SearchResult,
  SNIPPET_MARKS,
} from "./search_page.ts";

export {
  renderSearchPage,
  type SearchAnswer,
  type SearchPageContext,
  type SearchResult,
  SNIPPET_MARKS,
};

const NAME = "search_transcripts";

/** search_transcripts' `since`: only transcripts created at or after it. */
export const sinceArgument: TimestampArgument = timestampArgument(
  "Only transcripts created at or after this RFC 3339 date or time.",
);
/** search_transcripts' `until`: only transcripts created before it. */
export const untilArgument: TimestampArgument = timestampArgument(
  "Only transcripts created before this RFC 3339 date or time.",
);
/** search_transcripts' `speaker`: only passages this speaker spoke. */
export const speakerArgument: v.OptionalSchema<
  v.SchemaWithPipe<
    readonly [
      v.StringSchema<undefined>,
      v.MinLengthAction<string, number, undefined>,
      v.MaxLengthAction<string, number, undefined>,
      v.DescriptionAction<string, string>,
    ]
  >,
  undefined
> = v.optional(
  v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(FIELD_CAPS.label),
    v.description("Only passages this speaker spoke (case-insensitive), as speakers lists them."),
  ),
);

/** The search tool's arguments. */
export const searchInputSchema: v.StrictObjectSchema<
  {
    query: v.SchemaWithPipe<
      readonly [
        v.StringSchema<undefined>,
        v.CheckAction<string, string>,
        v.MaxLengthAction<string, number, undefined>,
        v.DescriptionAction<string, string>,
      ]
    >;
    sourceName: typeof sourceNameArgument;
    limit: LimitArgument;
    cursor: typeof cursorArgument;
    mode: typeof modeArgument;
    since: typeof sinceArgument;
    until: typeof untilArgument;
    speaker: typeof speakerArgument;
  },
  undefined
> = v.strictObject({
  query: v.pipe(
    v.string(),
    v.check((value) => value.trim() !== "", "a non-blank query"),
    v.maxLength(MAX_QUERY_LENGTH),
    v.description(
      'Words to find. FTS5 syntax works: "exact phrase", AND, OR, NOT, prefix*, title:word. ' +
        "Anything else is searched as plain words.",
    ),
  ),
  sourceName: sourceNameArgument,
  limit: limitArgument(PAGE_SIZES.searchTranscripts),
  cursor: cursorArgument,
  mode: modeArgument,
  since: sinceArgument,
  until: untilArgument,
  speaker: speakerArgument,
});

const resultSchema = v.object({
  ...SEARCH_HEADER_ENTRIES,
  preview: v.string(),
  snippet: v.pipe(v.string(), v.description("The best-matching passage; matches marked «so».")),
  rank: v.pipe(
    v.number(),
    v.description("Relevance within its source (BM25 where indexed); higher is more relevant."),
  ),
  moment: momentSchema,
  passages: passagesSchema,
  matchedTerms: matchedTermsSchema,
});

/** The search tool's answer. */
export const searchOutputSchema: v.GenericSchema<SearchAnswer> = v.object({
  results: v.array(resultSchema),
  nextCursor: v.nullable(v.string()),
  queryMode: v.pipe(
    v.picklist(["fts5", "words"]),
    v.description('"fts5" when the query ran as FTS5 syntax, "words" when run as plain words.'),
  ),
  partial: v.optional(
    v.pipe(
      v.literal(true),
      v.description(
        "Present when a source searched by scan ran out of time before it saw every " +
          "transcript, or a folder was still being indexed: the results are the best of " +
          "what it saw.",
      ),
    ),
  ),
  unavailable: unavailableSchema,
  ...MEANING_ANSWER_ENTRIES,
}) as v.GenericSchema<SearchAnswer>;

/** search_transcripts: ranked full-text search over titles and texts, across sources. */
export const searchTranscripts: AnyTool = defineTool({
  name: NAME,
  title: "Search transcripts",
  description: "Full-text search over transcript titles and texts, best matches first, in " +
    "every source or one (sourceName). Each result has a snippet with the matched words " +
    "marked «like this». Everyday wording works; FTS5 syntax (phrases, AND/OR/NOT, " +
    "prefix*) too where a source keeps an FTS index. By default (mode both) it also finds " +
    "English words of the same meaning (costs → expenses, spending); matchedTerms says which.",
  inputSchema: searchInputSchema,
  outputSchema: searchOutputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources, input) {
    const page = searchPage(input);
    const selected = sources.select(input.sourceName);
    const search = {
      query: input.query,
      since: input.since,
      until: input.until,
      speaker: input.speaker,
    };
    if (input.mode === "words") {
      return literalPage(sources, selected, search, page.key, page.limit, page.offset);
    }
    return searchByMeaning(sources, selected, search, input.mode, page);
  },
});

/**
 * The page a search call asks for: its size, where it starts (from the cursor), and the key
 * its cursors carry.
 *
 * @example
 * ```ts
 * import { searchPage } from "./search_transcripts.ts";
 * searchPage({ query: "pricing", limit: 500 }); // { limit: 100, offset: 0, shown: "", key: "pricing" }
 * ```
 */
export function searchPage(
  input: { limit: number; query: string; mode?: SearchMode } & SearchPlace & SearchFilters,
): { limit: number; offset: number; shown: string; key: string } {
  const limit = clampLimit(input.limit, PAGE_SIZES.searchTranscripts);
  const mode = input.mode ?? "words";
  const key = cursorQuery(input.query, mode, input.sourceName, input);
  let offset = 0;
  let shown = "";
  if (input.cursor !== undefined) {
    // In modes meaning and both, a cursor also carries the hits shown so far (shown_hits.ts).
    const shape = mode === "words"
      ? ["string", "number"] as const
      : ["string", "number", "string"] as const;
    const [query, position, marks] = decodeCursor(NAME, input.cursor, shape);
    if (query !== key) {
      throw new ToolError(
        "invalid_arguments",
        "cursor: belongs to a different query or sourceName",
      );
    }
    offset = position as number;
    shown = (marks as string | undefined) ?? "";
  }
  return { limit, offset, shown, key };
}

/** What places a search page, besides the query: its cursor and the source asked for. */
export type SearchPlace = { [arg in "cursor" | "sourceName"]?: string | undefined };

/** What narrows a search: a time range and a speaker. */
export type SearchFilters = { [arg in "since" | "until" | "speaker"]?: string | undefined };

/**
 * What a search's cursor holds for its query: the query, its mode other than `words` and its
 * sourceName, so a cursor is not taken up by a search that ranks otherwise.
 */
function cursorQuery(
  query: string,
  mode: SearchMode,
  sourceName: string | undefined,
  filters: SearchFilters,
): string {
  const ranked = mode === "words" ? query : `${mode}\u0000${query}`;
  const placed = sourceName === undefined ? ranked : `source\u0000${sourceName}\u0000${ranked}`;
  const narrowed = (["since", "until", "speaker"] as const).filter((name) =>
    filters[name] !== undefined
  );
  // A filtered search's cursor names its filters, so no other search takes it up.
  return narrowed.reduce((key, name) => `${name}\u0000${filters[name]}\u0000${key}`, placed);
}

/** A literal ranking merged across sources, before its page is rendered. */
interface LiteralRanking {
  hits: MergedHit[];
  queryMode: "fts5" | "words";
  partial: boolean;
  unavailable: UnavailableSource[];
}

/** The query's own words ranked by passages in each source, merged. */
function literalRanking(
  sources: SourceSet,
  selected: readonly ServedSource[],
  search: PassageSearch,
  count: number,
): LiteralRanking {
  const { results, unavailable } = readEach(
    sources,
    selected,
    (reader, source) => rankByPassages(reader, source.name, search, count),
  );
  const found = new Map<ServedSource, Map<string, PassageFinding>>(
    results.map((
      { source, value },
    ) => [source, new Map(value.hits.map((hit) => [hit.key, hit.found]))]),
  );
  return {
    hits: fuseRankings(results).map((hit) => ({
      ...hit,
      found: found.get(hit.source)?.get(hit.key),
    })),
    queryMode: results.some(({ value }) => value.mode === "fts5") ? "fts5" : "words",
    partial: results.some(({ value }) => value.partial),
    unavailable,
  };
}

/** The page of a search by the query's own words (mode `words`), ranked by passages. */
function literalPage(
  sources: SourceSet,
  selected: readonly ServedSource[],
  search: PassageSearch,
  cursorKey: string,
  limit: number,
  offset: number,
  shown?: string,
  ranked: LiteralRanking = literalRanking(sources, selected, search, offset + limit + 1),
): SearchAnswer {
  return renderSearchPage(sources, cursorKey, ranked.hits.slice(offset, offset + limit + 1), {
    ...ranked,
    limit,
    offset,
    shown,
  });
}

/**
 * Why mode `both` ran on the query's own words: they found what it asks for. Neighbours
 * come in only where the words find little (see {@link LITERAL_ENOUGH}).
 */
const WORDS_FOUND_ENOUGH =
  "its own words found what it asks for; words of the same meaning are searched only " +
  "when they find little";

/**
 * In mode `both`, where the best hit of the query's own words holds at least this share of the
 * query's weight (its best passage or title; rarer words weigh more), the words found what was
 * asked: every hit they found keeps its place, and words of the same meaning only fill the page
 * after them. Below it (a paraphrase: the words are nowhere, or only the commonest are) the
 * fusion ranks the page, the words' own ranking one of its lists. On QMSum's train split 5 of
 * 1,095 questions fall below it (11 below 0.3); on the paraphrase sets most do
 * (bench/RESULTS.md).
 */
const LITERAL_ENOUGH = 0.25;

/** Modes meaning and both: the page of a meaning ranking, or of the literal one, marked. */
function searchByMeaning(
  sources: SourceSet,
  selected: readonly ServedSource[],
  search: PassageSearch,
  mode: "meaning" | "both",
  { limit, offset, shown, key }: { limit: number; offset: number; shown: string; key: string },
): SearchAnswer {
  const filtered = search.since !== undefined || search.until !== undefined ||
    search.speaker !== undefined;
  const literal = mode === "both" || filtered
    ? literalRanking(sources, selected, search, offset + limit + 1)
    : undefined;
  // The literal hits whose best passage holds enough of what was asked keep their places.
  // Where the words found what was asked, every hit they found keeps its place and meaning
  // only fills the page after them; where they found little, meaning ranks the page.
  const coverage = literal?.hits[0]?.found?.coverage ?? 0;
  const wordsFound = coverage >= LITERAL_ENOUGH;
  const strong = wordsFound ? literal!.hits : [];
  const enough = literal !== undefined && (filtered || strong.length >= offset + limit + 1);
  const ranked = enough
    ? { literalOnly: WORDS_FOUND_ENOUGH, words: everydayQuery(search.query, []).words }
    : rankByMeaning(sources, selected, search.query, mode, offset + limit + 1, {
      hits: literal?.hits ?? [],
      // Below the bar, the words' ranking counts as much as its best hit holds of the query.
      weight: coverage / LITERAL_ENOUGH,
    });
  if ("literalOnly" in ranked) {
    const page = literalPage(sources, selected, search, key, limit, offset, shown, literal);
    const find = termFinder(ranked.words);
    const results = page.results.map((result) => ({
      ...result,
      matchedTerms: find(`${result.title}\n${result.snippet}`),
    }));
    return { ...page, results, literalOnly: ranked.literalOnly };
  }
  // A hit the literal ranking found shows its passages.
  const found = new Map(
    literal?.hits.map((hit) => [shownMark(hit.source.name, hit.key), hit.found]),
  );
  // The best of what earlier pages did not show: the ranking to this page's end holds them
  // all, so it has this page's hits past them.
  const seen = shownSet(shown);
  const first = new Set(strong.map((hit) => shownMark(hit.source.name, hit.key)));
  const fresh = [
    ...strong,
    ...ranked.hits.filter((hit) => !first.has(shownMark(hit.source.name, hit.key))),
  ].filter((hit) => !seen.has(shownMark(hit.source.name, hit.key)))
    .map((hit) => ({ ...hit, found: found.get(shownMark(hit.source.name, hit.key)) }));
  const asked = termFinder(everydayQuery(search.query, []).words);
  const page = renderSearchPage(sources, key, fresh.slice(0, limit + 1), {
    ...ranked,
    // How the query's own words ran, as mode words says it.
    queryMode: literal?.queryMode ?? "words",
    partial: ranked.partial || literal?.partial === true,
    unavailable: literal?.unavailable ?? ranked.unavailable,
    limit,
    offset,
    shown,
  });
  const results = page.results.map((result) => ({
    ...result,
    matchedTerms: ranked.matchedTerms.get(hitId(result.sourceName, result.id)) ??
      asked(`${result.title}\n${result.snippet}`),
  }));
  return { ...page, results, expandedTerms: ranked.expandedTerms };
}
