/**
 * What a passage is about, as one vector: the mean of its words' vectors, each weighted by
 * how little it says about any topic (smooth inverse frequency, SIF: a / (a + p(w)), after
 * Arora, Liang and Ma, "A simple but tough-to-beat baseline for sentence embeddings", 2017).
 * p(w) comes from the word's rank in the table, which is in order of frequency, by Zipf's
 * law: p = 1 / (rank × H), H the harmonic number of the table's size. "the" then weighs
 * about 0.01 and a word of rank 5,000 about 0.98, so a passage's vector is that of its
 * topic words and not of its grammar. (The paper also removes a common component found
 * over a corpus; there is no corpus here, and the cosines are only compared with each
 * other, for one query.)
 *
 * @module
 */
import type { WordVectorTable } from "./word_vector_table.ts";

// SIF's smoothing constant; the paper found 1e-3 to 1e-4 best.
const SIF_A = 1e-3;
const EULER_GAMMA = 0.5772;

// The words the table can hold: lower-case letters, joined by an apostrophe or a hyphen.
const TABLE_WORD = /[a-z]+(?:['-][a-z]+)*/g;

/**
 * The SIF weight of the word at `index` in a table of `count` words.
 *
 * @example
 * ```ts
 * import { sifWeight } from "./passage_vector.ts";
 * sifWeight(0, 60_000) < 0.02; // true: the commonest word says nothing
 * sifWeight(5_000, 60_000) > 0.9; // true
 * ```
 */
export function sifWeight(index: number, count: number): number {
  const p = 1 / ((index + 1) * (Math.log(count) + EULER_GAMMA));
  return SIF_A / (SIF_A + p);
}

/**
 * The SIF-weighted mean vector of `text`'s words that the table knows, or null when it
 * knows none of them. Not normalised: {@link vectorCosine} divides by the lengths. `indexOf`
 * finds a word in the table: a caller that reads many texts passes one that remembers.
 *
 * @example
 * ```ts
 * import { passageVector, vectorCosine } from "./passage_vector.ts";
 * import { wordVectors } from "./word_vectors_file.ts";
 * const loaded = wordVectors();
 * if ("table" in loaded) {
 *   const costs = passageVector(loaded.table, "what did the project cost?")!;
 *   vectorCosine(costs, passageVector(loaded.table, "the budget and the spending")!);
 * }
 * ```
 */
export function passageVector(
  table: WordVectorTable,
  text: string,
  indexOf: (word: string) => number = table.indexOf,
): Float32Array | null {
  const vector = new Float32Array(table.header.dims);
  let known = 0;
  for (const word of text.toLowerCase().match(TABLE_WORD) ?? []) {
    const index = indexOf(word);
    if (index === -1) continue;
    table.addVector(index, vector, sifWeight(index, table.header.count));
    known++;
  }
  return known === 0 ? null : vector;
}

/**
 * The cosine of two vectors; 0 when either is all zeros.
 *
 * @example
 * ```ts
 * import { vectorCosine } from "./passage_vector.ts";
 * vectorCosine(new Float32Array([1, 0]), new Float32Array([2, 0])); // 1
 * ```
 */
export function vectorCosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let d = 0; d < a.length; d++) {
    dot += a[d]! * b[d]!;
    aa += a[d]! ** 2;
    bb += b[d]! ** 2;
  }
  return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb);
}
