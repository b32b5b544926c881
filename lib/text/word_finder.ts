/**
 * Finding words of a query in a text as whole words, without a regular expression made
 * per query that names Unicode classes.
 *
 * A pattern such as `(?<![\p{L}\p{M}\p{N}])pricing(?![\p{L}\p{M}\p{N}])` costs V8 about
 * 1.2 ms to build and as much again on its first run (the property classes are expanded
 * to their ranges each time), so a search that made three or four of them spent several
 * milliseconds before reading a row. Here only the query's literal words go into a
 * pattern, which is cheap; whether a letter or digit touches them is decided by classes
 * built once, when this module loads.
 *
 * @module
 */

/**
 * Which characters make up a word: letters, marks and digits, or, for text whose marks
 * were folded away, letters and digits.
 */
export type WordChars = "letters-marks-numbers" | "letters-numbers";

/** What must follow a run's last word. */
export type RunEnd =
  /** Anything: the word may be the start of a longer one. */
  | "open"
  /** The end of a word. */
  | "whole"
  /** The end of a word, after at most one everyday ending (s, es, ed, d, ing). */
  | "endings";

/** Words that must follow each other, separated by anything that is not a word. */
export interface WordRun {
  /** The words in order, written as the searched text writes them (folded alike). */
  words: readonly string[];
  /** Whether each word but the last may run on (a phrase's words are prefixes). */
  runOn?: boolean;
  /** What must follow the last word. */
  end: RunEnd;
}

const CLASSES: Record<WordChars, RegExp> = {
  "letters-marks-numbers": /^[\p{L}\p{M}\p{N}]$/u,
  "letters-numbers": /^[\p{L}\p{N}]$/u,
};

/** The endings `endings` allows, in the order a pattern would try them. */
const ENDINGS = ["s", "es", "ed", "d", "ing", ""];

/**
 * Finds where any of several {@link WordRun}s first occurs in a text.
 *
 * @example
 * ```ts
 * import { WordFinder } from "./word_finder.ts";
 * const finder = new WordFinder([{ words: ["plan"], end: "endings" }], "letters-marks-numbers");
 * finder.indexIn("the plant, then the plans"); // 20
 * finder.indexIn("no such word"); // -1
 * ```
 */
export class WordFinder {
  readonly #runs: readonly WordRun[];
  readonly #class: RegExp;
  readonly #atStart: boolean;
  readonly #firsts: RegExp | null;

  /**
   * A finder of `runs`, words made of `chars`; with `atStart` (the default) a run must
   * begin where a word begins.
   */
  constructor(runs: readonly WordRun[], chars: WordChars, atStart = true) {
    // A run without words, or with an empty one, finds nothing.
    this.#runs = runs.filter((run) => run.words.length > 0 && run.words.every((w) => w !== ""));
    this.#class = CLASSES[chars];
    this.#atStart = atStart;
    const firsts = [...new Set(this.#runs.map((run) => run.words[0]!))];
    this.#firsts = firsts.length === 0 ? null : new RegExp(firsts.map(escapeRegExp).join("|"), "g");
  }

  /** Whether any run occurs in `text`. */
  test(text: string): boolean {
    return this.indexIn(text) !== -1;
  }

  /** Where the first run occurs in `text` (a UTF-16 offset), or -1. */
  indexIn(text: string): number {
    const firsts = this.#firsts;
    if (firsts === null) return -1;
    firsts.lastIndex = 0;
    for (let found = firsts.exec(text); found !== null; found = firsts.exec(text)) {
      const at = found.index;
      if (!(this.#atStart && this.#wordEndsAt(text, at)) && this.#anyRunAt(text, at)) return at;
      firsts.lastIndex = at + 1;
    }
    return -1;
  }

  #anyRunAt(text: string, at: number): boolean {
    return this.#runs.some((run) => this.#runAt(text, at, run));
  }

  #runAt(text: string, at: number, run: WordRun): boolean {
    if (!text.startsWith(run.words[0]!, at)) return false;
    let pos = at + run.words[0]!.length;
    for (let i = 1; i < run.words.length; i++) {
      if (run.runOn) {
        while (pos < text.length && this.#isWordAt(text, pos)) pos += unitsAt(text, pos);
      }
      const separator = pos;
      while (pos < text.length && !this.#isWordAt(text, pos)) pos += unitsAt(text, pos);
      if (pos === separator || !text.startsWith(run.words[i]!, pos)) return false;
      pos += run.words[i]!.length;
    }
    if (run.end === "open") return true;
    if (run.end === "whole") return !this.#isWordAt(text, pos);
    return ENDINGS.some((ending) =>
      text.startsWith(ending, pos) && !this.#isWordAt(text, pos + ending.length)
    );
  }

  /** Whether the character at `pos` is a word's. */
  #isWordAt(text: string, pos: number): boolean {
    if (pos >= text.length) return false;
    const code = text.charCodeAt(pos);
    if (code < 0x80) return isAsciiWordCode(code);
    return this.#class.test(String.fromCodePoint(text.codePointAt(pos)!));
  }

  /** Whether the character that ends just before `pos` is a word's. */
  #wordEndsAt(text: string, pos: number): boolean {
    if (pos <= 0) return false;
    const code = text.charCodeAt(pos - 1);
    if (code < 0x80) return isAsciiWordCode(code);
    const start = code >= 0xdc00 && code <= 0xdfff && pos >= 2 &&
        isHighSurrogate(text.charCodeAt(pos - 2))
      ? pos - 2
      : pos - 1;
    return this.#class.test(String.fromCodePoint(text.codePointAt(start)!));
  }
}

/**
 * Finders of each of `terms` (a word, or words in sequence) as whole words in text folded by
 * `fold`, its letters and digits alike. A term with no letter or digit left once folded is
 * left out, as FTS5 leaves out an empty phrase.
 *
 * @example
 * ```ts
 * import { wholeTermFinders } from "./word_finder.ts";
 * const [finder] = wholeTermFinders(["Été dernier"], (text) => text.toLowerCase());
 * finder!.test("l'été dernier"); // true
 * wholeTermFinders(["--"], (text) => text).length; // 0
 * ```
 */
export function wholeTermFinders(
  terms: readonly string[],
  fold: (text: string) => string,
): WordFinder[] {
  return terms
    .map((term) => fold(term).match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((words) => words.length > 0)
    .map((words) => new WordFinder([{ words, end: "whole" }], "letters-numbers"));
}

function isAsciiWordCode(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** How many UTF-16 units the character at `pos` takes. */
function unitsAt(text: string, pos: number): number {
  const next = text.charCodeAt(pos + 1);
  return isHighSurrogate(text.charCodeAt(pos)) && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}

/**
 * `text` with RegExp's special characters escaped, to match as written.
 *
 * @example
 * ```ts
 * import { escapeRegExp } from "./word_finder.ts";
 * escapeRegExp("a.b*"); // "a\\.b\\*"
 * ```
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
