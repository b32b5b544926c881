/**
 * Word stems for scanned search, made by SQLite's own FTS5 tokenizer, so a scanned source
 * matches a word as our store's index does: "plans" and "planning" are "plan", "planet" is
 * not, and "a" is the word "a", not a letter inside other words. The tokenizer is the
 * store's (lib/search/snippet.ts STORE_TOKENIZER) less its diacritics removal: a scan finds
 * words by their folded text, and a text accent-free search would have to read whole.
 *
 * Stems are made in batches in a scratch in-memory FTS5 table (about 9 µs a word, one word
 * alone about 300 µs), and kept: a text's words are mostly words seen before. So a search
 * tests its texts with the stems it has, noting the words it has none for, stems those in a
 * batch and, only then, tests again (withStems in scan_terms.ts).
 *
 * @module
 */
import { QueryTokenizer, STORE_TOKENIZER } from "./snippet.ts";

/** The store's tokenizer keeping accents: a scan finds words by their folded text. */
const SCAN_TOKENIZER = STORE_TOKENIZER.replace("remove_diacritics 2", "remove_diacritics 0");

/** Stems kept between searches (about 90 bytes each); past it the cache starts afresh. */
const STEM_CACHE_WORDS = 50_000;
/** Words stemmed in one transaction. */
const STEM_BATCH_WORDS = 4_096;

const stems = new Map<string, string>();

let scratch: QueryTokenizer | undefined;

/**
 * Stems every word of `words` not stemmed yet, a batch at a time, calling `between` (the
 * call's interruption check) after each batch.
 *
 * @example
 * ```ts
 * import { stemOf, stemWords } from "./word_stems.ts";
 * stemWords(["planning", "plans"]);
 * stemOf("planning") === stemOf("plans"); // true: both are "plan"
 * ```
 */
export function stemWords(words: Iterable<string>, between?: () => void): void {
  let missing = [...new Set(words)].filter((word) => !stems.has(word));
  if (missing.length > 0) stemsChanged++;
  if (stems.size + missing.length > STEM_CACHE_WORDS) {
    // Cleared first: the words of this call that had a stem need it again.
    stems.clear();
    missing = [...new Set(words)];
  }
  scratch ??= new QueryTokenizer(SCAN_TOKENIZER);
  for (let at = 0; at < missing.length; at += STEM_BATCH_WORDS) {
    const batch = missing.slice(at, at + STEM_BATCH_WORDS);
    const made = scratch.termsOf(batch);
    // A word the tokenizer splits (a letter it does not count as one) stems to its pieces.
    batch.forEach((word, i) => stems.set(word, made[i]!.join(" ")));
    between?.();
  }
}

/** How many times the stems kept have changed (words added, or all let go). */
let stemsChanged = 0;

/**
 * A number that changes whenever what {@link stemmed} answers may change: what is worked
 * out from its answers can be kept while it stays the same.
 *
 * @example
 * ```ts
 * import { stemsVersion, stemWords } from "./word_stems.ts";
 * const before = stemsVersion();
 * stemWords(["zeppelins-never-seen"]);
 * stemsVersion() !== before; // true
 * ```
 */
export function stemsVersion(): number {
  return stemsChanged;
}

/**
 * The stem of `word` if it was made before, else undefined.
 *
 * @example
 * ```ts
 * import { stemmed, stemWords } from "./word_stems.ts";
 * stemWords(["plans"]);
 * stemmed("plans"); // "plan"
 * ```
 */
export function stemmed(word: string): string | undefined {
  return stems.get(word);
}

/**
 * The stem of one folded word, as the index would make it ("" for none).
 *
 * @example
 * ```ts
 * import { stemOf } from "./word_stems.ts";
 * stemOf("happiness"); // "happi"
 * ```
 */
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stemWords([word]);
    stem = stems.get(word) ?? "";
  }
  return stem;
}
