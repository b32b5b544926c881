/**
 * `index` of a folder source found empty, through the real process (the binary's flags): a
 * mount point whose drive is not mounted is an existing, empty folder, and a refresh must not
 * take that for every file deleted. A folder that still holds files refreshes as any other,
 * and leaving a source out of the command line is the way to drop its items.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assertEquals, assertMatch } from "../helpers/assert.ts";
import { runCli } from "../helpers/server_process.ts";

/** Writes `names` as small WebVTT calls into `folder` (made if missing). */
function writeCalls(folder: string, names: readonly string[]): void {
  for (const name of names) {
    Deno.mkdirSync(join(folder, name, ".."), { recursive: true });
    Deno.writeTextFileSync(
      join(folder, name),
      `WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Ann>${name} opens the budget.\n`,
    );
  }
}

/** Moves everything in `from` into `to`, as is (times kept): a drive unmounted, or mounted. */
function moveAll(from: string, to: string): void {
  Deno.mkdirSync(to, { recursive: true });
  for (const entry of Deno.readDirSync(from)) {
    Deno.renameSync(join(from, entry.name), join(to, entry.name));
  }
}

/** The ids the store holds for `source`, sorted. */
function idsOf(store: string, source: string): string[] {
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    return db.prepare("SELECT id FROM index_items WHERE source = ? ORDER BY id").all(source)
      .map((row) => String(row["id"]));
  } finally {
    db.close();
  }
}

const index = (out: string, ...sources: string[]) => runCli(["index", ...sources, "--out", out]);

/** The paths a test works with, in a temporary folder of its own. */
interface Paths {
  dir: string;
  /** The folder source that goes empty. */
  calls: string;
  /** Another folder source beside it. */
  other: string;
  /** The store. */
  out: string;
}

function withDir(body: (paths: Paths) => Promise<void>): () => Promise<void> {
  return async () => {
    const dir = Deno.makeTempDirSync({ prefix: "tmcp-index-empty-" });
    try {
      await body({
        dir,
        calls: join(dir, "calls"),
        other: join(dir, "other"),
        out: join(dir, "archive.db"),
      });
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  };
}

Deno.test(
  "index: a folder source found empty (a drive not mounted) keeps its items, says so in one line, exits 1",
  withDir(async ({ dir, calls, other, out }) => {
    writeCalls(calls, ["a.vtt", "b.vtt", "sub/c.vtt"]);
    writeCalls(other, ["o.vtt"]);
    const first = await index(out, `calls=${calls}`, `other=${other}`);
    assertEquals(first.code, 0, first.stdout + first.stderr);
    const before = idsOf(out, "calls");
    assertEquals(before.length, 3);

    // The mount point stays, its drive's files are not there.
    const drive = join(dir, "drive");
    moveAll(calls, drive);
    writeCalls(other, ["o2.vtt"]);
    const empty = await index(out, `calls=${calls}`, `other=${other}`);
    assertEquals(empty.code, 1, empty.stdout + empty.stderr);
    assertEquals(idsOf(out, "calls"), before);
    // The other source is refreshed as usual.
    assertEquals(idsOf(out, "other").length, 2);
    assertMatch(empty.stdout, /: 1 added, 0 updated, 0 removed, 1 unchanged, 0 skipped\n/);
    const kept = empty.stdout.split("\n").filter((line) => line.startsWith("kept "));
    assertEquals(kept.length, 1, empty.stdout);
    assertMatch(kept[0]!, /^kept 3 items of source calls as they were: its folder .*calls holds/);
    assertEquals(kept[0]!.includes(calls), true, kept[0]);
    const check = await runCli(["check", "--source", out]);
    assertEquals(check.code, 0, check.stdout + check.stderr);
    assertMatch(check.stdout, /transcripts: +5\n/);

    // Run again while still empty: still kept, still said.
    const again = await index(out, `calls=${calls}`, `other=${other}`);
    assertEquals(again.code, 1, again.stdout + again.stderr);
    assertMatch(again.stdout, /\nkept 3 items of source calls as they were/);

    // The drive back: a run like any other, the items as they were.
    moveAll(drive, calls);
    const back = await index(out, `calls=${calls}`, `other=${other}`);
    assertEquals(back.code, 0, back.stdout + back.stderr);
    // `other` is not read when its files are older than its stamp's 2 s of doubt by now (a
    // busy machine's pace), and read again when not: either way nothing else is said.
    assertMatch(
      back.stdout,
      /: 0 added, 0 updated, 0 removed, 5 unchanged, 0 skipped\n(not read, their files unchanged since the last run: other\n)?$/,
    );
    assertEquals(idsOf(out, "calls"), before);
  }),
);

Deno.test(
  "index: a folder that still holds files, even only unreadable ones, refreshes as today",
  withDir(async ({ calls, out }) => {
    writeCalls(calls, ["a.vtt", "b.vtt", "c.vtt"]);
    assertEquals((await index(out, `calls=${calls}`)).code, 0);

    Deno.removeSync(join(calls, "a.vtt"));
    Deno.removeSync(join(calls, "b.vtt"));
    const fewer = await index(out, `calls=${calls}`);
    assertEquals(fewer.code, 0, fewer.stdout + fewer.stderr);
    assertMatch(fewer.stdout, /: 0 added, 0 updated, 2 removed, 1 unchanged, 0 skipped/);
    assertEquals(idsOf(out, "calls").length, 1);

    // A file the folder holds but cannot read as a transcript: the drive is there.
    Deno.removeSync(join(calls, "c.vtt"));
    Deno.writeTextFileSync(join(calls, "broken.json"), "{ not json");
    const broken = await index(out, `calls=${calls}`);
    assertEquals(broken.code, 0, broken.stdout + broken.stderr);
    assertMatch(broken.stdout, /: 0 added, 0 updated, 1 removed, 0 unchanged, 1 skipped/);
    assertEquals(idsOf(out, "calls"), []);
  }),
);

Deno.test(
  "index: leaving a source out drops its items; named again, its unchanged files are read again",
  withDir(async ({ calls, other, out }) => {
    writeCalls(calls, ["a.vtt", "b.vtt"]);
    writeCalls(other, ["o.vtt"]);
    // Files older than the settle time, so that each run stamps the sources it reads.
    const old = new Date(Date.now() - 60_000);
    for (const path of [join(calls, "a.vtt"), join(calls, "b.vtt"), join(other, "o.vtt")]) {
      Deno.utimeSync(path, old, old);
    }
    for (const folder of [calls, other]) Deno.utimeSync(folder, old, old);
    assertEquals((await index(out, `calls=${calls}`, `other=${other}`)).code, 0);

    const without = await index(out, `other=${other}`);
    assertEquals(without.code, 0, without.stdout + without.stderr);
    assertMatch(without.stdout, /: 0 added, 0 updated, 2 removed, 1 unchanged, 0 skipped/);
    assertEquals(idsOf(out, "calls"), []);

    // Its files are as they were when it was last read: read again all the same.
    const named = await index(out, `calls=${calls}`, `other=${other}`);
    assertEquals(named.code, 0, named.stdout + named.stderr);
    assertMatch(named.stdout, /: 2 added, 0 updated, 0 removed, 1 unchanged, 0 skipped/);
    assertEquals(idsOf(out, "calls").length, 2);
  }),
);

Deno.test(
  "index: an empty folder new to the store is no problem: nothing kept, exit 0",
  withDir(async ({ calls, out }) => {
    Deno.mkdirSync(calls);
    const run = await index(out, `calls=${calls}`);
    assertEquals(run.code, 0, run.stdout + run.stderr);
    assertEquals(
      run.stdout,
      `indexed into ${out}: 0 added, 0 updated, 0 removed, 0 unchanged, 0 skipped\n`,
    );
  }),
);
