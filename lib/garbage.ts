/**
 * Dead strings, collected early. A search over long transcripts reads megabytes of text
 * that are garbage once the answer is sent; V8 lets such garbage pile up across calls
 * before it collects, and in the benchmark that was tens of MB of resident memory per
 * worker. A worker calls {@link collectGarbageIfLarge} after each answer.
 *
 * @module
 */

/** Heap in use past which {@link collectGarbageIfLarge} collects, in bytes. */
export const HEAP_AFTER_CALL_LIMIT = 16 * 1024 * 1024;

/** V8's collector, present when V8 runs with --expose-gc, as the start task and binary do. */
const exposedGc = (globalThis as { gc?: () => void }).gc;

/**
 * Runs a full collection when this isolate's heap holds more than
 * {@link HEAP_AFTER_CALL_LIMIT}; returns whether it did. Without --expose-gc it never does.
 * A collection of a heap this size takes a few milliseconds, so call it when nobody waits.
 *
 * @example
 * ```ts
 * import { collectGarbageIfLarge } from "./garbage.ts";
 * collectGarbageIfLarge(); // false unless the heap is large and gc is exposed
 * ```
 */
export function collectGarbageIfLarge(
  heapUsed: () => number = () => Deno.memoryUsage().heapUsed,
  collect: (() => void) | undefined = exposedGc,
): boolean {
  if (collect === undefined || heapUsed() <= HEAP_AFTER_CALL_LIMIT) return false;
  collect();
  return true;
}
