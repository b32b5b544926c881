/**
 * search_transcripts: full-text search across sources, best first. Each source ranks by
 * its own means (BM25 over an FTS5 index, or a scan); rankings of several sources merge by
 * reciprocal-rank fusion, since their scores do not compare.
 *
 * @module
 */
import * as v from "valibot";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { shownMark, shownSet, withShown } from "./shown_hits.ts";
import type { HitDetail, TranscriptHead } from "../sources/source_reader.ts";
import type { ServedSource, SourceSet } from "../sources/source_set.ts";
import {
  clampLimit,
  cursorArgument,
  type LimitArgument,
  limitArgument,
  timestampArgument,
} from "./arguments.ts";
import { type PassageFinding, type PassageSearch, rankByPassages } from "./search_passages.ts";
import { passagesSchema, passageView, type ShownPassage } from "./search_passage_view.ts";
import { makePreview } from "../text/preview.ts";
import { everydayQuery } from "../search/everyday_query.ts";
import { capText, fitPage, SEARCH_OVERHEAD_BYTES } from "./response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS, ToolError } from "./tool.ts";
import { SnippetMaker } from "../search/snippet.ts";
import {
  findMoments,
  type Moment,
  momentSchema,
  type MomentSought,
  snippetNeedles,
} from "./search_moment.ts";
import {
  readEach,
  sourceNameArgument,
  unavailableSchema,
  type UnavailableSource,
} from "./source_listing.ts";
import {
  TRANSCRIPT_HEADER_ENTRIES,
  type TranscriptHeader,
  transcriptHeader,
} from "./transcript_header.ts";
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

const NAME = "search_transcripts";

/** Marks around matched terms in snippets. Rare in speech, so they read unambiguously. */
export const SNIPPET_MARKS = ["«", "»"] as const;

const snippets = new SnippetMaker(SNIPPET_MARKS);

/**
 * How many characters of a preview a result with passages shows: the passages say more of
 * what it holds, and every byte of an answer costs an assistant tokens.
 */
const PREVIEW_BESIDE_PASSAGES = 80;

const sinceArgument = timestampArgument(
  "Only transcripts created at or after this RFC 3339 date or time.",
);
const untilArgument = timestampArgument("Only transcripts created before this RFC 3339 date or time.");
const speakerArgument = v.optional(
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
  ...TRANSCRIPT_HEADER_ENTRIES,
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

/** One hit in the search tool's answer: the transcript's header, then what the search adds. */
export interface SearchResult extends TranscriptHeader {
  /** The start of its text. */
  preview: string;
  /** The best-matching passage; matches marked «so». */
  snippet: string;
  /** Relevance within its source; higher is more relevant. */
  rank: number;
  /** The segment of the best passage where its match is strongest, or null. */
  moment: Moment | null;
  /** Its best passages, at most 3, where it was ranked by passages. */
  passages?: ShownPassage[];
  /** Modes meaning and both: the query's words and neighbour words its passage holds. */
  matchedTerms?: string[];
}

/** The search tool's answer, as {@link searchOutputSchema} describes it. */
export interface SearchAnswer {
  /** The hits of this page, best first. */
  results: SearchResult[];
  /** The cursor of the next page, or null on the last. */
  nextCursor: string | null;
  /** "fts5" when the query ran as FTS5 syntax, "words" when run as plain words. */
  queryMode: "fts5" | "words";
  /** True when a scan could not see every item before its deadline. */
  partial?: true;
  /** Sources left out because they cannot be read now. */
  unavailable?: UnavailableSource[];
  /** Modes meaning and both: the words of the same meaning searched beside the query's. */
  expandedTerms?: string[];
  /** Modes meaning and both: why the search ran on the query's own words only. */
  literalOnly?: string;
}

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
    const search = { query: input.query, since: input.since, until: input.until, speaker: input.speaker };
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

/** How a page of hits was found, for {@link renderSearchPage}. */
export interface SearchPageContext {
  /** How the query ran. */
  queryMode: "fts5" | "words";
  /** Whether a scan stopped before it saw every item. */
  partial: boolean;
  /** Sources left out. */
  unavailable: UnavailableSource[];
  /** The page size. */
  limit: number;
  /** Where the page starts in the merged ranking. */
  offset: number;
  /** The hits earlier pages showed, in modes meaning and both; undefined in mode words. */
  shown?: string | undefined;
}

/**
 * The search tool's answer for the hits of one page (at most `limit + 1`, best first):
 * each source renders its own hits (rows, previews, windows), snippets are marked, and the
 * page is cut to the budget with the cursor of the next.
 *
 * @example
 * ```ts
 * import { fuseRankings, renderSearchPage } from "./search_transcripts.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const [source] = sources.select(undefined);
 * const ranking = sources.reader(source!).search("pricing", 4);
 * const hits = fuseRankings([{ source: source!, value: ranking }]);
 * const page = renderSearchPage(sources, "pricing", hits, {
 *   queryMode: ranking.mode, partial: false, unavailable: [], limit: 3, offset: 0,
 * });
 * page.results[0]?.snippet.includes("«pricing»"); // true
 * ```
 */
export function renderSearchPage(
  sources: SourceSet,
  query: string,
  hits: readonly MergedHit[],
  context: SearchPageContext,
): SearchAnswer {
  const onPage = hits.slice(0, context.limit);
  const rendered = new Map<
    MergedHit,
    {
      detail: TranscriptHead & { preview: string };
      snippet: string;
      moment: Moment | null;
      passages?: ShownPassage[];
    }
  >();
  for (const source of new Set(onPage.map((hit) => hit.source))) {
    const reader = sources.reader(source);
    const byPassages = onPage.filter((hit) =>
      hit.source === source && (hit.found?.passages.length ?? 0) > 0
    );
    for (const hit of byPassages) {
      const { item } = hit.found!;
      const view = passageView(reader, hit.found!, SNIPPET_MARKS);
      const preview = makePreview(item.text) ?? "";
      rendered.set(hit, { detail: { ...item, preview }, ...view });
    }
    const own = onPage.filter((hit) => hit.source === source && !byPassages.includes(hit));
    if (own.length === 0) continue;
    const match = own[0]!.match;
    const unread = own.filter((hit) => hit.detail === undefined).map((hit) => hit.key);
    const read = unread.length === 0 ? [] : sources.reader(source).renderHits(unread, match);
    const byKey = new Map(
      [...own.flatMap((hit) => hit.detail ?? []), ...read].map((detail) => [detail.key, detail]),
    );
    // A row deleted since the ranking is left out, as a live store may do.
    const kept = own.filter((hit) => byKey.has(hit.key));
    // One scratch-index pass marks a whole source's snippets.
    const marked = snippets.markWindows(
      kept.map((hit) => ({ title: byKey.get(hit.key)!.title, window: byKey.get(hit.key)!.window })),
      match,
    );
    const sought: (MomentSought | null)[] = kept.map((hit, i) => {
      const detail = byKey.get(hit.key)!;
      const needles = snippetNeedles(marked[i]!, detail.window, SNIPPET_MARKS);
      const near = detail.windowLine === undefined || needles === null
        ? undefined
        : detail.windowLine + needles.line;
      return needles === null ? null : { id: detail.id, needles, near };
    });
    // The moments of a source's hits are found together: one read for the page.
    const moments = findMoments(reader, sought.filter((one) => one !== null));
    kept.forEach((hit, i) => {
      const moment = sought[i] === null ? null : moments.shift()!;
      rendered.set(hit, { detail: byKey.get(hit.key)!, snippet: marked[i]!, moment });
    });
  }
  const results = onPage.flatMap((hit) => {
    const shownHit = rendered.get(hit);
    if (shownHit === undefined) return [];
    return [{
      ...transcriptHeader(shownHit.detail, hit.source.name),
      preview: capText(
        shownHit.detail.preview,
        shownHit.passages === undefined ? FIELD_CAPS.preview : PREVIEW_BESIDE_PASSAGES,
      ),
      snippet: capText(shownHit.snippet, FIELD_CAPS.snippet),
      rank: Number(hit.score.toPrecision(6)),
      moment: shownHit.moment,
      ...(shownHit.passages === undefined ? {} : { passages: shownHit.passages }),
    }];
  });
  const fitted = fitPage(
    hits,
    results,
    SEARCH_OVERHEAD_BYTES,
    (_, kept) => {
      const position = context.offset + kept;
      if (context.shown === undefined) return encodeCursor(NAME, [query, position]);
      const marks = onPage.filter((hit) => rendered.has(hit)).slice(0, kept)
        .map((hit) => shownMark(hit.source.name, hit.key));
      return encodeCursor(NAME, [query, position, withShown(context.shown, marks)]);
    },
  );
  return {
    results: fitted.items,
    nextCursor: fitted.nextCursor,
    queryMode: context.queryMode,
    ...(context.partial ? { partial: true as const } : {}),
    ...(context.unavailable.length > 0 ? { unavailable: context.unavailable } : {}),
  };
}

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
    results.map(({ source, value }) => [source, new Map(value.hits.map((hit) => [hit.key, hit.found]))]),
  );
  return {
    hits: fuseRankings(results).map((hit) => ({ ...hit, found: found.get(hit.source)?.get(hit.key) })),
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
 * Mode `both` ranks by the query's own words alone when its best hit's best passage holds at
 * least this share of the query's weight (its rarer words weigh more): neighbour words then
 * reorder no literal hit. On QMSum's train split this keeps `both` at least as good as
 * `words` on every figure (bench/RESULTS.md).
 */
const LITERAL_ENOUGH = 0.5;

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
  const enough = literal !== undefined &&
    (filtered || (literal.hits[0]?.found?.coverage ?? 0) >= LITERAL_ENOUGH);
  const ranked = enough
    ? { literalOnly: WORDS_FOUND_ENOUGH, words: everydayQuery(search.query, []).words }
    : rankByMeaning(sources, selected, search.query, mode, offset + limit + 1);
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
  const found = new Map(literal?.hits.map((hit) => [shownMark(hit.source.name, hit.key), hit.found]));
  // The best of what earlier pages did not show: the ranking to this page's end holds them
  // all, so it has this page's hits past them.
  const seen = shownSet(shown);
  const fresh = ranked.hits.filter((hit) => !seen.has(shownMark(hit.source.name, hit.key)))
    .map((hit) => ({ ...hit, found: found.get(shownMark(hit.source.name, hit.key)) }));
  const page = renderSearchPage(sources, key, fresh.slice(0, limit + 1), {
    ...ranked,
    limit,
    offset,
    shown,
  });
  const results = page.results.map((result) => ({
    ...result,
    matchedTerms: ranked.matchedTerms.get(hitId(result.sourceName, result.id)) ?? [],
  }));
  return { ...page, results, expandedTerms: ranked.expandedTerms };
}
