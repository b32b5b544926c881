/**
 * A seeded pseudo-random generator and the distributions the store generator draws from.
 * Seeded, so the same seed always yields the same store.
 *
 * @module
 */

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

// MurmurHash3's finaliser: a bijection on 32-bit integers that scatters nearby inputs.
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A seeded generator for one stream, named by `purpose` and `index` (for example the
 * transcript's position). xoshiro128** with 128 bits of state: each stream's state comes
 * from its three keys through a bijection, so distinct streams never share a state, and
 * the period is far too long for streams of millions of draws to overlap. (A 32-bit
 * generator such as mulberry32 would overlap across a 100k-transcript store.)
 *
 * @example
 * ```ts
 * import { seededRandom } from "./prng.ts";
 * const random = seededRandom(42, 1, 7);
 * random(); // the same number on every run
 * ```
 */
export function seededRandom(seed: number, purpose = 0, index = 0): Random {
  let s0 = mix32(seed ^ 0x9e3779b9);
  let s1 = mix32(purpose ^ 0x7f4a7c15);
  let s2 = mix32(index ^ 0x94d049bb);
  let s3 = mix32((s0 + s1 + s2 + 0x6a09e667) >>> 0) | 1; // never an all-zero state
  const next = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = (s1 << 9) >>> 0;
    s2 = (s2 ^ s0) >>> 0;
    s3 = (s3 ^ s1) >>> 0;
    s1 = (s1 ^ s2) >>> 0;
    s0 = (s0 ^ s3) >>> 0;
    s2 = (s2 ^ t) >>> 0;
    s3 = rotl(s3, 11);
    return result / 4294967296;
  };
  // The first outputs still echo the keys' structure; skip them.
  for (let i = 0; i < 16; i++) next();
  return next;
}

function rotl(value: number, bits: number): number {
  return ((value << bits) | (value >>> (32 - bits))) >>> 0;
}

/** An integer in `min..max`, both inclusive. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** True with probability `p`. */
export function chance(random: Random, p: number): boolean {
  return random() < p;
}

/** One item of a non-empty list, uniformly. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** One item of a non-empty list of `[item, weight]` pairs, by weight. */
export function pickWeighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, weight] of items) total += weight;
  let u = random() * total;
  for (const [item, weight] of items) {
    u -= weight;
    if (u < 0) return item;
  }
  return items[items.length - 1]![0];
}

/** A standard normal draw (Box–Muller). */
export function normal(random: Random): number {
  const u = 1 - random(); // (0, 1], so the log is finite
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * A log-normal draw with the given mean and shape `sigma`: most values near the median,
 * a long tail of large ones, as recording lengths are.
 */
export function logNormal(random: Random, mean: number, sigma: number): number {
  const mu = Math.log(mean) - (sigma * sigma) / 2;
  return Math.exp(mu + sigma * normal(random));
}

/** A version-4-shaped UUID drawn from `random`. */
export function randomUuid(random: Random): string {
  let hex = "";
  for (let i = 0; i < 4; i++) {
    hex += Math.floor(random() * 4294967296).toString(16).padStart(8, "0");
  }
  const variant = "89ab"[Math.floor(random() * 4)];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${
    hex.slice(17, 20)
  }-${hex.slice(20, 32)}`;
}
