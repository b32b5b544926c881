/**
 * Answers kept by what was asked, for work whose answer never changes (the query tokenizer's
 * parse and tokens of a text), bounded so that a stream of new questions cannot grow them.
 *
 * @module
 */

/** How many answers one map keeps unless told; past it they start afresh. */
const KEPT_ANSWERS = 1_024;

/**
 * What `make` answers for `key`: kept in `kept` from its first asking, `most` answers at most.
 *
 * @example
 * ```ts
 * import { keptAnswer } from "./kept_answers.ts";
 * const kept = new Map<string, number>();
 * keptAnswer(kept, "plan", () => 4); // 4, made
 * keptAnswer(kept, "plan", () => 5); // 4, kept
 * ```
 */
export function keptAnswer<T>(
  kept: Map<string, T>,
  key: string,
  make: () => T,
  most: number = KEPT_ANSWERS,
): T {
  let answer = kept.get(key);
  if (answer === undefined) {
    if (kept.size >= most) kept.clear();
    kept.set(key, answer = make());
  }
  return answer;
}
