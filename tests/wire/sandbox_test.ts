/**
 * The air gap, shown: the permission flags of `deno task start`, which `deno task compile`
 * bakes into the binary, are enough to serve every tool, and under them a network call, a
 * subprocess, FFI and any other environment variable are refused; so is a write, once
 * serving (or call, check, discover, tools) has given up the write permission that only
 * `index` keeps. Nor does the code in lib/ and main.ts reach for the network at all.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { PROJECT_ROOT, ServerProcess } from "../helpers/server_process.ts";
import { TOOLS } from "../../lib/tools/registry.ts";
import { readStartPermissionFlags } from "../../scripts/permission_flags.ts";

const denoJson = JSON.parse(Deno.readTextFileSync(join(PROJECT_ROOT, "deno.json")));
const ESCAPE_ATTEMPT = fileURLToPath(new URL("./fixtures/escape_attempt.ts", import.meta.url));

// deno-lint-ignore no-explicit-any
type Json = any;
type Outcomes = Record<string, { name: string; message: string } | null>;

/** The escape attempts under `flags`, after `command` ran through main.ts's `run`. */
async function attemptEscape(
  flags: string[],
  dir: string,
  command: string[] = [],
): Promise<Outcomes> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...flags, ESCAPE_ATTEMPT, dir, ...command],
    cwd: PROJECT_ROOT,
    // Serving ends at the end of its input: at once.
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assertEquals(output.code, 0, stderr);
  return JSON.parse(new TextDecoder().decode(output.stdout).trim().split("\n").at(-1)!);
}

Deno.test("the binary bakes in exactly the start task's permission flags", async () => {
  const dryRun = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "compile", "--dry-run"],
    cwd: PROJECT_ROOT,
    stdout: "piped",
  }).output();
  const words = new TextDecoder().decode(dryRun.stdout).trim().split(/\s+/);
  // Only runtime flags count: the command may also carry --include, --target and --output.
  const baked = words.filter((word) => /^--(allow|deny)-|^--no-prompt$|^--v8-flags=/.test(word));
  assertEquals(baked, readStartPermissionFlags());
  // Write is granted for `index` alone: every other command revokes it first (below).
  for (const flag of ["--allow-write", "--deny-net", "--deny-run", "--deny-ffi"]) {
    assert(baked.includes(flag), flag);
  }
});

Deno.test("the start task's permission flags are enough to serve every tool", async () => {
  const fixture = buildFixtureStore();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...readStartPermissionFlags(), "main.ts", "--db", fixture.path],
    cwd: PROJECT_ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const server = new ServerProcess(child);
  try {
    await server.initialize();
    const { result } = await server.request("tools/list");
    assertEquals(result.tools.map((t: Json) => t.name), TOOLS.map((t) => t.name));
    const args: Record<string, Json> = {
      list_transcripts: { limit: 2 },
      get_transcript: { id: fixture.transcripts[0]!.id },
      get_turns: { id: fixture.transcripts[0]!.id, speaker: "ana" },
      search_transcripts: { query: "pricing" },
      list_tasks: { limit: 2 },
    };
    for (const tool of TOOLS) {
      const answer = await server.callTool(tool.name, args[tool.name]);
      assertEquals(answer.isError, undefined, `${tool.name}: ${JSON.stringify(answer)}`);
      assert(answer.structuredContent !== undefined, tool.name);
    }
    const { code, rest } = await server.finish();
    assertEquals(code, 0);
    assertEquals(rest, []);
    assert(!/NotCapable|Requires \w+ access/.test(server.stderr), server.stderr);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});

const KINDS: Record<string, string> = {
  write: "write",
  nodeFsWrite: "write",
  sqliteCreate: "write",
  fetch: "net",
  connect: "net",
  run: "run",
  env: "env",
  ffi: "ffi",
};

function assertRefused(outcomes: Outcomes, kinds: Record<string, string>, why: string): void {
  for (const [attempt, kind] of Object.entries(kinds)) {
    const outcome = outcomes[attempt];
    assert(outcome !== null && outcome !== undefined, `${attempt} went through (${why})`);
    assertEquals(outcome.name, "NotCapable", `${attempt} (${why}): ${outcome.message}`);
    assertMatch(outcome.message, new RegExp(`^Requires ${kind} access`));
  }
}

Deno.test("serving under the start task's flags refuses writes, network, subprocesses, FFI and other env", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-sandbox-" });
  try {
    const outcomes = await attemptEscape(readStartPermissionFlags(), dir, ["--demo"]);
    assertEquals(Object.keys(outcomes).sort(), Object.keys(KINDS).sort());
    assertRefused(outcomes, KINDS, "serving");
    assertEquals([...Deno.readDirSync(dir)], [], "no file was created");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("call, check, discover and tools give up write permission too; index alone keeps it", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-sandbox-" });
  const writes = { write: "write", nodeFsWrite: "write", sqliteCreate: "write" };
  try {
    const commands = [["call", "list_sources", "--demo"], ["check", "--demo"], ["discover"], [
      "tools",
    ]];
    for (const command of commands) {
      assertRefused(
        await attemptEscape(readStartPermissionFlags(), dir, command),
        writes,
        command[0]!,
      );
      assertEquals([...Deno.readDirSync(dir)], [], "no file was created");
    }
    const out = join(dir, "archive.db");
    const outcomes = await attemptEscape(readStartPermissionFlags(), dir, [
      "index",
      "--demo",
      "--out",
      out,
    ]);
    for (const attempt of Object.keys(writes)) assertEquals(outcomes[attempt], null, attempt);
    const { write: _, nodeFsWrite: __, sqliteCreate: ___, ...others } = KINDS;
    assertRefused(outcomes, others, "index");
    assert(Deno.statSync(out).size > 0, "index wrote its store");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("with permissions granted, the same attempts get past the sandbox", async () => {
  // The control: it shows the attempts are real, so their refusal above is the sandbox's.
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-sandbox-" });
  try {
    const outcomes = await attemptEscape(["--allow-all"], dir);
    for (const [attempt, outcome] of Object.entries(outcomes)) {
      assert(outcome?.name !== "NotCapable", `${attempt}: ${outcome?.message}`);
    }
    for (const attempt of ["write", "nodeFsWrite", "sqliteCreate", "run", "env"]) {
      assertEquals(outcomes[attempt], null, attempt);
    }
    const created = [...Deno.readDirSync(dir)].map((entry) => entry.name).sort();
    assertEquals(created, ["escaped-node.txt", "escaped.db", "escaped.txt"]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

/** Ways code reaches the network or other programs, or checks for updates. */
const NETWORK_CODE: [string, RegExp][] = [
  ["fetch", /\bfetch\s*\(/],
  [
    "a Deno network or process API",
    /\bDeno\.(connect\w*|listen\w*|serve|startTls|resolveDns|Command|run)\b/,
  ],
  ["a browser network API", /\b(WebSocket\w*|EventSource|XMLHttpRequest|navigator\.sendBeacon)\b/],
  [
    "a Node network or process module",
    /["']node:(http2?|https|net|tls|dgram|dns|child_process)["']/,
  ],
  [
    "a worker from outside the repository",
    /new\s+Worker\s*\(\s*new\s+URL\s*\(\s*["'](?!\.{1,2}\/)/,
  ],
  [
    "an update check",
    /update[-_ ]?check|check[-_ ]?for[-_ ]?updates?|releases\/latest|api\.github\.com/i,
  ],
];

/** The code of a TypeScript source, without its comments. */
function codeOf(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/** The specifiers of a module's static imports and re-exports, and of its dynamic imports. */
function importSpecifiers(code: string): string[] {
  const statics = code.matchAll(/^\s*(?:import|export)\b[^;="']*?\bfrom\s*["']([^"']+)["']/gm);
  const bare = code.matchAll(/^\s*import\s*["']([^"']+)["']/gm);
  const dynamics = code.matchAll(/\bimport\s*\(\s*["']([^"']+)["']/g);
  return [...statics, ...bare, ...dynamics].map((match) => match[1]!);
}

/** What in `source` reaches the network, other programs or an update service, if anything. */
function networkCodeIn(source: string): string[] {
  const code = codeOf(source);
  const found = NETWORK_CODE.filter(([, pattern]) => pattern.test(code)).map(([what]) => what);
  if (importSpecifiers(code).some((specifier) => /^(https?|jsr):/.test(specifier))) {
    found.push("a module from a URL");
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return [...Deno.readDirSync(dir)].flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

Deno.test("the network finder sees fetch, sockets, URL imports and update checks", () => {
  assertEquals(networkCodeIn('const r = await fetch("https://example.com/");'), ["fetch"]);
  assertEquals(networkCodeIn('import { x } from "https://deno.land/x/mod.ts";'), [
    "a module from a URL",
  ]);
  assertEquals(networkCodeIn('const s = new WebSocket("ws://127.0.0.1");'), [
    "a browser network API",
  ]);
  assertEquals(networkCodeIn('import net from "node:net";\nawait checkForUpdates();'), [
    "a Node network or process module",
    "an update check",
  ]);
  assertEquals(
    networkCodeIn("/** Never calls fetch() */\n// no Deno.connect here\nconst a = 1;"),
    [],
  );
  assertEquals(networkCodeIn('new Worker(new URL("./tool_worker.ts", import.meta.url))'), []);
});

Deno.test("the import finder reads static, type-only, re-exported and dynamic imports", () => {
  const code = 'import { a } from "./a.ts";\nimport type {\n  B,\n} from "npm:b@1";\n' +
    'export { c } from "https://x.test/c.ts";\nimport "node:process";\n' +
    'export const text = "came from " + "here";\nconst d = await import("jsr:@std/path");';
  assertEquals(importSpecifiers(code), [
    "./a.ts",
    "npm:b@1",
    "https://x.test/c.ts",
    "node:process",
    "jsr:@std/path",
  ]);
});

Deno.test("lib/ and main.ts have no code that reaches the network or checks for updates", () => {
  const files = [...sourceFiles(join(PROJECT_ROOT, "lib")), join(PROJECT_ROOT, "main.ts")];
  assert(files.length > 10, `found ${files.length} files`);
  for (const file of files) {
    assertEquals(networkCodeIn(Deno.readTextFileSync(file)), [], file);
  }
});

Deno.test("every module lib/ and main.ts import is local, a node: built-in or an npm package", () => {
  const files = [...sourceFiles(join(PROJECT_ROOT, "lib")), join(PROJECT_ROOT, "main.ts")];
  const imports: Record<string, string> = denoJson.imports;
  let seen = 0;
  for (const file of files) {
    const code = codeOf(Deno.readTextFileSync(file));
    for (const specifier of importSpecifiers(code)) {
      seen++;
      const mapped = Object.entries(imports).find(([name]) =>
        specifier === name || (name.endsWith("/") && specifier.startsWith(name))
      )?.[1];
      const ok = /^\.{1,2}\//.test(specifier) || specifier.startsWith("node:") ||
        specifier.startsWith("npm:") || mapped?.startsWith("npm:") === true;
      assert(ok, `${file} imports ${specifier}`);
    }
  }
  assert(seen > 20, `only ${seen} imports found`);
});
