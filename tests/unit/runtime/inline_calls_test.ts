/**
 * Cheap calls on the main thread: the same answers as a worker gives, and a hand-over to
 * the pool when a call runs past its budget, meets the app's lock, or has no connection.
 */
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import { InlineCalls } from "../../../lib/runtime/inline_calls.ts";
import { clockNow, Deadline, deadlineOutcome } from "../../../lib/runtime/deadline.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { callTool } from "../../../lib/tools/call_tool.ts";
import { findTool, TOOLS } from "../../../lib/tools/registry.ts";
import { BUSY_TIMEOUT_MS, INLINE_TEXT_BYTES } from "../../../lib/config/limits.ts";

const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(300) });
globalThis.addEventListener("unload", () => fixture.cleanup());
const connect = () => SourceSet.ofStore(openStore(fixture.path, { busyTimeoutMs: 0 }));
const tool = (name: string) => findTool(name)!;
/**
 * A budget no load can eat, for the tests about what runs inline rather than how fast: a
 * 2-core machine under load can take longer than the 20 ms default for any call.
 */
const ROOMY_MS = 60_000;

Deno.test("cheap calls run inline and answer exactly what callTool answers", () => {
  const inline = new InlineCalls(connect, { budgetMs: ROOMY_MS });
  const reference = SourceSet.ofStore(openStore(fixture.path));
  try {
    const id = fixture.transcripts[7]!.id;
    const calls: [string, Record<string, unknown>][] = [
      ["list_transcripts", { limit: 5, starred: true }],
      ["get_transcript", { id, maxChars: 500 }],
      ["get_transcript", { id: "no-such-id" }],
      ["list_tasks", { limit: 3 }],
      ["list_transcripts", { limit: 0 }],
    ];
    for (const [name, args] of calls) {
      const outcome = inline.run(tool(name), args, new Deadline());
      assert(outcome.ran, `${name} ran inline`);
      assertEquals(outcome.outcome, callTool(tool(name), reference, args));
    }
  } finally {
    inline.close();
    reference.close();
  }
});

Deno.test("only tools marked cheap run inline; search goes to a worker at no cost", () => {
  assertEquals(
    TOOLS.filter((t) => t.cheap !== undefined && t.cheap !== false).map((t) => t.name).sort(),
    ["get_transcript", "get_turns", "list_tasks", "list_transcripts"],
  );
  const inline = new InlineCalls(connect, { budgetMs: ROOMY_MS });
  try {
    assertEquals(inline.run(tool("search_transcripts"), { query: "pricing" }, new Deadline()), {
      ran: false,
    });
  } finally {
    inline.close();
  }
});

/** list_transcripts, counting the times its handler runs. */
function countedListTool() {
  const list = tool("list_transcripts");
  const counted = {
    ...list,
    runs: 0,
    handler: (sources: SourceSet, input: unknown) => (counted.runs++, list.handler(sources, input)),
  };
  return counted;
}

Deno.test("a call past the budget is stopped inside SQLite and handed over, and so is its shape", () => {
  // A budget so small that the first check, 64 rows into a scan, finds it spent.
  const inline = new InlineCalls(connect, { budgetMs: 1e-6 });
  const counted = countedListTool();
  try {
    const deadline = new Deadline();
    const remainingBefore = deadline.remainingMs;
    const started = clockNow();
    const scan = inline.run(counted, { source: "no-such-source" }, deadline);
    const spentMs = clockNow() - started;
    assert(!scan.ran, "the scan is handed over");
    assert(spentMs > 0, "trying here took time");
    assert(
      deadline.remainingMs <= remainingBefore - spentMs,
      "the time spent counts against the call's deadline",
    );
    assertEquals(counted.runs, 1);
    // Calls of that shape now go straight to a worker, without running here again.
    assert(!inline.run(counted, { source: "meeting" }, new Deadline()).ran);
    assertEquals(counted.runs, 1);
    // A one-page read of another shape never reaches the check, so it still runs here.
    const page = inline.run(counted, { limit: 2 }, new Deadline());
    assertEquals(counted.runs, 2);
    assert(page.ran);
    assert(page.outcome.ok);
    assertEquals(JSON.parse(page.outcome.structuredJson).transcripts.length, 2);
  } finally {
    inline.close();
  }
});

Deno.test("until a worker has started, a call has the longer budget; after, the short one", () => {
  let started = false;
  const inline = new InlineCalls(connect, { budgetMs: 1e-6, workerStarted: () => started });
  const counted = countedListTool();
  try {
    // The scan of 300 rows that overran the tiny budget above finishes within the longer one
    // (it takes a few ms, and at most 100 on a loaded machine).
    const scan = inline.run(counted, { source: "no-such-source" }, new Deadline());
    assert(scan.ran, "run here while a hand-over would start a worker");
    assert(scan.outcome.ok);
    started = true;
    assert(!inline.run(counted, { source: "no-such-source" }, new Deadline()).ran);
    assertEquals(counted.runs, 2);
  } finally {
    inline.close();
  }
});

Deno.test("once the skip has run out, a shape that overran is tried here again", () => {
  const inline = new InlineCalls(connect, { budgetMs: 1e-6, skipAfterOverrunMs: 0 });
  const counted = countedListTool();
  try {
    assert(!inline.run(counted, { source: "no-such-source" }, new Deadline()).ran);
    assert(!inline.run(counted, { source: "no-such-source" }, new Deadline()).ran);
    assertEquals(counted.runs, 2, "tried here both times");
  } finally {
    inline.close();
  }
});

Deno.test("a call that meets the app's lock is handed over at once, not after the busy timeout", () => {
  const inline = new InlineCalls(connect, { budgetMs: ROOMY_MS });
  const app = new DatabaseSync(fixture.path);
  try {
    assert(inline.open());
    app.exec("BEGIN EXCLUSIVE");
    app.exec("UPDATE transcripts SET title = title WHERE pk = 1");
    const started = performance.now();
    const locked = inline.run(tool("list_transcripts"), { limit: 2 }, new Deadline());
    const spentMs = performance.now() - started;
    assert(!locked.ran, "handed over to a worker, which waits for the lock");
    assert(spentMs < BUSY_TIMEOUT_MS / 2, `did not wait: ${spentMs} ms`);
    app.exec("ROLLBACK");
    assert(
      inline.run(tool("list_transcripts"), { limit: 2 }, new Deadline()).ran,
      "runs once the lock is gone",
    );
  } finally {
    if (app.isOpen) app.close();
    inline.close();
  }
});

Deno.test("without a connection calls go to workers, and the open is tried again later", () => {
  let attempts = 0;
  const failFirst = () => {
    attempts++;
    if (attempts === 1) throw new Error("the store is locked by its app");
    return connect();
  };
  const soon = new InlineCalls(failFirst, { budgetMs: ROOMY_MS });
  assert(!soon.run(tool("list_tasks"), {}, new Deadline()).ran, "no connection: handed over");
  assert(!soon.run(tool("list_tasks"), {}, new Deadline()).ran, "not tried again at once");
  assertEquals(attempts, 1);
  attempts = 0;
  const retrying = new InlineCalls(failFirst, { budgetMs: ROOMY_MS, reopenAfterMs: 0 });
  try {
    assert(!retrying.run(tool("list_tasks"), {}, new Deadline()).ran, "no connection: handed over");
    assert(retrying.run(tool("list_tasks"), {}, new Deadline()).ran, "the next try opens and runs");
    assertEquals(attempts, 2);
  } finally {
    retrying.close();
  }
});

Deno.test("once closed, nothing reopens the connection and every call goes to a worker", () => {
  let opens = 0;
  const inline = new InlineCalls(() => (opens++, connect()), { budgetMs: ROOMY_MS });
  assert(inline.open());
  assert(inline.run(tool("list_tasks"), { limit: 1 }, new Deadline()).ran, "runs while open");
  inline.close();
  assert(!inline.open(), "open() after close() does not reopen");
  assertEquals(
    inline.run(tool("list_tasks"), { limit: 1 }, new Deadline()),
    { ran: false },
    "handed over",
  );
  assertEquals(opens, 1, "connected once, before the close");
  inline.close(); // A second close is harmless.
  const never = new InlineCalls(() => (opens++, connect()));
  never.close();
  assert(!never.run(tool("list_tasks"), { limit: 1 }, new Deadline()).ran);
  assertEquals(opens, 1, "closed before its first call: never connects");
});

Deno.test("a budget must be positive", () => {
  for (const budget of [0, -1, Number.NaN]) {
    let thrown: unknown;
    try {
      new InlineCalls(connect, { budgetMs: budget });
    } catch (error) {
      thrown = error;
    }
    assert(thrown instanceof RangeError, `budget ${budget} is refused`);
  }
});

Deno.test("a call that finishes past the deadline itself is answered timeout, as a worker's is", () => {
  // The budget is cut to the deadline; a one-row read has no check inside, so it finishes.
  const inline = new InlineCalls(connect, { budgetMs: ROOMY_MS });
  try {
    const deadline = new Deadline(1e-6);
    const outcome = inline.run(
      tool("get_transcript"),
      { id: fixture.transcripts[3]!.id },
      deadline,
    );
    assert(outcome.ran);
    assertEquals(outcome.outcome, deadlineOutcome("get_transcript", deadline));
  } finally {
    inline.close();
  }
});

Deno.test("get_transcript of a text past the inline limit goes to a worker, unread", () => {
  const huge = {
    ...fixture.transcripts[0]!,
    id: "d0000000-0000-4000-8000-0000000000ff",
    segments: [{
      speaker: "Ana",
      startMs: 0,
      endMs: 1,
      text: "la ".repeat(INLINE_TEXT_BYTES / 3 + 10),
    }],
  };
  const store = buildFixtureStore({ transcripts: [huge], tasks: [] });
  const inline = new InlineCalls(() =>
    SourceSet.ofStore(openStore(store.path, { busyTimeoutMs: 0 }))
  );
  try {
    const outcome = inline.run(tool("get_transcript"), { id: huge.id }, new Deadline());
    assert(!outcome.ran, "handed to a worker");
    assert(
      inline.run(tool("get_transcript"), { id: "no-such-id" }, new Deadline()).ran,
      "a missing id runs here",
    );
    assert(
      inline.run(tool("get_transcript"), { id: 7 }, new Deadline()).ran,
      "so do bad arguments",
    );
  } finally {
    inline.close();
    store.cleanup();
  }
});

Deno.test("get_transcript's cheap check reads the store only for validated arguments", () => {
  let reads = 0;
  const counting = () => {
    const store = openStore(fixture.path, { busyTimeoutMs: 0 });
    const get = store.get.bind(store);
    store.get = (sql, ...params) => (reads++, get(sql, ...params));
    return SourceSet.ofStore(store);
  };
  const inline = new InlineCalls(counting);
  try {
    for (const args of [{ id: 7 }, { id: "x", offset: -1 }, { id: "x", extra: true }]) {
      const call = inline.run(tool("get_transcript"), args, new Deadline());
      assert(call.ran, "answered here");
      assert(!call.outcome.ok && call.outcome.code === "invalid_arguments", JSON.stringify(args));
    }
    assertEquals(reads, 0, "no SQL ran for an invalid argument");
    assert(inline.run(tool("get_transcript"), { id: "x" }, new Deadline()).ran);
    assert(reads > 0, "a valid call does read the store");
  } finally {
    inline.close();
  }
});
