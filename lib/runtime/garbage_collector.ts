/**
 * Dead strings, collected early. A search over long transcripts reads megabytes of text
 * that are garbage once the answer is sent; V8 lets such garbage pile up across calls
 * before it collects, and in the benchmark that was tens of MB of resident memory per
 * worker. A worker asks its {@link GarbageCollector} after each answer.
 *
 * @module
 */

import { HEAP_GROWTH_LIMIT } from "../config/limits.ts";

/** V8's collector, present when V8 runs with --expose-gc, as the start task and binary do. */
const exposedGc = (globalThis as { gc?: () => void }).gc;

/**
 * Runs a full collection once this isolate's heap has grown by more than
 * {@link HEAP_GROWTH_LIMIT} since the last one (or since start). Measuring from the last
 * collection, not from zero, keeps a heap whose live part is large from being collected
 * after every call. Without --expose-gc it never collects.
 *
 * @example
 * ```ts
 * import { GarbageCollector } from "./garbage_collector.ts";
 * const collector = new GarbageCollector();
 * collector.afterCall(); // false unless the heap grew past the limit and gc is exposed
 * ```
 */
export class GarbageCollector {
  readonly #heapUsed: () => number;
  readonly #collect: (() => void) | undefined;
  #liveAfterLast = 0;

  /** Reads the heap with `heapUsed` and collects with `collect`; V8's own by default. */
  constructor(
    heapUsed: () => number = () => Deno.memoryUsage().heapUsed,
    collect: (() => void) | undefined = exposedGc,
  ) {
    this.#heapUsed = heapUsed;
    this.#collect = collect;
  }

  /**
   * Collects if the heap has grown past the limit; returns whether it did. A collection
   * of a heap this size takes a few milliseconds.
   */
  afterCall(): boolean {
    if (this.#collect === undefined) return false;
    if (this.#heapUsed() <= this.#liveAfterLast + HEAP_GROWTH_LIMIT) return false;
    this.#collect();
    this.#liveAfterLast = this.#heapUsed();
    return true;
  }
}
