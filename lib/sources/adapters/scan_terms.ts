/**
 * One word of a scanned query, and where a text holds it: as whole words with the stem our
 * store's index gives them (word_stems.ts in lib/search), so "plan" finds "plans" and "planning" but not
 * "planet", and "a" finds the word "a" only. Porter's rules rewrite at most the last two
 * letters of a stem ("possibility" is "possibl"), so every word of a stem starts with the
 * stem less those (see rewritten): that start (the key) is what SQL's `LIKE` narrows rows by
 * and what a text is searched for, and only the words starting with it are stemmed.
 *
 * @module
 */
import { stemmed, stemOf, stemWords } from "../../search/word_stems.ts";

/** One word of a scanned query: how SQL narrows the rows, and where a folded text holds it. */
export interface ScanTerm {
  /** The LIKE pattern (escaped with `\`): a superset of the rows that hold the word. */
  like: string;
  /** For each cased non-ASCII letter, its cases as LIKE patterns: a row holds one of each. */
  cases: string[][];
  /** The word's lower-cased parts (one, or several for "POL-358", found in a row). */
  parts: string[];
  /** For each part, the start every word with its stem has. */
  keys: string[];
  /** For each part, its stem. */
  stems: string[];
  /** Whether a lower-cased text holds the word (see {@link heldAt}; `misses` likewise). */
  test: (folded: string, misses?: Misses) => boolean;
}

/** The words a test met that have no stem yet: it took them for other words. */
export interface Misses {
  /** The words. */
  words: Set<string>;
}

const WORD_RUN = /[\p{L}\p{M}\p{N}]*/uy;
const NEXT_WORD = /[^\p{L}\p{M}\p{N}]*([\p{L}\p{M}\p{N}]+)/uy;
const WORD_END = /[\p{L}\p{M}\p{N}]$/u;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

let variantTable: Map<string, string[]> | undefined;

/**
 * Every character whose lower case is `char`, itself included. Built once, on the first
 * search for a non-ASCII word, from the Basic Multilingual Plane.
 */
function casesOf(char: string): string[] {
  if (variantTable === undefined) {
    variantTable = new Map();
    for (let code = 0x80; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const upper = String.fromCharCode(code);
      const lower = upper.toLowerCase();
      if (lower !== upper && [...lower].length === 1) {
        const list = variantTable.get(lower) ?? [lower];
        list.push(upper);
        variantTable.set(lower, list);
      }
    }
    // A capital sigma lower-cases to the final form at a word's end.
    variantTable.set("ς", ["ς", "σ", "Σ"]);
  }
  return variantTable.get(char) ?? [char];
}

/**
 * How many letters at the end of `stem` Porter's rules may have written rather than kept: an
 * `e` or `i` they add or turn `y` into ("hope" of "hoping", "happi" of "happy"), and the
 * `ble` of "-bility" ("possible" of "possibility"). Checked on 83,000 words in
 * tests/unit/sources/scan_terms_test.ts.
 */
function rewritten(stem: string): number {
  if (stem.endsWith("ble")) return 2;
  return /(?:bl|e|i)$/.test(stem) ? 1 : 0;
}

/**
 * The start of `part` every word with its stem has: the stem less what Porter may have
 * rewritten, at least its first letter (rules rewrite only the end), and no more of it than
 * `part` itself starts with.
 */
function keyOf(part: string, stem: string): string {
  const limit = Math.min(Math.max(1, stem.length - rewritten(stem)), part.length);
  let same = 0;
  while (same < limit && part[same] === stem[same]) same++;
  return part.slice(0, same);
}

/**
 * The term of one query word, given as its parts (the runs of letters, marks and digits of
 * "POL-358"), any case.
 *
 * @example
 * ```ts
 * import { scanTerm } from "./scan_terms.ts";
 * scanTerm(["Happiness"]).keys; // ["happ"]: the stem "happi", less the "i" Porter wrote
 * ```
 */
export function scanTerm(words: readonly string[]): ScanTerm {
  const parts = words.map((word) => word.toLowerCase());
  stemWords(parts);
  const stems = parts.map(stemOf);
  const keys = parts.map((part, i) => keyOf(part, stems[i]!));
  const cases: string[][] = [];
  const seen = new Set<string>();
  const like = keys.map((key) =>
    [...key].map((char) => {
      const variants = char < "\x80" ? [char] : casesOf(char);
      if (variants.length === 1) return escapeLike(char);
      if (!seen.has(char)) {
        seen.add(char);
        cases.push(variants.map((one) => `%${escapeLike(one)}%`));
      }
      return "_";
    }).join("")
  ).join("%");
  const term: ScanTerm = {
    like: `%${like}%`.replace(/%%+/g, "%"),
    cases,
    parts,
    keys,
    stems,
    test: (folded, misses) => heldAt(folded, term, 0, misses) !== -1,
  };
  return term;
}

/**
 * Whether the folded word `word` is part `i` of `term`: the same stem. With `misses`, a word
 * not stemmed yet is noted there and taken as another word, rather than stemmed alone.
 *
 * @example
 * ```ts
 * import { isPart, scanTerm } from "./scan_terms.ts";
 * isPart(scanTerm(["plan"]), "planning", 0); // true
 * ```
 */
export function isPart(term: ScanTerm, word: string, i: number, misses?: Misses): boolean {
  if (word === term.parts[i]) return true;
  if (!word.startsWith(term.keys[i]!)) return false;
  const stem = stemmed(word);
  if (stem !== undefined) return stem === term.stems[i];
  if (misses === undefined) return stemOf(word) === term.stems[i];
  misses.words.add(word);
  return false;
}

/**
 * Whether each ASCII code is a word character (a letter or a digit): 1 or 0.
 *
 * @example
 * ```ts
 * import { ASCII_WORD } from "./scan_terms.ts";
 * ASCII_WORD["a".charCodeAt(0)]; // 1
 * ```
 */
export const ASCII_WORD: Uint8Array = Uint8Array.from(
  { length: 0x80 },
  (_, code) => /[a-zA-Z0-9]/.test(String.fromCharCode(code)) ? 1 : 0,
);

/** Whether a word starts at `at` of `text`: no letter, mark or digit just before it. */
function startsWord(text: string, at: number): boolean {
  if (at === 0) return true;
  const code = text.charCodeAt(at - 1);
  if (code < 0x80) return ASCII_WORD[code] === 0;
  return !WORD_END.test(text.slice(Math.max(0, at - 2), at));
}

/** The end of the word that starts at `at`. */
function wordEnd(text: string, at: number): number {
  WORD_RUN.lastIndex = at;
  WORD_RUN.exec(text);
  return WORD_RUN.lastIndex;
}

/** Calls `visit` with each word of `text` (at or after `from`) that starts with `key`. */
function wordsStartingWith(
  text: string,
  key: string,
  from: number,
  visit: (start: number, end: number) => boolean,
): number {
  // An empty key is found at every place, and indexOf("") past the end answers the end.
  for (let at = text.indexOf(key, from); at !== -1 && at < text.length;) {
    const found = at;
    at = text.indexOf(key, at + 1);
    if (!startsWord(text, found)) continue;
    const end = wordEnd(text, found);
    if (end > found && visit(found, end)) return found;
  }
  return -1;
}

/**
 * Where `folded` (a lower-cased text) first holds `term` at or after `from`, or -1: a word
 * with its first part's stem, followed by words with the stems of the others. With `misses`,
 * words not stemmed yet are noted there (see isPart).
 *
 * @example
 * ```ts
 * import { heldAt, scanTerm } from "./scan_terms.ts";
 * heldAt("a planet, our plans", scanTerm(["plan"])); // 14
 * ```
 */
export function heldAt(folded: string, term: ScanTerm, from = 0, misses?: Misses): number {
  return wordsStartingWith(folded, term.keys[0]!, from, (start, end) => {
    if (!isPart(term, folded.slice(start, end), 0, misses)) return false;
    for (let i = 1, at = end; i < term.parts.length; i++) {
      NEXT_WORD.lastIndex = at;
      const next = NEXT_WORD.exec(folded);
      if (next === null || !isPart(term, next[1]!, i, misses)) return false;
      at = NEXT_WORD.lastIndex;
    }
    return true;
  });
}

/**
 * Runs `test` noting the words it meets unstemmed; when there were any, stems them in
 * batches (`between`, the call's interruption check, runs after each) and runs it again,
 * without noting: its second answer is then the right one. Most words of a text were seen
 * before, so most tests run once.
 *
 * @example
 * ```ts
 * import { scanTerm, withStems } from "./scan_terms.ts";
 * const term = scanTerm(["plan"]);
 * withStems((misses) => term.test("planning ahead", misses)); // true
 * ```
 */
export function withStems<T>(test: (misses?: Misses) => T, between?: () => void): T {
  const misses: Misses = { words: new Set() };
  const first = test(misses);
  if (misses.words.size === 0) return first;
  stemWords(misses.words, between);
  return test();
}
