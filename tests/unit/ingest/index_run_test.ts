import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertThrows } from "../../helpers/assert.ts";
import { StoreWriter } from "../../../lib/ingest/store_writer.ts";
import { type IndexFeed, indexFeeds, indexFeedsAsync } from "../../../lib/ingest/index_run.ts";
import { RunStopped } from "../../../lib/ingest/run_stop.ts";
import type { IndexedTask, IndexEntry } from "../../../lib/ingest/indexed_item.ts";
import { formatSummary, progressDisplay } from "../../../lib/ingest/index_report.ts";

function task(id: string, bucket = "inbox", text = `Task ${id}`): IndexEntry {
  const item: IndexedTask = {
    id,
    text,
    bucket,
    done: false,
    doneAt: null,
    createdAt: "2026-01-05T09:00:00.000Z",
    parentTaskId: null,
    transcriptId: null,
  };
  return { kind: "task", item };
}

/** A feed whose reading fails after `entries`, as a source gone mid-run does. */
function* failingAfter(entries: IndexEntry[]): Generator<IndexEntry> {
  yield* entries;
  throw new Error("Cannot read source b: file not found");
}

function run(path: string, feeds: IndexFeed[]) {
  const writer = StoreWriter.open(path);
  try {
    return indexFeeds(writer, feeds);
  } finally {
    writer.close();
  }
}

const feed = (source: string, entries: Iterable<IndexEntry> | undefined, failure?: string) => ({
  source,
  total: null,
  entries,
  failure,
});

Deno.test("indexFeeds adds, updates, removes and leaves unchanged items alone", () => {
  const dir = Deno.makeTempDirSync();
  const path = join(dir, "out.db");
  try {
    const first = run(path, [feed("a", [task("a:1"), task("a:2"), task("a:3")])]);
    assertEquals([first.added, first.updated, first.removed, first.unchanged], [3, 0, 0, 0]);
    const second = run(path, [feed("a", [task("a:1"), task("a:2", "done"), task("a:4")])]);
    assertEquals([second.added, second.updated, second.removed, second.unchanged], [1, 1, 1, 1]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("indexFeeds skips a second source's id and a bucket the schema lacks, with reasons", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const summary = run(join(dir, "out.db"), [
      feed("a", [task("same")]),
      feed("b", [task("same"), task("b:cron", "scheduled"), {
        kind: "skipped",
        id: "b:broken",
        reason: "truncated JSON",
      }]),
    ]);
    assertEquals(summary.added, 1);
    assertEquals(summary.skipped, [
      { source: "b", id: "same", reason: "the same id came first from source a" },
      {
        source: "b",
        id: "b:cron",
        reason: "task in bucket 'scheduled', which the store's schema does not hold",
      },
      { source: "b", id: "b:broken", reason: "truncated JSON" },
    ]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("indexFeeds keeps the items of a source it cannot read, in part or at all", () => {
  const dir = Deno.makeTempDirSync();
  const path = join(dir, "out.db");
  try {
    run(path, [feed("a", [task("a:1")]), feed("b", [task("b:1"), task("b:2"), task("b:3")])]);
    const partly = run(path, [
      feed("a", []),
      feed("b", failingAfter([task("b:1", "inbox", "Changed")])),
    ]);
    assertEquals([partly.updated, partly.removed], [1, 1]);
    assertEquals(partly.kept, [{
      source: "b",
      count: 2,
      reason: "Cannot read source b: file not found",
    }]);
    const none = run(path, [feed("b", undefined, "Cannot open store: file not found at /b.db")]);
    assertEquals(none.removed, 0);
    assertEquals(none.kept[0]?.count, 3);
    assertMatch(
      formatSummary("/out.db", none),
      /\nkept 3 items of source b as they were: it could/,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("indexFeeds ends the run when the store cannot be written, not blaming the source", () => {
  const dir = Deno.makeTempDirSync();
  const path = join(dir, "out.db");
  try {
    run(path, [feed("a", [task("a:1")])]);
    const unwritable = task("a:3") as { item: { createdAt: unknown } } & IndexEntry;
    // A row the schema refuses (created_at is NOT NULL) fails as a full disk would: in SQLite.
    unwritable.item.createdAt = null;
    assertThrows(
      () => run(path, [feed("a", [task("a:2"), unwritable])]),
      Error,
      "NOT NULL constraint failed",
    );
    const after = run(path, [feed("a", [task("a:1")])]);
    assertEquals([after.added, after.unchanged, after.removed], [0, 1, 0]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("progress: a line every 100 items off a terminal, a bar redrawn in place on one", () => {
  const plain: string[] = [];
  const lines = progressDisplay({ write: (text) => plain.push(text), terminal: false });
  for (let done = 1; done <= 250; done++) lines.onProgress("meetily", done, 250);
  lines.end();
  assertEquals(plain, [
    "transcript-mcp: index: meetily: 100/250 items\n",
    "transcript-mcp: index: meetily: 200/250 items\n",
  ]);
  const drawn: string[] = [];
  const bar = progressDisplay({ write: (text) => drawn.push(text), terminal: true });
  for (let done = 1; done <= 250; done++) bar.onProgress("meetily", done, 250);
  bar.end();
  assertMatch(drawn[0]!, /^\r\[\.{30}\] meetily: 1\/250$/);
  assertMatch(drawn.at(-2)!, /^\r\[#{30}\] meetily: 250\/250$/);
  assertEquals(drawn.at(-1), "\n");
});

Deno.test("formatSummary counts, then one line per item skipped", () => {
  assertEquals(
    formatSummary("/out.db", {
      added: 2,
      updated: 1,
      removed: 0,
      unchanged: 5,
      skipped: [{ source: "f", id: "f:a", reason: "empty file" }],
      kept: [],
      untimed: 1,
      unchangedSources: [],
    }).split("\n"),
    [
      "indexed into /out.db: 2 added, 1 updated, 0 removed, 5 unchanged, 1 skipped",
      "skipped f:a (source f): empty file",
      "note: 1 transcripts have segments without times, stored as text alone (the store's " +
      "segments need times)",
    ],
  );
});

Deno.test("formatSummary keeps one line per item skipped, whatever its file is named", () => {
  const lines = formatSummary("/out.db", {
    added: 0,
    updated: 0,
    removed: 0,
    unchanged: 0,
    skipped: [{ source: "f", id: "bad\nskipped x (source f): forged\r.vtt", reason: "empty file" }],
    kept: [],
    untimed: 0,
    unchangedSources: [],
  }).split("\n");
  assertEquals(lines.slice(1), [
    "skipped bad\\nskipped x (source f): forged\\r.vtt (source f): empty file",
  ]);
});

Deno.test("indexFeeds reads a source again only when its stamp differs from its last full read", () => {
  const dir = Deno.makeTempDirSync();
  const path = join(dir, "out.db");
  const stamped = (stamp: string | null, entries: Iterable<IndexEntry>) => ({
    ...feed("a", entries),
    stamp,
  });
  try {
    run(path, [stamped("s1", [task("a:1"), task("a:2")])]);
    const same = run(path, [stamped("s1", failingAfter([]))]);
    assertEquals([same.unchanged, same.removed, same.kept], [2, 0, []]);
    assertEquals(same.unchangedSources, ["a"]);
    const moved = run(path, [stamped("s2", [task("a:1")])]);
    assertEquals([moved.unchanged, moved.removed, moved.unchangedSources], [1, 1, []]);
    // No stamp to trust (a file written just now): read in full, and the stamp is forgotten.
    run(path, [stamped(null, [task("a:1")])]);
    assertEquals(run(path, [stamped("s2", [task("a:1"), task("a:3")])]).added, 1);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("indexFeeds keeps the items of a feed found empty where empty is not trusted", () => {
  const dir = Deno.makeTempDirSync();
  const path = join(dir, "out.db");
  const ifEmpty = "its folder /mnt/calls holds no transcript files now";
  const folder = (entries: IndexEntry[], stamp: string | null = null) => ({
    ...feed("f", entries),
    ifEmpty,
    stamp,
  });
  try {
    // New to the store and empty: nothing to keep.
    assertEquals(run(path, [folder([])]).kept, []);
    run(path, [folder([task("f:1"), task("f:2")])]);
    const empty = run(path, [folder([], "s1")]);
    assertEquals([empty.removed, empty.kept], [0, [{
      source: "f",
      count: 2,
      reason: ifEmpty,
      empty: true,
    }]]);
    assertEquals(
      formatSummary("/out.db", empty).split("\n")[1],
      `kept 2 items of source f as they were: ${ifEmpty}`,
    );
    // Its stamp is not recorded: the same stamp next time is read, not taken as unchanged.
    assertEquals(run(path, [folder([], "s1")]).kept.length, 1);
    // Something skipped is something there: the items are gone from it.
    const skipped = run(path, [folder([{ kind: "skipped", id: "f/x.json", reason: "bad" }])]);
    assertEquals([skipped.removed, skipped.kept], [2, []]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("indexFeeds forgets the stamp of a source left out, whose items it removed", () => {
  const dir = Deno.makeTempDirSync();
  const path = join(dir, "out.db");
  const stamped = (source: string, entries: Iterable<IndexEntry>) => ({
    ...feed(source, entries),
    stamp: `${source}-s1`,
  });
  try {
    run(path, [stamped("a", [task("a:1")]), stamped("b", [task("b:1")])]);
    assertEquals(run(path, [stamped("b", [])]).removed, 1);
    const again = run(path, [stamped("a", [task("a:1")]), stamped("b", [])]);
    assertEquals([again.added, again.unchangedSources], [1, ["b"]]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("indexFeedsAsync: a source failing as the run is stopped ends it as stopped, rolled back", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "stopped.db");
  const controller = new AbortController();
  // The signal comes while the source is read, and the source then fails (a drive pulled
  // with Ctrl-C): the run was stopped, not failed by the source.
  async function* stoppedThenBroken(): AsyncGenerator<IndexEntry> {
    yield task("t1");
    controller.abort("received SIGINT");
    await Promise.resolve();
    throw new Error("Cannot read source b: file not found");
  }
  const writer = StoreWriter.open(path);
  try {
    const error = await indexFeedsAsync(
      writer,
      [{ source: "b", total: 2, entries: stoppedThenBroken() }],
      () => {},
      controller.signal,
    ).catch((caught) => caught);
    assert(error instanceof RunStopped, String(error));
    assertEquals(error.message, "received SIGINT");
  } finally {
    writer.abandon();
    await Deno.remove(dir, { recursive: true });
  }
});
