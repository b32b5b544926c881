/**
 * Turning everyday wording into FTS5 queries that cannot fail to parse.
 *
 * @module
 */

/**
 * A word as unicode61 cuts one: a run of letters, marks and numbers. Global: for `match`,
 * `matchAll` and `replace`, which do not keep its `lastIndex`.
 *
 * @example
 * ```ts
 * import { WORD } from "./fts_query.ts";
 * "zoom.us, POL-358".match(WORD); // ["zoom", "us", "POL", "358"]
 * ```
 */
export const WORD: RegExp = /[\p{L}\p{M}\p{N}]+/gu;

// English function words that carry no topic. A question such as "what did we decide
// about pricing?" is about "decide pricing"; requiring "what" and "did" too would only
// lose matches. Kept short on purpose: only words that never name a topic.
const STOPWORDS = new Set(
  ("a about after all am an and any are as at be been but by can could did do does for " +
    "from had has have he her him his how i if in into is it its me my of on or our she so " +
    "than that the their them then there these they this those to us was we were what when " +
    "where which who whom why will with would you your s t d ll re ve m").split(" "),
);

/**
 * Whether `word` (any case) is one of the English function words plain-word search drops.
 *
 * @example
 * ```ts
 * import { isStopWord } from "./fts_query.ts";
 * isStopWord("What"); // true
 * isStopWord("pricing"); // false
 * ```
 */
export function isStopWord(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/** The two plain-word readings of a query: every term required, or any term. */
export interface PlainWordsQueries {
  /** Every term must match; tried first. */
  allTerms: string;
  /** Any term may match, ranked by BM25; used when no transcript has every term. */
  anyTerm: string;
}

/**
 * Rewrites `query` as plain words, for when it is not valid FTS5 syntax. Words joined by
 * punctuation inside one chunk (`zoom.us`, `POL-358`) become a phrase, so they match the
 * way they were written. Function words ("what", "the") are dropped unless nothing else
 * is left. Returns `null` when the query holds no word at all.
 *
 * @example
 * ```ts
 * import { plainWordsQueries } from "./fts_query.ts";
 * plainWordsQueries("what did we decide about pricing?");
 * // { allTerms: '"decide" "pricing"', anyTerm: '"decide" OR "pricing"' }
 * plainWordsQueries("POL-358")?.allTerms; // '"POL 358"'
 * ```
 */
export function plainWordsQueries(query: string): PlainWordsQueries | null {
  const terms: string[][] = [];
  for (const chunk of query.split(/\s+/u)) {
    const words = chunk.match(WORD);
    if (words !== null) terms.push(words);
  }
  if (terms.length === 0) return null;
  const topical = terms.filter((words) => !words.every((w) => STOPWORDS.has(w.toLowerCase())));
  const kept = (topical.length > 0 ? topical : terms).map((words) => `"${words.join(" ")}"`);
  const unique = [...new Set(kept)];
  return { allTerms: unique.join(" "), anyTerm: unique.join(" OR ") };
}
