/**
 * One source's search by passages: the source's own index (or scan) finds the candidates,
 * any of the query's topic words matching, and lib/search ranks them by their best
 * passages. So a plain-words query requires no word, question words carry no weight, and
 * the speaker a question names is who spoke, not words to find.
 *
 * @module
 */
import type { ItemText, SourceReader } from "../sources/source_reader.ts";
import { everydayQuery, isFts5Syntax } from "../search/everyday_query.ts";
import { foldedWords, type PassageUnit, passageUnits } from "../search/passage_units.ts";
import { rankPassages, type ScoredPassage } from "../search/passage_rank.ts";
import { stemmed, stemWords } from "../search/word_stems.ts";
import { foldCase } from "../text/fold_case.ts";

/**
 * How many of a source's best matches by its own index are ranked by passages: on QMSum's
 * train split, 50 of 162 meetings hold the right one for 92% of questions, and ranking
 * more changes no figure by more than 0.005 (bench/RESULTS.md).
 */
const PASSAGE_CANDIDATES = 50;
/** With a filter, more candidates, since the filter may leave out most. */
const FILTERED_CANDIDATES = 200;

/** What a search by passages asks for. */
export interface PassageSearch {
  /** The query as the client wrote it. */
  query: string;
  /** Only items created at or after this normalised RFC 3339 time. */
  since?: string | undefined;
  /** Only items created before this normalised RFC 3339 time. */
  until?: string | undefined;
  /** Only passages this speaker spoke (case-insensitive). */
  speaker?: string | undefined;
}

/** What a passage ranking found in one item, for showing it. */
export interface PassageFinding {
  /** The item: its head and text. */
  item: ItemText;
  /** Its units, by which passages' lines are read. */
  units: readonly PassageUnit[];
  /** Its best passages, best first. */
  passages: ScoredPassage[];
  /** The stems that matched, to mark. */
  terms: ReadonlySet<string>;
  /** How much of the query's weight its best passage holds, from 0 to 1. */
  coverage: number;
}

/** A source's ranking by passages. */
export interface PassageRanking {
  /** Its hits, best first, each with what was found in it. */
  hits: { key: string; score: number; found: PassageFinding }[];
  /** "fts5" when the query ran as FTS5 syntax, else "words". */
  mode: "fts5" | "words";
  /** The FTS5 query of the candidates, which marks a title's matches. */
  match: string;
  /** Whether the source's own search stopped before it saw every item. */
  partial: boolean;
}

/**
 * The stems of `words`, as the store's index makes them, each once, in order.
 *
 * @example
 * ```ts
 * import { stemsOf } from "./search_passages.ts";
 * stemsOf(["Planning", "plans"]); // ["plan"]
 * ```
 */
export function stemsOf(words: readonly string[]): string[] {
  const folded = foldedWords(words.join(" "));
  stemWords(folded);
  return [...new Set(folded.map((word) => stemmed(word) ?? word).filter((stem) => stem !== ""))];
}

/** The words of an FTS5 query, less its operators and column names. */
function fts5Words(query: string): string[] {
  return query.replace(/\b[A-Za-z_]+:/g, " ").split(/[\s"*()^+]+/u)
    .filter((word) => word !== "" && !/^(?:AND|OR|NOT|NEAR)$/.test(word));
}

/** The texts of `keys`: by the reader's own read, or through renderHits and getTranscript. */
function itemTextsOf(reader: SourceReader, keys: readonly string[], match: string): ItemText[] {
  if (reader.itemTexts !== undefined) return reader.itemTexts(keys);
  return reader.renderHits(keys, match).map((detail) => {
    const { key, id, title, createdAt, source, speakers } = detail;
    const text = reader.getTranscript(id)?.text ?? detail.window;
    return { key, id, title, createdAt, source, speakers, text };
  });
}

/** Whether `item` passes the search's time and speaker filters. */
function passes(item: ItemText, search: PassageSearch): boolean {
  const at = Date.parse(item.createdAt);
  if (search.since !== undefined && !(at >= Date.parse(search.since))) return false;
  if (search.until !== undefined && !(at < Date.parse(search.until))) return false;
  if (search.speaker === undefined) return true;
  const wanted = foldCase(search.speaker);
  return (item.speakers ?? []).some((name) => foldCase(name) === wanted);
}

/**
 * The best `count` items of `reader` for `search`, ranked by passages. `sourceTag` names the
 * source in the thread's kept units.
 *
 * @example
 * ```ts
 * import { rankByPassages } from "./search_passages.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const reader = sources.reader(sources.all[0]!);
 * const ranking = rankByPassages(reader, "demo", { query: "what did we say about pricing?" }, 5);
 * ranking.hits.length > 0; // true
 * ```
 */
export function rankByPassages(
  reader: SourceReader,
  sourceTag: string,
  search: PassageSearch,
  count: number,
): PassageRanking {
  const fts5 = isFts5Syntax(search.query);
  const words = everydayQuery(search.query, []).words;
  const filtered = search.since !== undefined || search.until !== undefined ||
    search.speaker !== undefined;
  const wanted = Math.max(count, filtered ? FILTERED_CANDIDATES : PASSAGE_CANDIDATES);
  const candidates = fts5
    ? search.query
    : words.map((word) => `"${word}"`).join(" OR ");
  const ranking = reader.search(candidates, wanted);
  const texts = itemTextsOf(reader, ranking.hits.map((hit) => hit.key), ranking.match)
    .filter((item) => passes(item, search));
  const known = new Set(texts.flatMap((item) => item.speakers ?? []));
  const asked = everydayQuery(search.query, known);
  const terms = stemsOf(fts5 ? fts5Words(search.query) : asked.words);
  const units = passageUnits(texts.map((item) => ({
    cacheKey: `${sourceTag}\u0000${item.key}`,
    text: item.text,
    speakers: item.speakers ?? [],
  })));
  const ranks = rankPassages(
    texts.map((item, i) => ({ units: units[i]!, titleStems: stemsOf([item.title]) })),
    { terms, namedSpeakers: asked.speakers, onlySpeaker: search.speaker },
  );
  const termSet = new Set(terms);
  const hits = texts.map((item, i) => ({ item, i, rank: ranks[i]! }))
    // With a speaker named, an item is shown for that speaker's passages alone.
    .filter(({ rank }) => search.speaker === undefined || rank.passages.length > 0)
    .sort((a, b) => b.rank.score - a.rank.score || a.i - b.i)
    .slice(0, count)
    .map(({ item, i, rank }) => ({
      key: item.key,
      score: rank.score,
      found: {
        item,
        units: units[i]!,
        passages: rank.passages,
        terms: termSet,
        coverage: rank.coverage,
      },
    }));
  return {
    hits,
    mode: fts5 ? ranking.mode : "words",
    match: ranking.match,
    partial: ranking.partial,
  };
}
