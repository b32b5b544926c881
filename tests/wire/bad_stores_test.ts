/**
 * Every kind of bad store gets a clear answer: one stderr line and exit 2 at start, or a
 * clear tool error or empty result while serving, and `check` reports it. docs/store.md's
 * "Bad stores" table lists the same cases.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../helpers/fixture_store.ts";
import { runCli, startServer } from "../helpers/server_process.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

function assertNoStackTrace(text: string): void {
  assert(!/\n\s+at /.test(text), `no stack trace: ${text}`);
}

async function call(path: string, tool: string, args: unknown) {
  const run = await runCli(["--db", path, "call", tool, JSON.stringify(args)]);
  assertNoStackTrace(run.stderr);
  return { code: run.code, body: JSON.parse(run.stdout) as Json, stderr: run.stderr };
}

Deno.test("refused at start with exit 2: empty file, schema version 2, missing tables", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const empty = join(dir, "empty.db");
    Deno.writeFileSync(empty, new Uint8Array());
    const v2 = join(dir, "v2.db");
    new DatabaseSync(v2).exec("PRAGMA user_version = 2; CREATE TABLE transcripts (x)");
    const cases: [string, RegExp][] = [
      [empty, /is empty \(0 bytes\)/],
      [v2, /schema version 2, newer than this transcript-mcp understands/],
    ];
    const noTasks = buildFixtureStore({ tasks: [], afterFill: "DROP TABLE tasks" });
    const noFts = buildFixtureStore({
      afterFill: "DROP TRIGGER transcripts_fts_insert; DROP TRIGGER transcripts_fts_delete;" +
        "DROP TRIGGER transcripts_fts_update; DROP TABLE transcripts_fts",
    });
    cases.push([noTasks.path, /lacks the required table tasks/]);
    cases.push([noFts.path, /lacks the required table transcripts_fts/]);
    try {
      for (const [path, pattern] of cases) {
        for (const args of [["--db", path], ["check", "--db", path]]) {
          const { code, stdout, stderr } = await runCli(args);
          assertEquals(code, 2, `${args.join(" ")}: ${stderr}`);
          assertEquals(stdout, "");
          assertMatch(stderr, pattern);
          assertNoStackTrace(stderr);
        }
      }
    } finally {
      noTasks.cleanup();
      noFts.cleanup();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("an empty store serves empty results and checks clean", async () => {
  const fixture = buildFixtureStore({ transcripts: [], tasks: [] });
  try {
    assertEquals((await call(fixture.path, "list_transcripts", {})).body, {
      transcripts: [],
      nextCursor: null,
    });
    const search = await call(fixture.path, "search_transcripts", { query: "anything" });
    assertEquals(search.body.results, []);
    assertEquals((await call(fixture.path, "list_tasks", {})).body.tasks, []);
    const check = await runCli(["check", "--db", fixture.path]);
    assertEquals(check.code, 0);
    assertMatch(check.stdout, /transcripts: +0\b/);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("a store without the optional segments table serves every tool, resource and prompt", async () => {
  const fixture = buildFixtureStore({ afterFill: "DROP TABLE segments" });
  const server = startServer(["--db", fixture.path]);
  try {
    await server.initialize();
    const id = fixture.transcripts[0]!.id;
    const calls: [string, Json][] = [
      ["list_transcripts", {}],
      ["get_transcript", { id }],
      ["get_turns", { id }],
      ["search_transcripts", { query: "fixture" }],
      ["list_tasks", {}],
      ["list_sources", {}],
    ];
    for (const [tool, args] of calls) {
      const result = await server.callTool(tool, args);
      assertEquals(result.isError, undefined, `${tool}: ${JSON.stringify(result)}`);
    }
    const turns = (await server.callTool("get_turns", { id })).structuredContent;
    assert(turns.turns.length > 0, "turns made from the text");
    assertEquals(turns.turns[0].speaker, null);
    const page = await server.request("resources/list", {});
    assertEquals(page.error, undefined, JSON.stringify(page));
    const read = await server.request("resources/read", { uri: page.result.resources[0].uri });
    assertEquals(read.error, undefined, JSON.stringify(read));
    const prompt = await server.request("prompts/get", {
      name: "summarize_transcript",
      arguments: { id },
    });
    assertEquals(prompt.error, undefined, JSON.stringify(prompt));
    const exit = await server.finish();
    assertEquals(exit.code, 0);
    assert(!/failed/.test(exit.stderr), exit.stderr);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});

Deno.test("a corrupted page: calls answer a clear error, check reports the damage", async () => {
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(200) });
  try {
    const db = new DatabaseSync(fixture.path, { readOnly: true });
    const roots = db.prepare(
      "SELECT rootpage FROM sqlite_schema WHERE name IN ('transcripts', 'transcripts_fts_data')",
    ).all().map((row) => Number(row["rootpage"]));
    db.close();
    const bytes = Deno.readFileSync(fixture.path);
    const pageSize = (bytes[16]! << 8) | bytes[17]!;
    // Overwrite the tables' root pages: the schema still reads, the rows do not.
    for (const page of roots) {
      for (let i = (page - 1) * pageSize; i < page * pageSize; i++) bytes[i] = (i * 31) & 0xff;
    }
    Deno.writeFileSync(fixture.path, bytes);
    const results = await Promise.all([
      call(fixture.path, "list_transcripts", { limit: 200 }),
      call(fixture.path, "search_transcripts", { query: "pricing" }),
    ]);
    for (const { code, body } of results) {
      assertEquals(code, 1);
      assertEquals(body.error.code, "internal");
      assertMatch(body.error.message, /damaged \(database disk image is malformed\)/);
    }
    const check = await runCli(["check", "--db", fixture.path]);
    assertEquals(check.code, 1);
    assertMatch(check.stdout, /DAMAGED/);
    assertNoStackTrace(check.stderr);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("an FTS index out of sync still serves; check reports it and exits 1", async () => {
  const fixture = buildFixtureStore({
    transcripts: fixtureTranscripts(10),
    afterFill: "DROP TRIGGER transcripts_fts_insert; DROP TRIGGER transcripts_fts_delete;" +
      "INSERT INTO transcripts (id, title, text, created_at) " +
      "VALUES ('unindexed', 'Unindexed pricing', 'pricing', '2027-01-01T00:00:00.000Z');" +
      "DELETE FROM transcripts WHERE pk = 1;",
  });
  try {
    const listed = await call(fixture.path, "list_transcripts", { limit: 1 });
    assertEquals(listed.body.transcripts[0].id, "unindexed");
    const found = await call(fixture.path, "search_transcripts", { query: "pricing", limit: 100 });
    assertEquals(found.code, 0);
    assert(found.body.results.every((r: Json) => r.id !== "unindexed"), "not in the index");
    const check = await runCli(["check", "--db", fixture.path]);
    assertEquals(check.code, 1);
    assertMatch(check.stdout, /OUT OF SYNC: 1 transcripts not indexed, 1 stale index entries/);
  } finally {
    fixture.cleanup();
  }
});

/** Mounts `source` read-only at `target`; false where this machine does not allow it. */
function mountReadOnly(source: string, target: string): boolean {
  if (Deno.build.os !== "linux") return false;
  const run = (args: string[]) =>
    new Deno.Command("mount", { args, stderr: "null" }).outputSync().success;
  return run(["--bind", source, target]) && run(["-o", "remount,bind,ro", target]);
}

Deno.test({
  name: "a WAL store in a read-only directory fails at start saying what to do",
  // Windows has no read-only directories in this sense (and no chmod); SQLite can always
  // create the -shm file there.
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const fixture = buildFixtureStore({
      transcripts: fixtureTranscripts(5),
      afterFill: "PRAGMA journal_mode = WAL",
    });
    const mountPoint = Deno.makeTempDirSync();
    // Root ignores directory permissions, so a read-only bind mount makes the case real.
    const mounted = mountReadOnly(fixture.dir, mountPoint);
    const readOnlyDir = mounted ? mountPoint : fixture.dir;
    if (!mounted) Deno.chmodSync(fixture.dir, 0o555);
    try {
      assert(!existsSync(join(fixture.dir, "store.db-shm")), "closed cleanly: no -shm");
      const path = join(readOnlyDir, "store.db");
      const { code, stdout, stderr } = await runCli(["--db", path]);
      assertEquals(code, 2);
      assertEquals(stdout, "");
      assertMatch(stderr, /is in WAL mode and SQLite cannot create .*-shm beside it/);
      assertMatch(stderr, /make the directory writable/);
      assertNoStackTrace(stderr);
    } finally {
      if (mounted) new Deno.Command("umount", { args: [mountPoint] }).outputSync();
      else Deno.chmodSync(fixture.dir, 0o755);
      Deno.removeSync(mountPoint, { recursive: true });
      fixture.cleanup();
    }
  },
});

function existsSync(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
