/**
 * How soon a stopped search frees its worker, per query shape: `deno task bench --stop`.
 *
 * One worker (a pool of size 1), so whatever runs next waits for the stopped statement.
 * A search is cancelled at a point spread evenly over its usual run time, and a cheap
 * call is sent the moment the cancellation is answered; its wait, less its own usual
 * time, is how long the worker's core stayed busy after the stop. A second pass sends a
 * common-word search instead, to compare its time with its usual time (measured just
 * before), on that one worker and on a pool of the server's default size. Deadlines use
 * the same stop flag as cancellation; one more pass checks a deadline of half the run time.
 *
 * @module
 */
import { DEFAULT_POOL_SIZE, ToolWorkerPool } from "../lib/runtime/worker_pool.ts";
import { Deadline } from "../lib/runtime/deadline.ts";
import type { ToolOutcome } from "../lib/tools/call_tool.ts";
import { median } from "./stats.ts";

/** A query shape and the search that stands for it. */
export interface StopShape {
  label: string;
  query: string;
}

/** The shapes the issue names, on a store of a few thousand generated transcripts. */
export const STOP_SHAPES: readonly StopShape[] = [
  { label: "prefix", query: "tra*" },
  { label: "prefix, one letter", query: "t*" },
  { label: "OR of prefixes", query: "tra* OR sch* OR dea*" },
  { label: "OR of one-letter prefixes", query: "t* OR s* OR a* OR m*" },
  { label: "NEAR", query: "NEAR(meeting budget, 10)" },
  { label: "NEAR of common words", query: "NEAR(the and, 5)" },
  { label: "phrase", query: '"the meeting"' },
  { label: "column filter", query: "title:meeting OR text:the" },
  { label: "stopword in every row", query: "the" },
  { label: "plain words (fallback)", query: "what's the plan for the budget and the deadline?" },
];

/** The follow-up search: a common word, as an assistant would send next. */
export const COMMON_QUERY = "meeting";

/** One shape's figures, in milliseconds. */
export interface StopResult {
  label: string;
  query: string;
  /** "ran", or the error code it answers with (a refusal is `invalid_arguments`). */
  answer: string;
  usualMs: number;
  /** Samples where the search was still running when cancelled. */
  stops: number;
  stopP50: number;
  stopP95: number;
  stopMax: number;
  /** The common-word search right after a stop, over its usual time: median and p95. */
  followRatioP50: number;
  followRatioP95: number;
  /** The same with the server's default pool, where another worker is free. */
  sharedRatioP50: number;
  sharedRatioP95: number;
  /** With a deadline of half the usual time: p95 of the stop latency. */
  deadlineStopP95: number;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/** One call through `pool`, its deadline (a minute unless told) made as it is sent. */
function call(
  pool: ToolWorkerPool,
  tool: string,
  args: Record<string, unknown>,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ToolOutcome> {
  const deadline = new Deadline(options.timeoutMs ?? 60_000);
  return pool.run(tool, args, { deadline, signal: options.signal });
}

async function timed(pool: ToolWorkerPool, tool: string, args: Record<string, unknown>) {
  const start = performance.now();
  const result = await call(pool, tool, args);
  return { ms: performance.now() - start, result };
}

async function usualMs(pool: ToolWorkerPool, tool: string, args: Record<string, unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) times.push((await timed(pool, tool, args)).ms);
  return median(times);
}

/**
 * Cancels `query` after `afterMs`, then sends `next` at once; returns how long `next`
 * took, or null when the search had already finished (nothing was stopped).
 */
async function stopThen(
  pool: ToolWorkerPool,
  query: string,
  afterMs: number,
  next: () => Promise<unknown>,
): Promise<number | null> {
  const controller = new AbortController();
  let finished = false;
  const search = call(pool, "search_transcripts", { query }, { signal: controller.signal })
    .then(() => finished = true);
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  if (finished) return null;
  controller.abort();
  await search;
  const start = performance.now();
  await next();
  return performance.now() - start;
}

/**
 * The common-word search sent right after `query` is stopped at `at` ms, over its usual
 * time measured just before; null when nothing was stopped.
 */
async function followRatio(pool: ToolWorkerPool, query: string, at: number) {
  const common = { query: COMMON_QUERY };
  const alone = (await timed(pool, "search_transcripts", common)).ms;
  const follow = await stopThen(pool, query, at, () => call(pool, "search_transcripts", common));
  return follow === null ? null : follow / alone;
}

/** Measures every shape on the store at `db`; `samples` stops per shape. */
export async function measureStops(
  db: string,
  samples = 40,
  log: (line: string) => void = console.error,
): Promise<StopResult[]> {
  const pool = new ToolWorkerPool([{ kind: "path", name: "store", path: db }], { size: 1 });
  // The server's own pool: the next call goes to another worker while one stops.
  const shared = new ToolWorkerPool([{ kind: "path", name: "store", path: db }]);
  const results: StopResult[] = [];
  try {
    await pool.warm();
    await Promise.all([0, 1].map(() => call(shared, "list_tasks", { limit: 1 })));
    const probe = { limit: 1 };
    const probeMs = await usualMs(pool, "list_tasks", probe);
    for (const shape of STOP_SHAPES) {
      log(`bench: stop latency, ${shape.label}`);
      const first = await timed(pool, "search_transcripts", { query: shape.query });
      const answer = first.result.ok ? "ran" : first.result.code;
      const usual = await usualMs(pool, "search_transcripts", { query: shape.query });
      const stops: number[] = [];
      const ratios: number[] = [];
      const sharedRatios: number[] = [];
      for (let i = 0; i < samples; i++) {
        const at = (usual * (i + 0.5)) / samples;
        const wait = await stopThen(pool, shape.query, at, () => call(pool, "list_tasks", probe));
        if (wait !== null) stops.push(Math.max(0, wait - probeMs));
        const follow = await followRatio(pool, shape.query, at);
        if (follow !== null) ratios.push(follow);
        const sharedFollow = await followRatio(shared, shape.query, at);
        if (sharedFollow !== null) sharedRatios.push(sharedFollow);
      }
      const deadlineStops = await deadlineStopsOf(db, shape.query, usual / 2, probeMs);
      results.push({
        label: shape.label,
        query: shape.query,
        answer,
        usualMs: usual,
        stops: stops.length,
        stopP50: percentile(stops, 0.5),
        stopP95: percentile(stops, 0.95),
        stopMax: stops.length === 0 ? NaN : Math.max(...stops),
        followRatioP50: percentile(ratios, 0.5),
        followRatioP95: percentile(ratios, 0.95),
        sharedRatioP50: percentile(sharedRatios, 0.5),
        sharedRatioP95: percentile(sharedRatios, 0.95),
        deadlineStopP95: percentile(deadlineStops, 0.95),
      });
    }
  } finally {
    pool.close();
    shared.close();
  }
  return results;
}

/** Stop latencies of `query` under a deadline of `deadlineMs` (at least 1 ms). */
async function deadlineStopsOf(db: string, query: string, deadlineMs: number, probeMs: number) {
  const timeoutMs = Math.max(1, Math.round(deadlineMs));
  const pool = new ToolWorkerPool([{ kind: "path", name: "store", path: db }], { size: 1 });
  const stops: number[] = [];
  try {
    await pool.warm();
    await call(pool, "list_tasks", { limit: 1 }, { timeoutMs });
    for (let i = 0; i < 10; i++) {
      const result = await call(pool, "search_transcripts", { query }, { timeoutMs });
      if (result.ok || !result.message.includes("deadline")) continue;
      const start = performance.now();
      await call(pool, "list_tasks", { limit: 1 }, { timeoutMs });
      stops.push(Math.max(0, performance.now() - start - probeMs));
    }
  } finally {
    pool.close();
  }
  return stops;
}

const fixed = (value: number, digits = 1) => Number.isNaN(value) ? "–" : value.toFixed(digits);

/** The figures as a markdown table. */
export function formatStops(results: readonly StopResult[]): string {
  const lines = [
    `| Shape | Query | Answer | Usual ms | Stops | Stop p50 ms | Stop p95 ms | Stop max ms | Deadline stop p95 ms | Next search p50 / p95 × usual, 1 worker | Same, ${DEFAULT_POOL_SIZE} workers |`,
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const r of results) {
    lines.push(
      `| ${r.label} | \`${r.query}\` | ${r.answer} | ${fixed(r.usualMs)} | ${r.stops} | ` +
        `${fixed(r.stopP50)} | ${fixed(r.stopP95)} | ${fixed(r.stopMax)} | ` +
        `${fixed(r.deadlineStopP95)} | ${fixed(r.followRatioP50, 2)} / ${
          fixed(r.followRatioP95, 2)
        } | ${fixed(r.sharedRatioP50, 2)} / ${fixed(r.sharedRatioP95, 2)} |`,
    );
  }
  return lines.join("\n");
}
