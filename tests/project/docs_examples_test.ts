/**
 * The docs' examples and commands are run against the code: every example answer is what the demo
 * store answers today, docs/cli.md's usage block is what --help prints, its `call` example prints
 * what the tool answers and it names every environment variable the server reads, and the sandbox
 * flags the docs state are the ones the start task and the binary carry.
 */
import { SourceSet } from "../../lib/sources/source_set.ts";
import { assert, assertEquals } from "../helpers/assert.ts";
import { cell, denoJson, docs, fencedBetween, readme, section } from "../helpers/docs.ts";
import { DatabaseSync } from "node:sqlite";
import { runCli } from "../helpers/server_process.ts";
import { openDemoStore } from "../../lib/demo/demo_store.ts";
import { ENV_VARS_READ } from "../../lib/config/db_path.ts";
import { toolCallResult } from "../../lib/protocol/tool_result.ts";
import { callTool } from "../../lib/tools/call_tool.ts";
import { findTool, TOOLS } from "../../lib/tools/registry.ts";
import { readStartPermissionFlags } from "../../scripts/permission_flags.ts";

/**
 * Checks every `<!-- example: TOOL {args} -->` answer in `text` against the demo store: one
 * for each of `tools`, each in the tool's own section unless `inSections` is false.
 */
function checkExamples(
  text: string,
  where: string,
  tools = TOOLS.map((t) => t.name),
  inSections = true,
): void {
  const store = openDemoStore();
  const examples = [
    ...text.matchAll(/<!-- example: (\w+) (\{.*\}) -->[\s\S]*?```json\n([\s\S]*?)```/g),
  ];
  assertEquals(examples.map((m) => m[1]).sort(), [...tools].sort(), where);
  for (const [, name, args, answer] of examples) {
    if (inSections) {
      assert(
        section(text, name!).includes(`<!-- example: ${name} `),
        `${where}: ${name}'s section`,
      );
    }
    const result = toolCallResult(
      callTool(findTool(name!)!, SourceSet.ofStore(store, "demo"), JSON.parse(args!)),
    );
    assertEquals(result.isError, undefined, `${where}: the ${name} example must succeed`);
    assertEquals(JSON.parse(answer!), result.structuredContent, `${where}: ${name} is current`);
  }
}

Deno.test("docs/tools.md shows one example per tool, as the demo store answers", () => {
  checkExamples(docs.tools, "docs/tools.md");
});

Deno.test("the README names every tool in a line and shows a search as the demo store answers", () => {
  const tools = section(readme, "Tools");
  for (const { name } of TOOLS) {
    assert(tools.includes(`- \`${name}\`: `), `README.md names ${name}`);
  }
  checkExamples(readme, "README.md", ["search_transcripts"], false);
});

Deno.test("docs/cli.md's usage block is what --help prints", async () => {
  const { code, stdout } = await runCli(["--help"]);
  assertEquals(code, 0);
  const block = fencedBetween(docs.cli, "<!-- usage -->", "<!-- /usage -->");
  assertEquals(block.trimEnd(), stdout.trimEnd());
});

Deno.test("docs/cli.md's `call` example prints what the tool answers", async () => {
  const line = /^transcript-mcp (.* call .*)$/m.exec(docs.cli)?.[1];
  assert(line !== undefined, "a call example");
  const args = [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
  const { code, stdout } = await runCli(args);
  assertEquals(code, 0);
  const [tool, json] = args.slice(args.indexOf("call") + 1);
  const expected = toolCallResult(
    callTool(findTool(tool!)!, SourceSet.ofStore(openDemoStore(), "demo"), JSON.parse(json!)),
  );
  assertEquals(JSON.parse(stdout), expected.structuredContent);
});

Deno.test("docs/cli.md names every environment variable the server reads", () => {
  const where = section(docs.cli, "Where the store is");
  for (const name of ENV_VARS_READ.filter((name) => name !== "USERPROFILE" && name !== "HOME")) {
    assert(where.includes(name), `docs/cli.md names ${name}`);
  }
});

Deno.test("docs/security.md states the sandbox the start task and the binary carry", () => {
  const flags = [
    "--allow-read",
    "--allow-write",
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
    // Write is for `index` alone; every other command revokes it before it opens anything.
    assert(!words.some((w) => /^--allow-(net|run|ffi|all)|^-A$/.test(w)), task);
  }
  const layers = section(docs.security, "Read-only, in layers");
  for (const flag of flags) assert(layers.includes(flag), `docs/security.md states ${flag}`);
});

Deno.test("docs/install.md's Node-only start carries the start task's flags exactly", () => {
  const joined = docs.install.replace(/ \\\n\s*/g, " ");
  const line = joined.split("\n").find((text) => text.startsWith("npx -y deno@2.9.6 run "));
  assert(line !== undefined, "docs/install.md shows the npx run form");
  const words = line.split(" ");
  const entry = words.findIndex((word) => word.endsWith("/main.ts"));
  assertEquals(words.slice(4, entry), readStartPermissionFlags());
  assert(docs.install.includes("npx --prefer-offline -y deno@2.9.6"));
});

Deno.test("docs/store.md's line for a database of no known kind is what the server prints", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const path = `${dir}/other.db`;
    new DatabaseSync(path).exec("CREATE TABLE foo (a)");
    const { code, stderr } = await runCli(["--source", path]);
    assertEquals(code, 2);
    const printed = stderr.trim().replace("transcript-mcp: ", "").replace(path, "PATH")
      .replace("(tables: foo)", "(tables: …)");
    assert(
      cell(docs.store, "Of no known kind").includes(`\`${printed}\``),
      `docs/store.md states: ${printed}`,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
