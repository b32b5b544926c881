/**
 * A KuraDB folder with bad entries in its db.json, through the real process: the good
 * databases serve, each bad entry (a missing data.db, a file that is not a KuraDB database, an
 * entry naming no database) is named with why in list_sources and in `check`, and only a
 * folder with nothing to serve exits 2.
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { isolatedHome, runCli } from "../helpers/server_process.ts";
import { buildKuraDbFolder, researchFiles, upsertKuraDbFiles } from "../helpers/kuradb_fixture.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";

/** A folder whose db.json lists `research` (good) and four bad entries. */
function folderWithBadEntries() {
  const fixture = buildKuraDbFolder([{ name: "research", files: [] }], {
    dbJson: JSON.stringify([
      { db: "research", createAt: "2026-01-15T08:00:00Z" },
      { db: "gone" },
      { db: "ours" },
      { db: "../escape" },
      { createAt: "2026-02-15T08:00:00Z" },
    ]),
  });
  const { files } = researchFiles(fixture.folder, "research");
  upsertKuraDbFiles(fixture.databasePath("research"), files);
  const store = buildFixtureStore();
  Deno.mkdirSync(join(fixture.folder, "ours"));
  Deno.copyFileSync(store.path, fixture.databasePath("ours"));
  store.cleanup();
  return fixture;
}

const BAD = [
  ["gone", /Cannot open store: file not found at .*gone[\\/]data\.db/],
  ["ours", /ours[\\/]data\.db is not a kuradb database \(tables: /],
  ["kuradb-entry-4", /db\.json entry 4: "db" is not a database name/],
  ["kuradb-entry-5", /db\.json entry 5: "db" is not a database name/],
] as const;

Deno.test("kuradb: bad db.json entries are named with why; the good database serves", async () => {
  const fixture = folderWithBadEntries();
  try {
    const listed = await runCli(["call", "list_sources", "--source", fixture.folder]);
    assertEquals(listed.code, 0, listed.stderr);
    // deno-lint-ignore no-explicit-any
    const sources: any[] = JSON.parse(listed.stdout).sources;
    assertEquals(sources.map((s) => [s.name, s.available]), [
      ["research", true],
      ...BAD.map(([name]) => [name, false]),
    ]);
    assertEquals(sources[0].transcripts, 3);
    for (const [name, why] of BAD) {
      const source = sources.find((s) => s.name === name);
      assertMatch(source.notes[0], why);
      assertMatch(listed.stderr, new RegExp(`source ${name} is left out`));
    }
    assertEquals(sources[3].title, "../escape");
    assertEquals(sources[3].location, join(fixture.folder, "db.json"));

    const check = await runCli(["check", "--source", fixture.folder]);
    assertEquals(check.code, 1, check.stdout + check.stderr);
    assertMatch(check.stdout, /source: +research \(kuradb\)\n/);
    for (const [name, why] of BAD) {
      const block = check.stdout.split("\n\n").find((b) => b.startsWith(`source:         ${name}`));
      assert(block !== undefined, `check names ${name}: ${check.stdout}`);
      assertMatch(block, /UNREADABLE: /);
      assertMatch(block, why);
    }
  } finally {
    fixture.cleanup();
  }
});

Deno.test("kuradb: a folder none of whose entries can be served exits 2 with one line", async () => {
  const fixture = buildKuraDbFolder([], {
    dbJson: JSON.stringify([{ db: "gone" }, { db: "/etc" }]),
  });
  try {
    const run = await runCli(["call", "list_sources", "--source", fixture.folder]);
    assertEquals(run.code, 2, run.stdout + run.stderr);
    const last = run.stderr.trim().split("\n").at(-1)!;
    assertMatch(last, /Cannot serve: no source could be opened: gone: .*; kuradb-entry-2: /);
    assert(!/\n\s+at /.test(run.stderr), run.stderr);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("kuradb: discover names a bad entry of db.json with why, and finds the good ones", async () => {
  const fixture = folderWithBadEntries();
  const home = Deno.makeTempDirSync({ prefix: "tmcp-kuradb-home-" });
  try {
    Deno.mkdirSync(join(home, ".config"));
    Deno.renameSync(fixture.folder, join(home, ".config", "kuradb"));
    const run = await runCli(["discover"], isolatedHome(home));
    assertEquals(run.code, 0, run.stderr);
    assertMatch(run.stdout, /research/);
    assertMatch(run.stdout, /db\.json entry 4: "db" is not a database name/);
  } finally {
    Deno.removeSync(home, { recursive: true });
  }
});
