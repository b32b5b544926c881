/**
 * Searching a rousseau source: ranked by the app's own `sessions_fts` (BM25), but decided
 * by what a reader shows. The index holds the raw payload JSON, so it holds JSON keys
 * (`kind`, `role`, `tool_use`), tool input and output, base64 image bytes, and words glued
 * to an escape (`\nword` is the token `nword`, `<b>` is `u003cb`). Hence:
 *
 * - every candidate the index ranks is rendered (rousseau_payload.ts) and checked against
 *   its title and text blocks in a scratch in-memory FTS5 table with the app's tokenizer
 *   (`porter unicode61`), with the same query: a session found only through its JSON,
 *   tool blocks or image data is dropped;
 * - a plain-words query also asks the index for each word glued to the escapes a word can
 *   follow in Go's JSON (`n`, `r`, `t`, `u003c`, `u003e`, `u0026`), so a word right after
 *   a line break is found; the check above then drops what only the glued form matched.
 *
 * A query in FTS5 syntax (quotes, `*`, parentheses, `:`, AND/OR/NOT/NEAR) runs as
 * rousseau's own search runs it, after the work estimate (query_work.ts) and with the same
 * check; its phrases are widened to their glued forms too, except inside NEAR groups and
 * phrases joined by `+` or anchored by `^` (which FTS5 cannot take as OR groups).
 *
 * @module
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { plainWordsQueries } from "../../search/fts_query.ts";
import { queryWork, refuseTooBroad } from "../../search/query_work.ts";
import { keepGoingSql, type Store } from "../../store/store.ts";
import type { RankedHit, SearchRanking } from "../source_reader.ts";
import { wholeTermFinders, type WordFinder } from "../../text/word_finder.ts";

import { ROUSSEAU_FTS } from "../kind_signs.ts";

/** rousseau's index's tokenizer (internal/state/sqlite/search.go). */
const TOKENIZER = "porter unicode61";

/** What Go's JSON puts before a word that follows a control or HTML character. */
const GLUED = ["n", "r", "t", "u003c", "u003e", "u0026"];

/** Ranked rows read per wanted hit, first; more are read while checks drop candidates. */
const ROWS_PER_HIT = 2;
/** The most ranked rows one search reads. */
const MAX_RANKED_ROWS = 5_000;

const SYNTAX = /["*():^+{}]|\b(AND|OR|NOT|NEAR)\b/;

/** A candidate as the check needs it: its title and the text a reader shows. */
export interface Shown {
  /** The session's title. */
  title: string;
  /** Its text blocks as shown (`role: text` lines). */
  text: string;
}

/**
 * The index query of a plain-words expression (`"a" "b c"` or `"a" OR "b c"`), each term
 * widened to its glued forms.
 *
 * @example
 * ```ts
 * import { gluedQuery } from "./rousseau_search.ts";
 * gluedQuery('"plan" "POL 358"', " AND ").startsWith('("plan" OR "nplan"'); // true
 * ```
 */
export function gluedQuery(terms: string, join: " AND " | " OR "): string {
  return [...terms.matchAll(/"([^"]*)"/g)].map((found) => {
    const term = found[1]!;
    return `(${["", ...GLUED].map((glue) => `"${glue}${term}"`).join(" OR ")})`;
  }).join(join);
}

// FTS5 barewords: letters, digits, "_" and the substitute character 0x1A.
// deno-lint-ignore no-control-regex
const BAREWORD = /[\p{L}\p{N}_\u001a]/u;

/**
 * An FTS5 query with each free-standing phrase (a bareword or a quoted phrase, with its `*`)
 * widened to its glued forms; NEAR groups, column names, operators and phrases next to `+`
 * or after `^` are kept as written.
 *
 * @example
 * ```ts
 * import { gluedSyntax } from "./rousseau_search.ts";
 * gluedSyntax("title: plan* NOT draft").startsWith('title: ("plan"* OR "nplan"*'); // true
 * ```
 */
export function gluedSyntax(query: string): string {
  let out = "";
  let i = 0;
  const widen = (phrase: string, star: string) =>
    `(${["", ...GLUED].map((glue) => `"${glue}${phrase}"${star}`).join(" OR ")})`;
  while (i < query.length) {
    const char = query[i]!;
    let phrase: string | undefined;
    const start = i;
    if (char === '"') {
      let end = i + 1;
      for (; end < query.length; end++) {
        if (query[end] === '"' && query[end + 1] === '"') end++;
        else if (query[end] === '"') break;
      }
      phrase = query.slice(i + 1, end);
      i = end + 1;
    } else if (BAREWORD.test(char)) {
      while (i < query.length && BAREWORD.test(query[i]!)) i++;
      const word = query.slice(start, i);
      const rest = query.slice(i);
      if (/^(AND|OR|NOT)$/.test(word) || /^\s*:/.test(rest)) {
        out += word;
        continue;
      }
      if (word === "NEAR" && /^\s*\(/.test(rest)) {
        const close = query.indexOf(")", i);
        i = close === -1 ? query.length : close + 1;
        out += query.slice(start, i);
        continue;
      }
      phrase = word.replaceAll('"', '""');
    } else {
      out += char;
      i++;
      continue;
    }
    const star = query[i] === "*" ? "*" : "";
    i += star.length;
    const joined = /[+^]\s*$/.test(query.slice(0, start)) || /^\s*\+/.test(query.slice(i));
    out += joined ? query.slice(start, i) : widen(phrase, star);
  }
  return out;
}

/** Lower-cased, diacritics removed: how unicode61 folds a token, for finding excerpts. */
function fold(text: string): string {
  const lower = text.toLowerCase();
  return /[\u0080-\uffff]/.test(lower) ? lower.normalize("NFD").replace(/\p{M}/gu, "") : lower;
}

/** Characters kept each side of a place a word may match, and places kept per word. */
const EXCERPT_RADIUS = 120;
const EXCERPTS_PER_WORD = 16;

/**
 * The parts of a folded text around each place one of `words` may match (each word's
 * stem-like prefix at a word's start), joined: what a plain-words check needs of a long
 * text, at a fraction of the tokenizing. Porter strips suffixes only, so every token that
 * stems like a word starts with its first letters.
 *
 * @example
 * ```ts
 * import { excerpts } from "./rousseau_search.ts";
 * excerpts("a ".repeat(500) + "we priced it", ["pricing"]).includes("priced"); // true
 * ```
 */
export function excerpts(text: string, words: readonly string[]): string {
  const folded = fold(text);
  if (folded.length <= 4 * EXCERPT_RADIUS) return folded;
  const spans: [number, number][] = [];
  for (const word of words) {
    const prefix = fold(word).slice(0, Math.max(3, Math.min(word.length - 3, 8)));
    let found = 0;
    for (let at = folded.indexOf(prefix); at !== -1 && found < EXCERPTS_PER_WORD;) {
      if (at === 0 || !/[\p{L}\p{N}]/u.test(folded[at - 1]!)) {
        spans.push([Math.max(0, at - EXCERPT_RADIUS), at + prefix.length + EXCERPT_RADIUS]);
        found++;
      }
      at = folded.indexOf(prefix, at + 1);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  let out = "";
  let end = -1;
  for (const [from, to] of spans) {
    // Parts apart are kept apart by a line of their own, so no phrase spans the gap.
    out += from > end ? `\n.\n${folded.slice(from, to)}` : folded.slice(end, to);
    end = Math.max(end, to);
  }
  return out;
}

/** A plain-words query as the check reads it. */
interface PlainWords {
  /** Every word, for excerpts. */
  words: string[];
  /** Each term as it is written, whole, in folded text. */
  exact: WordFinder[];
  /** Whether every term must match (else any). */
  every: boolean;
}

function plainWords(terms: string, every: boolean): PlainWords {
  const chunks = [...terms.matchAll(/"([^"]*)"/g)].map((found) => found[1]!);
  return {
    words: chunks.flatMap((chunk) => chunk.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []),
    exact: wholeTermFinders(chunks, fold),
    every,
  };
}

/**
 * Whether the shown title and text hold the terms as written: then FTS5 matches them too
 * (the same tokens stem alike), and the scratch index is not needed.
 */
function holdsExactly(query: PlainWords, title: string, text: string): boolean {
  const folded = `${fold(title)}\n${fold(text)}`;
  return query.every
    ? query.exact.every((term) => term.test(folded))
    : query.exact.some((term) => term.test(folded));
}

/** Whether a query is meant as FTS5 syntax rather than plain words. */
function isSyntax(query: string): boolean {
  return SYNTAX.test(query);
}

/** Searches one rousseau source. */
export class RousseauSearch {
  readonly #store: Store;
  readonly #shown: (sessionId: string) => Shown | undefined;
  #scratch:
    | { db: DatabaseSync; insert: StatementSync; match: StatementSync; clear: StatementSync }
    | undefined;

  /** A search over `store`; `shown` renders a session by its id (undefined: gone). */
  constructor(store: Store, shown: (sessionId: string) => Shown | undefined) {
    this.#store = store;
    this.#shown = shown;
  }

  /** The best `count` sessions for `query`, best first; keys are session ids. */
  search(query: string, count: number): SearchRanking {
    if (isSyntax(query)) {
      const work = queryWork(this.#store, query);
      if (work !== null) {
        refuseTooBroad(query, work);
        const glued = gluedSyntax(query);
        const gluedWork = queryWork(this.#store, glued);
        for (const indexQuery of gluedWork === null ? [query] : [glued, query]) {
          if (indexQuery === glued) refuseTooBroad(query, gluedWork!);
          try {
            return { ...this.#rank(indexQuery, query, count), mode: "fts5", match: query };
          } catch (error) {
            if ((error as { errcode?: unknown } | null)?.errcode !== 1) throw error;
          }
        }
      }
    }
    const words = plainWordsQueries(query);
    if (words === null) return { hits: [], mode: "words", match: "", partial: false };
    const every = gluedQuery(words.allTerms, " AND ");
    // The glued forms are rare tokens (a word after an escape): the words' own lists bound
    // the work, and estimating seven forms of each would cost more than ranking them.
    const work = queryWork(this.#store, words.anyTerm);
    if (work !== null) refuseTooBroad(query, work);
    const all = this.#rank(every, words.allTerms, count, plainWords(words.allTerms, true));
    if (all.hits.length > 0 || words.allTerms === words.anyTerm) {
      return { ...all, mode: "words", match: words.allTerms };
    }
    const any = this.#rank(
      gluedQuery(words.anyTerm, " OR "),
      words.anyTerm,
      count,
      plainWords(words.anyTerm, false),
    );
    return { ...any, mode: "words", match: words.anyTerm };
  }

  /**
   * Reads the index's ranking of `indexQuery` best first and keeps the sessions whose
   * shown text matches `shownQuery`, until `count` are kept or the ranking ends.
   */
  #rank(
    indexQuery: string,
    shownQuery: string,
    count: number,
    words: PlainWords | null = null,
  ): { hits: RankedHit[]; partial: boolean } {
    const sql = `SELECT f.session_id AS id, bm25(${ROUSSEAU_FTS}) AS score FROM ${ROUSSEAU_FTS} f
      WHERE ${ROUSSEAU_FTS} MATCH ? AND ${
      keepGoingSql("f")
    } ORDER BY score, f.rowid LIMIT ? OFFSET ?`;
    const hits: RankedHit[] = [];
    const seen = new Set<string>();
    let offset = 0;
    let limit = Math.max(count, 1) * ROWS_PER_HIT;
    while (hits.length < count) {
      const rows = this.#store.all(sql, indexQuery, limit, offset);
      const batch = rows.flatMap((row) => {
        const id = String(row["id"]);
        if (seen.has(id)) return [];
        seen.add(id);
        return [{ key: id, score: -Number(row["score"]) }];
      });
      for (const hit of this.#check(batch, shownQuery, words)) {
        if (hits.length < count) hits.push(hit);
      }
      offset += rows.length;
      if (rows.length < limit) return { hits, partial: false };
      if (offset >= MAX_RANKED_ROWS) return { hits, partial: hits.length < count };
      limit = Math.min(limit * 4, MAX_RANKED_ROWS - offset);
    }
    return { hits, partial: false };
  }

  /**
   * The candidates whose title or shown text matches `query`, in their order; for plain
   * `words`, only the text's excerpts around them are checked.
   */
  #check(candidates: RankedHit[], query: string, words: PlainWords | null): RankedHit[] {
    const scratch = this.#open();
    const kept = new Set<number>();
    scratch.db.exec("BEGIN");
    try {
      scratch.clear.run();
      candidates.forEach((candidate, i) => {
        if (i % 16 === 0) this.#store.throwIfInterrupted();
        const shown = this.#shown(candidate.key);
        if (shown === undefined) return;
        if (words !== null && holdsExactly(words, shown.title, shown.text)) {
          kept.add(i + 1);
          return;
        }
        const text = words === null ? shown.text : excerpts(shown.text, words.words);
        scratch.insert.run(i + 1, candidate.key, shown.title, text);
      });
      scratch.db.exec("COMMIT");
    } catch (error) {
      scratch.db.exec("ROLLBACK");
      throw error;
    }
    for (const row of scratch.match.all(query)) kept.add(Number(row["rowid"]));
    return candidates.filter((_, i) => kept.has(i + 1));
  }

  #open() {
    if (this.#scratch !== undefined) return this.#scratch;
    const db = new DatabaseSync(":memory:");
    // Contentless: nothing is read back, and emptying it is one 'delete-all'.
    db.exec(`CREATE VIRTUAL TABLE shown USING fts5 (session_id UNINDEXED, title, body,
      content = '', tokenize = '${TOKENIZER}')`);
    this.#scratch = {
      db,
      insert: db.prepare("INSERT INTO shown (rowid, session_id, title, body) VALUES (?, ?, ?, ?)"),
      match: db.prepare("SELECT rowid FROM shown WHERE shown MATCH ?"),
      clear: db.prepare("INSERT INTO shown (shown) VALUES ('delete-all')"),
    };
    return this.#scratch;
  }
}
