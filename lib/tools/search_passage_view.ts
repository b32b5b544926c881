/**
 * How a hit ranked by passages is shown: its best passages, each cited by the segment where
 * its match is strongest (seq, times, speaker) with a short text, matched words marked; the
 * snippet is the best passage's start, and the moment its segment.
 *
 * @module
 */
import { WORD } from "../search/fts_query.ts";
import * as v from "valibot";
import type { SourceReader } from "../sources/source_reader.ts";
import { holdsWords } from "../sources/holds_words.ts";
import type { PassageUnit } from "../search/passage_units.ts";
import { foldedWords } from "../search/passage_units.ts";
import { stemmed, stemsVersion } from "../search/word_stems.ts";
import { escapeRegExp } from "../text/word_finder.ts";
import type { PassageFinding } from "./search_passages.ts";
import { few, findMoment, findMoments, type Moment, momentOf } from "./search_moment.ts";
import { withoutLastWord } from "../text/text_slice.ts";

/** How many characters of text a passage shows, marks aside; a snippet, fewer. */
const PASSAGE_TEXT_CHARS = 120;
const SNIPPET_CHARS = 100;
/** How far into a unit its first match may be before the text starts nearer to it. */
const LEAD_CHARS = 60;

/** One passage as a result shows it: its strongest segment, and its text. */
export interface ShownPassage extends Moment {
  /** Its text from the strongest segment on, matched words marked «so». */
  text: string;
}

/** The schema of a result's `passages`. */
export const passagesSchema: v.GenericSchema<ShownPassage[] | undefined> = v.pipe(
  v.optional(v.array(v.object({
    seq: v.number(),
    startMs: v.nullable(v.number()),
    endMs: v.nullable(v.number()),
    at: v.nullable(v.string()),
    speaker: v.nullable(v.string()),
    text: v.string(),
  }))),
  v.description(
    "Its best passages (at most 3, best first): each the segment where its match is " +
      "strongest (seq, startMs, endMs, at as h:mm:ss, speaker; seq -1 and null times where " +
      "the transcript has no segments) and up to 200 characters from there, matches " +
      "marked «so».",
  ),
) as v.GenericSchema<ShownPassage[] | undefined>;

/** What a hit found by passages shows. */
export interface PassageView {
  /** The best passage's start, marked. */
  snippet: string;
  /** The best passage's strongest segment, or null. */
  moment: Moment | null;
  /** Its passages as shown. */
  passages: ShownPassage[];
}

/**
 * Each word's key among a query's stems (its stem, else its folded form; null for no word),
 * kept while the stems are as they were: a page marks the same words again and again (a
 * filler said in every line), and folding and stemming a word costs more than looking it up.
 */
const keysKept = new Map<string, string | null>();
/** The stems' version the kept keys were worked out under. */
let keysStemsVersion = -1;

/** How many words' keys are kept, at most; past it they start afresh. */
const MAX_KEPT_KEYS = 50_000;

/** Whether a word of a text matches one of `terms` (by its stem). */
function matches(word: string, terms: ReadonlySet<string>): boolean {
  const version = stemsVersion();
  if (version !== keysStemsVersion) {
    keysKept.clear();
    keysStemsVersion = version;
  }
  let key = keysKept.get(word);
  if (key === undefined) {
    const [folded] = foldedWords(word);
    key = folded === undefined ? null : stemmed(folded) ?? folded;
    if (keysKept.size >= MAX_KEPT_KEYS) keysKept.clear();
    keysKept.set(word, key);
  }
  return key !== null && terms.has(key);
}

/** The index of the unit at `line` in `units` (in order of line), or 0 when none is. */
function unitAt(units: readonly PassageUnit[], line: number): number {
  let low = 0;
  let high = units.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (units[middle]!.line < line) low = middle + 1;
    else high = middle;
  }
  return units[low]?.line === line ? low : 0;
}

/** The first word of `text` that matches `terms`, and where it is; null when none. */
function firstMatch(text: string, terms: ReadonlySet<string>): { word: string; at: number } | null {
  for (const found of text.matchAll(WORD)) {
    if (matches(found[0], terms)) return { word: found[0], at: found.index };
  }
  return null;
}

/**
 * `text` with the words matching `terms` marked, runs of them as one.
 *
 * @example
 * ```ts
 * import { markTerms } from "./search_passage_view.ts";
 * import { stemWords } from "../search/word_stems.ts";
 * stemWords(["pricing", "page"]);
 * markTerms("the pricing page", new Set(["price", "page"]), ["«", "»"]); // "the «pricing page»"
 * ```
 */
export function markTerms(
  text: string,
  terms: ReadonlySet<string>,
  [open, close]: readonly [string, string],
): string {
  const marked = text.replace(
    WORD,
    (word) => matches(word, terms) ? `${open}${word}${close}` : word,
  );
  // Words said together are one mark: `«sync conflict»`, `«POL-358»`.
  return marked.replace(joinedMarks(open, close), "$1");
}

/** Each pair of marks' pattern of a close, a joining character and an open, made once. */
const joinPatterns = new Map<string, RegExp>();

/** The pattern of `close`, one character words are said together by, and `open`. */
function joinedMarks(open: string, close: string): RegExp {
  const key = `${open}\u0000${close}`;
  let pattern = joinPatterns.get(key);
  if (pattern === undefined) {
    pattern = new RegExp(`${escapeRegExp(close)}([ \\-./_:'@])${escapeRegExp(open)}`, "gu");
    joinPatterns.set(key, pattern);
  }
  return pattern;
}

/**
 * Up to `chars` of the units from `from` on, as `Speaker: said` lines, the start cut near its
 * first match, at character `firstAt` of the first unit's text.
 */
function passageText(
  units: readonly PassageUnit[],
  from: number,
  chars: number,
  firstAt: number,
  firstSpeaker: boolean,
): string {
  const lines: string[] = [];
  let left = chars;
  for (let u = from; u < units.length && left > 0; u++) {
    const unit = units[u]!;
    let said = unit.said;
    if (u === from && firstAt > LEAD_CHARS) {
      said = `…${said.slice(said.indexOf(" ", firstAt - LEAD_CHARS) + 1)}`;
    }
    // A passage names its first speaker beside its text: only a change of speaker is said.
    const named = unit.speaker !== null && (u > from || firstSpeaker);
    const line = named ? `${unit.speaker}: ${said}` : said;
    lines.push(line.length > left ? `${withoutLastWord(line.slice(0, left))}…` : line);
    left -= line.length + 1;
  }
  return lines.join("\n");
}

/** The segment at `line` when it holds `word`, else the first that does; null without segments. */
function momentAt(
  reader: SourceReader,
  id: string,
  line: number,
  word: string,
  phrase: string,
): Moment | null {
  const [segment] = reader.readSegments?.(id, { fromSeq: line, limit: 1 }) ?? [];
  if (segment !== undefined && segment.seq === line && holdsWords(segment.text, phrase)) {
    return momentOf(segment);
  }
  return findMoment(reader, id, { phrase, word, line }, line);
}

/**
 * The moments of `sought`, in order: where the reader finds segments by their words, a
 * whole page's together (one read where each `near` segment holds its word); else each by
 * its line first, one segment read.
 */
function momentsOf(
  reader: SourceReader,
  sought: readonly { id: string; line: number; word: string; phrase: string }[],
): (Moment | null)[] {
  if (reader.findSegments === undefined && reader.findSegment === undefined) {
    return sought.map(({ id, line, word, phrase }) => momentAt(reader, id, line, word, phrase));
  }
  return findMoments(
    reader,
    sought.map(({ id, line, word, phrase }) => ({
      id,
      needles: { phrase, word, line },
      near: line,
    })),
  );
}

/**
 * How each of `found` (one source's hits on a page) is shown: its passages with their
 * moments and marked texts, and the snippet.
 *
 * @example
 * ```ts
 * import { passageViews } from "./search_passage_view.ts";
 * import { rankByPassages } from "./search_passages.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const reader = sources.reader(sources.all[0]!);
 * const [hit] = rankByPassages(reader, "demo", { query: "pricing" }, 1).hits;
 * passageViews(reader, [hit!.found], ["«", "»"])[0]!.snippet.includes("«"); // true
 * ```
 */
export function passageViews(
  reader: SourceReader,
  found: readonly PassageFinding[],
  marks: readonly [string, string],
): PassageView[] {
  const laid = found.map((one) => {
    return one.passages.map((passage) => {
      const u = unitAt(one.units, passage.line);
      const said = one.units[u]?.said ?? "";
      const match = firstMatch(said, one.terms);
      const word = match?.word ?? "";
      // The word with what follows it, as one segment says it: the word alone is in many.
      const phrase = match === null ? "" : few(said.slice(match.at));
      const matchAt = match?.at ?? 0;
      return {
        u,
        matchAt,
        speaker: passage.speaker,
        word,
        phrase,
        line: passage.line,
        id: one.item.id,
      };
    });
  });
  const sought = laid.flat().filter(({ word }) => word !== "");
  const foundMoments = momentsOf(reader, sought);
  const moments = new Map(sought.map((one, i) => [one, foundMoments[i] ?? null]));
  return found.map((one, h) => {
    const shown = laid[h]!.map((place) => ({
      ...place,
      moment: moments.get(place) ?? null,
      text: markTerms(
        passageText(one.units, place.u, PASSAGE_TEXT_CHARS, place.matchAt, false),
        one.terms,
        marks,
      ),
    }));
    const snippet = shown[0] === undefined ? "" : markTerms(
      passageText(one.units, shown[0].u, SNIPPET_CHARS, shown[0].matchAt, true),
      one.terms,
      marks,
    );
    return {
      snippet,
      moment: shown[0]?.moment ?? null,
      passages: shown.map(({ moment, speaker, text }) => ({
        ...(moment ?? { seq: -1, startMs: null, endMs: null, at: null, speaker }),
        text,
      })),
    };
  });
}
