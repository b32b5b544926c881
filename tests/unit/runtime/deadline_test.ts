/**
 * One deadline per call: its absolute time, what is left of it, and the answer past it.
 */
import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import { assertToolError } from "../../helpers/tool_error.ts";
import { toolCallResult } from "../../../lib/protocol/tool_result.ts";
import { clockNow, Deadline, deadlineOutcome } from "../../../lib/runtime/deadline.ts";
import { DEFAULT_TIMEOUT_MS } from "../../../lib/config/limits.ts";

Deno.test("a deadline counts from when the call arrived, on a clock every thread shares", () => {
  const arrived = clockNow() - 1_000;
  const late = new Deadline(400, arrived);
  assertEquals(late.at, arrived + 400);
  assert(late.expired, "400 ms after an arrival 1 s ago has passed");
  assert(late.remainingMs <= -600, `${late.remainingMs}`);
  const fresh = new Deadline(60_000);
  assert(!fresh.expired);
  assert(fresh.remainingMs > 0 && fresh.remainingMs <= 60_000, `${fresh.remainingMs}`);
  assertEquals(new Deadline().timeoutMs, DEFAULT_TIMEOUT_MS);
  // Comparable with the wall clock a worker's backstop reads.
  assert(Math.abs(clockNow() - Date.now()) < 1_000);
});

Deno.test("the answer past a deadline names the tool and the time it was given", () => {
  const message = assertToolError(
    toolCallResult(deadlineOutcome("list_tasks", new Deadline(1_234))),
    "timeout",
  );
  assertMatch(message, /^list_tasks ran past its 1234 ms deadline and was stopped; /);
});
