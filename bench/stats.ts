/**
 * Order statistics for latency samples. Medians and ratios of medians, because the
 * machines these run on are shared and noisy.
 *
 * @module
 */

/**
 * The `p`-th percentile (0–100) of `samples`, by the nearest-rank method, so the value is
 * always one that was measured. NaN for no samples.
 *
 * @example
 * ```ts
 * import { percentile } from "./stats.ts";
 * percentile([5, 1, 3], 50); // 3
 * ```
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The median of `samples`: the nearest-rank 50th percentile. */
export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** A latency summary in milliseconds. */
export interface LatencySummary {
  p50: number;
  p99: number;
  samples: number;
}

/** Summarises latency samples (milliseconds). */
export function summarize(samples: readonly number[]): LatencySummary {
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), samples: samples.length };
}

/**
 * How long `run` takes, in milliseconds.
 *
 * @example
 * ```ts
 * import { timeMs } from "./stats.ts";
 * timeMs(() => JSON.stringify({ a: 1 })) >= 0; // true
 * ```
 */
export function timeMs(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/**
 * The times of the searches after start until what a source builds for them is whole
 * (`complete` says so), at most 100 of them.
 *
 * @example
 * ```ts
 * import { firstSearches } from "./stats.ts";
 * let built = 0;
 * firstSearches(() => built++, () => built === 3).length; // 3
 * ```
 */
export function firstSearches(search: () => unknown, complete: () => boolean): number[] {
  const times: number[] = [];
  do times.push(timeMs(search)); while (!complete() && times.length < 100);
  return times;
}
