/**
 * Search by meaning (search_transcripts' modes `meaning` and `both`), offline: the query's
 * content words bring their neighbours from the word-vector table (lib/search/), each source
 * searches for them with its own search (FTS or scan), and the rankings merge by weighted
 * reciprocal-rank fusion with the ranking of the passages by their cosine to the query and,
 * where the words found little, the transcripts whose topic vector stands out
 * (lib/search/meaning_index.ts, read by the searches themselves and kept per thread).
 *
 * The fusion: a hit at rank r (from 1) of a ranking of weight w scores w / (RRF_K + r),
 * summed over the rankings it is in. The rankings, per source: the literal one (the query as
 * `words` runs it; `both` only), weight 1; the expanded one (the query's words and their
 * neighbours, OR-ed), weight {@link MEANING_EXPANSION_WEIGHT}; and across sources, the best
 * {@link MEANING_POOL} of each ranking re-ranked by the cosine between the query's and the
 * matching passage's SIF vectors, weight {@link MEANING_RERANK_WEIGHT}; and across sources, the
 * best {@link MEANING_POOL} transcripts by topic, weight {@link MEANING_TOPIC_WEIGHT}. A passage
 * about costs thus outranks one that merely repeats a neighbour word, and a transcript that
 * shares no word with the question can still be found.
 *
 * @module
 */
import * as v from "valibot";
import type { HitDetail, SearchRanking, SourceReader } from "../sources/source_reader.ts";
import type { ServedSource, SourceSet } from "../sources/source_set.ts";
import type { UnavailableSource } from "./source_listing.ts";
import { readEach } from "./source_listing.ts";
import type { MergedHit } from "./search_transcripts.ts";
import { anyOf, planMeaning } from "../search/meaning_query.ts";
import { passageVector, vectorCosine } from "../search/passage_vector.ts";
import { meaningIndexOf, type TopicHit } from "../search/meaning_index.ts";
import { QueryTooBroadError } from "../search/query_work.ts";
import { termShares } from "../search/term_shares.ts";
import type { WordVectorTable } from "../search/word_vector_table.ts";
import { wordVectors } from "../search/word_vectors_file.ts";
import { WordFinder, type WordRun } from "../text/word_finder.ts";
import { capText } from "./response_budget.ts";
import {
  FIELD_CAPS,
  MEANING_EXPANSION_WEIGHT,
  MEANING_INDEX_ITEMS,
  MEANING_MAX_SHARE,
  MEANING_POOL,
  MEANING_RERANK_WEIGHT,
  MEANING_SHARE_FLOOR,
  MEANING_TOPIC_FEW,
  MEANING_TOPIC_FEW_STANDING,
  MEANING_TOPIC_STANDING,
  MEANING_TOPIC_WEIGHT,
  RRF_K,
} from "../config/limits.ts";

/** How search_transcripts finds transcripts. */
export type SearchMode = "words" | "meaning" | "both";

/**
 * The mode a search runs in when the call names none; bench/meaning_eval.ts decided it
 * (docs/tools.md, "Search by meaning").
 */
export const DEFAULT_SEARCH_MODE: SearchMode = "both";

/** The search tool's `mode` argument. */
export const modeArgument: v.OptionalSchema<
  v.SchemaWithPipe<
    readonly [
      v.PicklistSchema<["words", "meaning", "both"], undefined>,
      v.DescriptionAction<SearchMode, string>,
    ]
  >,
  SearchMode
> = v.optional(
  v.pipe(
    v.picklist(["words", "meaning", "both"]),
    v.description(
      '"words": the query\'s own words (FTS5 syntax works). "meaning": its words and words ' +
        "of the same meaning (English), re-ranked by how close each passage is to the query. " +
        '"both": the two rankings fused. Default "' + DEFAULT_SEARCH_MODE + '".',
    ),
  ),
  DEFAULT_SEARCH_MODE,
);

/** A list of words, described. */
export type WordsSchema = v.OptionalSchema<
  v.SchemaWithPipe<
    readonly [
      v.ArraySchema<v.StringSchema<undefined>, undefined>,
      v.DescriptionAction<string[], string>,
    ]
  >,
  undefined
>;

/** A result's `matchedTerms`. */
export const matchedTermsSchema: WordsSchema = v.optional(v.pipe(
  v.array(v.string()),
  v.description(
    "Modes meaning and both: the words its passage or title holds, the query's own first, " +
      "then words of the same meaning (listed in expandedTerms).",
  ),
));

/** What a meaning search adds to the answer. */
export const MEANING_ANSWER_ENTRIES: {
  expandedTerms: WordsSchema;
  literalOnly: v.OptionalSchema<
    v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.DescriptionAction<string, string>]>,
    undefined
  >;
} = {
  expandedTerms: v.optional(v.pipe(
    v.array(v.string()),
    v.description(
      "Modes meaning and both: the words of the same meaning searched beside the query's own.",
    ),
  )),
  literalOnly: v.optional(v.pipe(
    v.string(),
    v.description(
      "Modes meaning and both: present when the search ran on the query's own words only, " +
        "saying why (FTS5 syntax; words the English table does not know, such as another " +
        "language's).",
    ),
  )),
};

/** A meaning search's ranking, before its page is rendered. */
export interface MeaningRanking {
  /** Every candidate, best first. */
  hits: MergedHit[];
  /** The words each hit's passage or title holds, by {@link hitId}: the query's first. */
  matchedTerms: Map<string, string[]>;
  /** The neighbour words searched beside the query's own. */
  expandedTerms: string[];
  /** Whether a scan stopped before it saw every item. */
  partial: boolean;
  /** Sources left out. */
  unavailable: UnavailableSource[];
}

/** Why a meaning search ran on the query's own words only. */
export interface LiteralOnly {
  /** Said in the answer's `literalOnly`. */
  literalOnly: string;
  /** The query's content words, for matchedTerms. */
  words: string[];
}

/**
 * A hit's key in {@link MeaningRanking.matchedTerms}: its source and public id.
 *
 * @example
 * ```ts
 * import { hitId } from "./search_meaning.ts";
 * hitId("demo", "t-1"); // "demo\u0000t-1"
 * ```
 */
export function hitId(sourceName: string, id: string): string {
  return `${sourceName}\u0000${id}`;
}

interface Candidate {
  hit: MergedHit;
  fused: number;
  order: number;
  detail?: HitDetail;
}

/**
 * Ranks `query` by meaning over `selected`, or says why it must run on its own words (the
 * table cannot be read; FTS5 syntax; mostly words the English table does not know).
 *
 * @example
 * ```ts
 * import { rankByMeaning } from "./search_meaning.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const ranked = rankByMeaning(sources, sources.select(undefined), "spending", "meaning", 21);
 * "hits" in ranked && ranked.expandedTerms.includes("budget"); // true
 * ```
 */
export function rankByMeaning(
  sources: SourceSet,
  selected: readonly ServedSource[],
  query: string,
  mode: "meaning" | "both",
  count: number,
  literal: { hits: readonly MergedHit[]; weight: number } = { hits: [], weight: 0 },
): MeaningRanking | LiteralOnly {
  const loaded = wordVectors();
  if (!("table" in loaded)) return { literalOnly: loaded.failure, words: [] };
  const table = loaded.table;
  const plan = planMeaning(table, query);
  if (!plan.expand) return { literalOnly: plan.reason, words: plan.words };
  // Mode meaning has only the expanded ranking: it makes the whole page.
  const pool = mode === "meaning" ? count : MEANING_POOL;
  const topic = passageVector(table, plan.topic.join(" "));
  // Where the words found what was asked (a weight of 1 or more: see LITERAL_ENOUGH), their
  // hits keep their places and neighbours fill the page after them; a transcript that holds
  // neither has nothing to do with the words, so the topic list waits for a question they
  // could not answer.
  const byTopic = literal.weight < 1;
  const { results, unavailable } = readEach(sources, selected, (reader, source) => ({
    expanded: searchExpanded(reader, mode === "both" ? [] : plan.words, {
      words: rareIn(sources, source, plan.expansions.map((expansion) => expansion.word)),
      pool,
    }),
    nearest: topic === null || !byTopic ? [] : nearestByTopic(reader, table, topic, pool),
  }));
  const expandedTerms = [...new Set(results.flatMap(({ value }) => value.expanded.words))];
  // Mode both ranks the query as written too: its asking words mark and match as well.
  const terms = [...(mode === "both" ? plan.literal : plan.words), ...expandedTerms];
  const candidates = new Map<string, Candidate>();
  let order = 0;
  const add = (source: ServedSource, keys: readonly string[], match: string, weight: number) =>
    keys.forEach((key, rank) => {
      const id = hitId(source.name, key);
      const known = candidates.get(id) ??
        { hit: { source, key, score: 0, match }, fused: 0, order: order++ };
      known.fused += weight / (RRF_K + rank + 1);
      candidates.set(id, known);
    });
  // The words' own ranking (by passages, merged across sources) is one list, weighed as told.
  literal.hits.forEach((hit, rank) => {
    const id = hitId(hit.source.name, hit.key);
    const known = candidates.get(id) ?? { hit: { ...hit }, fused: 0, order: order++ };
    known.fused += literal.weight / (RRF_K + rank + 1);
    candidates.set(id, known);
  });
  const matches = new Map<ServedSource, string>();
  for (const { source, value } of results) {
    // Snippets mark what each source's rankings matched: the words' own match (its phrases
    // kept whole), then the neighbours.
    const own = literal.hits.find((hit) => hit.source === source)?.match ?? "";
    const neighbours = value.expanded.words;
    const match = mode === "meaning" || own === ""
      ? anyOf([...plan.words, ...neighbours])
      : neighbours.length === 0
      ? own
      : `(${own}) OR ${anyOf(neighbours)}`;
    matches.set(source, match);
    for (const candidate of candidates.values()) {
      if (candidate.hit.source === source) candidate.hit.match = match;
    }
    if (value.expanded.ranking !== null) {
      const keys = value.expanded.ranking.hits.map((ranked) => ranked.key);
      add(source, keys, match, MEANING_EXPANSION_WEIGHT);
    }
  }
  // The transcripts nearest the query's topic, across sources: the one list that needs no
  // shared word.
  const nearest = results.flatMap(({ source, value }) =>
    value.nearest.map((hit) => ({ source, ...hit }))
  ).sort((a, b) => b.cosine - a.cosine).slice(0, pool);
  for (const source of new Set(nearest.map((hit) => hit.source))) {
    const keys = nearest.filter((hit) => hit.source === source).map((hit) => hit.key);
    add(source, keys, matches.get(source) ?? anyOf(plan.words), MEANING_TOPIC_WEIGHT);
  }
  const matchedTerms = rerank(sources, table, topic, terms, [...candidates.values()]);
  const hits = [...candidates.values()]
    .sort((a, b) => b.fused - a.fused || a.order - b.order)
    .map((candidate) => ({ ...candidate.hit, score: candidate.fused * 1000 }));
  return {
    hits,
    matchedTerms,
    expandedTerms,
    partial: results.some(({ value }) => value.expanded.ranking?.partial),
    unavailable,
  };
}

/**
 * The expanded ranking: `own` words (the query's, in mode meaning) and the neighbours,
 * OR-ed; null when there is nothing to search. A source that finds the expression too broad
 * to stop on time (lib/search/query_work.ts) is asked again with half the neighbours, the
 * best kept, down to none.
 */
function searchExpanded(
  reader: SourceReader,
  own: readonly string[],
  neighbours: { words: string[]; pool: number },
): { ranking: SearchRanking | null; words: string[] } {
  let words = neighbours.words;
  for (;;) {
    if (own.length + words.length === 0) return { ranking: null, words };
    try {
      return { ranking: reader.search(anyOf([...own, ...words]), neighbours.pool), words };
    } catch (error) {
      if (!(error instanceof QueryTooBroadError) || words.length === 0) throw error;
      words = words.slice(0, Math.floor(words.length / 2));
    }
  }
}

/**
 * The `count` items of `reader` nearest `topic` that stand out from the rest (see
 * {@link MEANING_TOPIC_STANDING}), from its topic index in this thread, which first reads up to
 * {@link MEANING_INDEX_ITEMS} more of its items; none until the index holds every item.
 */
function nearestByTopic(
  reader: SourceReader,
  table: WordVectorTable,
  topic: Float32Array,
  count: number,
): TopicHit[] {
  const index = meaningIndexOf(reader, table);
  index.extend(reader, MEANING_INDEX_ITEMS);
  if (!index.complete) return [];
  // Among a few items one nearly as close as the best pulls the spread up.
  const least = index.size < MEANING_TOPIC_FEW
    ? MEANING_TOPIC_FEW_STANDING
    : MEANING_TOPIC_STANDING;
  return index.nearest(topic, count).filter((hit) => hit.standing >= least);
}

/**
 * The neighbour words worth searching in `source`: where its index counts words (our own
 * store), those held by at most {@link MEANING_MAX_SHARE} of its transcripts (or by at most
 * {@link MEANING_SHARE_FLOOR}: in a small store a share says little and costs nothing).
 */
function rareIn(sources: SourceSet, source: ServedSource, words: string[]): string[] {
  const store = source.kind === "transcript-mcp" ? sources.store(source) : null;
  if (store === null) return words;
  const { total, documents } = termShares(store, words);
  const most = Math.max(MEANING_MAX_SHARE * total, MEANING_SHARE_FLOOR);
  return words.filter((_, i) => documents[i]! <= most);
}

/**
 * Adds the passage ranking to the candidates' fused scores: each source renders its
 * candidates' passages (the window around the first matching word, and the title), and all
 * are ranked by cosine to the query's topic words. Returns the words each passage holds.
 */
function rerank(
  sources: SourceSet,
  table: WordVectorTable,
  topic: Float32Array | null,
  terms: readonly string[],
  candidates: Candidate[],
): Map<string, string[]> {
  const matched = new Map<string, string[]>();
  const find = termFinder(terms);
  const scored: { candidate: Candidate; cosine: number }[] = [];
  for (const source of new Set(candidates.map((c) => c.hit.source))) {
    const own = candidates.filter((c) => c.hit.source === source);
    const details = new Map(
      sources.reader(source).renderHits(own.map((c) => c.hit.key), own[0]!.hit.match)
        .map((detail) => [detail.key, detail]),
    );
    for (const candidate of own) {
      const detail = details.get(candidate.hit.key);
      if (detail === undefined) continue;
      candidate.hit.detail = detail; // So the page does not read it again.
      // The title as the answer shows it: a title of megabytes is not read whole per search.
      const passage = `${capText(detail.title, FIELD_CAPS.title)}\n${detail.window}`;
      matched.set(hitId(source.name, detail.id), find(passage));
      const vector = passageVector(table, passage);
      const cosine = topic === null || vector === null ? 0 : vectorCosine(topic, vector);
      scored.push({ candidate, cosine });
    }
  }
  scored.sort((a, b) => b.cosine - a.cosine || a.candidate.order - b.candidate.order)
    .forEach(({ candidate }, rank) => {
      candidate.fused += MEANING_RERANK_WEIGHT / (RRF_K + rank + 1);
    });
  return matched;
}

/**
 * A finder of which of `terms` a text holds. A term counts where a word of the text starts
 * with its stem (the term less a common ending, when four letters or more are left), or is
 * the term with an ending, so "costs" matches "cost" and "costing", and "pricing" matches
 * "prices", about as the index's Porter stemming would.
 *
 * @example
 * ```ts
 * import { termFinder } from "./search_meaning.ts";
 * termFinder(["costs", "budget", "pricing", "pay"])("The costing was high; prices later.");
 * // ["costs", "pricing"]
 * ```
 */
export function termFinder(terms: readonly string[]): (text: string) => string[] {
  const finders = terms.map((term) => {
    const stem = term.replace(/(?:ing|ed|es|s|e|y)$/u, "");
    const run: WordRun = stem.length >= 4
      ? { words: [stem], end: "open" }
      : { words: [term], end: "endings" };
    return new WordFinder([run], "letters-marks-numbers");
  });
  return (text) => {
    const lower = text.toLowerCase();
    return terms.filter((_, i) => finders[i]!.test(lower));
  };
}
