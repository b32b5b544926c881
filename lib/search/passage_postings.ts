/**
 * Where each term is said in a transcript's units, made once per units list: a passage
 * ranking (passage_rank.ts) reads only its query's terms' sayings, not every word of every
 * candidate.
 *
 * @module
 */
import type { PassageUnit } from "./passage_units.ts";

/**
 * Where each term is said in one item: its distinct term numbers, ascending, and for each
 * the units it is said in, once per saying, in order (`units` from `starts[i]` to
 * `starts[i + 1]`). A query reads only its own terms' units, not every word of a candidate:
 * a word said in every transcript costs what its sayings cost, not what the texts do.
 */
export interface Postings {
  /** The distinct term numbers said, ascending. */
  terms: Int32Array;
  /** Where each term's sayings start in `units`; one more, their end. */
  starts: Int32Array;
  /** The unit of each saying, term by term, in order. */
  units: Int32Array;
}

/** Each item's postings, kept with its units (which are kept, and change as a whole). */
const postingsKept = new WeakMap<readonly PassageUnit[], Postings>();

/** A count for each term number, zero between uses: building postings needs no Map. */
let termScratch = new Int32Array(0);

/**
 * The postings of `units`, made once and kept with them.
 *
 * @example
 * ```ts
 * import { postingsOf } from "./passage_postings.ts";
 * import { passageUnits } from "./passage_units.ts";
 * const [units] = passageUnits([{ cacheKey: "x\u00001", text: "plan\nplan and price", speakers: [] }]);
 * postingsOf(units!).units.length; // 4: every word's saying
 * ```
 */
export function postingsOf(units: readonly PassageUnit[]): Postings {
  const known = postingsKept.get(units);
  if (known !== undefined) return known;
  let total = 0;
  let top = -1;
  for (const unit of units) {
    total += unit.terms.length;
    for (const number of unit.terms) if (number > top) top = number;
  }
  if (termScratch.length <= top) {
    termScratch = new Int32Array(Math.max(top + 1, 2 * termScratch.length));
  }
  const scratch = termScratch;
  const distinct: number[] = [];
  for (const unit of units) {
    for (const number of unit.terms) if (scratch[number]!++ === 0) distinct.push(number);
  }
  const terms = Int32Array.from(distinct).sort();
  const starts = new Int32Array(terms.length + 1);
  let at = 0;
  for (let i = 0; i < terms.length; i++) {
    const number = terms[i]!;
    starts[i] = at;
    at += scratch[number]!;
    // From here on the scratch holds where the term's next saying goes.
    scratch[number] = starts[i]!;
  }
  starts[terms.length] = at;
  const said = new Int32Array(total);
  for (let u = 0; u < units.length; u++) {
    for (const number of units[u]!.terms) said[scratch[number]!++] = u;
  }
  for (const number of distinct) scratch[number] = 0;
  const postings = { terms, starts, units: said };
  postingsKept.set(units, postings);
  return postings;
}

/**
 * The units the term `number` is said in (once per saying, in order), of those `speaks`
 * admits (all when it is undefined).
 *
 * @example
 * ```ts
 * import { postingsOf, sayings } from "./passage_postings.ts";
 * import { passageUnits, termNumber } from "./passage_units.ts";
 * const [units] = passageUnits([{ cacheKey: "x\u00002", text: "plan\nplan and price", speakers: [] }]);
 * sayings(postingsOf(units!), units!, termNumber("plan"), undefined); // Int32Array [0, 1]
 * ```
 */
export function sayings(
  postings: Postings,
  units: readonly PassageUnit[],
  number: number,
  speaks: ((unit: PassageUnit) => boolean) | undefined,
): Int32Array {
  const { terms, starts } = postings;
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (terms[middle]! < number) low = middle + 1;
    else high = middle;
  }
  if (low === terms.length || terms[low] !== number) return new Int32Array(0);
  const all = postings.units.subarray(starts[low]!, starts[low + 1]!);
  return speaks === undefined ? all : all.filter((u) => speaks(units[u]!));
}
