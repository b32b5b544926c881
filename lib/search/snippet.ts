/**
 * Snippets that cost the same whatever a transcript's length.
 *
 * FTS5's snippet() scores every window of the whole document: on a 6,000-word transcript it
 * costs about 0.6 ms, and on one where a term occurs thousands of times, seconds. Here the
 * text is first narrowed to a window around the first place a query word appears; FTS5's
 * own snippet() then runs on that window alone, in a scratch in-memory index with the
 * store's tokenizer, so stemming, diacritics and the marks are exactly FTS5's.
 *
 * @module
 */
import { keptAnswer } from "./kept_answers.ts";
import { WORD } from "./fts_query.ts";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { SNIPPET_WINDOW_RADIUS } from "../config/limits.ts";
import { WordFinder, type WordRun } from "../text/word_finder.ts";

/** The tokenizer of the store's index (lib/store/schema.sql). */
export const STORE_TOKENIZER = "porter unicode61 remove_diacritics 2";

/** The longest query word prefix used to find the window. */
const MAX_PREFIX = 8;

/** What a window is looked for by: the query's words, folded like the text they are found in. */
interface QueryTerms {
  /** Every word, operators and FTS5 syntax left out. */
  words: string[];
  /** Words marked as prefixes (`data*`): any word that starts with them counts whole. */
  prefixWords: Set<string>;
  /** Quoted phrases of two or more words. */
  phrases: string[][];
}

/**
 * The terms of an FTS5 query. Column filters (`title:`, `{title text}:`) and NEAR's
 * distance are syntax, not words to look for.
 */
function queryTerms(match: string): QueryTerms {
  // Outside quotes only: inside them, "10:30" and "re: pricing" are words to find.
  const cleaned = match.split('"').map((part, i) =>
    i % 2 === 1 ? part : part
      .replace(/\{[^}]*\}\s*:|[\p{L}\p{M}\p{N}_]+\s*:/gu, " ")
      .replace(/,\s*\d+\s*\)/g, ")")
  ).join('"');
  const words = (cleaned.match(WORD) ?? [])
    .filter((word) => !/^(AND|OR|NOT|NEAR)$/.test(word))
    .map(foldSameLength);
  const prefixWords = new Set(
    [...cleaned.matchAll(/([\p{L}\p{M}\p{N}]+)"?\s*\*/gu)].map((found) =>
      foldSameLength(found[1]!)
    ),
  );
  const phrases = [...cleaned.matchAll(/"([^"]*)"/g)]
    .map((found) => (found[1]!.match(WORD) ?? []).map(foldSameLength))
    .filter((phrase) => phrase.length > 1);
  return { words: [...new Set(words)].filter((word) => word !== ""), prefixWords, phrases };
}

/** A word cut to a stem-like prefix: Porter strips suffixes, so "pricing" finds "priced". */
function stemPrefix(word: string): string {
  // Counted in characters: cut in UTF-16 units, a letter outside the BMP could be halved,
  // and its half would match any letter sharing it.
  const chars = Array.from(word);
  return chars.slice(0, Math.min(chars.length, MAX_PREFIX, Math.max(3, chars.length - 3))).join("");
}

/**
 * Where to look for a window, most telling first: a quoted phrase's words in sequence,
 * a whole query word (or, for `word*`, any word it starts), a stem-like prefix at a word's
 * start, then a prefix anywhere (scripts written without spaces have no word starts).
 */
function windowFinders(terms: QueryTerms): WordFinder[] {
  if (terms.words.length === 0) return [];
  const chars = "letters-marks-numbers";
  // A whole word, or with an everyday ending: "plan" finds "plans" but not "plant".
  const whole = terms.words.map((word): WordRun => ({
    words: [word],
    end: terms.prefixWords.has(word) ? "open" : "endings",
  }));
  const prefixes = [...new Set(terms.words.map(stemPrefix))]
    .map((prefix): WordRun => ({ words: [prefix], end: "open" }));
  const finders = [
    new WordFinder(whole, chars),
    new WordFinder(prefixes, chars),
    new WordFinder(prefixes, chars, false),
  ];
  if (terms.phrases.length > 0) {
    const phrases = terms.phrases.map((words): WordRun => ({ words, runOn: true, end: "open" }));
    finders.unshift(new WordFinder(phrases, chars));
  }
  return finders;
}

/** The last query's {@link windowFinders}: a page's hits all share one query. */
let lastFinders: { match: string; finders: WordFinder[] } | undefined;

function windowFindersOf(match: string): WordFinder[] {
  if (lastFinders?.match !== match) {
    lastFinders = { match, finders: windowFinders(queryTerms(match)) };
  }
  return lastFinders.finders;
}

/**
 * Lower-cases and strips diacritics one UTF-16 unit at a time, so offsets in the result
 * are offsets in `text`: the window is cut from the original by them.
 */
function foldSameLength(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char.charCodeAt(0) < 0x80) {
      out += char.toLowerCase();
      continue;
    }
    const base = char.normalize("NFD")[0] ?? char;
    const lower = base.toLowerCase();
    out += lower.length === 1 ? lower : base.length === 1 ? base : char;
  }
  return out;
}

/** `index`, moved back by one when it falls inside a surrogate pair. */
function onCodePoint(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

/**
 * The part of `text` around the first place a word of `match` starts, cut at whitespace.
 *
 * With `isPrefix`, `text` is only the start of a longer text, and the answer is undefined
 * unless the start alone decides it: the query's most telling pattern (the first that
 * windowFinders lists) occurs there, with a window's width of text after it. Otherwise
 * the whole text must be searched.
 *
 * @example
 * ```ts
 * import { matchWindow } from "./snippet.ts";
 * matchWindow("a ".repeat(2000) + "pricing talk", "pricing").includes("pricing"); // true
 * ```
 */
export function matchWindow(text: string, match: string): string;
/**
 * The part of `text` around the first place a word of `match` starts; with `isPrefix`,
 * undefined unless the start of the text alone decides it.
 *
 * @example
 * ```ts
 * import { matchWindow } from "./snippet.ts";
 * matchWindow("a ".repeat(2000) + "pricing talk", "pricing", true); // undefined
 * ```
 */
export function matchWindow(text: string, match: string, isPrefix: boolean): string | undefined;
export function matchWindow(text: string, match: string, isPrefix = false): string | undefined {
  if (text.length <= SNIPPET_WINDOW_RADIUS * 2) return isPrefix ? undefined : text;
  const finders = windowFindersOf(match);
  let at = 0;
  let tier = -1;
  if (finders.length > 0) {
    // Native lower-casing is fast, but its offsets are only the text's while it keeps the
    // length (it does not for a few letters, such as "İ"); folding one unit at a time is
    // slower, so it is the fallback.
    const lower = text.toLowerCase();
    // Folding only finds more where the text has letters outside ASCII; both the check
    // and the folding are made only when the lower-cased text had no match.
    let mayFold: boolean | undefined;
    let folded: string | undefined;
    let found = -1;
    for (tier = 0; tier < finders.length; tier++) {
      const finder = finders[tier]!;
      if (lower.length === text.length) found = finder.indexIn(lower);
      if (found === -1 && (mayFold ??= /[\u0080-\uffff]/.test(text))) {
        found = finder.indexIn(folded ??= foldSameLength(text));
      }
      if (found !== -1) break;
      // A text's start without the best finder says nothing about the rest of the text.
      if (isPrefix) return undefined;
    }
    at = Math.max(found, 0);
  }
  if (isPrefix && (tier !== 0 || at + SNIPPET_WINDOW_RADIUS >= text.length)) return undefined;
  let start = Math.max(0, at - SNIPPET_WINDOW_RADIUS);
  let end = Math.min(text.length, at + SNIPPET_WINDOW_RADIUS);
  // Start and end on whitespace within the window, so no token is cut in half; text with
  // no spaces there (Chinese, Japanese) is cut where it is, but never inside a pair.
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space !== -1 && space < at ? space + 1 : onCodePoint(text, start);
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    end = space > at ? space : onCodePoint(text, end);
  }
  return `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
}

/**
 * Makes snippets for search hits. Holds a scratch in-memory index; the store is never
 * written. One per thread.
 *
 * @example
 * ```ts
 * import { SnippetMaker } from "./snippet.ts";
 * const snippets = new SnippetMaker(["«", "»"]);
 * snippets.makeAll([{ title: "Pricing", text: "We reviewed the pricing page." }], "pricing");
 * // ["«Pricing»"] or the text passage, whichever matches best
 * ```
 */
export class SnippetMaker {
  readonly #marks: readonly [string, string];
  #db: DatabaseSync | undefined;
  #clear: StatementSync[] = [];
  #insert: StatementSync[] = [];
  #snippet: StatementSync | undefined;

  /** Marks matched terms with `marks[0]` and `marks[1]`. */
  constructor(marks: readonly [string, string]) {
    this.#marks = marks;
  }

  /**
   * The best passage of each hit's title or text for the FTS5 query `match`, matched
   * terms marked; a window's start when the query matches only outside it.
   */
  makeAll(hits: readonly { title: string; text: string }[], match: string): string[] {
    return this.markWindows(
      hits.map((hit) => ({ title: hit.title, window: matchWindow(hit.text, match) })),
      match,
    );
  }

  /**
   * {@link makeAll} for hits whose windows (from {@link matchWindow}) are already cut.
   * All windows go into the scratch index in one transaction and come back from one query.
   */
  markWindows(hits: readonly { title: string; window: string }[], match: string): string[] {
    const windows = hits.map((hit) => hit.window);
    this.#open();
    const db = this.#db!;
    db.exec("BEGIN");
    try {
      for (const clear of this.#clear) clear.run();
      windows.forEach((window, i) => {
        for (const insert of this.#insert) insert.run(i + 1, hits[i]!.title, window);
      });
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    const found = new Map<number, string>();
    const collect = (query: string) => {
      try {
        for (const row of this.#snippet!.all(query)) {
          const rowid = Number(row["rowid"]);
          // A snippet of the whole query is kept over one of some of its words.
          if (!found.has(rowid)) found.set(rowid, String(row["snippet"]));
        }
      } catch {
        // The query was valid against the store; in the scratch index it matches nothing.
      }
    };
    collect(match);
    // A window holds the query's first match, not necessarily all of it: "plan POL-358"
    // matches a transcript that has both words far apart. Such windows still get their
    // words marked, by any of the query's words.
    const anyWord = queryTerms(match).words.map((word) => `"${word}"`).join(" OR ");
    if (found.size < windows.length && anyWord !== "" && anyWord !== match) collect(anyWord);
    return windows.map((window, i) =>
      found.get(i + 1) ?? (window.length > 200 ? `${window.slice(0, 200).trimEnd()}…` : window)
    );
  }

  #open(): void {
    if (this.#db !== undefined) return;
    const db = this.#db = new DatabaseSync(":memory:");
    // External content: emptying the index is then one 'delete-all', where a DELETE on an
    // index that holds its own content tokenizes every row again to remove it.
    db.exec(`CREATE TABLE passages (rowid INTEGER PRIMARY KEY, title TEXT, text TEXT);
      CREATE VIRTUAL TABLE scratch USING fts5 (title, text, content = 'passages',
        tokenize = '${STORE_TOKENIZER}')`);
    this.#clear = [
      db.prepare("DELETE FROM passages"),
      db.prepare("INSERT INTO scratch (scratch) VALUES ('delete-all')"),
    ];
    this.#insert = ["passages", "scratch"].map((table) =>
      db.prepare(`INSERT INTO ${table} (rowid, title, text) VALUES (?, ?, ?)`)
    );
    const [open, close] = this.#marks;
    this.#snippet = this.#db.prepare(
      `SELECT rowid, snippet(scratch, -1, '${open}', '${close}', '…', 24) AS snippet
         FROM scratch WHERE scratch MATCH ?`,
    );
  }
}

/**
 * FTS5's parser and tokenizer, on a private in-memory database that only ever holds the
 * words of one query, for a moment: the store's connection stays read-only. Its table has
 * the store contract's columns and tokenizer (lib/store/schema.sql), so a query parses and its
 * words stem here exactly as they do against the store. (lib/search/query_work.ts uses it.)
 *
 * @example
 * ```ts
 * import { QueryTokenizer } from "./snippet.ts";
 * new QueryTokenizer().tokens("Pricing reviews"); // ["price", "review"]
 * ```
 */
export class QueryTokenizer {
  readonly #db = new DatabaseSync(":memory:");
  readonly #match: StatementSync;
  readonly #insert: StatementSync;
  readonly #terms: StatementSync;
  readonly #insertAt: StatementSync;
  readonly #firstTerms: StatementSync;
  readonly #allTerms: StatementSync;
  /** What parses and tokens answered, by text: each a statement here, 0.6 ms a search. */
  readonly #parsed = new Map<string, boolean>();
  readonly #tokens = new Map<string, string[]>();

  /** A tokenizer as the store's index has it, or as `tokenize` (FTS5's option) says. */
  constructor(tokenize: string = STORE_TOKENIZER) {
    this.#db.exec(
      `CREATE VIRTUAL TABLE words USING fts5 (title, text, tokenize = '${tokenize}');
       CREATE VIRTUAL TABLE words_vocab USING fts5vocab (words, 'instance')`,
    );
    this.#match = this.#db.prepare("SELECT rowid FROM words WHERE words MATCH ?");
    this.#insert = this.#db.prepare("INSERT INTO words (rowid, text) VALUES (1, ?)");
    this.#terms = this.#db.prepare("SELECT term FROM words_vocab ORDER BY offset");
    this.#insertAt = this.#db.prepare("INSERT INTO words (rowid, text) VALUES (?, ?)");
    this.#firstTerms = this.#db.prepare(
      "SELECT doc, term FROM words_vocab WHERE col = 'text' AND offset = 0",
    );
    this.#allTerms = this.#db.prepare("SELECT doc, term FROM words_vocab ORDER BY doc, offset");
  }

  /** The first index term of each of `words` ("" for none), in one transaction. */
  firstTokens(words: readonly string[]): string[] {
    const first = words.map(() => "");
    this.#eachTerm(words, this.#firstTerms, (i, term) => first[i] = term);
    return first;
  }

  /** Every index term of each of `texts`, in order, in one transaction. */
  termsOf(texts: readonly string[]): string[][] {
    const terms = texts.map(() => [] as string[]);
    this.#eachTerm(texts, this.#allTerms, (i, term) => terms[i]!.push(term));
    return terms;
  }

  /** Calls `take` with each term `read` finds of `texts`, held for a moment as rows 1…n. */
  #eachTerm(
    texts: readonly string[],
    read: StatementSync,
    take: (i: number, term: string) => void,
  ) {
    this.#db.exec("BEGIN");
    try {
      texts.forEach((text, i) => this.#insertAt.run(i + 1, text));
      for (const row of read.all()) take(Number(row["doc"]) - 1, String(row["term"]));
    } finally {
      this.#db.exec("ROLLBACK");
    }
  }

  /** Whether FTS5 accepts `query`: no work, since the table is empty. */
  parses(query: string): boolean {
    return keptAnswer(this.#parsed, query, () => {
      try {
        this.#match.all(query);
        return true;
      } catch {
        return false;
      }
    });
  }

  /** The index terms `text` stands for, in order (a copy: a caller may take one off). */
  tokens(text: string): string[] {
    return [...keptAnswer(this.#tokens, text, () => {
      this.#db.exec("BEGIN");
      try {
        this.#insert.run(text);
        return this.#terms.all().map((row) => String(row["term"]));
      } finally {
        this.#db.exec("ROLLBACK");
      }
    })];
  }
}
