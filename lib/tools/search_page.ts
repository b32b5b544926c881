/**
 * A page of search_transcripts' answer: each source's hits shown (by their passages, or by
 * the window their row's snippet comes from), marked, and cut to the response budget.
 *
 * @module
 */
import { encodeCursor } from "./cursor.ts";
import { shownMark, withShown } from "./shown_hits.ts";
import type { TranscriptHead } from "../sources/source_reader.ts";
import type { SourceSet } from "../sources/source_set.ts";
import { passageViews, type ShownPassage } from "./search_passage_view.ts";
import { capText, fitPage, jsonBytes, SEARCH_OVERHEAD_BYTES } from "./response_budget.ts";
import { SnippetMaker } from "../search/snippet.ts";
import { findMoments, type Moment, type MomentSought, snippetNeedles } from "./search_moment.ts";
import type { UnavailableSource } from "./source_listing.ts";
import { type SearchHeader, searchHeader } from "./transcript_header.ts";
import { FIELD_CAPS, SEARCH_RESULT_BYTES } from "../config/limits.ts";
import type { MergedHit } from "./fuse_rankings.ts";

const NAME = "search_transcripts";

/** Marks around matched terms in snippets. Rare in speech, so they read unambiguously. */
export const SNIPPET_MARKS = ["«", "»"] as const;

const snippets = new SnippetMaker(SNIPPET_MARKS);

/**
 * How many characters of a preview a result with passages shows: the passages say more of
 * what it holds, and every byte of an answer costs an assistant tokens.
 */
const PREVIEW_BESIDE_PASSAGES = 40;

/** One hit in the search tool's answer: the transcript's header, then what the search adds. */
export interface SearchResult extends SearchHeader {
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
    const views = passageViews(reader, byPassages.map((hit) => hit.found!), SNIPPET_MARKS);
    byPassages.forEach((hit, i) => rendered.set(hit, { detail: hit.found!.item, ...views[i]! }));
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
      ...searchHeader(shownHit.detail, hit.source.name),
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
  keepWithinWeight(results, SEARCH_RESULT_BYTES * context.limit);
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
 * Leaves out passages after each result's best, the third ones first and the lowest results
 * first, while the results weigh more than `maxBytes` of JSON: the best passage of every
 * result is worth more to an assistant than the third of any.
 */
function keepWithinWeight(results: SearchResult[], maxBytes: number): void {
  let bytes = jsonBytes(results);
  for (const kept of [2, 1]) {
    for (let i = results.length - 1; i >= 0 && bytes > maxBytes; i--) {
      const passages = results[i]!.passages;
      if (passages === undefined || passages.length <= kept) continue;
      // Each passage left out takes its JSON and the comma before it.
      bytes -= passages.slice(kept).reduce((sum, passage) => sum + jsonBytes(passage) + 1, 0);
      results[i] = { ...results[i]!, passages: passages.slice(0, kept) };
    }
  }
}
