/**
 * Search split across the workers. On a large store most of a search's time is SQLite
 * ranking every match by BM25, on one core. Here each worker ranks a slice of the key
 * range at once; the main thread merges their best candidates by (score, key), exactly the
 * order of the single ranking, and one worker ranks those by passages and renders the page
 * (lib/tools/search_passages.ts).
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
import type { ToolOutcome } from "../tools/call_tool.ts";
import { DEFAULT_SEARCH_MODE, searchInputSchema } from "../tools/search_transcripts.ts";
import { type CallBounds, cancelledOutcome, deadlineOutcome } from "./deadline.ts";
import type { ToolWorkerPool } from "./worker_pool.ts";
import { MIN_SPLIT_WORKERS, SPLIT_THRESHOLD } from "../config/limits.ts";

/** How long the key span is reused before it is read again. */
const SPAN_TTL_MS = 30_000;

/** Options for {@link SplitSearch}. */
export interface SplitSearchOptions {
  /**
   * The largest key from which a search is split ({@link SPLIT_THRESHOLD}).
   *
   * @default {SPLIT_THRESHOLD}
   */
  threshold?: number;
  /**
   * Whether the pool reads a single store in our own schema, the one kind a split can rank.
   *
   * @default {true}
   */
  splittable?: boolean;
  /**
   * The fewest workers the pool needs for a split ({@link MIN_SPLIT_WORKERS}).
   *
   * @default {MIN_SPLIT_WORKERS}
   */
  minWorkers?: number;
}

/** A successful outcome. */
type Answered = ToolOutcome & { ok: true };

interface RankPart {
  hits: { pk: number; score: number }[];
  match: string;
  queryMode: "fts5" | "words";
  limit: number;
  offset: number;
  candidates: number;
}

/**
 * Runs search_transcripts, split across the pool's workers when the store is large and
 * the pool has at least `minWorkers`; otherwise as one call. Same answer either way.
 *
 * @example
 * ```ts
 * import { SplitSearch } from "./split_search.ts";
 * import { ToolWorkerPool } from "./worker_pool.ts";
 * import { Deadline } from "./deadline.ts";
 * const pool = new ToolWorkerPool([{ kind: "demo", name: "demo" }]);
 * const search = new SplitSearch(pool);
 * const outcome = await search.run({ query: "pricing" }, { deadline: new Deadline() });
 * outcome.ok; // true
 * pool.close();
 * ```
 */
export class SplitSearch {
  readonly #pool: ToolWorkerPool;
  readonly #threshold: number;
  readonly #minWorkers: number;
  readonly #splittable: boolean;
  /** The key span, or its read while one is under way; a failed read is not kept. */
  #span: { maxPk: Promise<number | undefined>; readAt: number } | undefined;

  /** Splits searches over `pool`'s workers. */
  constructor(
    pool: ToolWorkerPool,
    options: SplitSearchOptions = {},
  ) {
    this.#pool = pool;
    this.#threshold = options.threshold ?? SPLIT_THRESHOLD;
    this.#minWorkers = options.minWorkers ?? MIN_SPLIT_WORKERS;
    this.#splittable = options.splittable ?? true;
  }

  /**
   * Runs one search call; resolves with its outcome and never rejects. Every part runs
   * under the call's one deadline, so the pool stops them all when it passes; when one
   * part fails, the others are stopped and the call answers with that failure.
   */
  async run(args: unknown, bounds: CallBounds): Promise<ToolOutcome> {
    // Arguments the tool would refuse take the ordinary path, for the ordinary message.
    // A split ranks one index by key range: only a single store in our own schema, asked
    // without naming a source, in mode words (a meaning search fuses rankings of its own).
    if (
      !this.#splittable || this.#pool.size < this.#minWorkers ||
      !v.is(searchInputSchema, args) || args.sourceName !== undefined ||
      (args.mode ?? DEFAULT_SEARCH_MODE) !== "words"
    ) {
      return this.#pool.run("search_transcripts", args, bounds);
    }
    const outcome = await this.#split(args, bounds);
    // A part past the deadline is named as the call the client made.
    const late = !outcome.ok && outcome.code === "timeout" && !bounds.signal?.aborted;
    return late ? deadlineOutcome("search_transcripts", bounds.deadline) : outcome;
  }

  async #split(args: unknown, bounds: CallBounds): Promise<ToolOutcome> {
    const signal = bounds.signal;
    const maxPk = await this.#maxPk(bounds);
    if (signal?.aborted) return cancelledOutcome();
    if (maxPk < this.#threshold || !Number.isSafeInteger(maxPk)) {
      return this.#pool.run("search_transcripts", args, bounds);
    }
    // One part per worker; the last range is open-ended, so rows added since the span was
    // read are ranked too.
    const count = this.#pool.size;
    const edges = Array.from(
      { length: count + 1 },
      (_, i) =>
        i === 0
          ? Number.MIN_SAFE_INTEGER
          : i === count
          ? Number.MAX_SAFE_INTEGER
          : Math.floor((maxPk * i) / count),
    );
    // Bad arguments, a timeout or a busy store: the first part to fail answers the call,
    // and the others stop, since their work can no longer make an answer.
    const stop = new AbortController();
    const partBounds: CallBounds = {
      deadline: bounds.deadline,
      signal: signal === undefined ? stop.signal : AbortSignal.any([signal, stop.signal]),
    };
    let failed: ToolOutcome | undefined;
    const parts = await Promise.all(
      edges.slice(1).map((to, i) =>
        this.#pool.run(
          "search_transcripts.rank",
          { search: args, from: i === 0 ? edges[0]! : edges[i]! + 1, to },
          partBounds,
        ).then((part) => {
          if (!part.ok && failed === undefined) {
            failed = part;
            stop.abort();
          }
          return part;
        })
      ),
    );
    if (failed !== undefined) return failed;
    if (signal?.aborted) return cancelledOutcome();
    const ranked = parts.map((part) => JSON.parse((part as Answered).structuredJson) as RankPart);
    const first = ranked[0]!;
    // The best candidates of all parts, as many as one part ranks: the render step ranks
    // them by passages and cuts the page.
    const hits = ranked.flatMap((part) => part.hits)
      .sort((a, b) => b.score - a.score || a.pk - b.pk)
      .slice(0, first.candidates);
    return this.#pool.run("search_transcripts.render", {
      search: args,
      hits,
      match: first.match,
      queryMode: first.queryMode,
      limit: first.limit,
      offset: first.offset,
    }, bounds);
  }

  /** The largest key; 0 when it could not be read, so the search is not split. */
  async #maxPk(bounds: CallBounds): Promise<number> {
    let span = this.#span;
    if (span === undefined || Date.now() - span.readAt >= SPAN_TTL_MS) {
      // Searches that find the span stale together share one read.
      const read = this.#readSpan(bounds);
      const fresh = { maxPk: read, readAt: Date.now() };
      this.#span = span = fresh;
      // A failed read is tried again by the next search, not kept for the TTL.
      const forget = () => {
        if (this.#span === fresh) this.#span = undefined;
      };
      read.then((maxPk) => maxPk === undefined ? forget() : (fresh.readAt = Date.now()), forget);
    }
    return (await span.maxPk) ?? 0;
  }

  async #readSpan(bounds: CallBounds): Promise<number | undefined> {
    const span = await this.#pool.run("search_transcripts.span", {}, bounds);
    if (!span.ok) return undefined;
    return Number(JSON.parse(span.structuredJson).maxPk);
  }
}
