/**
 * The command line, run as users run it: `deno task start ARGS`.
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { denoDir, PROJECT_ROOT, runCli, startServer } from "../helpers/server_process.ts";
import { parseCommandLine, USAGE } from "../../lib/config/cli.ts";
import { MAX_TIMEOUT_MS } from "../../lib/config/limits.ts";
import { TOOLS } from "../../lib/tools/registry.ts";
import { TOOL_SETS } from "../../lib/tools/tool_sets.ts";
import { VERSION } from "../../lib/config/version.ts";
import { join } from "node:path";
import { resolveDbPath } from "../../lib/config/db_path.ts";

/** The command line as main.ts parses it, with the tool sets there are. */
function parse(args: string[]) {
  return parseCommandLine(args, Object.keys(TOOL_SETS));
}

/**
 * The lines transcript-mcp itself wrote to stderr. Deno may add its own (a `Download` line
 * when it refreshes its npm cache); those are not the program's to count.
 */
function ownLines(stderr: string): string[] {
  return stderr.split("\n").filter((line) => line.startsWith("transcript-mcp:"));
}

Deno.test("--version prints the version from deno.json", async () => {
  const { code, stdout } = await runCli(["--version"]);
  assertEquals(code, 0);
  assertEquals(stdout.trim(), `transcript-mcp ${VERSION}`);
  const config = JSON.parse(Deno.readTextFileSync(new URL("../../deno.json", import.meta.url)));
  assertEquals(VERSION, config.version);
});

Deno.test("--help prints the usage text", async () => {
  const { code, stdout } = await runCli(["--help"]);
  assertEquals(code, 0);
  assertEquals(stdout.trimEnd(), USAGE);
});

Deno.test("a mistake on the command line gets one line pointing to --help, and exit 2", async () => {
  const cases: [string[], string][] = [
    [["--frobnicate"], "Unknown option --frobnicate"],
    [["serve-it"], "Unknown command 'serve-it'"],
    [["--db"], "--db needs a path"],
    [["tools", "extra"], "Unexpected argument 'extra'"],
    [["-V", "extra"], "Unexpected argument 'extra'"],
    [["--version", "extra"], "Unexpected argument 'extra'"],
    [["extra", "--help"], "Unexpected argument 'extra'"],
    [["-h", "tools"], "Unexpected argument 'tools'"],
    [["--demo", "--db", "x"], "--db and --demo cannot be used together"],
  ];
  for (const [args, message] of cases) {
    const { code, stdout, stderr } = await runCli(args);
    assertEquals(code, 2, args.join(" "));
    assertEquals(stdout, "");
    assertEquals(ownLines(stderr), [`transcript-mcp: ${message} (see --help)`]);
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
    for (const notAnObject of ["[1]", "[]", "null", "7", '"x"']) {
      const refused = await runCli(["--db", fixture.path, "call", "list_tasks", notAnObject]);
      assertEquals(refused.code, 2, notAnObject);
      assertMatch(refused.stderr, /the arguments must be a JSON object/);
    }
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
    const missing = join(dir, "missing.db");
    const talk = join(dir, "talk.vtt");
    Deno.writeTextFileSync(talk, "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n");
    const folderHint = `${talk} is not an SQLite database; it looks like a transcript file: ` +
      `name its folder instead (--source ${dir})`;
    const cases: [string[], string][] = [
      [["--source", talk], `Cannot open store: ${folderHint}`],
      [["check", "--source", talk], `Cannot open store: ${folderHint}`],
      [["--db", missing], `Cannot open store: file not found at ${missing}`],
      [["--db", notSqlite], `Cannot open store: ${notSqlite} is not an SQLite database`],
      [["check", "--db", notSqlite], `Cannot open store: ${notSqlite} is not an SQLite database`],
      [
        ["--db", notSqlite, "call", "list_tasks"],
        `Cannot open store: ${notSqlite} is not an SQLite database`,
      ],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await runCli(args);
      assertEquals(code, 2, args.join(" "));
      assertEquals(stdout, "");
      assertEquals(ownLines(stderr), [`transcript-mcp: ${message}`]);
      assert(!/\n\s+at /.test(stderr), `no stack trace: ${stderr}`);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the store line says serving only when the store is served", async () => {
  const fixture = buildFixtureStore();
  try {
    const read = `transcript-mcp: reading ${fixture.path} (from --db), read-only`;
    const check = await runCli(["check", "--db", fixture.path]);
    assertEquals(check.code, 0);
    assertEquals(ownLines(check.stderr), [read]);
    const call = await runCli(["--db", fixture.path, "call", "list_tasks"]);
    assertEquals(call.code, 0);
    assertEquals(ownLines(call.stderr), [read]);
    const demo = await runCli(["--demo", "call", "list_tasks"]);
    assertEquals(ownLines(demo.stderr), [
      "transcript-mcp: reading (built-in demo store, in memory), read-only",
    ]);
    const server = startServer(["--db", fixture.path]);
    const served = await server.finish();
    assertEquals(served.code, 0);
    assertEquals(ownLines(served.stderr), [
      `transcript-mcp: serving ${fixture.path} (from --db), read-only`,
    ]);
  } finally {
    fixture.cleanup();
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
    assert(
      viaEnv.stderr.includes(`${join(spaced, "störe.db")} (from TRANSCRIPT_MCP_DB), read-only`),
    );
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
    // Deno keeps its cache under HOME: point it at the cache in use, or the moved HOME
    // would have it download the npm dependencies again (slow, and impossible offline).
    const viaDefault = await runCli([], { ...env, DENO_DIR: denoDir() });
    assertEquals(viaDefault.code, 2);
    const expected = resolveDbPath({ env: (name) => env[name], os: Deno.build.os, cwd: "/" });
    assertEquals(ownLines(viaDefault.stderr), [
      `transcript-mcp: Cannot open store: file not found at ${expected.path} (the default ` +
      "path); pass --source PATH to name your store, or --demo to try the built-in demo store",
    ]);
    const missingViaEnv = await runCli(["check"], { TRANSCRIPT_MCP_DB: join(spaced, "none.db") });
    assertEquals(missingViaEnv.code, 2);
    assertEquals(ownLines(missingViaEnv.stderr), [
      `transcript-mcp: Cannot open store: file not found at ${join(spaced, "none.db")} ` +
      "(from TRANSCRIPT_MCP_DB)",
    ]);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("with no home set, the default store is refused by name, not guessed", async () => {
  // A clean environment: HOME, XDG_DATA_HOME and TRANSCRIPT_MCP_DB all unset.
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "start", "check"],
    cwd: PROJECT_ROOT,
    clearEnv: true,
    env: { DENO_DIR: denoDir(), PATH: Deno.env.get("PATH") ?? "", NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assertEquals(output.code, 2);
  assertEquals(ownLines(stderr), [
    "transcript-mcp: Cannot open store: no default path, as neither HOME nor a data directory " +
    "is set; pass --source PATH to name your store, or --demo to try the built-in demo store",
  ]);
  assert(!stderr.includes(PROJECT_ROOT), "no path under the working directory is named");
});

Deno.test("parseCommandLine reads every command", () => {
  assertEquals(parse([]), {
    kind: "serve",
    store: { kind: "paths", flags: [] },
    timeoutMs: 5000,
    toolSets: [],
  });
  assertEquals(parse(["--demo"]), {
    kind: "serve",
    store: { kind: "demo" },
    timeoutMs: 5000,
    toolSets: [],
  });
  assertEquals(parse(["call", "list_tasks", "{}", "--demo"]), {
    kind: "call",
    store: { kind: "demo" },
    tool: "list_tasks",
    args: "{}",
    timeoutMs: 5000,
    toolSets: [],
  });
  assertEquals(parse(["--source", "a=/x.db", "--db", "y.db", "--source", "/z.db"]), {
    kind: "serve",
    store: {
      kind: "paths",
      flags: [
        { name: "a", path: "/x.db", option: "--source" },
        { name: null, path: "/z.db", option: "--source" },
        { name: null, path: "y.db", option: "--db" },
      ],
    },
    timeoutMs: 5000,
    toolSets: [],
  });
  assertEquals(parse(["--source", "Bad=/x.db"]).kind, "usage-error");
  assertEquals(parse(["--source", "/x.db", "--demo"]).kind, "usage-error");
  assertEquals(parse(["call"]).kind, "usage-error");
  assertEquals(parse(["--db="]).kind, "usage-error");
  assertEquals(parse(["-V"]).kind, "version");
  assertEquals(parse(["-h", "--frob"]).kind, "usage-error");
  const sets = parse(["--tools", "rousseau, kuradb", "--tools", "rousseau", "tools"]);
  assertEquals(sets, { kind: "tools", toolSets: ["rousseau", "kuradb"] });
  for (const args of [["--tools", "bogus", "check"], ["discover", "--tools", "rousseau,bogus"]]) {
    assertEquals(parse(args), {
      kind: "usage-error",
      message: `--tools: no tool set 'bogus'; sets: ${Object.keys(TOOL_SETS).join(", ")}`,
    });
  }
  assertEquals(parse(["--tools", "a,,b"]), {
    kind: "usage-error",
    message: "--tools needs a set name",
  });
});

Deno.test("parseCommandLine takes --timeout-ms from 1 ms to MAX_TIMEOUT_MS and no further", () => {
  const accepted = parse(["--demo", "--timeout-ms", String(MAX_TIMEOUT_MS)]);
  assertEquals(accepted.kind === "serve" && accepted.timeoutMs, MAX_TIMEOUT_MS);
  for (const bad of [String(MAX_TIMEOUT_MS + 1), "0", "1.5", "soon"]) {
    assertEquals(
      parse(["--demo", "--timeout-ms", bad]),
      {
        kind: "usage-error",
        message: `--timeout-ms takes a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
      },
      bad,
    );
  }
});

const DISCOVER_TAKES_NO_SOURCE =
  "discover looks where the apps keep their databases: it takes no --source, --db or --demo";

Deno.test("parseCommandLine names the option at fault, in one line", () => {
  const cases: [string[], string][] = [
    [["--frobnicate"], "Unknown option --frobnicate"],
    [["--frob=3"], "Unknown option --frob"],
    [["-hx"], "Unknown option -x"],
    [["--db"], "--db needs a path"],
    [["--db", "--demo"], "--db needs a path"],
    [["--timeout-ms"], "--timeout-ms needs a number"],
    [["--demo=yes"], "--demo takes no value"],
    [["--version=1"], "--version takes no value"],
    [["discover", "--source", "a.db"], DISCOVER_TAKES_NO_SOURCE],
    [["--db", "a.db", "discover"], DISCOVER_TAKES_NO_SOURCE],
    [["--demo", "discover"], DISCOVER_TAKES_NO_SOURCE],
    [["--help=x"], "--help takes no value"],
    [["--db", "a.db", "--db", "b.db"], "--db is given twice; to serve several, use --source"],
    [["index", "a.db", "--out", "x.db", "--out", "y.db"], "--out is given twice"],
    [["--demo", "--timeout-ms", "5", "--timeout-ms=6"], "--timeout-ms is given twice"],
  ];
  for (const [args, message] of cases) {
    assertEquals(parse(args), { kind: "usage-error", message }, args.join(" "));
  }
});

/** The cache directory Deno uses in this environment. */
/** The environment without NO_COLOR, as at a plain shell, so colour would show if emitted. */
function colourAllowed(): Record<string, string> {
  const env = Deno.env.toObject();
  delete env["NO_COLOR"];
  return env;
}

Deno.test("no colour codes reach piped output, from the CLI or the demo", async () => {
  const run = (task: string, args: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args: ["task", "--quiet", task, ...args],
      cwd: PROJECT_ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      clearEnv: true,
      env: colourAllowed(),
    }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  const failed = await run("start", ["--db", "/nonexistent/store.db"]);
  assertEquals(failed.code, 2);
  const lines = ownLines(decode(failed.stderr));
  assertEquals(lines.length, 1);
  assert(!lines[0]!.includes("\x1b"), lines[0]);
  const demo = await run("demo", []);
  assertEquals(demo.code, 0, decode(demo.stderr));
  const shown = decode(demo.stdout);
  assertMatch(shown, /^== Connected to transcript-mcp /m);
  assert(!shown.includes("\x1b"), "the demo's piped output has no escape codes");
});
