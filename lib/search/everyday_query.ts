/**
 * A question in everyday words, read for search: which words carry its topic, and which
 * speaker it names. "What did the Industrial Designer say about the casing?" is about
 * "casing", said by the speaker "Industrial Designer": the question's frame ("what did … say
 * about") names no topic, and a speaker is who spoke, not words of the text.
 *
 * @module
 */
import { isStopWord, WORD } from "./fts_query.ts";
import { keptAnswer } from "./kept_answers.ts";

/**
 * Words that frame a question about a conversation rather than name its topic: asking
 * what was discussed, said, decided or thought. They are in nearly every question and in
 * every meeting, so they tell nothing apart and only pull answers towards talk about talk.
 */
const QUESTION_FRAME = new Set(
  ("according agree agreed also answer answered bring brought came come concern concerns " +
    "conclude concluded conclusion consider considered decide decided decision decisions " +
    "describe described detail detailed details disagree discuss discussed discusses " +
    "discussing discussion discussions explain explained give gave group kind meeting " +
    "mention mentioned mentions opinion opinions other others overall point points propose " +
    "proposed raise raised reason reasons regarding respond responded response said say " +
    "says shall should sort state stated suggest suggested suggestion suggestions summarise " +
    "summarize summary talk talked talking team think thinks thought toward towards view " +
    "views whole").split(" "),
);

/** Name words that are titles or honorifics, not what a person is called by. */
const TITLES = new Set(["mr", "mrs", "ms", "miss", "dr", "hon", "am", "mp", "the", "prof"]);

/**
 * The words a speaker's name is asked by: its words less titles and anything in
 * parentheses, lower-cased ("Mr. Dave Epp (Chatham-Kent, CPC)" is "dave epp").
 *
 * @example
 * ```ts
 * import { speakerNameWords } from "./everyday_query.ts";
 * speakerNameWords("Mr. Dave Epp (Chatham-Kent, CPC)"); // ["dave", "epp"]
 * speakerNameWords("Industrial Designer"); // ["industrial", "designer"]
 * ```
 */
export function speakerNameWords(name: string): string[] {
  const bare = name.replace(/\([^)]*\)/gu, " ").toLowerCase().match(WORD) ?? [];
  return bare.filter((word) => !TITLES.has(word));
}

/**
 * Each speaker's name words, kept: a search reads the speakers of its every candidate, the
 * same few hundred names search after search.
 */
const nameWordsKept = new Map<string, { words: readonly string[]; spaced: string }>();
/** How many names' words are kept, at most; past it they start afresh. */
const KEPT_NAMES = 20_000;

function keptNameWords(name: string): { words: readonly string[]; spaced: string } {
  return keptAnswer(nameWordsKept, name, () => {
    const words = speakerNameWords(name);
    return { words, spaced: ` ${words.join(" ")} ` };
  }, KEPT_NAMES);
}

/** What a query asks for, as {@link everydayQuery} reads it. */
export interface EverydayQuery {
  /** The words that carry its topic, lower-cased, each once, in the query's order. */
  words: string[];
  /**
   * Its topic as it is matched: each word alone, and words written joined by punctuation
   * (`zoom.us`, `POL-358`) together, as a phrase.
   */
  phrases: string[][];
  /** The speakers it names, as the sources spell them. */
  speakers: string[];
}

/**
 * Reads `query` as everyday words: its topic words (function words and a question's frame
 * left out) and the speakers among `knownSpeakers` it names (every word of the name, in
 * order). A named speaker's words are not topic words. When nothing else is left, the
 * query's own words are kept, so a query of words never reads as empty.
 *
 * @example
 * ```ts
 * import { everydayQuery } from "./everyday_query.ts";
 * everydayQuery("What did the Industrial Designer say about the casing?", ["Industrial Designer"]);
 * // { words: ["casing"], phrases: [["casing"]], speakers: ["Industrial Designer"] }
 * everydayQuery("what did we discuss?", []).words; // ["what", "did", "we", "discuss"]
 * ```
 */
export function everydayQuery(query: string, knownSpeakers: Iterable<string>): EverydayQuery {
  const all = query.toLowerCase().match(WORD) ?? [];
  const spaced = ` ${all.join(" ")} `;
  const speakers: string[] = [];
  const named = new Set<string>();
  for (const speaker of knownSpeakers) {
    const { words, spaced: name } = keptNameWords(speaker);
    // A one-letter name ("C") is too often a word of the question to be taken as one.
    if (words.length === 0 || (words.length === 1 && words[0]!.length < 3)) continue;
    if (spaced.includes(name)) {
      speakers.push(speaker);
      for (const word of words) named.add(word);
    }
  }
  const topical = (word: string) =>
    !isStopWord(word) && !QUESTION_FRAME.has(word) && !named.has(word);
  const chunks = query.toLowerCase().split(/\s+/u).map((chunk) => chunk.match(WORD) ?? [])
    .filter((words) => words.length > 0);
  let phrases = chunks.filter((words) => words.some(topical));
  // Nothing but function words: the words that are not a speaker's, else every word.
  if (phrases.length === 0) phrases = chunks.filter((words) => !words.every((w) => named.has(w)));
  if (phrases.length === 0) phrases = chunks;
  const unique = new Map(phrases.map((words) => [words.join(" "), words]));
  const words = [...unique.values()].flatMap((words) => {
    const kept = words.filter(topical);
    return kept.length > 0 ? kept : words;
  });
  return { words: [...new Set(words)], phrases: [...unique.values()], speakers };
}

/**
 * Whether `query` is written in FTS5 syntax (quotes, AND/OR/NOT/NEAR, a prefix star, a
 * column filter or parentheses) and so asks for exactly what it says.
 *
 * @example
 * ```ts
 * import { isFts5Syntax } from "./everyday_query.ts";
 * isFts5Syntax('"pricing page" OR plans'); // true
 * isFts5Syntax("what about pricing?"); // false
 * ```
 */
export function isFts5Syntax(query: string): boolean {
  return /["*()^]|\b(?:AND|OR|NOT|NEAR)\b|\b[A-Za-z_]+:[^\s/]/u.test(query);
}
