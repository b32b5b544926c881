/**
 * The docs are checked against the code: every example answer is what the demo store answers
 * today, docs/cli.md's usage block is what --help prints, docs/store.md quotes the schema
 * exactly, and each limit a page states is the constant the code enforces. Limits are read from
 * tables and numbers, not whole sentences, so the prose around them can be rewritten freely.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { runCli } from "../helpers/server_process.ts";
import { openDemoStore, SCHEMA_SQL } from "../../lib/demo/demo_store.ts";
import { ENV_VARS_READ } from "../../lib/config/db_path.ts";
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "../../lib/config/cli.ts";
import { callTool, publishTool } from "../../lib/tools/call_tool.ts";
import { toolCallResult } from "../../lib/protocol/tool_result.ts";
import { findTool, TOOLS } from "../../lib/tools/registry.ts";
import type { ToolErrorCode } from "../../lib/tools/tool.ts";
import { FIELD_CAPS, PAYLOAD_BUDGET_BYTES } from "../../lib/tools/response_budget.ts";
import { PREVIEW_LENGTH } from "../../lib/text/preview.ts";
import { BM25_WEIGHTS, SNIPPET_SOURCE_CHARS } from "../../lib/tools/search_transcripts.ts";
import { MIN_SPLIT_WORKERS } from "../../lib/runtime/split_search.ts";
import { STARTUP_RUNS } from "../../scripts/smoke.ts";
import { INLINE_BUDGET_MS, SKIP_AFTER_OVERRUN_MS } from "../../lib/runtime/inline_calls.ts";
import { INLINE_TEXT_BYTES } from "../../lib/tools/get_transcript.ts";
import { MAX_NESTING, RPC_ERRORS } from "../../lib/transport/jsonrpc.ts";
import { MAX_LINE_BYTES } from "../../lib/transport/stdio.ts";
import { BUSY_TIMEOUT_MS, REQUIRED_TABLES, STORE_SCHEMA_VERSION } from "../../lib/store/store.ts";
import { MAX_POOL_SIZE } from "../../lib/runtime/worker_pool.ts";
import { readStartPermissionFlags } from "../../scripts/permission_flags.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** A project file's text, with line ends as a Linux checkout has them. */
function read(path: string): string {
  return Deno.readTextFileSync(new URL(`../../${path}`, import.meta.url)).replaceAll("\r\n", "\n");
}

const readme = read("README.md");
const DOC_PAGES = [
  "architecture",
  "build",
  "cli",
  "install",
  "performance",
  "protocol",
  "security",
  "store",
  "tools",
] as const;
const docs = Object.fromEntries(DOC_PAGES.map((page) => [page, read(`docs/${page}.md`)])) as Record<
  (typeof DOC_PAGES)[number],
  string
>;
const denoJson = JSON.parse(read("deno.json"));

/** The fenced code block between two HTML comment markers. */
function fencedBetween(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  assert(from !== -1 && to !== -1, `markers ${start} … ${end}`);
  const fenced = /```\w*\n([\s\S]*?)```/.exec(text.slice(from, to));
  assert(fenced !== null, `a code block between ${start} and ${end}`);
  return fenced[1]!;
}

/** The text under the heading `title` (any level), up to the next heading of that level or above. */
function section(text: string, title: string): string {
  const heading = new RegExp(`^(#+) ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m")
    .exec(text);
  assert(heading !== null, `a section "${title}"`);
  const rest = text.slice(heading.index + heading[0].length);
  const next = new RegExp(`^#{1,${heading[1]!.length}} `, "m").exec(rest);
  return next === null ? rest : rest.slice(0, next.index);
}

/** Every number written in `text`, with thousands separators read: "1,000–200,000" → [1000, 200000]. */
function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replaceAll(",", "")));
}

const UNITS: Record<string, number> = {
  MiB: 1024 * 1024,
  KiB: 1024,
  s: 1000,
  ms: 1,
  seconds: 1000,
};
const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, ten: 10 };

const QUANTITY = /(\d[\d,]*|two|three|four|ten)\s*(MiB|KiB|ms|seconds|s)?\b/g;

/** Every quantity in `text`, in the code's units (bytes, ms): "5 s, at most 600 s" → [5000, 600000]. */
function quantities(text: string): number[] {
  return [...text.matchAll(QUANTITY)].map((match) => {
    const value = NUMBER_WORDS[match[1]!] ?? Number(match[1]!.replaceAll(",", ""));
    return value * (match[2] === undefined ? 1 : UNITS[match[2]]!);
  });
}

/** The one quantity in `text`: "8 MiB" → 8388608, "5 s" → 5000, "four" → 4. */
function quantity(text: string): number {
  const [first, ...rest] = quantities(text);
  assert(first !== undefined && rest.length === 0, `one quantity in "${text}"`);
  return first;
}

/** The quantity `pattern`'s first group captures in `text`. */
function stated(text: string, pattern: RegExp): number {
  const match = pattern.exec(text.replace(/\s+/g, " "));
  assert(match !== null, `the docs state ${pattern}`);
  return quantity(match[1]!);
}

/** A Markdown table's rows, first cell → the other cells, skipping the header and rule rows. */
function tableRows(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    if (!line.startsWith("|") || /^[\s|:-]+$/.test(line)) continue;
    const cells = line.slice(1, -1).split("|").map((cell) => cell.trim());
    rows.set(cells[0]!, cells.slice(1));
  }
  return rows;
}

/** The cell after `label` in one of `text`'s tables. */
function cell(text: string, label: string): string {
  const row = tableRows(text).get(label);
  assert(row !== undefined, `a table row "${label}"`);
  return row.join(" | ");
}

/** Checks every `<!-- example: TOOL {args} -->` answer in `text` against the demo store. */
function checkExamples(text: string, where: string): void {
  const store = openDemoStore();
  const examples = [
    ...text.matchAll(/<!-- example: (\w+) (\{.*\}) -->[\s\S]*?```json\n([\s\S]*?)```/g),
  ];
  assertEquals(examples.map((m) => m[1]).sort(), TOOLS.map((t) => t.name).sort(), where);
  for (const [, name, args, answer] of examples) {
    assert(section(text, name!).includes(`<!-- example: ${name} `), `${where}: ${name}'s section`);
    const result = toolCallResult(callTool(findTool(name!)!, store, JSON.parse(args!)));
    assertEquals(result.isError, undefined, `${where}: the ${name} example must succeed`);
    assertEquals(JSON.parse(answer!), result.structuredContent, `${where}: ${name} is current`);
  }
}

Deno.test("the README and docs/tools.md show one example per tool, as the demo store answers", () => {
  checkExamples(readme, "README.md");
  checkExamples(docs.tools, "docs/tools.md");
});

Deno.test("the README is a front door: under 10 KB, linking every docs page", () => {
  const bytes = new TextEncoder().encode(readme).length;
  assert(bytes < 10_000, `README.md is ${bytes} bytes`);
  for (const page of DOC_PAGES) assert(readme.includes(`](docs/${page}.md)`), `links ${page}.md`);
});

Deno.test("every relative link in the README and docs/ leads to a file and heading that exist", () => {
  const slug = (heading: string) =>
    heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
  const pages: [string, string][] = [
    ["README.md", readme],
    ...DOC_PAGES.map((page): [string, string] => [`docs/${page}.md`, docs[page]]),
  ];
  for (const [path, text] of pages) {
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [file, anchor] = target!.split("#");
      const resolved = file === "" ? path : new URL(file!, `file:///${path}`).pathname.slice(1);
      const text = read(resolved);
      if (anchor === undefined) continue;
      const slugs = [...text.matchAll(/^#+ (.*)$/gm)].map((m) => slug(m[1]!));
      assert(slugs.includes(anchor), `${path} links ${target}: no such heading`);
    }
  }
});

Deno.test("the README names the two set-up commands, the pinned Deno and the tasks", () => {
  assert(readme.includes("npx -y deno@2.9.6 task demo"));
  assert(readme.includes("npx -y deno@2.9.6 task test"));
  for (const task of ["demo", "test", "ok", "start", "compile"]) assert(denoJson.tasks[task], task);
});

Deno.test("the README gives every dependency a reason, and yaml stays out of the binary", async () => {
  const reasons = section(readme, "Dependencies, and why");
  for (const [name, specifier] of Object.entries(denoJson.imports as Record<string, string>)) {
    const pkg = /^npm:\/?(@?[^@]+)@/.exec(specifier)?.[1];
    assert(pkg !== undefined && reasons.includes(`\`npm:${pkg}`), `a reason for ${name}`);
  }
  const users: string[] = [];
  for (const root of ["lib", "scripts", "tests", "bench"]) {
    for await (const path of walk(new URL(`../../${root}/`, import.meta.url))) {
      if (IMPORTS_YAML.test(Deno.readTextFileSync(path))) users.push(path.pathname);
    }
  }
  assert(!IMPORTS_YAML.test(read("main.ts")), "main.ts imports no yaml");
  assert(users.length > 0 && users.every((path) => path.includes("/tests/")), users.join(", "));
  for (const path of users) {
    assert(reasons.includes(path.slice(path.indexOf("tests/"))), `the README names ${path}`);
  }
});

/** An import of the yaml package, at the start of a line. */
const IMPORTS_YAML = /^import .* from "yaml";$/m;

/** Every .ts file under `dir`. */
async function* walk(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* walk(url);
    else if (entry.name.endsWith(".ts")) yield url;
  }
}

Deno.test("docs/install.md and the README list the binaries the release workflow builds", () => {
  const built = [...read(".github/workflows/release.yml").matchAll(/^\s+binary: (\S+)$/gm)]
    .map((m) => m[1]!).sort();
  assertEquals(built.length, 5);
  const pages: [string, string][] = [["README.md", readme], ["docs/install.md", docs.install]];
  for (const [path, text] of pages) {
    const listed = [...text.matchAll(/^\| [^|]+\| `(transcript-mcp-\S+)` +\|$/gm)]
      .map((m) => m[1]!).sort();
    assertEquals(listed, built, path);
  }
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
  const expected = toolCallResult(callTool(findTool(tool!)!, openDemoStore(), JSON.parse(json!)));
  assertEquals(JSON.parse(stdout), expected.structuredContent);
});

Deno.test("docs/cli.md names every environment variable the server reads", () => {
  const where = section(docs.cli, "Where the store is");
  for (const name of ENV_VARS_READ.filter((name) => name !== "USERPROFILE" && name !== "HOME")) {
    assert(where.includes(name), `docs/cli.md names ${name}`);
  }
});

Deno.test("docs/tools.md documents each tool's arguments and answers with the code's bounds", () => {
  for (const tool of TOOLS.map(publishTool)) {
    const text = section(docs.tools, tool.name);
    const input = tool.inputSchema as Json;
    for (const [name, property] of Object.entries(input.properties as Record<string, Json>)) {
      assert(text.includes(`\`${name}\``), `${tool.name} documents the argument ${name}`);
      const range = /(\d[\d,]*)–(\d[\d,]*)/.exec(property.description ?? "");
      const expected = [
        ...(range === null ? [] : numbersIn(range[0])),
        ...(property.maxLength === undefined ? [] : [1, property.maxLength]),
        ...(typeof property.default === "number" ? [property.default] : []),
      ];
      const doc = new RegExp(`\`${name}\` \\(([^)]*)\\)`).exec(text.replace(/\s+/g, " "))?.[1];
      if (expected.length > 0) {
        assertEquals(numbersIn(doc ?? ""), expected, `${tool.name} states ${name}'s bounds`);
      }
      for (const value of property.enum ?? []) {
        assert(doc?.includes(`\`${value}\``), `${tool.name} names ${name} ${value}`);
      }
    }
    const output = tool.outputSchema as Json;
    const fields = Object.entries(output.properties as Record<string, Json>).flatMap((
      [name, property],
    ) => [name, ...Object.keys(property.items?.properties ?? {})]);
    for (const field of fields) {
      assert(text.includes(`\`${field}\``), `${tool.name} documents the answer's ${field}`);
    }
  }
  const listing = section(docs.tools, "list_transcripts");
  assertEquals(stated(listing, /(\d+)-character preview/), PREVIEW_LENGTH);
  const search = section(docs.tools, "search_transcripts");
  assertEquals(stated(search, /title weighted (\w+) times/), BM25_WEIGHTS[0] / BM25_WEIGHTS[1]);
});

Deno.test("docs/tools.md lists exactly the tool error codes, with the code's timeouts", () => {
  // A Record over the union fails to type-check when a code is added or removed.
  const codes: Record<ToolErrorCode, true> = {
    invalid_arguments: true,
    not_found: true,
    busy: true,
    timeout: true,
    internal: true,
  };
  const errors = section(docs.tools, "Errors");
  const listed = [...tableRows(errors).keys()].filter((key) => key.startsWith("`"));
  assertEquals(listed.map((key) => key.slice(1, -1)).sort(), Object.keys(codes).sort());
  assertEquals(stated(cell(errors, "`busy`"), /past the (\d+ s)/), BUSY_TIMEOUT_MS);
  assertEquals(stated(cell(errors, "`timeout`"), /deadline \((\d+ s)/), DEFAULT_TIMEOUT_MS);
});

Deno.test("docs/tools.md's output bounds are the code's caps and budget", () => {
  const bounds = section(docs.tools, "Output bounds");
  const caps: [string, (keyof typeof FIELD_CAPS)[]][] = [
    ["Titles, previews and snippets", ["title", "preview", "snippet"]],
    ["Ids", ["id"]],
    ["Task texts", ["taskText"]],
    ["Labels (source, language, engine, model, template, bucket, each tag)", ["label"]],
    ["Timestamps", ["timestamp"]],
    ["Tag lists", ["tags"]],
  ];
  for (const [label, keys] of caps) {
    for (const key of keys) assertEquals(quantity(cell(bounds, label)), FIELD_CAPS[key], label);
  }
  assertEquals(caps.flatMap(([, keys]) => keys).sort(), Object.keys(FIELD_CAPS).sort());
  assertEquals(tableRows(bounds).size - 1, caps.length, "every cap is checked");
  // A result travels twice in its response, as structuredContent and as escaped JSON text.
  const response = stated(bounds, /No response passes (\d+ MiB)/);
  assert(3 * PAYLOAD_BUDGET_BYTES <= response, `${PAYLOAD_BUDGET_BYTES} bytes fit ${response}`);
});

Deno.test("docs/protocol.md lists exactly the JSON-RPC error codes the server answers with", () => {
  const listed = [...tableRows(section(docs.protocol, "Error codes")).keys()]
    .filter((key) => /^-\d+$/.test(key)).map(Number).sort();
  assertEquals(listed, Object.values(RPC_ERRORS).sort());
});

Deno.test("docs/protocol.md's limits and cheap tools are the code's", () => {
  const limits = section(docs.protocol, "Limits");
  const expected: [string, number[]][] = [
    ["Longest input line", [MAX_LINE_BYTES]],
    ["Deepest nesting of a message", [MAX_NESTING]],
    ["Deadline of one tool call (`--timeout-ms`)", [DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS]],
    ["Calls running at once", [MAX_POOL_SIZE]],
    ["Inline budget of a cheap call", [INLINE_BUDGET_MS]],
    ["Straight to a worker after an overrun, for", [SKIP_AFTER_OVERRUN_MS]],
    ["Inline text limit of `get_transcript`", [INLINE_TEXT_BYTES]],
    ["Wait for the app's write lock before `busy`", [BUSY_TIMEOUT_MS]],
  ];
  for (const [label, values] of expected) {
    assertEquals(quantities(cell(limits, label)), values, label);
  }
  assertEquals(tableRows(limits).size - 1, expected.length, "every limit is checked");
  const inFlight = section(docs.protocol, "Calls in flight").replace(/\s+/g, " ");
  assertEquals(stated(inFlight, /At most (\w+) calls run at once/), MAX_POOL_SIZE);
  const inline = TOOLS.filter((tool) => tool.cheap !== undefined && tool.cheap !== false)
    .map((tool) => `\`${tool.name}\``);
  assert(
    inFlight.includes(`The cheap calls (${inline.slice(0, -1).join(", ")} and ${inline.at(-1)},`),
    `docs/protocol.md names the cheap tools: ${inline.join(", ")}`,
  );
});

Deno.test("docs/security.md states the sandbox the start task and the binary carry", () => {
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

Deno.test("docs/security.md's caps are the code's", () => {
  const notes = section(docs.security, "Security notes");
  assertEquals(stated(notes, /capped at (\S+ MiB) a line/), MAX_LINE_BYTES);
  assertEquals(stated(notes, /(\d+) levels of nesting/), MAX_NESTING);
  assert(3 * PAYLOAD_BUDGET_BYTES <= stated(notes, /responses at (\S+ MiB)/));
  assertEquals(stated(notes, /calls at (\d+ s)/), DEFAULT_TIMEOUT_MS);
  assertEquals(stated(notes, /at most (\w+) run at once/), MAX_POOL_SIZE);
});

Deno.test("docs/store.md quotes lib/store/schema.sql exactly and states the store's rules", () => {
  const block = fencedBetween(docs.store, "<!-- schema -->", "<!-- /schema -->");
  assertEquals(block.trimEnd(), SCHEMA_SQL.trimEnd());
  assertEquals(stated(docs.store, /currently \*\*(\d+)\*\*/), STORE_SCHEMA_VERSION);
  const requires = section(docs.store, "What transcript-mcp requires");
  const tables = /^The tables (.*) must exist/m.exec(requires)?.[1] ?? "";
  assertEquals(
    [...tables.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort(),
    [...REQUIRED_TABLES].sort(),
  );
  assertEquals(stated(requires, /waits up to (\d+ seconds)/), BUSY_TIMEOUT_MS);
  const bad = section(docs.store, "Bad stores");
  const locked = [...tableRows(bad).keys()].find((key) => key.startsWith("Locked by the app"));
  assertEquals(stated(locked ?? "", /past (\d+ s)/), BUSY_TIMEOUT_MS);
});

Deno.test("docs/performance.md states the code's snippet window and split threshold", () => {
  const text = docs.performance.replace(/\s+/g, " ");
  assertEquals(stated(text, /from the first (\S+) characters of each hit/), SNIPPET_SOURCE_CHARS);
  assertEquals(stated(text, /machines with (\w+) or more cores/), MIN_SPLIT_WORKERS);
});

Deno.test("docs/build.md states how many start-ups the smoke check's median is over", () => {
  const startUp = section(docs.build, "Start-up").replace(/\s+/g, " ");
  assertEquals(stated(startUp, /the median of the (\w+) runs/), STARTUP_RUNS);
});
