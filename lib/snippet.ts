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
import { DatabaseSync, type StatementSync } from "node:sqlite";

/** The tokenizer of the store's index (lib/schema.sql). */
export const STORE_TOKENIZER = "porter unicode61 remove_diacritics 2";

/** Characters kept on each side of the first match: far more than 24 tokens need. */
const WINDOW_RADIUS = 800;

/** The longest query word prefix used to find the window. */
const MAX_PREFIX = 8;

/** The query's words, cut to a stem-like prefix, for finding a window. */
function searchPrefixes(match: string): string[] {
  const words = match.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const prefixes = new Set<string>();
  for (const word of words) {
    if (/^(AND|OR|NOT|NEAR)$/.test(word)) continue;
    const folded = foldSameLength(word);
    // Porter strips suffixes, so "pricing" must find "price": search by the word's start.
    const length = Math.min(MAX_PREFIX, Math.max(3, folded.length - 3));
    prefixes.add(folded.slice(0, Math.min(folded.length, length)));
  }
  return [...prefixes].filter((prefix) => prefix.length > 0);
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The part of `text` around the first place a word of `match` starts, cut at whitespace.
 *
 * @example
 * ```ts
 * import { matchWindow } from "./snippet.ts";
 * matchWindow("a ".repeat(2000) + "pricing talk", "pricing").includes("pricing"); // true
 * ```
 */
export function matchWindow(text: string, match: string): string {
  if (text.length <= WINDOW_RADIUS * 2) return text;
  const prefixes = searchPrefixes(match);
  let at = 0;
  if (prefixes.length > 0) {
    const alternatives = prefixes.map(escapeRegExp).join("|");
    // A word's start is best; scripts written without spaces have no word starts to find.
    const patterns = [
      new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${alternatives})`, "u"),
      new RegExp(alternatives, "u"),
    ];
    // Native lower-casing is fast, but its offsets are only the text's while it keeps the
    // length (it does not for a few letters, such as "İ"); folding one unit at a time is
    // slower, so it is the fallback.
    const lower = text.toLowerCase();
    // Folding only finds more where the text has letters outside ASCII; made when needed.
    const mayFold = /[\u0080-\uffff]/.test(text);
    let folded: string | undefined;
    let found: RegExpExecArray | null = null;
    for (const pattern of patterns) {
      if (lower.length === text.length) found = pattern.exec(lower);
      if (found === null && mayFold) found = pattern.exec(folded ??= foldSameLength(text));
      if (found !== null) break;
    }
    at = found?.index ?? 0;
  }
  let start = Math.max(0, at - WINDOW_RADIUS);
  let end = Math.min(text.length, at + WINDOW_RADIUS);
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
  #clear: StatementSync | undefined;
  #insert: StatementSync | undefined;
  #snippet: StatementSync | undefined;

  /** Marks matched terms with `marks[0]` and `marks[1]`. */
  constructor(marks: readonly [string, string]) {
    this.#marks = marks;
  }

  /**
   * The best passage of each hit's title or text for the FTS5 query `match`, matched
   * terms marked; a window's start when the query matches only outside it. All windows go
   * into the scratch index in one transaction and come back from one query.
   */
  makeAll(hits: readonly { title: string; text: string }[], match: string): string[] {
    const windows = hits.map((hit) => matchWindow(hit.text, match));
    this.#open();
    const db = this.#db!;
    db.exec("BEGIN");
    try {
      this.#clear!.run();
      windows.forEach((window, i) => this.#insert!.run(i + 1, hits[i]!.title, window));
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    const found = new Map<number, string>();
    try {
      for (const row of this.#snippet!.all(match)) {
        found.set(Number(row["rowid"]), String(row["snippet"]));
      }
    } catch {
      // The query was valid against the store; in the scratch index it matches nothing.
    }
    return windows.map((window, i) =>
      found.get(i + 1) ?? (window.length > 200 ? `${window.slice(0, 200).trimEnd()}…` : window)
    );
  }

  #open(): void {
    if (this.#db !== undefined) return;
    this.#db = new DatabaseSync(":memory:");
    this.#db.exec(
      `CREATE VIRTUAL TABLE scratch USING fts5 (title, text, tokenize = '${STORE_TOKENIZER}')`,
    );
    this.#clear = this.#db.prepare("DELETE FROM scratch");
    this.#insert = this.#db.prepare("INSERT INTO scratch (rowid, title, text) VALUES (?, ?, ?)");
    const [open, close] = this.#marks;
    this.#snippet = this.#db.prepare(
      `SELECT rowid, snippet(scratch, -1, '${open}', '${close}', '…', 24) AS snippet
         FROM scratch WHERE scratch MATCH ?`,
    );
  }
}
