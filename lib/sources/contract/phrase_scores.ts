/**
 * The ranking of an OR of quoted phrases, the query a search in everyday words asks the index
 * for (`"plan" OR "pol 358"`), made from each phrase's own scores, which a connection keeps
 * while the store is unchanged.
 *
 * Why it is exact. FTS5's bm25() of a row is a sum over the query's phrases, in their order,
 * of the phrase's IDF times its saturated frequency in the row; each phrase's IDF counts the
 * rows that hold that phrase, and the row's length and the average length are the index's.
 * None of it depends on the other phrases, so each phrase's term is what bm25() answers for
 * that phrase asked alone, a phrase the row lacks adds 0, and adding the terms in the
 * query's order gives the same double SQLite does. tests/unit/sources/phrase_scores_test.ts
 * checks it against RANK_SQL, hit for hit and bit for bit.
 *
 * Why keep them. Ranking a phrase most transcripts hold makes SQLite score every one of
 * them (reading its positions and its length), 15–20 ms for a word in 9 of 10 transcripts of
 * the 10k bench store, while a question's rare words alone would be 1 ms. An OR that
 * holds one common word needs, besides the rows of the rare ones, the best of the rows that
 * hold only the common word, so no bound spares scoring them; scores kept from an earlier
 * search that asked for the same word do. Assistants ask many questions that share words.
 *
 * @module
 */
import { KEEP_GOING_SQL, type Store } from "../../store/store.ts";
import { changeStamp } from "./contract_segments.ts";
import { BM25_WEIGHTS } from "./contract_search.ts";

/** One phrase's rows (in rowid order, as FTS5 gives them) and each one's term of bm25(). */
interface PhraseScores {
  keys: Float64Array;
  /** The phrase's term: bm25() of the phrase alone, negated, so higher is better. */
  scores: Float64Array;
  /** Its rows' indexes, best first (higher score, then lower key). */
  order: Int32Array;
}

/** What one connection keeps, and the stamp it was read under. */
interface Kept {
  stamp: string;
  phrases: Map<string, PhraseScores>;
  rows: number;
  /** Phrases asked for once under the stamp, whose scores are not read yet. */
  seen: Set<string>;
  /** Phrases whose scores cannot be kept (too many rows, or a key past 2^53). */
  unkept: Set<string>;
}

/** How many phrases asked for once a connection remembers; past it they start afresh. */
const SEEN_PHRASES = 4_096;

/** How many rows a connection keeps scores of, in all phrases: 20 bytes a row, so 8 MB. */
const KEPT_ROWS = 400_000;

/**
 * The most rows of one phrase kept: a phrase of more is ranked by SQLite each time, and is
 * read no further than this once, so a word of a million transcripts never fills the heap.
 */
const PHRASE_ROWS = 100_000;

const kept = new WeakMap<Store, Kept>();

/** Every row of one phrase with bm25() of the phrase alone; the deadline check on each. */
export const PHRASE_SCORES_SQL = `
  SELECT rowid AS pk, bm25(transcripts_fts, ${BM25_WEIGHTS.join(", ")}) AS score
    FROM transcripts_fts
   WHERE transcripts_fts MATCH ? AND ${KEEP_GOING_SQL}
   LIMIT ${PHRASE_ROWS + 1}`;

/** One phrase: quoted (no quote inside) or a bareword, either maybe a prefix. */
const PHRASE = /"[^"]*"\*?|[A-Za-z0-9_\u0080-\u{10FFFF}]+\*?/uy;
/** FTS5's operators, which are no barewords. */
const OPERATORS = new Set(["AND", "OR", "NOT", "NEAR"]);

/**
 * The phrases of `match` when it is only phrases (quoted or barewords, maybe prefixes)
 * joined by OR, each as its own FTS5 query; else null.
 *
 * @example
 * ```ts
 * import { orPhrases } from "./phrase_scores.ts";
 * orPhrases('"plan" OR "pol 358"'); // ['"plan"', '"pol 358"']
 * orPhrases("data*"); // ["data*"]
 * orPhrases("plan AND pricing"); // null
 * ```
 */
export function orPhrases(match: string): string[] | null {
  const phrases: string[] = [];
  let at = 0;
  for (;;) {
    PHRASE.lastIndex = at;
    const phrase = PHRASE.exec(match)?.[0];
    if (phrase === undefined || OPERATORS.has(phrase)) return null;
    phrases.push(phrase);
    at += phrase.length;
    if (at === match.length) return phrases;
    if (!match.startsWith(" OR ", at)) return null;
    at += 4;
  }
}

/** The scores of `phrase`, kept or read now; null when its rows are too many to keep. */
function scoresOf(store: Store, keep: Kept, phrase: string): PhraseScores | null {
  const known = keep.phrases.get(phrase);
  if (known !== undefined) {
    // Used again: to the back of the queue the oldest are let go from.
    keep.phrases.delete(phrase);
    keep.phrases.set(phrase, known);
    return known;
  }
  const rows = store.rows(PHRASE_SCORES_SQL, phrase);
  if (rows.length > PHRASE_ROWS) {
    keep.unkept.add(phrase);
    return null;
  }
  const keys = new Float64Array(rows.length);
  const scores = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const key = Number(rows[i]![0]);
    // A key past 2^53 would not survive as a number, and a key is looked up by binary
    // search in FTS5's order: where either fails, SQLite ranks the phrase itself.
    if (!Number.isSafeInteger(key) || (i > 0 && key <= keys[i - 1]!)) {
      keep.unkept.add(phrase);
      return null;
    }
    keys[i] = key;
    scores[i] = -Number(rows[i]![1]);
  }
  const order = Int32Array.from(
    Array.from(keys, (_, i) => i).sort((a, b) => scores[b]! - scores[a]! || keys[a]! - keys[b]!),
  );
  const scored = { keys, scores, order };
  keep.phrases.set(phrase, scored);
  keep.rows += rows.length;
  for (const [old, value] of keep.phrases) {
    if (keep.rows <= KEPT_ROWS) break;
    keep.phrases.delete(old);
    keep.rows -= value.keys.length;
  }
  return scored;
}

/** The term of `list`'s phrase in the row `key`: 0 where the row lacks the phrase. */
function scoreIn(list: PhraseScores, key: number): number {
  const { keys } = list;
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return keys[low] === key ? list.scores[low]! : 0;
}

/** Puts (score, key) into the best `count` so far, best first, where it ranks among them. */
function insert(scores: number[], keys: number[], score: number, key: number, count: number): void {
  let place = scores.length;
  if (place === count && !before(score, key, scores[place - 1]!, keys[place - 1]!)) return;
  while (place > 0 && before(score, key, scores[place - 1]!, keys[place - 1]!)) place--;
  scores.splice(place, 0, score);
  keys.splice(place, 0, key);
  if (scores.length > count) {
    scores.pop();
    keys.pop();
  }
}

/** Whether (a, aKey) ranks before (b, bKey): higher score, then lower key, as RANK_SQL orders. */
function before(a: number, aKey: number, b: number, bKey: number): boolean {
  return a > b || (a === b && aKey < bKey);
}

/**
 * The best `count` rows of `match`, as RANK_SQL ranks them (`pk`, and `score` as bm25()
 * gives it, lower better), when `match` is phrases joined by OR ({@link orPhrases}) asked
 * for before under the store's stamp, and every phrase's scores can be kept; else undefined,
 * and the caller runs RANK_SQL.
 *
 * @example
 * ```ts
 * import { rankOrPhrases } from "./phrase_scores.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * const store = openDemoStore();
 * rankOrPhrases(store, '"pricing" OR "plan"', 5); // undefined: asked for the first time
 * rankOrPhrases(store, '"pricing" OR "plan"', 5)!.length > 0; // true
 * ```
 */
export function rankOrPhrases(
  store: Store,
  match: string,
  count: number,
): { pk: bigint; score: number }[] | undefined {
  const phrases = orPhrases(match);
  if (phrases === null) return undefined;
  if (count <= 0) return [];
  const stamp = changeStamp(store);
  let keep = kept.get(store);
  if (keep === undefined || keep.stamp !== stamp) {
    kept.set(
      store,
      keep = { stamp, phrases: new Map(), rows: 0, seen: new Set(), unkept: new Set() },
    );
  }
  // Reading every row of a phrase costs up to twice RANK_SQL's ranking of them (measured
  // 1.2–2×): a phrase is read to keep only when asked for a second time, so a search of words
  // never asked again costs what it did.
  if (phrases.some((phrase) => keep.unkept.has(phrase))) return undefined;
  const fresh = phrases.filter((phrase) => !keep.phrases.has(phrase) && !keep.seen.has(phrase));
  if (fresh.length > 0) {
    if (keep.seen.size + fresh.length > SEEN_PHRASES) keep.seen.clear();
    for (const phrase of fresh) keep.seen.add(phrase);
    return undefined;
  }
  const lists: PhraseScores[] = [];
  for (const phrase of phrases) {
    const scores = scoresOf(store, keep, phrase);
    if (scores === null) return undefined;
    keep.seen.delete(phrase);
    lists.push(scores);
  }
  // Each list is walked best first, all at once, one depth at a time (Fagin's threshold
  // algorithm): a row seen at some depth gets its whole score from every list, and a row not
  // seen yet scores at most the sum of the scores at this depth (each of its terms is no
  // more than its list's there, and adding doubles rounds monotonically). Once the page's
  // last row scores above that sum, no row still unseen can reach the page.
  const bestScores: number[] = [];
  const bestKeys: number[] = [];
  const seen = new Set<number>();
  for (let depth = 0;; depth++) {
    let bound = 0;
    let more = false;
    for (const list of lists) {
      if (depth >= list.order.length) continue;
      more = true;
      bound += list.scores[list.order[depth]!]!;
      const key = list.keys[list.order[depth]!]!;
      if (seen.has(key)) continue;
      seen.add(key);
      // Summed in the query's order of phrases, as bm25() sums them: the same double.
      let score = 0;
      for (const other of lists) score += scoreIn(other, key);
      insert(bestScores, bestKeys, score, key, count);
    }
    if (!more || (bestScores.length === count && bestScores[count - 1]! > bound)) break;
  }
  return bestKeys.map((key, i) => ({ pk: BigInt(key), score: -bestScores[i]! }));
}
