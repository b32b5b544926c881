/**
 * A search split across two workers answers exactly what the single ranking answers.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import { assertToolError } from "../../helpers/tool_error.ts";
import { SplitSearch } from "../../../lib/runtime/split_search.ts";
import { ToolWorkerPool } from "../../../lib/runtime/worker_pool.ts";
import { clockNow, Deadline } from "../../../lib/runtime/deadline.ts";
import { toolCallResult } from "../../../lib/protocol/tool_result.ts";

const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(120) });
globalThis.addEventListener("unload", () => fixture.cleanup());

// deno-lint-ignore no-explicit-any
type Json = any;

for (const size of [2, 3]) {
  Deno.test(`a search split ${size} ways answers exactly as one ranking does, page by page`, async () => {
    const pool = new ToolWorkerPool({ kind: "path", path: fixture.path }, { size });
    // A threshold of 10 transcripts makes the small fixture split.
    const split = new SplitSearch(pool, { threshold: 10, minWorkers: 2 });
    const signal = new AbortController().signal;
    const bounds = () => ({ deadline: new Deadline(), signal });
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
            const args: Json = cursor === null ? { query, limit } : { query, limit, cursor };
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
  const pool = new ToolWorkerPool({ kind: "path", path: fixture.path }, { size: 2 });
  const split = new SplitSearch(pool, { threshold: 10, minWorkers: 2 });
  try {
    const bounds = { deadline: new Deadline(), signal: new AbortController().signal };
    const blank = toolCallResult(await split.run({ query: " " }, bounds));
    assertToolError(blank, "invalid_arguments", /^query: expected a non-blank query, got " "$/);
    const cursor = toolCallResult(await split.run({ query: "x", cursor: "nope" }, bounds));
    assertToolError(cursor, "invalid_arguments", /^cursor: /);
  } finally {
    pool.close();
  }
});

Deno.test("a split search past its deadline answers timeout under the name the client called", async () => {
  const pool = new ToolWorkerPool({ kind: "path", path: fixture.path }, { size: 2 });
  const split = new SplitSearch(pool, { threshold: 10, minWorkers: 2 });
  try {
    // The first search reads the key span, so the next one goes straight to its parts.
    const first = toolCallResult(
      await split.run({ query: "pricing" }, { deadline: new Deadline() }),
    );
    assertEquals(first.isError, undefined);
    // Its parts all run under the call's deadline, which passed before they were sent.
    const deadline = new Deadline(250, clockNow() - 1_000);
    const late = toolCallResult(await split.run({ query: "pricing" }, { deadline }));
    assertToolError(late, "timeout", /^search_transcripts ran past its 250 ms deadline/);
  } finally {
    pool.close();
  }
});
