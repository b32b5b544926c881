/**
 * `index` through the real process (`deno task start index …`, the binary's flags): the store
 * it builds from a store of ours, Meetily and screenpipe answers as those sources do; a second
 * run updates, removes and keeps ids; --out is refused where it would overwrite someone's
 * data; a run killed mid-way leaves the previous store whole.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { runCli } from "../helpers/server_process.ts";
import { killedIndex } from "../helpers/killed_index.ts";
import {
  buildIndexSources,
  comparableAnswers,
  openSources,
  SCREENPIPE_WORDS,
  toolAnswers,
} from "../helpers/index_fixture.ts";
import { buildFixtureStore, fixtureTranscripts } from "../helpers/fixture_store.ts";

const WORDS = [...SCREENPIPE_WORDS, "budget", "fixture", "café"];

function answersOver(paths: readonly string[]) {
  const sources = openSources(paths);
  try {
    return toolAnswers(sources, WORDS);
  } finally {
    sources.close();
  }
}

Deno.test("index: the store built from three kinds answers as the sources do; a rerun changes nothing", async () => {
  const sources = buildIndexSources();
  const out = join(sources.dir, "archive.db");
  try {
    const paths = [sources.store, sources.meetily, sources.screenpipe];
    const first = await runCli(["index", ...paths, "--out", out]);
    assertEquals(first.code, 0, first.stderr);
    const direct = answersOver(paths);
    assert(direct.transcripts.length > 50 && direct.tasks.length > 30);
    assert(direct.transcripts.some((t: { id: string }) => t.id.startsWith("screenpipe:")));
    assert(direct.transcripts.some((t: { id: string }) => t.id.startsWith("meetily:")));
    assert(Object.values(direct.found).every((ids) => (ids as string[]).length > 0));
    // Tasks of one time list in id order from a store: Meetily lists a meeting's in its own.
    assertEquals(comparableAnswers(answersOver([out])), comparableAnswers(direct));
    const added = direct.transcripts.length + direct.tasks.length;
    assertMatch(first.stdout, new RegExp(`: ${added} added, 0 updated, 0 removed, 0 unchanged`));

    const again = await runCli(["index", ...paths, "--out", out]);
    assertEquals(again.code, 0, again.stderr);
    assertMatch(again.stdout, new RegExp(`: 0 added, 0 updated, 0 removed, ${added} unchanged`));
    const check = await runCli(["check", "--source", out]);
    assertEquals(check.code, 0, check.stdout + check.stderr);
    assertMatch(check.stdout, /search index: +in sync/);
  } finally {
    sources.cleanup();
  }
});

Deno.test("index: a rerun adds, updates in place and removes; ids and positions are kept", async () => {
  const fixture = buildFixtureStore();
  const out = join(fixture.dir, "archive.db");
  try {
    assertEquals((await runCli(["index", fixture.path, "--out", out])).code, 0);
    const pkOf = (id: string) => {
      const db = new DatabaseSync(out, { readOnly: true });
      try {
        return db.prepare("SELECT pk FROM transcripts WHERE id = ?").get(id)?.["pk"];
      } finally {
        db.close();
      }
    };
    // One no task names (deleting it would change the tasks that name it too).
    const gone = fixture.transcripts.find((t) =>
      !fixture.tasks.some((task) => task.transcriptId === t.id)
    );
    const changed = fixture.transcripts.find((t) => t !== gone);
    const pkBefore = pkOf(changed!.id);
    const app = new DatabaseSync(fixture.path);
    app.prepare("DELETE FROM transcripts WHERE id = ?").run(gone!.id);
    app.prepare("UPDATE transcripts SET title = 'Renamed by the app' WHERE id = ?").run(
      changed!.id,
    );
    const [fresh] = fixtureTranscripts(46).slice(45);
    app.prepare("INSERT INTO transcripts (id, title, text, created_at) VALUES (?, ?, ?, ?)")
      .run(fresh!.id, "Brand new", "A new zeppelin.", fresh!.createdAt);
    app.close();

    const rerun = await runCli(["index", fixture.path, "--out", out]);
    assertEquals(rerun.code, 0, rerun.stderr);
    assertMatch(rerun.stdout, /: 1 added, 1 updated, 1 removed, \d+ unchanged, 0 skipped/);
    assertEquals(pkOf(changed!.id), pkBefore);
    assertEquals(pkOf(gone!.id), undefined);
    assertEquals(answersOver([out]), answersOver([fixture.path]));
  } finally {
    fixture.cleanup();
  }
});

Deno.test("index: refuses an --out that is a source, another app's database or an app's store", async () => {
  const sources = buildIndexSources();
  try {
    const cases: [string[], string, RegExp][] = [
      [[sources.store], sources.store, /is the source store; index never writes a source/],
      [[sources.store], sources.meetily, /is a meetily database, another app's/],
      [[sources.meetily], sources.store, /a database that index did not build \(a store written/],
    ];
    for (const [from, out, message] of cases) {
      const before = Deno.readFileSync(out);
      const result = await runCli(["index", ...from, "--out", out]);
      assertEquals(result.code, 2, result.stderr);
      assertMatch(result.stderr, message);
      assertEquals(result.stderr.trim().split("\n").at(-1)!.startsWith("transcript-mcp: "), true);
      assert(!/\n\s+at /.test(result.stderr), "no stack trace");
      assertEquals(Deno.readFileSync(out), before, `${out} untouched`);
    }
  } finally {
    sources.cleanup();
  }
});

Deno.test("index: a run killed mid-way leaves the previous store whole and readable", async () => {
  const many = fixtureTranscripts(1_500).map((t, i) => ({
    ...t,
    segments: t.segments.map((s) => ({
      ...s,
      text: `${s.text} ${"padding words ".repeat(40)}${i}`,
    })),
  }));
  const fixture = buildFixtureStore({ transcripts: many, tasks: [] });
  const out = join(fixture.dir, "archive.db");
  try {
    assertEquals((await runCli(["index", fixture.path, "--out", out])).code, 0);
    const before = answersOver([out]);
    // Every transcript changes, so the second run writes all the way through.
    const app = new DatabaseSync(fixture.path);
    app.exec("UPDATE transcripts SET title = title || ' (edited)'");
    app.close();
    const { progress, success } = await killedIndex(fixture.path, out, "store");
    assertMatch(progress, /index: store: \d+\/1500 items/);
    assertEquals(success, false);
    const check = await runCli(["check", "--source", out]);
    assertEquals(check.code, 0, check.stdout + check.stderr);
    assertEquals(answersOver([out]), before);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("index: usage mistakes get one line and exit 2", async () => {
  const cases: [string[], RegExp][] = [
    [["index", "--out", "/tmp/never-written.db"], /index needs at least one SOURCE to read/],
    [["index", "--demo"], /index needs --out STORE, the store to write/],
    [["--demo", "--out", "/tmp/never-written.db"], /--out is only for the index command/],
    [
      ["index", "a.db", "--demo", "--out", "/tmp/x.db"],
      /SOURCE and --demo cannot be used together/,
    ],
  ];
  for (const [args, message] of cases) {
    const result = await runCli(args);
    assertEquals(result.code, 2, args.join(" "));
    assertMatch(result.stderr, message);
    assertEquals(result.stderr.trim().split("\n").length, 1, result.stderr);
  }
});

Deno.test("index: sources whose files are as at the last run are not read; one written since is", async () => {
  const sources = buildIndexSources();
  const out = join(sources.dir, "archive.db");
  const paths = [sources.store, sources.meetily, sources.screenpipe];
  const anHourAgo = new Date(Date.now() - 3_600_000);
  try {
    for (const path of paths) Deno.utimeSync(path, anHourAgo, anHourAgo);
    assertEquals((await runCli(["index", ...paths, "--out", out])).code, 0);
    const again = await runCli(["index", ...paths, "--out", out]);
    assertEquals(again.code, 0, again.stderr);
    assertMatch(again.stdout, /: 0 added, 0 updated, 0 removed, \d+ unchanged/);
    assertMatch(
      again.stdout,
      /not read, their files unchanged since the last run: store, meetily, screenpipe/,
    );
    const app = new DatabaseSync(sources.meetily);
    app.exec("UPDATE meetings SET title = 'Renamed by the app' WHERE id = 'meeting-0001'");
    app.close();
    const changed = await runCli(["index", ...paths, "--out", out]);
    assertMatch(changed.stdout, /: 0 added, 1 updated, 0 removed, \d+ unchanged/);
    assertMatch(changed.stdout, /unchanged since the last run: store, screenpipe\n/);
    assertEquals(comparableAnswers(answersOver([out])), comparableAnswers(answersOver(paths)));
  } finally {
    sources.cleanup();
  }
});

Deno.test("index: a folder of transcript files indexes to a store that answers as the folder does, its unreadable files named", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "tmcp-index-folder-" });
  const folder = join(dir, "calls");
  try {
    Deno.mkdirSync(join(folder, "2025"), { recursive: true });
    Deno.writeTextFileSync(
      join(folder, "2025-03-14 Pricing review.vtt"),
      "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann Lee>The budget for pricing is fixed.\n\n" +
        "00:00:04.000 --> 00:00:06.500\n<v Omar>Then we hold the café launch.\n",
    );
    Deno.writeTextFileSync(
      join(folder, "2025", "standup.srt"),
      "1\r\n00:00:00,500 --> 00:00:02,000\r\nFixture talk first.\r\n\r\n" +
        "2\r\n00:00:02,000 --> 00:00:03,000\r\nThen the budget.\r\n",
    );
    Deno.writeTextFileSync(join(folder, "notes.md"), "Budget notes.\n\nA second paragraph.\n");
    Deno.writeTextFileSync(join(folder, "broken.vtt"), "");
    const out = join(dir, "archive.db");
    const run = await runCli(["index", folder, "--out", out]);
    assertEquals(run.code, 0, run.stderr);
    assertMatch(run.stdout, /: 3 added, 0 updated, 0 removed, 0 unchanged, 1 skipped/);
    assertMatch(run.stdout, /skipped broken\.vtt \(source calls\): the file is empty/);
    const direct = answersOver([folder]);
    assertEquals(direct.transcripts.length, 3);
    assert(Object.values(direct.found).some((ids) => (ids as string[]).length > 0));
    assertEquals(comparableAnswers(answersOver([out])), comparableAnswers(direct));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
