/**
 * The docs are checked: every tool's example answer in the README is what the demo store
 * answers today, the README's usage block is the --help text, and docs/store.md quotes the
 * schema exactly.
 */
import { assert, assertEquals } from "./helpers/assert.ts";
import { USAGE } from "../lib/cli.ts";
import { openDemoStore, SCHEMA_SQL } from "../lib/demo_store.ts";
import { ENV_VARS_READ } from "../lib/db_path.ts";
import { callTool } from "../lib/tools/call_tool.ts";
import { findTool, TOOLS } from "../lib/tools/registry.ts";
import { INLINE_BUDGET_MS, SKIP_AFTER_OVERRUN_MS } from "../lib/inline_calls.ts";
import { INLINE_TEXT_BYTES } from "../lib/tools/get_transcript.ts";
import { MAX_NESTING } from "../lib/jsonrpc.ts";
import { MAX_LINE_BYTES } from "../lib/stdio.ts";
import { BUSY_TIMEOUT_MS } from "../lib/store.ts";
import { DEFAULT_TIMEOUT_MS, MAX_POOL_SIZE } from "../lib/worker_pool.ts";
import { readStartPermissionFlags } from "../scripts/permission_flags.ts";

const readme = Deno.readTextFileSync(new URL("../README.md", import.meta.url));
const storeDoc = Deno.readTextFileSync(new URL("../docs/store.md", import.meta.url));
const denoJson = JSON.parse(Deno.readTextFileSync(new URL("../deno.json", import.meta.url)));

/** The fenced code block between two HTML comment markers. */
function fencedBetween(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  assert(from !== -1 && to !== -1, `markers ${start} … ${end}`);
  const fenced = /```\w*\n([\s\S]*?)```/.exec(text.slice(from, to));
  assert(fenced !== null, `a code block between ${start} and ${end}`);
  return fenced[1]!;
}

Deno.test("every tool has a README section with an example that the demo store answers", () => {
  const store = openDemoStore();
  const examples = [
    ...readme.matchAll(/<!-- example: (\w+) (\{.*\}) -->[\s\S]*?```json\n([\s\S]*?)```/g),
  ];
  assertEquals(examples.map((m) => m[1]).sort(), TOOLS.map((t) => t.name).sort());
  for (const [, name, args, answer] of examples) {
    assert(readme.includes(`### ${name}`), `README has a section for ${name}`);
    const result = callTool(findTool(name!)!, store, JSON.parse(args!));
    assertEquals(result.isError, undefined, `${name} example must succeed`);
    assertEquals(JSON.parse(answer!), result.structuredContent, `${name} example is current`);
  }
});

Deno.test("the README's usage block is the --help text", () => {
  const block = fencedBetween(readme, "<!-- usage -->", "<!-- /usage -->");
  assertEquals(block.trimEnd(), USAGE);
});

Deno.test("docs/store.md quotes lib/schema.sql exactly", () => {
  const block = fencedBetween(storeDoc, "<!-- schema -->", "<!-- /schema -->");
  assertEquals(block.trimEnd(), SCHEMA_SQL.trimEnd());
});

Deno.test("the start task and the compiled binary carry the documented permission flags", () => {
  const flags = [
    "--allow-read",
    "--deny-write",
    "--deny-net",
    "--deny-run",
    "--deny-ffi",
    `--allow-env=${ENV_VARS_READ.join(",")}`,
  ];
  const compile = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "compile", "--dry-run"],
    cwd: new URL("..", import.meta.url),
    stdout: "piped",
  }).outputSync();
  const commands = {
    start: denoJson.tasks.start as string,
    compile: new TextDecoder().decode(compile.stdout),
  };
  for (const [task, command] of Object.entries(commands)) {
    const words = command.split(/\s+/);
    for (const flag of flags) assert(words.includes(flag), `${task} has ${flag}`);
    assert(!words.some((w) => /^--allow-(write|net|run|ffi|all)|^-A$/.test(w)), task);
  }
  for (const flag of flags) assert(readme.includes(flag.replace(/^--allow-env=.*/, "--allow-env")));
  assert(readme.includes(`--allow-env=${ENV_VARS_READ.join(",")}`));
});

Deno.test("the README's Node-only start carries the start task's flags exactly", () => {
  const joined = readme.replace(/ \\\n\s*/g, " ");
  const line = joined.split("\n").find((text) => text.startsWith("npx -y deno@2.9.6 run "));
  assert(line !== undefined, "the README shows the npx run form");
  const words = line.split(" ");
  const entry = words.findIndex((word) => word.endsWith("/main.ts"));
  assertEquals(words.slice(4, entry), readStartPermissionFlags());
  assert(readme.includes("npx --prefer-offline -y deno@2.9.6"));
});

Deno.test("the README names the two set-up commands and the pinned Deno", () => {
  assert(readme.includes("npx -y deno@2.9.6 task demo"));
  assert(readme.includes("npx -y deno@2.9.6 task test"));
  for (const task of ["demo", "test", "ok", "start", "compile"]) assert(denoJson.tasks[task], task);
});

Deno.test("the README states the limits the code enforces", () => {
  const normalized = readme.replace(/\s+/g, " ");
  const stated = [
    `deadline (${DEFAULT_TIMEOUT_MS / 1000} s, \`--timeout-ms\`)`,
    `past the ${BUSY_TIMEOUT_MS / 1000} s busy timeout`,
    `At most ${["", "", "two", "three", "four"][MAX_POOL_SIZE]} calls run at once`,
    `runs past ${INLINE_BUDGET_MS} ms`,
    `a ${INLINE_BUDGET_MS} ms budget`,
    `text passes ${INLINE_TEXT_BYTES / 1024 / 1024} MiB`,
    `for the next ${SKIP_AFTER_OVERRUN_MS / 1000} s calls of that tool with the same arguments set`,
    `nested deeper than ${MAX_NESTING} levels, a line over ${MAX_LINE_BYTES / 1024 / 1024} MiB`,
  ];
  for (const text of stated) assert(normalized.includes(text), `README states: ${text}`);
  const inline = TOOLS.filter((tool) => tool.cheap !== undefined && tool.cheap !== false)
    .map((tool) => `\`${tool.name}\``);
  assert(
    normalized.includes(`The cheap calls (${inline.slice(0, -1).join(", ")} and ${inline.at(-1)},`),
    `README names the cheap tools: ${inline.join(", ")}`,
  );
});
