/**
 * A query read for its meaning: its content words, and the words of the same meaning each
 * brings from the word-vector table (its stored nearest neighbours above a threshold). The
 * sources search for these words with their own search, so nothing is precomputed per
 * source and every kind of source takes part.
 *
 * @module
 */
import { isStopWord, WORD } from "./fts_query.ts";
import { indexTerms } from "./query_work.ts";
import { everydayQuery } from "./everyday_query.ts";
import type { WordVectorTable } from "./word_vector_table.ts";
import {
  MEANING_COMMON_WORDS,
  MEANING_KNOWN_SHARE,
  MEANING_NEIGHBOURS,
  MEANING_THRESHOLD,
} from "../config/limits.ts";

// Words of asking, not of the topic asked about: "what did we say about costs?" is about
// costs. They are still searched as written; they are neither expanded nor counted.
const ASKING = new Set(
  ("say said says saying talk talked talking discuss discussed discussion mention mentioned " +
    "tell told think thought know knew anything something everything thing things get got " +
    "go went going decide decided ask asked remember").split(" "),
);

// FTS5 syntax: a query that uses it is run as written, never expanded.
const SYNTAX = /["*:()^+{}]|(?:^|\s)(?:AND|OR|NOT|NEAR)(?:\s|$)/u;

/** A word a query word brings. */
export interface Expansion {
  /** The neighbour. */
  word: string;
  /** The query word it is a neighbour of. */
  from: string;
  /** Their cosine similarity, 0–1. */
  similarity: number;
}

/** How a query is searched by meaning. */
export type MeaningPlan =
  | {
    /** The query is expanded. */
    expand: true;
    /** Its own content words, lower-cased, in order (asking words left out). */
    words: string[];
    /** Every word of it that plain-word search looks for (asking words too). */
    literal: string[];
    /** The words they bring, best first per word, taken in turn. */
    expansions: Expansion[];
    /**
     * The words whose meaning passages and transcripts are compared with: the table's words
     * of it, less a question's frame where any are left.
     */
    topic: string[];
  }
  | {
    /** The query is searched as written. */
    expand: false;
    /** Why, for the answer. */
    reason: string;
    /** Its own content words, lower-cased. */
    words: string[];
  };

/**
 * Reads `query` for a meaning search. It is searched as written when it uses FTS5 syntax,
 * has no content word, or fewer than {@link MEANING_KNOWN_SHARE} of its content words are
 * English words the table knows (another language, names, codes): expanding those would
 * return noise. Words with digits count neither way.
 *
 * @example
 * ```ts
 * import { planMeaning } from "./meaning_query.ts";
 * import { wordVectors } from "./word_vectors_file.ts";
 * const loaded = wordVectors();
 * if ("table" in loaded) planMeaning(loaded.table, "what did we say about costs?");
 * // { expand: true, words: ["costs"], expansions: [{ word: "expenses", … }, …], … }
 * ```
 */
export function planMeaning(table: WordVectorTable, query: string): MeaningPlan {
  const all = [...new Set((query.match(WORD) ?? []).map((word) => word.toLowerCase()))]
    .filter((word) => !isStopWord(word));
  const words = all.filter((word) => !ASKING.has(word));
  if (SYNTAX.test(query)) {
    return { expand: false, reason: "the query uses FTS5 syntax, so it ran as written", words };
  }
  const lettered = words.filter((word) => !/\p{N}/u.test(word));
  const topic = lettered.filter((word) => table.indexOf(word) !== -1);
  if (topic.length === 0 || topic.length < lettered.length * MEANING_KNOWN_SHARE) {
    return {
      expand: false,
      reason: lettered.length === 0
        ? "the query has no word to search by meaning"
        : "most of the query's words are not in the English word table (another language, " +
          "names or codes?), so it ran on its own words",
      words,
    };
  }
  // The question's frame ("how much", "should") is no part of what it is about.
  const framed = new Set(everydayQuery(query, []).words);
  const about = topic.filter((word) => framed.has(word));
  return {
    expand: true,
    words,
    literal: all,
    expansions: expansionsOf(table, words, topic),
    topic: about.length > 0 ? about : topic,
  };
}

/** The neighbours of each topic word above the threshold, one per index term, in turns. */
function expansionsOf(table: WordVectorTable, words: string[], topic: string[]): Expansion[] {
  const rare = (word: string) => table.indexOf(word) >= MEANING_COMMON_WORDS;
  const perWord = topic.filter(rare).map((from) =>
    table.neighboursOf(from)
      .filter((n) => n.similarity >= MEANING_THRESHOLD && /^[a-z]+$/.test(n.word) && rare(n.word))
      .map((n) => ({ word: n.word, from, similarity: n.similarity }))
  );
  const candidates = perWord.flat();
  const stems = indexTerms([...words, ...candidates.map((c) => c.word)]);
  const taken = new Set(stems.slice(0, words.length));
  const stemOf = new Map(candidates.map((c, i) => [c, stems[words.length + i]!]));
  const kept = perWord.map((list) => {
    const own: Expansion[] = [];
    for (const c of list) {
      const stem = stemOf.get(c)!;
      if (own.length === MEANING_NEIGHBOURS) break;
      if (stem === "" || taken.has(stem)) continue;
      taken.add(stem);
      own.push(c);
    }
    return own;
  });
  const expansions: Expansion[] = [];
  for (let turn = 0; turn < MEANING_NEIGHBOURS; turn++) {
    for (const list of kept) if (list[turn] !== undefined) expansions.push(list[turn]!);
  }
  return expansions;
}

/**
 * A search expression of `words`, each quoted, joined by OR: FTS5 ranks it by BM25, and a
 * scanning source reads it as the same plain words.
 *
 * @example
 * ```ts
 * import { anyOf } from "./meaning_query.ts";
 * anyOf(["costs", "expenses"]); // '"costs" OR "expenses"'
 * ```
 */
export function anyOf(words: readonly string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" OR ");
}
