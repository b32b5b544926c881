/**
 * One scan budget per call: a source without a full-text index counts its scan's budget
 * from the start of the call it answers, so a call whose earlier reads (another source, the
 * words half of mode `both`) spent it answers what one chunk of rows holds, marked partial,
 * in time for the deadline.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildMeetilyFixture, meetingWith } from "../../helpers/meetily_fixture.ts";
import { openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { callStarted, whenCallEnds, withCallClock } from "../../../lib/sources/call_clock.ts";
import { SCAN_CHUNK_ROWS, SCAN_SEARCH_BUDGET_MS } from "../../../lib/config/limits.ts";
import { ToolWorkerPool } from "../../../lib/runtime/worker_pool.ts";
import { clockNow, Deadline } from "../../../lib/runtime/deadline.ts";

/** Meetings holding more segment rows than one chunk of a scan reads. */
function manyRows() {
  const perMeeting = 1_000;
  const count = Math.ceil((SCAN_CHUNK_ROWS * 1.5) / perMeeting);
  return Array.from({ length: count }, (_, n) =>
    meetingWith(
      n,
      `2025-10-${String(1 + (n % 28)).padStart(2, "0")}T09:00:00+00:00`,
      Array.from({ length: perMeeting }, (_, i) => `pricing review ${n} line ${i}`),
    ));
}

Deno.test("Meetily search: a call that spent the scan budget answers partial after one chunk", () => {
  const fixture = buildMeetilyFixture({ meetings: manyRows() });
  try {
    const search = (startedAt: number) => {
      const { reader, store } = openDatabaseSource(fixture.path, { name: "meetily" });
      try {
        return withCallClock(() => reader.search("pricing", 20), startedAt);
      } finally {
        store.close();
      }
    };
    // A call that began an hour from now has its whole budget; one that began a budget ago
    // has none left (neither depends on how fast the machine is).
    const fresh = search(performance.now() + 3_600_000);
    const spent = search(performance.now() - SCAN_SEARCH_BUDGET_MS - 1);
    assertEquals(fresh.partial, false);
    assertEquals(spent.partial, true);
    assert(spent.hits.length > 0, "what the first chunk holds is still answered");
  } finally {
    fixture.cleanup();
  }
});

Deno.test("callStarted is the call's start inside withCallClock and now outside it", () => {
  const began = performance.now() - 5_000;
  assertEquals(withCallClock(() => callStarted(), began), began);
  assertEquals(withCallClock(() => withCallClock(() => 1, 0) + callStarted(), began), 1 + began);
  const before = performance.now();
  assert(callStarted() >= before, "outside a call, the clock is now");
});

Deno.test("Meetily search: a call reaching its index late still grows it, so later calls are whole", () => {
  const fixture = buildMeetilyFixture({ meetings: manyRows() });
  const { reader, store } = openDatabaseSource(fixture.path, { name: "meetily" });
  try {
    // Every call has spent its budget before the search starts: each scans one chunk, and
    // the index grows by one step a call, until it holds what one chunk cannot cover.
    const spent = () =>
      withCallClock(() => reader.search("pricing", 20), performance.now() - SCAN_SEARCH_BUDGET_MS);
    const partial: boolean[] = [];
    for (let call = 0; call < 40 && partial.at(-1) !== false; call++) {
      partial.push(spent().partial);
    }
    assertEquals(partial[0], true);
    assertEquals(partial.at(-1), false, `still partial after ${partial.length} calls`);
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test("a call's scan budget counts from its arrival, time queued in the pool included", async () => {
  const fixture = buildMeetilyFixture({ meetings: manyRows() });
  const pool = new ToolWorkerPool([{ kind: "path", name: "meetily", path: fixture.path }], {
    size: 1,
  });
  try {
    await pool.warm();
    // Arrived a budget ago (as after waiting behind another call), with a minute left: the
    // scans stop after one chunk and the answer is partial, long before the deadline.
    const outcome = await pool.run(
      "search_transcripts",
      { query: "pricing", mode: "words" },
      { deadline: new Deadline(60_000, clockNow() - SCAN_SEARCH_BUDGET_MS) },
    );
    assert(outcome.ok, JSON.stringify(outcome));
    const answer = JSON.parse(outcome.structuredJson);
    assertEquals(answer.partial, true);
    assert(answer.results.length > 0);
  } finally {
    pool.close();
    fixture.cleanup();
  }
});

Deno.test("whenCallEnds: runs at the end of the outermost call, and never outside one", () => {
  const ended: string[] = [];
  assertEquals(whenCallEnds(() => ended.push("outside")), false);
  withCallClock(() => {
    assert(whenCallEnds(() => ended.push("outer")));
    withCallClock(() => {
      assert(whenCallEnds(() => ended.push("inner")));
    });
    // A nested call is part of the outer one: nothing is let go yet.
    assertEquals(ended, []);
  });
  assertEquals(ended, ["outer", "inner"]);
  withCallClock(() => {});
  assertEquals(ended, ["outer", "inner"]);
});

Deno.test("whenCallEnds: runs when the call throws, too", () => {
  let ended = false;
  try {
    withCallClock(() => {
      whenCallEnds(() => ended = true);
      throw new Error("a failed read");
    });
  } catch {
    // The failure is the call's; the release still happens.
  }
  assert(ended);
});
