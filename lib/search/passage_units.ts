/**
 * A transcript's text as the units passages are made of: one unit a line (a segment, a
 * cue, a message or a paragraph), with who said it and the stems of its words. A line's
 * `Speaker: ` label is who spoke, not words of the text, and non-speech marks
 * (`{vocalsound}`, `[laughter]`, `(inaudible)`) are no words at all.
 *
 * Units are kept per thread, by item and a hash of its text, up to a number of words: an
 * assistant asks several questions of the same meetings, and reading words is most of a
 * passage search's work.
 *
 * @module
 */
import { stemmed, stemWords } from "./word_stems.ts";

// The characters unicode61 keeps inside a token: letters, marks and numbers.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Non-speech marks as transcribers write them: anything in braces, a bracketed word or two
 * (`[laughter]`, `[MUSIC]`, `[inaudible 00:12]`), and the usual parenthesised sounds.
 */
export const NON_SPEECH =
  /\{[^{}\n]{0,40}\}|\[[^[\]\n]{0,40}\]|\((?:inaudible|indistinct|laughs?|laughter|crosstalk|music|applause|silence|noise|coughs?|sighs?|pause|unintelligible|background noise)[^()\n]{0,20}\)/giu;

/** How many words the kept units may hold in all, per thread. */
const KEPT_WORDS = 3_000_000;

/** One line of a transcript, read for search. */
export interface PassageUnit {
  /** Its line in the text (0-based): a segment's seq where the text is its segments' lines. */
  line: number;
  /** Who said it, where its line carries a known speaker's label; else null. */
  speaker: string | null;
  /** What was said, label and non-speech marks left out. */
  said: string;
  /** The stems of its words, in order. */
  stems: string[];
}

/** The words of `text`, lower-cased with accents removed, as the store's index folds them. */
export function foldedWords(text: string): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  return words.map((word) =>
    /^[\p{ASCII}]*$/u.test(word) ? word : word.normalize("NFD").replace(/\p{M}/gu, "")
  ).filter((word) => word !== "");
}

/** What is kept of one item: its units, and the hash of the text they were read from. */
interface Kept {
  hash: number;
  units: PassageUnit[];
  words: number;
}

const kept = new Map<string, Kept>();
let keptWords = 0;

/** A quick hash of a text (FNV-1a over its UTF-16 units): a changed text reads again. */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

/** The speaker a line's label names, and where what was said starts; null when none. */
function labelOf(line: string, speakers: ReadonlySet<string>): [string, number] | null {
  const colon = line.indexOf(": ");
  if (colon <= 0) return null;
  const name = line.slice(0, colon);
  return speakers.has(name) ? [name, colon + 2] : null;
}

/** An item whose text is read into units. */
export interface UnitSource {
  /** What it is kept under: its source's name and its key, unique in the thread. */
  cacheKey: string;
  /** Its text, one unit a line. */
  text: string;
  /** Who speaks in it: a line starting `Name: ` with one of these names is theirs. */
  speakers: readonly string[];
}

/**
 * The units of each of `items`, in order: kept ones where the text is unchanged, the rest
 * read now, their new words stemmed in one batch. `between` is the call's interruption
 * check, called between batches.
 *
 * @example
 * ```ts
 * import { passageUnits } from "./passage_units.ts";
 * const [units] = passageUnits([{
 *   cacheKey: "demo\u00001", text: "Ada: We {laugh} planned pricing.\nBen: Yes.", speakers: ["Ada", "Ben"],
 * }]);
 * units!.map((unit) => [unit.speaker, unit.stems.join(" ")]);
 * // [["Ada", "we plan price"], ["Ben", "ye"]]
 * ```
 */
export function passageUnits(
  items: readonly UnitSource[],
  between?: () => void,
): PassageUnit[][] {
  const hashes = items.map((item) => textHash(item.text));
  const fresh = new Map<number, { said: string; words: string[]; line: number; speaker: string | null }[]>();
  items.forEach((item, i) => {
    const old = kept.get(item.cacheKey);
    if (old !== undefined && old.hash === hashes[i]) return;
    const speakers = new Set(item.speakers);
    const lines = item.text.split("\n");
    const read = [];
    for (let line = 0; line < lines.length; line++) {
      const text = lines[line]!;
      const label = labelOf(text, speakers);
      const said = (label === null ? text : text.slice(label[1])).replace(NON_SPEECH, " ").trim();
      const words = foldedWords(said);
      if (words.length === 0) continue;
      read.push({ said, words, line, speaker: label?.[0] ?? null });
    }
    fresh.set(i, read);
  });
  if (fresh.size > 0) {
    stemWords([...fresh.values()].flatMap((read) => read.flatMap((unit) => unit.words)), between);
  }
  return items.map((item, i) => {
    const read = fresh.get(i);
    if (read === undefined) {
      const old = kept.get(item.cacheKey)!;
      // Used again: to the back of the queue the oldest are let go from.
      kept.delete(item.cacheKey);
      kept.set(item.cacheKey, old);
      return old.units;
    }
    let words = 0;
    const units = read.map(({ said, words: folded, line, speaker }) => {
      words += folded.length;
      const stems = folded.map((word) => stemmed(word) ?? word).filter((stem) => stem !== "");
      return { line, speaker, said, stems };
    });
    keep(item.cacheKey, { hash: hashes[i]!, units, words });
    return units;
  });
}

/** Keeps `entry`, letting the least recently used go past KEPT_WORDS. */
function keep(cacheKey: string, entry: Kept): void {
  const old = kept.get(cacheKey);
  if (old !== undefined) {
    keptWords -= old.words;
    kept.delete(cacheKey);
  }
  if (entry.words > KEPT_WORDS) return;
  kept.set(cacheKey, entry);
  keptWords += entry.words;
  for (const [key, value] of kept) {
    if (keptWords <= KEPT_WORDS) break;
    kept.delete(key);
    keptWords -= value.words;
  }
}
