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
import { WORD } from "./fts_query.ts";
import { stemmed, stemWords } from "./word_stems.ts";

/**
 * Non-speech marks as transcribers write them: anything in braces, a bracketed word or two
 * (`[laughter]`, `[MUSIC]`, `[inaudible 00:12]`), and the usual parenthesised sounds.
 */
const NON_SPEECH =
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
  /** Its words' stems as term numbers ({@link termNumber}), in order. */
  terms: Int32Array;
}

/** The words of `text`, lower-cased with accents removed, as the store's index folds them. */
export function foldedWords(text: string): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  // Most text is ASCII: one test for the whole text spares one a word.
  if (/^[\p{ASCII}]*$/u.test(text)) return words;
  return words.map((word) =>
    /^[\p{ASCII}]*$/u.test(word) ? word : word.normalize("NFD").replace(/\p{M}/gu, "")
  ).filter((word) => word !== "");
}

/** What is kept of one item: its units, the hash of their text, and its source's stamp. */
interface Kept {
  hash: number;
  stamp: string | undefined;
  units: PassageUnit[];
  words: number;
}

const kept = new Map<string, Kept>();

/** Every stem seen, numbered: units hold numbers, which compare and index cheaply. */
const termNumbers = new Map<string, number>();
/** Every folded word seen, with its stem's number (-1 for a word with no stem). */
const wordNumbers = new Map<string, number>();
/** How many stems are numbered, at most; past it the numbers and the kept units start afresh. */
const MAX_TERMS = 2_000_000;

function internTerm(stem: string): number {
  let number = termNumbers.get(stem);
  if (number === undefined) termNumbers.set(stem, number = termNumbers.size);
  return number;
}

/**
 * Lets every numbered stem and kept unit go once the stems numbered pass MAX_TERMS: called
 * before a search reads any units, so none it holds is numbered apart from the rest.
 *
 * @example
 * ```ts
 * import { startAfreshWhenFull } from "./passage_units.ts";
 * startAfreshWhenFull();
 * ```
 */
export function startAfreshWhenFull(): void {
  if (termNumbers.size <= MAX_TERMS && wordNumbers.size <= MAX_TERMS) return;
  termNumbers.clear();
  wordNumbers.clear();
  kept.clear();
  keptWords = 0;
}

/**
 * How many stems are numbered: every number in units' `terms` is below it.
 *
 * @example
 * ```ts
 * import { numberedTerms } from "./passage_units.ts";
 * numberedTerms() >= 0; // true
 * ```
 */
export function numberedTerms(): number {
  return termNumbers.size;
}

/**
 * The number of `stem` in units' `terms`, or -1 when no unit read so far holds it.
 *
 * @example
 * ```ts
 * import { termNumber } from "./passage_units.ts";
 * termNumber("no-such-stem-anywhere"); // -1
 * ```
 */
export function termNumber(stem: string): number {
  return termNumbers.get(stem) ?? -1;
}
let keptWords = 0;

/** A quick hash of a text (FNV-1a over its UTF-16 units): a changed text reads again. */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

/** The longest label a line of a text made of segments starts with (a name and a party, say). */
const MAX_LABEL_CHARS = 120;

/**
 * The speaker a line's label names, and where what was said starts; null when none. A label
 * is a known speaker's name, or, in a text whose lines are labelled (`anyLabel`), any
 * prefix up to `: ` short enough to be a name: a source lists at most MAX_SPEAKERS names.
 */
function labelOf(
  line: string,
  speakers: ReadonlySet<string>,
  anyLabel: boolean,
): [string, number] | null {
  const colon = line.indexOf(": ");
  if (colon <= 0 || colon > MAX_LABEL_CHARS) return null;
  const name = line.slice(0, colon);
  return speakers.has(name) || anyLabel ? [name, colon + 2] : null;
}

/**
 * Whether `lines` are a text made of labelled segments: it names speakers, and at least half
 * its lines start with a known speaker's label.
 */
function labelled(lines: readonly string[], speakers: ReadonlySet<string>): boolean {
  return speakers.size > 0 && labelledShare(lines, (name) => speakers.has(name)) >= 0.5;
}

/** The share of `lines` that say something and start with a `Name: ` that `isLabel`. */
function labelledShare(lines: readonly string[], isLabel: (name: string) => boolean): number {
  let said = 0;
  let labels = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    said++;
    const colon = line.indexOf(": ");
    if (colon > 0 && isLabel(line.slice(0, colon))) labels++;
  }
  return said === 0 ? 0 : labels / said;
}

/** What `line` says: its label (as {@link labelOf} found it) and non-speech marks left out. */
function saidIn(line: string, label: [string, number] | null): string {
  return (label === null ? line : line.slice(label[1])).replace(NON_SPEECH, " ")
    .replace(/\s{2,}/gu, " ").trim();
}

/**
 * What each line of `text` says, as passages read it: a speaker's label and non-speech marks
 * left out, and lines that say nothing dropped. Search by meaning reads a transcript's topic
 * from these, since a label repeated on every line would outweigh what was said. With
 * `speakers` "any", a text most of whose lines start with a short `Name: ` is taken to be
 * labelled, whoever the names are.
 *
 * @example
 * ```ts
 * import { saidLines } from "./passage_units.ts";
 * saidLines("Ada: We {laugh} planned pricing.\nBen: [MUSIC]", ["Ada", "Ben"]);
 * // ["We planned pricing."]
 * saidLines("Ada: Pricing.\nBen: Yes.\nNote: the plan.", "any"); // ["Pricing.", "Yes.", "the plan."]
 * ```
 */
export function saidLines(text: string, speakers: readonly string[] | "any"): string[] {
  const known = new Set(speakers === "any" ? [] : speakers);
  const lines = text.split("\n");
  const anyLabel = speakers === "any" ? mostlyLabelled(lines) : labelled(lines, known);
  return lines.map((line) => saidIn(line, labelOf(line, known, anyLabel)))
    .filter((said) => said !== "");
}

/** The longest label of a text whose speakers are not known: a name and a role, say. */
const MAX_UNKNOWN_LABEL_CHARS = 40;

/**
 * Whether most of `lines` start with a short `Name: ` label, its speakers unknown: more than
 * half, so one line with a colon in a short text stays words.
 */
function mostlyLabelled(lines: readonly string[]): boolean {
  const isLabel = (name: string) => name.length <= MAX_UNKNOWN_LABEL_CHARS && !/[.!?]/u.test(name);
  return labelledShare(lines, isLabel) > 0.5;
}

/** Each units list's speakers, each once, kept with it. */
const speakersKept = new WeakMap<readonly PassageUnit[], string[]>();

/**
 * Who speaks in `units`, each once, in order of first appearance: all of them, where a
 * source's own list stops at MAX_SPEAKERS.
 *
 * @example
 * ```ts
 * import { passageUnits, unitSpeakers } from "./passage_units.ts";
 * const [units] = passageUnits([{
 *   cacheKey: "x\u00003", text: "Ada: Hi.\nBen: Yes.\nAda: So.", speakers: ["Ada", "Ben"],
 * }]);
 * unitSpeakers(units!); // ["Ada", "Ben"]
 * ```
 */
export function unitSpeakers(units: readonly PassageUnit[]): string[] {
  let speakers = speakersKept.get(units);
  if (speakers === undefined) {
    speakers = [...new Set(units.flatMap((unit) => unit.speaker ?? []))];
    speakersKept.set(units, speakers);
  }
  return speakers;
}

/** An item whose text is read into units. */
export interface UnitSource {
  /** What it is kept under: its source's name and its key, unique in the thread. */
  cacheKey: string;
  /** Its text, one unit a line. */
  text: string;
  /** Who speaks in it: a line starting `Name: ` with one of these names is theirs. */
  speakers: readonly string[];
  /** Its source's stamp of its texts (SourceReader.textStamp), where it has one. */
  stamp?: string | undefined;
}

/**
 * The units kept of `cacheKey` when they were read under `stamp`: its text is then unchanged
 * and need not be read again.
 *
 * @example
 * ```ts
 * import { keptUnits } from "./passage_units.ts";
 * keptUnits("demo\u00001", "7:0"); // undefined until passageUnits has read it under that stamp
 * ```
 */
export function keptUnits(cacheKey: string, stamp: string): PassageUnit[] | undefined {
  const old = kept.get(cacheKey);
  if (old === undefined || old.stamp !== stamp) return undefined;
  kept.delete(cacheKey);
  kept.set(cacheKey, old);
  return old.units;
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
 * units!.map((unit) => [unit.speaker, unit.terms.length]);
 * // [["Ada", 3], ["Ben", 1]]
 * ```
 */
export function passageUnits(
  items: readonly UnitSource[],
  between?: () => void,
): PassageUnit[][] {
  const hashes = items.map((item) => textHash(item.text));
  const fresh = new Map<number, FreshItem>();
  // Words not seen before, in order of first sight, each with a number of its own until it
  // is stemmed in one batch below: -2 for the first, -3 for the next.
  const unseen = new Map<string, number>();
  items.forEach((item, i) => {
    const old = kept.get(item.cacheKey);
    if (old !== undefined && old.hash === hashes[i]) {
      old.stamp = item.stamp;
      return;
    }
    const speakers = new Set(item.speakers);
    const lines = item.text.split("\n");
    const anyLabel = labelled(lines, speakers);
    // Each word's term number, the whole text's in one list (a unit is a run of it): one
    // lookup a word, and no list a unit. A word not numbered yet is filled in once stemmed.
    const numbers: number[] = [];
    const units: FreshUnit[] = [];
    for (let line = 0; line < lines.length; line++) {
      const text = lines[line]!;
      const label = labelOf(text, speakers, anyLabel);
      const said = saidIn(text, label);
      const words = foldedWords(said);
      if (words.length === 0) continue;
      const from = numbers.length;
      for (const word of words) {
        let number = wordNumbers.get(word) ?? unseen.get(word);
        if (number === undefined) unseen.set(word, number = -2 - unseen.size);
        numbers.push(number);
      }
      units.push({ said, from, to: numbers.length, line, speaker: label?.[0] ?? null });
    }
    fresh.set(i, { numbers, units });
  });
  // The numbers of the words seen first here, by their own numbers (-2 first).
  const stemmedHere = new Int32Array(unseen.size);
  if (unseen.size > 0) {
    stemWords(unseen.keys(), between);
    let k = 0;
    for (const word of unseen.keys()) {
      const stem = stemmed(word) ?? word;
      const number = stem === "" ? -1 : internTerm(stem);
      wordNumbers.set(word, number);
      stemmedHere[k++] = number;
    }
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
    const { numbers } = read;
    // One buffer for the item's terms, a word without a stem left out; each unit a view of it.
    const terms = new Int32Array(numbers.length);
    let count = 0;
    const units = read.units.map(({ said, from, to, line, speaker }) => {
      const start = count;
      for (let at = from; at < to; at++) {
        let number = numbers[at]!;
        if (number < -1) number = stemmedHere[-2 - number]!;
        if (number !== -1) terms[count++] = number;
      }
      return { line, speaker, said, terms: terms.subarray(start, count) };
    });
    keep(item.cacheKey, { hash: hashes[i]!, stamp: item.stamp, units, words: numbers.length });
    return units;
  });
}

/** A unit as read, before its words are numbered: its words are `from` to `to` of its item's. */
interface FreshUnit {
  said: string;
  from: number;
  to: number;
  line: number;
  speaker: string | null;
}

/** An item as read: its words' numbers (a new word's own, below -1, until stemmed), its units. */
interface FreshItem {
  numbers: number[];
  units: FreshUnit[];
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
