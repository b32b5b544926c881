/**
 * One source's search by passages: the source's own index (or scan) finds the candidates,
 * any of the query's topic words matching, and lib/search ranks them by their best
 * passages. So a plain-words query requires no word, question words carry no weight, and
 * the speaker a question names is who spoke, not words to find.
 *
 * @module
 */
import type { ItemText, SearchRanking, SourceReader } from "../sources/source_reader.ts";
import { everydayQuery, isFts5Syntax } from "../search/everyday_query.ts";
import {
  foldedWords,
  keptUnits,
  type PassageUnit,
  passageUnits,
  startAfreshWhenFull,
  unitSpeakers,
} from "../search/passage_units.ts";
import { makePreview } from "../text/preview.ts";
import { PREVIEW_SOURCE_CHARS } from "../config/limits.ts";
import { rankPassages, type ScoredPassage } from "../search/passage_rank.ts";
import { stemmed, stemWords } from "../search/word_stems.ts";
import { foldCase } from "../text/fold_case.ts";

/**
 * How many of a source's best matches by its own index are ranked by passages: on QMSum's
 * train split, the best 100 of 162 meetings hold the right one for 99% of questions, the best
 * 50 for 92% (bench/RESULTS.md).
 */
const PASSAGE_CANDIDATES = 100;
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

/** An item as a passage search keeps it: its head and the start of its text. */
export type KeptItem = Omit<ItemText, "text"> & { preview: string };

/** What a passage ranking found in one item, for showing it. */
export interface PassageFinding {
  /** The item: its head and preview. */
  item: KeptItem;
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

/** The words of an FTS5 query its text may hold: less operators, column names, title words. */
function fts5Words(query: string): string[] {
  return query.replace(/\btitle:(?:"[^"]*"|\S+)/g, " ").replace(/\b[A-Za-z_]+:/g, " ").split(
    /[\s"*()^+]+/u,
  )
    .filter((word) => word !== "" && !/^(?:AND|OR|NOT|NEAR)$/.test(word));
}

/**
 * The most text of one transcript that is read into passages: a day of speech (a 30,000-cue
 * file is 3.2 MB). A longer one ranks by its source's own score and its title, and shows as a
 * hit without passages does.
 */
const PASSAGE_TEXT_MAX_BYTES = 4 * 1024 * 1024;

/** The texts of `keys`: by the reader's own read, or through renderHits and getTranscript. */
function itemTextsOf(reader: SourceReader, keys: readonly string[], match: string): ItemText[] {
  if (reader.itemTexts !== undefined) return reader.itemTexts(keys, PASSAGE_TEXT_MAX_BYTES);
  return reader.renderHits(keys, match).map((detail) => {
    const { key, id, title, createdAt, source, speakers } = detail;
    const text = reader.getTranscript(id)?.text ?? detail.window;
    // A character is at least a byte: a text of fewer characters than a quarter is within.
    const tooLong = text.length * 4 > PASSAGE_TEXT_MAX_BYTES &&
      new TextEncoder().encode(text).length > PASSAGE_TEXT_MAX_BYTES;
    const cut = tooLong ? { text: "", tooLong: true as const } : { text };
    return { key, id, title, createdAt, source, speakers, ...cut };
  });
}

/** Items' heads kept by source and key, with the stamp they were read under. */
const keptItems = new Map<string, { stamp: string; item: KeptItem; titleStems: string[] }>();
/** A number for each reader a passage search has read, so no two share what is kept. */
const readerNumbers = new WeakMap<SourceReader, number>();
let readersSeen = 0;

/** How many heads are kept, at most; past it they start afresh. */
const KEPT_ITEMS = 20_000;

/** An item as it is kept: its head and its preview, without its text. */
function keptItem({ text, ...head }: ItemText): KeptItem {
  return {
    ...head,
    preview: makePreview(text.slice(0, PREVIEW_SOURCE_CHARS), text.length > PREVIEW_SOURCE_CHARS) ??
      "",
  };
}

/**
 * The items of `keys` with their units and titles' stems, in order (a key whose item has
 * gone is left out): those kept under the source's current stamp as they are, the rest read.
 */
function itemsOf(
  reader: SourceReader,
  sourceTag: string,
  keys: readonly string[],
  match: string,
): { item: KeptItem; units: readonly PassageUnit[]; titleStems: string[] }[] {
  startAfreshWhenFull();
  const stamp = reader.textStamp?.();
  // The reader object, not only the source's name: a source opened again (its file replaced)
  // gets a new reader, whose keys may name other items.
  let readerNumber = readerNumbers.get(reader);
  if (readerNumber === undefined) readerNumbers.set(reader, readerNumber = readersSeen++);
  const tagged = (key: string) => `${sourceTag}\u0000${readerNumber}\u0000${key}`;
  const known = new Map<
    string,
    { item: KeptItem; units: readonly PassageUnit[]; titleStems: string[] }
  >();
  if (stamp !== undefined) {
    for (const key of keys) {
      const head = keptItems.get(tagged(key));
      const units = head?.stamp === stamp ? keptUnits(tagged(key), stamp) : undefined;
      if (units !== undefined) {
        known.set(key, { item: head!.item, units, titleStems: head!.titleStems });
      }
    }
  }
  const read = itemTextsOf(reader, keys.filter((key) => !known.has(key)), match);
  const units = passageUnits(read.map((item) => ({
    cacheKey: tagged(item.key),
    text: item.text,
    speakers: item.speakers ?? [],
    stamp,
  })));
  if (keptItems.size + read.length > KEPT_ITEMS) keptItems.clear();
  read.forEach((text, i) => {
    const entry = { item: keptItem(text), units: units[i]!, titleStems: stemsOf([text.title]) };
    known.set(text.key, entry);
    if (stamp !== undefined) keptItems.set(tagged(text.key), { stamp, ...entry });
  });
  return keys.flatMap((key) => known.get(key) ?? []);
}

/** Whether `item` passes the search's time and speaker filters. */
function passes(item: KeptItem, search: PassageSearch): boolean {
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
  const candidates = candidateSearch(search, count);
  // A kind that cannot hand its texts over in one read is read item by item (renderHits and
  // getTranscript): only the page's candidates, not a pool of them, are ranked by passages.
  const wanted = reader.itemTexts === undefined ? count : candidates.count;
  const ranking = reader.search(candidates.query, wanted);
  return rankCandidates(reader, sourceTag, search, ranking, count);
}

/**
 * What a source's own search is asked for the candidates of `search`: the query (FTS5 syntax
 * as written; plain words as their phrases, any of them) and how many of its best.
 *
 * @example
 * ```ts
 * import { candidateSearch } from "./search_passages.ts";
 * candidateSearch({ query: "what did we say about zoom.us pricing?" }, 21);
 * // { query: '"zoom us" OR "pricing"', count: 50 }
 * ```
 */
export function candidateSearch(
  search: PassageSearch,
  count: number,
): { query: string; count: number } {
  const filtered = search.since !== undefined || search.until !== undefined ||
    search.speaker !== undefined;
  const wanted = Math.max(count, filtered ? FILTERED_CANDIDATES : PASSAGE_CANDIDATES);
  if (isFts5Syntax(search.query)) return { query: search.query, count: wanted };
  const { phrases } = everydayQuery(search.query, []);
  return { query: phrases.map((words) => `"${words.join(" ")}"`).join(" OR "), count: wanted };
}

/**
 * The best `count` of a source's candidates for `search` (its own search's `ranking` of
 * {@link candidateSearch}'s query), ranked by passages.
 *
 * @example
 * ```ts
 * import { candidateSearch, rankCandidates } from "./search_passages.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const reader = sources.reader(sources.all[0]!);
 * const asked = candidateSearch({ query: "pricing" }, 5);
 * const ranking = reader.search(asked.query, asked.count);
 * rankCandidates(reader, "demo", { query: "pricing" }, ranking, 5).hits.length > 0; // true
 * ```
 */
export function rankCandidates(
  reader: SourceReader,
  sourceTag: string,
  search: PassageSearch,
  ranking: SearchRanking,
  count: number,
): PassageRanking {
  const fts5 = isFts5Syntax(search.query);
  const items = itemsOf(reader, sourceTag, ranking.hits.map((hit) => hit.key), ranking.match)
    .filter(({ item }) => passes(item, search));
  const known = new Set(items.flatMap(({ units }) => unitSpeakers(units)));
  const asked = everydayQuery(search.query, known);
  const terms = stemsOf(fts5 ? fts5Words(search.query) : asked.words);
  // How much of each is about the query as a whole: its source's own score, as a share.
  const own = new Map(ranking.hits.map((hit) => [hit.key, hit.score]));
  const top = Math.max(0, ...ranking.hits.map((hit) => hit.score));
  const wholes = items.map(({ item }) => top > 0 ? Math.max(0, own.get(item.key) ?? 0) / top : 0);
  const ranks = rankPassages(items.map((one, i) => ({ ...one, whole: wholes[i] })), {
    terms,
    namedSpeakers: asked.speakers,
    onlySpeaker: search.speaker,
  });
  const termSet = new Set(terms);
  const hits = items.map(({ item, units }, i) => ({ item, units, i, rank: ranks[i]! }))
    // With a speaker named, an item is shown for that speaker's passages alone.
    .filter(({ rank }) => search.speaker === undefined || rank.matched)
    .sort((a, b) => b.rank.score - a.rank.score || a.i - b.i)
    .slice(0, count)
    .map(({ item, units, rank }) => ({
      key: item.key,
      score: rank.score,
      found: {
        item,
        units,
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
