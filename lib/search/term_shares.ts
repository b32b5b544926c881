/**
 * How common a neighbour word is in a store, for search by meaning (lib/tools/
 * search_meaning.ts), which leaves out the neighbours most transcripts hold: they tell
 * nothing apart, and cost the most.
 *
 * @module
 */
import { KEEP_GOING_SQL, type Store } from "../store/store.ts";
import { indexTerms, termStats } from "./query_work.ts";

/** How long the number of transcripts is reused, as the terms' counts are. */
const TOTAL_TTL_MS = 60_000;

/** How many transcripts a store holds, read at most once a minute. */
const totalCache = new WeakMap<Store, { count: number; readAt: number }>();

/** The number of transcripts, for {@link termShares}. */
export const TRANSCRIPT_COUNT_SQL = `SELECT count(*) AS n FROM transcripts WHERE ${KEEP_GOING_SQL}`;

/**
 * How many of a store's transcripts hold each of `words` (as the index stems them), and how
 * many it holds, from the index's own counts, each reused for a minute. Search by meaning
 * leaves out the neighbour words most transcripts hold: they tell nothing apart, and cost
 * the most.
 *
 * @example
 * ```ts
 * import { openDemoStore } from "../demo/demo_store.ts";
 * import { termShares } from "./term_shares.ts";
 * termShares(openDemoStore(), ["pricing"]); // { total: 9, documents: [5] }
 * ```
 */
export function termShares(
  store: Store,
  words: readonly string[],
): { total: number; documents: number[] } {
  const now = Date.now();
  let total = totalCache.get(store);
  if (total === undefined || now - total.readAt >= TOTAL_TTL_MS) {
    total = { count: Number(store.get(TRANSCRIPT_COUNT_SQL)?.["n"] ?? 0), readAt: now };
    totalCache.set(store, total);
  }
  const documents = indexTerms(words).map((token) =>
    token === "" ? 0 : termStats(store, token).docs
  );
  return { total: total.count, documents };
}
