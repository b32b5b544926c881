/**
 * A search split across two workers answers exactly what the single ranking answers; a
 * part that fails stops the others, and the key span is read once for concurrent searches.
 */
import { assertEquals } from "../../helpers/assert.ts";
import {
  buildFixtureStore,
  fixtureTranscripts,
  SLOW_QUERY,
  slowSearchTranscripts,
} from "../../helpers/fixture_store.ts";
import { assertToolError } from "../../helpers/tool_error.ts";
import { SplitSearch } from "../../../lib/runtime/split_search.ts";
import { ToolWorkerPool } from "../../../lib/runtime/worker_pool.ts";
import { type CallBounds, clockNow, Deadline } from "../../../lib/runtime/deadline.ts";
import { toolCallResult } from "../../../lib/protocol/tool_result.ts";
import type { ToolOutcome } from "../../../lib/tools/call_tool.ts";

const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(120) });
globalThis.addEventListener("unload", () => fixture.cleanup());

// deno-lint-ignore no-explicit-any
type Json = any;

const ROOMY_MS = 120_000;

for (const size of [2, 3]) {
  Deno.test(`a search split ${size} ways answers exactly as one ranking does, page by page`, async () => {
    const pool = new ToolWorkerPool([{ kind: "path", name: "store", path: fixture.path }], {
      size,
    });
    // A threshold of 10 transcripts makes the small fixture split.
    const split = new SplitSearch(pool, { threshold: 10, minWorkers: 2 });
    const signal = new AbortController().signal;
    // A deadline no load can eat: this test is about equal answers, and a page that timed
    // out on a busy machine would differ from its split twin for that reason alone.
    const bounds = () => ({ deadline: new Deadline(ROOMY_MS), signal });
    try {
      const queries = [
        "fixture",
        "pricing",
        '"sync conflict"',
        "pric*",
        "POL-358",
        "what's the plan?",
      ];
      for (const query of queries) {
        for (const limit of [7, 20]) {
          let cursor: string | null = null;
          let pages = 0;
          do {
            const args: Json = cursor === null
              ? { mode: "words", query, limit }
              : { mode: "words", query, limit, cursor };
            const whole = toolCallResult(await pool.run("search_transcripts", args, bounds()))
              .structuredContent as Json;
            const parts = toolCallResult(await split.run(args, bounds())).structuredContent;
            assertEquals(parts, whole, `${query}, limit ${limit}, page ${pages}`);
            cursor = whole.nextCursor;
            pages++;
          } while (cursor !== null);
        }
      }
    } finally {
      pool.close();
    }
  });
}

Deno.test("a split search refuses bad arguments with the ordinary message", async () => {
  const pool = new ToolWorkerPool([{ kind: "path", name: "store", path: fixture.path }], {
    size: 2,
  });
  const split = new SplitSearch(pool, { threshold: 10, minWorkers: 2 });
  try {
    const bounds = { deadline: new Deadline(), signal: new AbortController().signal };
    const blank = toolCallResult(await split.run({ mode: "words", query: " " }, bounds));
    assertToolError(blank, "invalid_arguments", /^query: expected a non-blank query, got " "$/);
    const cursor = toolCallResult(
      await split.run({ mode: "words", query: "x", cursor: "nope" }, bounds),
    );
    assertToolError(cursor, "invalid_arguments", /^cursor: /);
  } finally {
    pool.close();
  }
});

Deno.test("a split search past its deadline answers timeout under the name the client called", async () => {
  const pool = new ToolWorkerPool([{ kind: "path", name: "store", path: fixture.path }], {
    size: 2,
  });
  const split = new SplitSearch(pool, { threshold: 10, minWorkers: 2 });
  try {
    // The first search reads the key span, so the next one goes straight to its parts.
    const first = toolCallResult(
      await split.run({ mode: "words", query: "pricing" }, { deadline: new Deadline() }),
    );
    assertEquals(first.isError, undefined);
    // Its parts all run under the call's deadline, which passed before they were sent.
    const deadline = new Deadline(250, clockNow() - 1_000);
    const late = toolCallResult(await split.run({ mode: "words", query: "pricing" }, { deadline }));
    assertToolError(late, "timeout", /^search_transcripts ran past its 250 ms deadline/);
  } finally {
    pool.close();
  }
});

/**
 * The real pool, recording the calls it is given. A call `fails` picks is sent to a tool no
 * worker has, so a worker answers it `internal`, as it would a call that failed inside it.
 */
class RecordingPool extends ToolWorkerPool {
  fails: (tool: string, args: unknown) => boolean = () => false;
  readonly calls: { tool: string; outcome: Promise<ToolOutcome> }[] = [];

  override run(tool: string, args: unknown, bounds: CallBounds): Promise<ToolOutcome> {
    const outcome = super.run(this.fails(tool, args) ? `${tool}.missing` : tool, args, bounds);
    this.calls.push({ tool, outcome });
    return outcome;
  }

  count(tool: string): number {
    return this.calls.filter((call) => call.tool === tool).length;
  }
}

Deno.test("when one part fails, the others are stopped inside SQLite and the call answers with the failure", async () => {
  const slow = buildFixtureStore({ transcripts: slowSearchTranscripts(), tasks: [] });
  // A patient stop grace: a loaded machine may not run the stopped worker for over the
  // default second, and a replaced worker would not report the query stopped part-way.
  const pool = new RecordingPool([{ kind: "path", name: "store", path: slow.path }], {
    size: 2,
    stopGraceMs: 60_000,
  });
  const split = new SplitSearch(pool, { threshold: 10, minWorkers: 2 });
  try {
    // Reads the key span and starts the workers; the titles make a quick search.
    const warm = toolCallResult(
      await split.run({ mode: "words", query: "slow" }, { deadline: new Deadline() }),
    );
    assertEquals(warm.isError, undefined);
    // The part of the lowest keys is sent first, so it fails while the other, which ranks
    // 150 transcripts that each repeat the word 20,000 times, is still running.
    pool.fails = (tool, args) =>
      tool === "search_transcripts.rank" &&
      (args as { from: number }).from === Number.MIN_SAFE_INTEGER;
    const before = pool.calls.length;
    const failed = toolCallResult(
      await split.run({ mode: "words", query: SLOW_QUERY }, { deadline: new Deadline(60_000) }),
    );
    assertToolError(
      failed,
      "internal",
      /^Tool search_transcripts\.rank\.missing is not available$/,
    );
    const parts = pool.calls.slice(before);
    assertEquals(parts.map((call) => call.tool), [
      "search_transcripts.rank",
      "search_transcripts.rank",
    ]);
    assertToolError(toolCallResult(await parts[1]!.outcome), "timeout", /cancelled/);
    // The stopped part's worker reports back before it takes another call.
    while (pool.pending > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    assertEquals(pool.stoppedMidQuery, 1, "the other part was stopped part-way, not run out");
  } finally {
    pool.close();
    slow.cleanup();
  }
});

Deno.test("searches that find the key span stale together read it once", async () => {
  const pool = new RecordingPool([{ kind: "path", name: "store", path: fixture.path }], {
    size: 2,
  });
  const split = new SplitSearch(pool, { threshold: 10, minWorkers: 2 });
  try {
    const queries = ["fixture", "pricing", '"sync conflict"'];
    const answers = await Promise.all(
      queries.map((query) => split.run({ mode: "words", query }, { deadline: new Deadline() })),
    );
    assertEquals(pool.count("search_transcripts.span"), 1);
    assertEquals(pool.count("search_transcripts.rank"), 2 * queries.length, "each was split");
    for (const [i, query] of queries.entries()) {
      const whole = await pool.run("search_transcripts", { mode: "words", query }, {
        deadline: new Deadline(),
      });
      assertEquals(toolCallResult(answers[i]!), toolCallResult(whole), query);
    }
  } finally {
    pool.close();
  }
});

Deno.test("a failed read of the key span is not kept: the next search reads it again", async () => {
  const pool = new RecordingPool([{ kind: "path", name: "store", path: fixture.path }], {
    size: 2,
  });
  const split = new SplitSearch(pool, { threshold: 10, minWorkers: 2 });
  const search = async () =>
    toolCallResult(
      await split.run({ mode: "words", query: "pricing" }, { deadline: new Deadline() }),
    );
  try {
    const whole = toolCallResult(
      await pool.run("search_transcripts", { mode: "words", query: "pricing" }, {
        deadline: new Deadline(),
      }),
    );
    pool.fails = (tool) => tool === "search_transcripts.span";
    // Without the span the search is not split, and answers the same.
    assertEquals(await search(), whole);
    assertEquals(pool.count("search_transcripts.span"), 1);
    assertEquals(pool.count("search_transcripts.rank"), 0);
    pool.fails = () => false;
    assertEquals(await search(), whole);
    assertEquals(pool.count("search_transcripts.span"), 2, "read again after the failure");
    assertEquals(pool.count("search_transcripts.rank"), 2, "and split");
    assertEquals(await search(), whole);
    assertEquals(pool.count("search_transcripts.span"), 2, "a good read is kept");
  } finally {
    pool.close();
  }
});
