/**
 * One bound on the memory every source in a thread keeps for search. Each source's own
 * bound (a Meetily word index, KuraDB's folded text) keeps it within a share of the heap,
 * but a thread reads every source the server names: several large ones together could pass
 * the heap's limit, and V8 ends the whole process when a worker runs out of heap. So each
 * keeper also holds its bytes against the thread's bound, and stops growing (its sources
 * are then scanned, as past its own bound) when the thread has no room left.
 *
 * A keeper's holding is weakly held: a source dropped and opened again does not keep its
 * old bytes counted once the old keeper is collected.
 *
 * @module
 */
import { KEPT_SEARCH_MAX_BYTES } from "../config/limits.ts";

/** The bytes one keeper holds against its thread's bound. */
export class Holding {
  /** The bytes held now. */
  bytes = 0;
  readonly #memory: KeptMemory;

  /** A holding of nothing against `memory`. */
  constructor(memory: KeptMemory) {
    this.#memory = memory;
  }

  /**
   * Records that the keeper now holds `bytes`; whether all keepers together are within
   * the bound (the keeper should stop growing when not).
   */
  hold(bytes: number): boolean {
    this.bytes = bytes;
    return this.#memory.heldBytes() <= this.#memory.limit;
  }
}

/**
 * The memory keepers of search data hold together, within `limit` bytes (estimated).
 *
 * @example
 * ```ts
 * import { KeptMemory } from "./kept_memory.ts";
 * const memory = new KeptMemory(100);
 * const first = memory.holding();
 * const second = memory.holding();
 * first.hold(80); // true
 * second.hold(30); // false: 110 bytes are held against a bound of 100
 * ```
 */
export class KeptMemory {
  /** The bound, in bytes. */
  readonly limit: number;
  readonly #holdings = new Set<WeakRef<Holding>>();

  /** Keepers that hold `limit` bytes in all. */
  constructor(limit: number) {
    this.limit = limit;
  }

  /** A new keeper's holding, of nothing yet. */
  holding(): Holding {
    const holding = new Holding(this);
    this.#holdings.add(new WeakRef(holding));
    return holding;
  }

  /** The bytes every live keeper holds. */
  heldBytes(): number {
    let sum = 0;
    for (const ref of this.#holdings) {
      const holding = ref.deref();
      if (holding === undefined) this.#holdings.delete(ref);
      else sum += holding.bytes;
    }
    return sum;
  }
}

/**
 * This thread's bound: each thread (the main one, every tool worker) has its own copy of
 * this module, and so its own bound.
 */
export const THREAD_KEPT_MEMORY: KeptMemory = new KeptMemory(KEPT_SEARCH_MAX_BYTES);
