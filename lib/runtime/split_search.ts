/**
 * Search split across the workers. On a large store most of a search's time is SQLite
 * ranking every match by BM25, on one core. Here each worker ranks a slice of the key
 * range at once; the main thread merges their best hits by (score, key), exactly the order
 * of the single ranking, and one worker renders the page (rows, previews, snippets).
 *
 * Each part also pays for BM25's statistics over the whole index (a half costs about 60%
 * of the whole), so the split needs cores that are really free: see MIN_SPLIT_WORKERS.
 *
 * BM25's statistics (document count, matches per term, average length) are always those
 * of the whole index, whichever rows a statement ranks, so scores from the two halves
 * compare directly and the top of the merge is the top of the whole.
 *
 * @module
 */
import * as v from "valibot";
import type { SerializedToolResult } from "../tools/call_tool.ts";
import { searchInputSchema } from "../tools/search_transcripts.ts";
import {
  cancelledResult,
  deadlineResult,
  DEFAULT_TIMEOUT_MS,
  type ToolWorkerPool,
} from "./worker_pool.ts";

/**
 * Below this largest key (about this many transcripts, on a store that does not reuse keys)
 * one worker ranks faster than several plus a merge.
 */
export const SPLIT_THRESHOLD = 20_000;

/**
 * The fewest workers worth splitting across. On a 2-vCPU VM two parts ran in 50–65 ms
 * when the second vCPU was free and in 120–130 ms when it was not, against 64–70 ms for
 * one ranking: a coin toss. From three workers (three or more cores) the split pays.
 */
export const MIN_SPLIT_WORKERS = 3;

/** How long the key span is reused before it is read again. */
const SPAN_TTL_MS = 30_000;

/** Options for {@link SplitSearch}. */
export interface SplitSearchOptions {
  /**
   * The largest key from which a search is split ({@link SPLIT_THRESHOLD}).
   *
   * @default {20000}
   */
  threshold?: number;
  /**
   * The fewest workers the pool needs for a split ({@link MIN_SPLIT_WORKERS}).
   *
   * @default {3}
   */
  minWorkers?: number;
  /**
   * The deadline of one call, all its parts together, in milliseconds
   * ({@link DEFAULT_TIMEOUT_MS}).
   *
   * @default {5000}
   */
  timeoutMs?: number | undefined;
}

interface RankPart {
  hits: { pk: number; score: number }[];
  match: string;
  queryMode: "fts5" | "words";
  limit: number;
  offset: number;
}

/**
 * Runs search_transcripts, split across the pool's workers when the store is large and
 * the pool has at least `minWorkers`; otherwise as one call. Same answer either way.
 *
 * @example
 * ```ts
 * import { SplitSearch } from "./split_search.ts";
 * import { ToolWorkerPool } from "./worker_pool.ts";
 * const pool = new ToolWorkerPool({ kind: "demo" });
 * const search = new SplitSearch(pool);
 * const result = await search.run({ query: "pricing" }, new AbortController().signal);
 * result.errorCode; // null
 * pool.close();
 * ```
 */
export class SplitSearch {
  readonly #pool: ToolWorkerPool;
  readonly #threshold: number;
  readonly #minWorkers: number;
  readonly #timeoutMs: number;
  #span: { maxPk: number; readAt: number } | undefined;

  /** Splits searches over `pool`'s workers; `timeoutMs` bounds all parts of one call. */
  constructor(
    pool: ToolWorkerPool,
    options: SplitSearchOptions = {},
  ) {
    this.#pool = pool;
    this.#threshold = options.threshold ?? SPLIT_THRESHOLD;
    this.#minWorkers = options.minWorkers ?? MIN_SPLIT_WORKERS;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Runs one search call; resolves with its serialized result and never rejects. */
  run(args: unknown, signal: AbortSignal): Promise<SerializedToolResult> {
    // Arguments the tool would refuse take the ordinary path, for the ordinary message.
    if (this.#pool.size < this.#minWorkers || !v.is(searchInputSchema, args)) {
      return this.#pool.runSerialized("search_transcripts", args, signal);
    }
    const parts = new AbortController();
    const stop = () => parts.abort();
    signal.addEventListener("abort", stop, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<SerializedToolResult>((resolve) => {
      timer = setTimeout(() => {
        parts.abort();
        resolve(deadlineResult("search_transcripts", this.#timeoutMs));
      }, this.#timeoutMs);
    });
    return Promise.race([this.#split(args, parts.signal), late]).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener("abort", stop);
    });
  }

  async #split(args: unknown, signal: AbortSignal): Promise<SerializedToolResult> {
    const maxPk = await this.#maxPk(signal);
    if (signal.aborted) return cancelledResult();
    if (maxPk < this.#threshold || !Number.isSafeInteger(maxPk)) {
      return this.#pool.runSerialized("search_transcripts", args, signal);
    }
    // One part per worker; the last range is open-ended, so rows added since the span was
    // read are ranked too.
    const count = this.#pool.size;
    const bounds = Array.from(
      { length: count + 1 },
      (_, i) =>
        i === 0
          ? Number.MIN_SAFE_INTEGER
          : i === count
          ? Number.MAX_SAFE_INTEGER
          : Math.floor((maxPk * i) / count),
    );
    const parts = await Promise.all(
      bounds.slice(1).map((to, i) =>
        this.#pool.runSerialized(
          "search_transcripts.rank",
          { search: args, from: i === 0 ? bounds[0]! : bounds[i]! + 1, to },
          signal,
        )
      ),
    );
    // Bad arguments, a timeout or a busy store: every part says the same; answer with it.
    const failed = parts.find((part) => part.errorCode !== null);
    if (failed !== undefined) return failed;
    if (signal.aborted) return cancelledResult();
    const ranked = parts.map((part) => (JSON.parse(part.json).structuredContent as RankPart));
    const first = ranked[0]!;
    const hits = ranked.flatMap((part) => part.hits)
      .sort((a, b) => a.score - b.score || a.pk - b.pk)
      .slice(first.offset, first.offset + first.limit + 1);
    const query = (args as { query: string }).query;
    return this.#pool.runSerialized("search_transcripts.render", {
      query,
      hits,
      match: first.match,
      queryMode: first.queryMode,
      limit: first.limit,
      offset: first.offset,
    }, signal);
  }

  async #maxPk(signal: AbortSignal): Promise<number> {
    if (this.#span !== undefined && Date.now() - this.#span.readAt < SPAN_TTL_MS) {
      return this.#span.maxPk;
    }
    const span = await this.#pool.runSerialized("search_transcripts.span", {}, signal);
    if (span.errorCode !== null) return 0;
    const maxPk = Number(JSON.parse(span.json).structuredContent.maxPk);
    this.#span = { maxPk, readAt: Date.now() };
    return maxPk;
  }
}
