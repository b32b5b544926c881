/**
 * Turning everyday wording into an FTS5 query that cannot fail to parse.
 *
 * @module
 */

// The characters unicode61 keeps inside a token: letters, marks and numbers.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Rewrites `query` as plain words, for when it is not valid FTS5 syntax. Every word must
 * match; words joined by punctuation inside one chunk (`zoom.us`, `POL-358`, `what's`)
 * become a phrase, so they match the way they were written. Returns `null` when the query
 * holds no word at all.
 *
 * @example
 * ```ts
 * import { plainWordsQuery } from "./fts_query.ts";
 * plainWordsQuery("what's the plan?"); // '"what s" "the" "plan"'
 * plainWordsQuery("POL-358"); // '"POL 358"'
 * ```
 */
export function plainWordsQuery(query: string): string | null {
  const terms: string[] = [];
  for (const chunk of query.split(/\s+/u)) {
    const words = chunk.match(WORD);
    if (words !== null) terms.push(`"${words.join(" ")}"`);
  }
  return terms.length > 0 ? terms.join(" ") : null;
}
