/**
 * The tool-call pool: deadlines, cancellation that stops the query inside SQLite, the
 * concurrency cap and the queue order.
 */
import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import {
  BROAD_PHRASE,
  buildFixtureStore,
  SLOW_QUERY,
  slowSearchTranscripts,
} from "../../helpers/fixture_store.ts";
import { assertToolError } from "../../helpers/tool_error.ts";
import { DEFAULT_POOL_SIZE, ToolWorkerPool } from "../../../lib/runtime/worker_pool.ts";
import { clockNow, Deadline } from "../../../lib/runtime/deadline.ts";
import { type ToolCallResult, toolCallResult } from "../../../lib/protocol/tool_result.ts";
import { MAX_POOL_SIZE } from "../../../lib/config/limits.ts";

const slow = buildFixtureStore({ transcripts: slowSearchTranscripts(), tasks: [] });
globalThis.addEventListener("unload", () => slow.cleanup());
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The stop grace of a test that checks a query is stopped inside SQLite, not its worker
 * replaced: a loaded machine may not run the worker for over the default second.
 */
const PATIENT_GRACE_MS = 60_000;

/** One call through `pool`, its deadline made now, its outcome as the client sees it. */
async function run(
  pool: ToolWorkerPool,
  tool: string,
  args: unknown,
  options: { signal?: AbortSignal; deadline?: Deadline } = {},
): Promise<ToolCallResult> {
  const deadline = options.deadline ?? new Deadline();
  return toolCallResult(await pool.run(tool, args, { deadline, signal: options.signal }));
}

// The slow search takes 0.7 s or more (longer on a loaded machine): over thirty times
// these deadlines. The stop is seen within 16 rows, so neither depends on a free core.
Deno.test("a call past its deadline answers timeout, and its query is stopped inside SQLite", async () => {
  const pool = new ToolWorkerPool([{ kind: "path", name: "store", path: slow.path }], {
    size: 1,
    stopGraceMs: PATIENT_GRACE_MS,
  });
  try {
    await pool.warm();
    // Arrived 60 s less 20 ms ago: only this call's deadline is short.
    const late = await run(pool, "search_transcripts", { query: SLOW_QUERY }, {
      deadline: new Deadline(60_000, clockNow() - (60_000 - 20)),
    });
    assertMatch(
      assertToolError(late, "timeout"),
      /search_transcripts ran past its 60000 ms deadline/,
    );
    // The same (only) worker answers next: the statement was stopped, not abandoned.
    const next = await run(pool, "list_transcripts", { limit: 1 }, {
      deadline: new Deadline(60_000),
    });
    assertEquals(next.isError, undefined);
    assertEquals(pool.workersStarted, 1);
    assertEquals(pool.stoppedMidQuery, 1);
    assertEquals(pool.pending, 0, "the stopped call no longer counts as running");
  } finally {
    pool.close();
  }
});

Deno.test("cancellation stops the running query and frees its worker", async () => {
  const pool = new ToolWorkerPool([{ kind: "path", name: "store", path: slow.path }], {
    size: 1,
    stopGraceMs: PATIENT_GRACE_MS,
  });
  try {
    await pool.warm();
    const controller = new AbortController();
    const cancelled = run(pool, "search_transcripts", { query: SLOW_QUERY }, {
      signal: controller.signal,
      deadline: new Deadline(60_000),
    });
    await pause(20);
    controller.abort();
    assertToolError(await cancelled, "timeout", /cancelled/);
    const next = await run(pool, "get_transcript", { id: "slow-0000", maxChars: 1000 }, {
      deadline: new Deadline(60_000),
    });
    assertEquals(next.isError, undefined);
    assertEquals(pool.workersStarted, 1);
    assertEquals(pool.stoppedMidQuery, 1, "the worker reports the query stopped part-way");
    assertEquals(pool.pending, 0);
  } finally {
    pool.close();
  }
});

Deno.test("a search too broad to stop on time is refused before it runs, naming the bound", async () => {
  const pool = new ToolWorkerPool([{ kind: "path", name: "store", path: slow.path }], { size: 1 });
  try {
    for (const query of [BROAD_PHRASE, "l*", `NEAR(la la, 3)`]) {
      const refused = await run(pool, "search_transcripts", { query });
      assertMatch(
        assertToolError(refused, "invalid_arguments"),
        /^query: too broad to search: .* over the 30 ms a search may take before it can be stopped; use longer prefixes/,
      );
    }
    assertEquals(pool.stoppedMidQuery, 0);
  } finally {
    pool.close();
  }
});

Deno.test("a call cancelled while queued never runs", async () => {
  const pool = new ToolWorkerPool([{ kind: "demo", name: "demo" }], { size: 1 });
  try {
    const controller = new AbortController();
    const first = run(pool, "list_tasks", {});
    const queued = run(pool, "list_transcripts", {}, { signal: controller.signal });
    controller.abort();
    assertToolError(await queued, "timeout", /cancelled/);
    assertEquals((await first).isError, undefined);
    assertEquals(pool.pending, 0);
  } finally {
    pool.close();
  }
});

Deno.test("at most `size` calls run at once and the rest queue in arrival order", async () => {
  const pool = new ToolWorkerPool([{ kind: "demo", name: "demo" }], { size: 2 });
  try {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => run(pool, "list_transcripts", { limit: i + 1 })),
    );
    results.forEach((result, i) => {
      assertEquals(
        (result.structuredContent as { transcripts: unknown[] }).transcripts.length,
        Math.min(i + 1, 9),
      );
    });
    assert(
      pool.peakRunning >= 1 && pool.peakRunning <= 2 && pool.workersStarted <= 2,
      `${pool.peakRunning} ${pool.workersStarted}`,
    );
    assertEquals(pool.pending, 0, "every call finished");
  } finally {
    pool.close();
  }
  const single = new ToolWorkerPool([{ kind: "demo", name: "demo" }], { size: 1 });
  try {
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) => run(single, "list_tasks", { limit: 1 }).then(() => order.push(i))),
    );
    assertEquals(order, [0, 1, 2, 3, 4]);
  } finally {
    single.close();
  }
});

Deno.test("a source that cannot be opened in a worker answers waiting calls with its error", async () => {
  const pool = new ToolWorkerPool(
    [{ kind: "path", name: "store", path: `${slow.dir}/missing.db` }],
    {
      size: 2,
    },
  );
  try {
    const results = await Promise.all([run(pool, "list_tasks", {}), run(pool, "list_tasks", {})]);
    for (const result of results) {
      assertToolError(result, "unavailable", /Cannot read source store: .*file not found/);
    }
    assertEquals(pool.pending, 0);
  } finally {
    pool.close();
  }
});

Deno.test("the default pool runs one call per core, at least two and at most four", () => {
  const cores = navigator.hardwareConcurrency;
  assertEquals(MAX_POOL_SIZE, 4);
  assertEquals(DEFAULT_POOL_SIZE, Math.min(4, Math.max(2, cores)));
});
