/**
 * The command line, run as users run it: `deno task start ARGS`.
 */
import { assert, assertEquals, assertMatch } from "./helpers/assert.ts";
import { buildFixtureStore } from "./helpers/fixture_store.ts";
import { runCli } from "./helpers/server_process.ts";
import { parseCommandLine, USAGE } from "../lib/cli.ts";
import { TOOLS } from "../lib/tools/registry.ts";
import { VERSION } from "../lib/version.ts";
import { join } from "node:path";
import { resolveDbPath } from "../lib/db_path.ts";

Deno.test("--version prints the version from deno.json", async () => {
  const { code, stdout } = await runCli(["--version"]);
  assertEquals(code, 0);
  assertEquals(stdout.trim(), `transcript-mcp ${VERSION}`);
  const config = JSON.parse(Deno.readTextFileSync(new URL("../deno.json", import.meta.url)));
  assertEquals(VERSION, config.version);
});

Deno.test("--help prints the usage text", async () => {
  const { code, stdout } = await runCli(["--help"]);
  assertEquals(code, 0);
  assertEquals(stdout.trimEnd(), USAGE);
});

Deno.test("unknown flags and commands print usage on stderr and exit 2", async () => {
  for (
    const args of [["--frobnicate"], ["serve-it"], ["--db"], ["tools", "extra"], [
      "--demo",
      "--db",
      "x",
    ]]
  ) {
    const { code, stdout, stderr } = await runCli(args);
    assertEquals(code, 2, args.join(" "));
    assertEquals(stdout, "");
    assertMatch(stderr, /Usage: transcript-mcp/);
  }
});

Deno.test("tools prints every tool definition as JSON", async () => {
  const { code, stdout } = await runCli(["tools"]);
  assertEquals(code, 0);
  const tools = JSON.parse(stdout);
  assertEquals(tools.map((t: { name: string }) => t.name), TOOLS.map((t) => t.name));
});

Deno.test("call runs one tool and exits 1 when it answers an error", async () => {
  const fixture = buildFixtureStore();
  try {
    const ok = await runCli(["--db", fixture.path, "call", "list_transcripts", '{"limit":3}']);
    assertEquals(ok.code, 0);
    assertEquals(JSON.parse(ok.stdout).transcripts.length, 3);
    const noArgs = await runCli(["call", "list_tasks", "--db", fixture.path]);
    assertEquals(JSON.parse(noArgs.stdout).tasks.length, fixture.tasks.length);
    const missing = await runCli(["--db", fixture.path, "call", "get_transcript", '{"id":"nope"}']);
    assertEquals(missing.code, 1);
    assertEquals(JSON.parse(missing.stdout).error.code, "not_found");
    const badJson = await runCli(["--db", fixture.path, "call", "list_tasks", "{limit:1}"]);
    assertEquals(badJson.code, 2);
    assertMatch(badJson.stderr, /not valid JSON/);
    const unknown = await runCli(["--db", fixture.path, "call", "drop_tables"]);
    assertEquals(unknown.code, 2);
    assertMatch(unknown.stderr, /unknown tool 'drop_tables'/);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("check reports schema version, counts and index health", async () => {
  const fixture = buildFixtureStore();
  try {
    const { code, stdout } = await runCli(["check", "--db", fixture.path]);
    assertEquals(code, 0);
    assertMatch(stdout, /schema version: 1/);
    assertMatch(stdout, new RegExp(`transcripts: +${fixture.transcripts.length}\\b`));
    assertMatch(stdout, new RegExp(`tasks: +${fixture.tasks.length}\\b`));
    assertMatch(stdout, /search index: +in sync/);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("an unusable store gets one stderr line and exit 2, never a stack trace", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const notSqlite = join(dir, "notes.db");
    Deno.writeTextFileSync(notSqlite, "x".repeat(200));
    const cases: [string[], RegExp][] = [
      [["--db", join(dir, "missing.db")], /Cannot open store: file not found at /],
      [["--db", dir], /is a directory/],
      [["--db", notSqlite], /is not an SQLite database/],
      [["check", "--db", notSqlite], /is not an SQLite database/],
    ];
    for (const [args, pattern] of cases) {
      const { code, stdout, stderr } = await runCli(args);
      assertEquals(code, 2, args.join(" "));
      assertEquals(stdout, "");
      assertMatch(stderr, pattern);
      assert(!/\n\s+at /.test(stderr), `no stack trace: ${stderr}`);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the store path comes from --db, else TRANSCRIPT_MCP_DB, and is logged", async () => {
  const fixture = buildFixtureStore();
  try {
    const spaced = join(fixture.dir, "My Notes ü");
    Deno.mkdirSync(spaced);
    Deno.copyFileSync(fixture.path, join(spaced, "störe.db"));
    const viaEnv = await runCli(["check"], { TRANSCRIPT_MCP_DB: join(spaced, "störe.db") });
    assertEquals(viaEnv.code, 0);
    assert(viaEnv.stderr.includes(`${join(spaced, "störe.db")} (from TRANSCRIPT_MCP_DB)`));
    const viaFlag = await runCli(["check", "--db", fixture.path], {
      TRANSCRIPT_MCP_DB: "/nonexistent",
    });
    assertEquals(viaFlag.code, 0);
    assertMatch(viaFlag.stderr, /\(from --db\)/);
    const env: Record<string, string> = {
      XDG_DATA_HOME: fixture.dir,
      HOME: fixture.dir,
      APPDATA: fixture.dir,
      USERPROFILE: fixture.dir,
    };
    const viaDefault = await runCli(["check"], env);
    assertEquals(viaDefault.code, 2);
    const expected = resolveDbPath({ env: (name) => env[name], os: Deno.build.os, cwd: "/" });
    assert(
      viaDefault.stderr.includes(`${expected.path} (from platform default)`),
      viaDefault.stderr,
    );
  } finally {
    fixture.cleanup();
  }
});

Deno.test("parseCommandLine reads every command", () => {
  assertEquals(parseCommandLine([]), {
    kind: "serve",
    store: { kind: "path", flag: undefined },
    timeoutMs: 5000,
  });
  assertEquals(parseCommandLine(["--demo"]), {
    kind: "serve",
    store: { kind: "demo" },
    timeoutMs: 5000,
  });
  assertEquals(parseCommandLine(["call", "list_tasks", "{}", "--demo"]), {
    kind: "call",
    store: { kind: "demo" },
    tool: "list_tasks",
    args: "{}",
    timeoutMs: 5000,
  });
  assertEquals(parseCommandLine(["call"]).kind, "usage-error");
  assertEquals(parseCommandLine(["--db="]).kind, "usage-error");
  assertEquals(parseCommandLine(["-V"]).kind, "version");
  assertEquals(parseCommandLine(["-h", "--frob"]).kind, "usage-error");
});
