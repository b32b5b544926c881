/**
 * Ranking transcripts by their passages: runs of consecutive units (lines: segments, cues,
 * messages, paragraphs) about two and a half minutes of speech long, overlapping by half.
 * A transcript ranks by its best passage plus a share of its next two, so a long meeting
 * that spends five minutes on the question ranks by those five minutes, not by one score
 * over its whole text, and one that keeps coming back to it ranks higher still.
 *
 * Passages score by BM25 over the passages of the transcripts asked about (the candidates a
 * source's own index or scan found), so a word most passages hold weighs little and a rare
 * one much. A speaker the question names lifts the passages where they speak, and the
 * transcripts they speak in. Within a passage, its strongest unit is the one whose words
 * and neighbours' words match most: the moment a citation names.
 *
 * Chosen by measurement on QMSum's train split (bench/RESULTS.md): passages of 360 words
 * (24 turns of a meeting), the next two best at 0.3, a named speaker at 1.5.
 *
 * @module
 */
import { type PassageUnit, termNumber } from "./passage_units.ts";
import { postingsOf, sayings } from "./passage_postings.ts";
import { foldCase } from "../text/fold_case.ts";

/** How many words a passage holds, at least (but for a transcript's last). */
export const PASSAGE_WORDS = 360;
/** How many words after one passage's start the next starts. */
const PASSAGE_STEP_WORDS = PASSAGE_WORDS / 2;
/** BM25's term saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;
/** What the second and third best passages add, each, as a share of their score. */
const NEXT_PASSAGES_SHARE = 0.3;
/** How much a speaker the question names lifts their passages and transcripts. */
const NAMED_SPEAKER_LIFT = 1.5;
/** What a transcript's being about the query as a whole adds, as a share of the best passage's score. */
const WHOLE_SHARE = 0.3;
/** A title's matches, as a share of a passage's. */
const TITLE_SHARE = 3;
/** The share of its best passage's score a further passage needs to be kept. */
const SHOWN_SHARE = 0.7;
/** How many passages of a transcript are kept, best first. */
const MAX_PASSAGES = 3;

/** What a passage search looks for. */
export interface PassageQuery {
  /** The stems of its topic words, each once. */
  terms: readonly string[];
  /** The speakers it names: their passages and transcripts rank higher. */
  namedSpeakers: readonly string[];
  /** Only passages this speaker spoke (case-insensitive), and only their words count. */
  onlySpeaker?: string | undefined;
}

/** One transcript to rank: its units, and the stems of its title. */
export interface RankedItem {
  /** The units of its text (passageUnits). */
  units: readonly PassageUnit[];
  /** The stems of its title's words. */
  titleStems: readonly string[];
  /**
   * How much of it, as a whole, is about the query, from 0 to 1: its source's own score
   * (BM25 over its whole text, say) as a share of the best candidate's. 0 when unknown.
   */
  whole?: number | undefined;
}

/** One of a transcript's best passages. */
export interface ScoredPassage {
  /** Its first unit's line. */
  firstLine: number;
  /** Its last unit's line. */
  lastLine: number;
  /** The line of its strongest unit: where its match is strongest. */
  line: number;
  /** Who said that unit, or null. */
  speaker: string | null;
  /** Its score. */
  score: number;
}

/** A transcript's rank: its score and its best passages, best first (at most MAX_PASSAGES). */
export interface ItemRank {
  /** Higher is better; 0 when no passage and not the title holds a term. */
  score: number;
  /**
   * Its best passages, not overlapping, best first. Found when first read: a search reads
   * them for the hits it shows, not for every candidate it ranks.
   */
  passages: ScoredPassage[];
  /** How much of the query's weight its best passage holds, from 0 to 1. */
  coverage: number;
  /** Whether any passage holds a query term (said by the speaker asked for, if one is). */
  matched: boolean;
}

/** A passage of one item: units [first, last] and its word count. */
interface Window {
  first: number;
  last: number;
  length: number;
}

/** Each item's passages, kept with its units (which are kept, and change as a whole). */
const windowsKept = new WeakMap<readonly PassageUnit[], Window[]>();

/** The passages of `units`: one starting every PASSAGE_STEP_WORDS words. */
function windowsOf(units: readonly PassageUnit[]): Window[] {
  const known = windowsKept.get(units);
  if (known !== undefined) return known;
  const windows: Window[] = [];
  let start = 0;
  while (start < units.length) {
    let length = 0;
    let end = start;
    let next = -1;
    for (; end < units.length; end++) {
      length += units[end]!.terms.length;
      if (next === -1 && length >= PASSAGE_STEP_WORDS && end + 1 < units.length) next = end + 1;
      if (length >= PASSAGE_WORDS) break;
    }
    const last = Math.min(end, units.length - 1);
    windows.push({ first: start, last, length });
    if (last >= units.length - 1 || next === -1) break;
    start = next;
  }
  windowsKept.set(units, windows);
  return windows;
}

/** The first of `windows` from `from` on whose last unit is at or after `unit` (they end in order). */
function firstEndingAt(windows: readonly Window[], unit: number, from: number): number {
  let low = from;
  let high = windows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (windows[middle]!.last < unit) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One item's passages that hold a query term: which, their term counts, and their scores. */
interface Counted {
  /** The passages' indexes in windowsOf's list, in order. */
  windows: number[];
  /** Each passage's count of each query term, `termCount` a passage, in the same order. */
  counts: Float64Array;
  /** Each passage's score, in the same order. */
  scores: Float64Array;
}

/**
 * Ranks `items` for `query`, each on its own (the order of `items` is kept): its score and
 * best passages.
 *
 * @example
 * ```ts
 * import { rankPassages } from "./passage_rank.ts";
 * import { passageUnits } from "./passage_units.ts";
 * const [a, b] = passageUnits([
 *   { cacheKey: "x\u00001", text: "We set the price.\nThe plan and its price.", speakers: [] },
 *   { cacheKey: "x\u00002", text: "We hired.", speakers: [] },
 * ]);
 * const [first, second] = rankPassages(
 *   [{ units: a!, titleStems: [] }, { units: b!, titleStems: [] }],
 *   { terms: ["price", "plan"], namedSpeakers: [] },
 * );
 * first!.passages[0]!.line; // 1: both words are said there
 * second!.score; // 0
 * ```
 */
export function rankPassages(items: readonly RankedItem[], query: PassageQuery): ItemRank[] {
  // A query term's index by its number (the last, should a stem be listed twice).
  const numbered = new Map<number, number>();
  query.terms.forEach((stem, i) => {
    const number = termNumber(stem);
    if (number === -1) return;
    numbered.set(number, i);
  });
  const only = query.onlySpeaker === undefined ? undefined : foldCase(query.onlySpeaker);
  const named = new Set(query.namedSpeakers);
  const speaks = (unit: PassageUnit) =>
    only === undefined || (unit.speaker !== null && foldCase(unit.speaker) === only);
  const termCount = query.terms.length;
  // Each passage's term counts, and the statistics BM25 takes over all of them.
  let passages = 0;
  let words = 0;
  const holding = new Float64Array(termCount);
  // The terms' numbers and places as arrays: a Map's entries would be walked item by item.
  const numbers = [...numbered.keys()];
  const places = [...numbered.values()];
  const counted: Counted[] = items.map((item) => {
    const windows = windowsOf(item.units);
    passages += windows.length;
    for (const window of windows) words += window.length;
    const postings = postingsOf(item.units);
    // Windows start and end in order, so each term's sayings are swept once.
    const all = new Float64Array(windows.length * termCount);
    const held = new Uint8Array(windows.length);
    for (let at = 0; at < numbers.length; at++) {
      const t = places[at]!;
      const said = sayings(
        postings,
        item.units,
        numbers[at]!,
        only === undefined ? undefined : speaks,
      );
      let low = 0;
      let high = 0;
      let w = 0;
      while (w < windows.length && low < said.length) {
        const { first, last } = windows[w]!;
        while (low < said.length && said[low]! < first) low++;
        if (low === said.length) break;
        // The passages before the next saying hold none: on to the first that ends at or
        // after it, since a rare word's few sayings would otherwise walk every passage.
        if (said[low]! > last) {
          w = firstEndingAt(windows, said[low]!, w + 1);
          continue;
        }
        if (high < low) high = low;
        while (high < said.length && said[high]! <= last) high++;
        all[w * termCount + t] = high - low;
        held[w] = 1;
        w++;
      }
    }
    const kept: number[] = [];
    for (let w = 0; w < windows.length; w++) if (held[w] === 1) kept.push(w);
    const counts = new Float64Array(kept.length * termCount);
    // A copy by hand: a view of each passage's counts would be one more object a passage.
    for (let k = 0; k < kept.length; k++) {
      const from = kept[k]! * termCount;
      for (let t = 0; t < termCount; t++) {
        const count = all[from + t]!;
        counts[k * termCount + t] = count;
        if (count > 0) holding[t]!++;
      }
    }
    return { windows: kept, counts, scores: new Float64Array(kept.length) };
  });
  const average = passages === 0 ? 1 : Math.max(1, words / passages);
  const weights = [...holding].map((n) => Math.log(1 + (passages - n + 0.5) / (n + 0.5)));
  const termWeights = new Map<number, number>();
  for (const [number, at] of numbered) termWeights.set(number, weights[at]!);
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  // Each item's best three passages, by score and then by place, as a sort would give them.
  const bests = items.map((item, i) => {
    const { windows: kept, counts, scores } = counted[i]!;
    const windows = windowsOf(item.units);
    const best = [-1, -1, -1];
    for (let k = 0; k < kept.length; k++) {
      const window = windows[kept[k]!]!;
      let score = 0;
      const norm = K1 * (1 - B + B * window.length / average);
      for (let t = 0; t < termCount; t++) {
        const count = counts[k * termCount + t]!;
        if (count > 0) score += weights[t]! * count * (K1 + 1) / (count + norm);
      }
      let namedSpeaks = false;
      for (let u = window.first; u <= window.last && !namedSpeaks && named.size > 0; u++) {
        const speaker = item.units[u]!.speaker;
        namedSpeaks = speaker !== null && named.has(speaker) && speaks(item.units[u]!);
      }
      scores[k] = namedSpeaks ? score * NAMED_SPEAKER_LIFT : score;
      // Strictly greater: of equal scores, the earlier passage ranks first.
      let place = 3;
      while (place > 0 && (best[place - 1] === -1 || scores[k]! > scores[best[place - 1]!]!)) {
        place--;
      }
      for (let at = 2; at > place; at--) best[at] = best[at - 1]!;
      if (place < 3) best[place] = k;
    }
    return best;
  });
  const scoreOf = (i: number, place: number) => {
    const k = bests[i]![place]!;
    return k === -1 ? 0 : counted[i]!.scores[k]!;
  };
  const bestPassage = Math.max(0, ...items.map((_, i) => scoreOf(i, 0)));
  return items.map((item, i) => {
    const { windows: kept, counts, scores } = counted[i]!;
    let title = 0;
    for (const stem of new Set(item.titleStems)) {
      const at = query.terms.indexOf(stem);
      if (at !== -1) title += weights[at] ?? Math.log(1 + (passages + 0.5) / 0.5);
    }
    let score = scoreOf(i, 0) +
      WHOLE_SHARE * (item.whole ?? 0) * bestPassage +
      NEXT_PASSAGES_SHARE * (scoreOf(i, 1) + scoreOf(i, 2)) +
      TITLE_SHARE * title;
    if (
      named.size > 0 && item.units.some((unit) => unit.speaker !== null && named.has(unit.speaker))
    ) {
      score *= NAMED_SPEAKER_LIFT;
    }
    // The passages in order of score, as the best of them are shown.
    const order = () =>
      kept.map((_, k) => k).sort((a, b) => scores[b]! - scores[a]! || kept[a]! - kept[b]!);
    // What its best passage, or its title, holds of the query's weight.
    let held = 0;
    const top = bests[i]![0]!;
    for (let t = 0; t < termCount && top !== -1; t++) {
      held += counts[top * termCount + t]! > 0 ? weights[t]! : 0;
    }
    held = Math.max(held, title);
    let shown: ScoredPassage[] | undefined;
    return {
      score,
      // Finding a passage's strongest unit reads its every word: only for the hits shown.
      get passages() {
        return shown ??= bestPassages(item.units, kept, scores, order(), termWeights, speaks);
      },
      matched: kept.length > 0,
      coverage: whole === 0 ? 0 : held / whole,
    };
  });
}

/** An item's best passages that do not overlap, best first, from its passages `order`ed by score. */
function bestPassages(
  units: readonly PassageUnit[],
  kept: readonly number[],
  scores: Float64Array,
  order: readonly number[],
  termWeights: ReadonlyMap<number, number>,
  speaks: (unit: PassageUnit) => boolean,
): ScoredPassage[] {
  const windows = windowsOf(units);
  const best: ScoredPassage[] = [];
  const top = order.length === 0 ? 0 : scores[order[0]!]!;
  for (const k of order) {
    const passageScore = scores[k]!;
    // Passages far below the best say little more, and cost an assistant tokens.
    if (best.length === MAX_PASSAGES || passageScore < SHOWN_SHARE * top) break;
    const window = windows[kept[k]!]!;
    const first = units[window.first]!.line;
    const last = units[window.last]!.line;
    if (best.some((one) => first <= one.lastLine && one.firstLine <= last)) continue;
    const strongest = strongestUnit(units, window, termWeights, speaks);
    best.push({
      firstLine: first,
      lastLine: last,
      line: strongest.line,
      speaker: strongest.speaker,
      score: passageScore,
    });
  }
  return best;
}

/**
 * The unit of `window` whose words match most, with half the weight of its neighbours'
 * (each term once): the first of the best, among those that hold a term themselves.
 */
function strongestUnit(
  units: readonly PassageUnit[],
  window: Window,
  weights: ReadonlyMap<number, number>,
  speaks: (unit: PassageUnit) => boolean,
): PassageUnit {
  let best = units[window.first]!;
  let bestValue = -1;
  for (let u = window.first; u <= window.last; u++) {
    const unit = units[u]!;
    if (!speaks(unit) || !unit.terms.some((number) => weights.has(number))) continue;
    const seen = new Set<number>();
    let value = 0;
    for (const [at, share] of [[u, 1], [u - 1, 0.5], [u + 1, 0.5]] as const) {
      if (at < window.first || at > window.last) continue;
      for (const number of units[at]!.terms) {
        const weight = weights.get(number);
        if (weight === undefined || seen.has(number)) continue;
        seen.add(number);
        value += weight * share;
      }
    }
    if (value > bestValue) {
      bestValue = value;
      best = unit;
    }
  }
  return best;
}
