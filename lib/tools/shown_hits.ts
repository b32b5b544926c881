/**
 * The hits a search's earlier pages showed, as its cursor carries them in modes `meaning`
 * and `both`. Those modes fuse rankings whose depth grows with the page asked for (the
 * query's own ranking to the page's end, the neighbours' best few, a re-ranking among all
 * of them), so an item's place can move from one page's ranking to the next: by place
 * alone a page repeated items and left others out. Each page is instead the best of what
 * the pages before it did not show: nothing twice, nothing skipped.
 *
 * A hit is marked by a 32-bit hash of its source and key, a few characters each: two
 * hits of one search sharing a mark (about one chance in 8 million at 1,000 shown) would
 * leave the second out.
 *
 * @module
 */

/**
 * The mark of the hit `key` of the source `sourceName`.
 *
 * @example
 * ```ts
 * import { shownMark } from "./shown_hits.ts";
 * shownMark("notes", "42") === shownMark("notes", "42"); // true
 * ```
 */
export function shownMark(sourceName: string, key: string): string {
  // FNV-1a over the UTF-16 code units: small, fast and spread enough for a page's dozens.
  let hash = 0x811c9dc5;
  const text = `${sourceName}\u0000${key}`;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The marks of a cursor's shown hits, as written by {@link withShown}.
 *
 * @example
 * ```ts
 * import { shownSet, withShown } from "./shown_hits.ts";
 * shownSet(withShown("", ["a1", "b2"])).has("b2"); // true
 * ```
 */
export function shownSet(shown: string): Set<string> {
  return new Set(shown === "" ? [] : shown.split("."));
}

/**
 * The shown hits `shown` with `marks` added, as a cursor carries them.
 *
 * @example
 * ```ts
 * import { withShown } from "./shown_hits.ts";
 * withShown("a1", ["b2"]); // "a1.b2"
 * ```
 */
export function withShown(shown: string, marks: readonly string[]): string {
  return [...(shown === "" ? [] : [shown]), ...marks].join(".");
}
