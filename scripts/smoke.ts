/**
 * `deno task smoke [COMMAND [ARG...]]`: drives a transcript-mcp server over stdio the way an
 * MCP client does, against the built-in demo store and against a real store file, and exits
 * non-zero with one clear line at the first deviation.
 *
 * COMMAND is the server to test: a release binary (`deno task smoke dist/transcript-mcp`),
 * or any command with leading arguments, to which `--demo` or `--db PATH` is appended
 * (`deno task smoke deno run -A other_main.ts`). Paths are taken from the project root, where
 * `deno task` runs. Without COMMAND it runs the source, as `deno task --quiet start`.
 *
 * Each session: initialize (serverInfo is transcript-mcp at deno.json's version), tools/list
 * (exactly the four tools), one call of each tool and a search by meaning (structuredContent
 * has the tool's shape and content[0].text is the same JSON), prompts/list and resources/list
 * (each lists some), a line that is not JSON (-32700 with id null), then
 * end of input (exit code 0, nothing more on stdout). The store file is built in a temporary
 * directory from lib/store/schema.sql and the demo data, so it must answer as the demo store does.
 *
 * It also prints the start-up time, from process start to the initialize answer, as the
 * median of five runs.
 *
 * This is the flow; the session and the checks of each answer are in smoke_session.ts.
 *
 * @module
 */
import denoConfig from "../deno.json" with { type: "json" };
import { DatabaseSync } from "node:sqlite";
import { join, resolve } from "node:path";
import { DEMO_TASKS, DEMO_TRANSCRIPTS } from "../lib/demo/demo_data.ts";
import { populateStore } from "../lib/store/populate_store.ts";
import { SCHEMA_SQL } from "../lib/store/schema.ts";
import {
  expectEqual,
  expectFields,
  expectResult,
  expectToolResult,
  fail,
  type FieldType,
  type Json,
  Session,
  show,
  SmokeFailure,
  typeOf,
  withStderr,
} from "./smoke_session.ts";

/** The tools a server must list, in its publishing order. */
export const EXPECTED_TOOLS: readonly string[] = [
  "list_transcripts",
  "get_transcript",
  "get_turns",
  "search_transcripts",
  "list_tasks",
  "list_sources",
];

/** How many start-ups the reported median is taken over. */
export const STARTUP_RUNS = 5;

const USAGE = "Usage: deno task smoke [COMMAND [ARG...]]\n\n" +
  "Smoke-tests a transcript-mcp server over stdio; COMMAND defaults to `deno task --quiet start`.";

const TRANSCRIPT_SUMMARY: Record<string, FieldType> = {
  id: "string",
  title: "string",
  createdAt: "string",
  preview: "string",
  starred: "boolean",
};

/** Calls every tool once; returns their structuredContent, by tool. */
async function callEachTool(session: Session, firstId: number): Promise<Json> {
  let id = firstId;
  const call = async (name: string, args: unknown, fields: Record<string, FieldType>) => {
    const requestId = id++;
    const response = await session.request(requestId, "tools/call", { name, arguments: args });
    return expectToolResult(expectResult(response, requestId, name), name, fields);
  };

  const list = await call("list_transcripts", { limit: 3 }, {
    transcripts: "array",
    nextCursor: "string|null",
  });
  if (list.transcripts.length === 0) fail("list_transcripts: the store lists no transcripts");
  list.transcripts.forEach((item: unknown, i: number) => {
    expectFields(item, TRANSCRIPT_SUMMARY, `list_transcripts transcripts[${i}]`);
  });

  const first = list.transcripts[0].id;
  const page = await call("get_transcript", { id: first, maxChars: 1000 }, {
    id: "string",
    title: "string",
    text: "string",
    totalChars: "number",
    offset: "number",
    manualTags: "array",
  });
  expectEqual(page.id, first, "get_transcript id");
  if (page.text.length > 1000 || page.totalChars < page.text.length) {
    fail(`get_transcript: a page of ${page.text.length} of ${page.totalChars} characters`);
  }

  const found = await call("search_transcripts", { query: "pricing", limit: 3 }, {
    results: "array",
    nextCursor: "string|null",
    queryMode: "string",
  });
  if (found.results.length === 0) fail("search_transcripts: no result for 'pricing'");
  found.results.forEach((item: unknown, i: number) => {
    expectFields(item, { id: "string", snippet: "string", rank: "number" }, `results[${i}]`);
  });
  if (!found.results[0].snippet.includes("«")) {
    fail(`search_transcripts: the snippet marks no match: ${show(found.results[0].snippet)}`);
  }

  // By meaning: the worker reads the word-vector table (beside the bundle, in a release).
  const meant = await call("search_transcripts", { query: "costs", mode: "meaning", limit: 3 }, {
    results: "array",
    expandedTerms: "array",
  });
  if (meant.results.length === 0 || meant.expandedTerms.length === 0) {
    fail(`search_transcripts: no search by meaning: ${show(meant)}`);
  }

  const tasks = await call("list_tasks", { limit: 5 }, {
    tasks: "array",
    nextCursor: "string|null",
  });
  tasks.tasks.forEach((item: unknown, i: number) => {
    expectFields(
      item,
      { id: "string", text: "string", bucket: "string", done: "boolean" },
      `tasks[${i}]`,
    );
  });

  const sources = await call("list_sources", {}, { sources: "array" });
  if (sources.sources.length === 0) fail("list_sources: no source listed");
  sources.sources.forEach((item: unknown, i: number) => {
    expectFields(item, { name: "string", available: "boolean", notes: "array" }, `sources[${i}]`);
  });

  // Where each source lives differs between the demo and a file: the answers compared are
  // the store's content.
  return { list, page, found, tasks };
}

async function initialize(session: Session): Promise<number> {
  const response = await session.request(1, "initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "transcript-mcp-smoke", version: denoConfig.version },
  });
  const startup = performance.now() - session.startedAt;
  const result = expectResult(response, 1, "initialize");
  expectEqual(
    result.serverInfo,
    { name: "transcript-mcp", version: denoConfig.version },
    "initialize serverInfo",
  );
  if (typeOf(result.capabilities?.tools) !== "object") {
    fail(`initialize: no tools capability in ${show(result.capabilities)}`);
  }
  await session.write(
    `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`,
  );
  return startup;
}

async function expectCleanExit(session: Session): Promise<void> {
  const { code, rest } = await session.endInput();
  if (rest.length > 0) fail(`unexpected output after the last answer: ${show(rest)}`);
  if (code !== 0) fail(`exit code ${code} at end of input, expected 0`);
}

/** One full session; returns the start-up time and the tools' answers. */
async function fullSession(
  command: readonly string[],
  storeArgs: readonly string[],
): Promise<{ startup: number; answers: Json }> {
  const session = new Session(command, storeArgs);
  try {
    const startup = await initialize(session);

    const tools = expectResult(await session.request(2, "tools/list"), 2, "tools/list").tools;
    if (!Array.isArray(tools)) fail(`tools/list: tools is not an array: ${show(tools)}`);
    expectEqual(tools.map((tool: Json) => tool?.name), EXPECTED_TOOLS, "tools/list names");
    for (const tool of tools) {
      expectFields(tool, { inputSchema: "object", outputSchema: "object" }, String(tool?.name));
      if (tool.annotations?.readOnlyHint !== true) fail(`${tool.name}: readOnlyHint is not true`);
    }

    const answers = await callEachTool(session, 3);

    // Prompts and resources are loaded on first use: in a release, from the bundle's chunks.
    const prompts = expectResult(await session.request(100, "prompts/list"), 100, "prompts/list");
    if (!Array.isArray(prompts.prompts) || prompts.prompts.length === 0) {
      fail(`prompts/list: no prompts in ${show(prompts)}`);
    }
    const resources = expectResult(
      await session.request(101, "resources/list"),
      101,
      "resources/list",
    );
    if (!Array.isArray(resources.resources) || resources.resources.length === 0) {
      fail(`resources/list: no resources in ${show(resources)}`);
    }

    await session.write("this line is not JSON\n");
    const parseError = await session.nextMessage("a line that is not JSON");
    if (
      parseError?.jsonrpc !== "2.0" || parseError.id !== null ||
      parseError.error?.code !== -32700 || "result" in parseError
    ) {
      fail(`a line that is not JSON: expected -32700 with id null, got ${show(parseError)}`);
    }

    await expectCleanExit(session);
    return { startup, answers };
  } catch (error) {
    await session.kill();
    throw withStderr(error, session);
  }
}

/** A session that only initializes and ends its input: one more start-up sample. */
async function startupSession(
  command: readonly string[],
  storeArgs: readonly string[],
): Promise<number> {
  const session = new Session(command, storeArgs);
  try {
    const startup = await initialize(session);
    await expectCleanExit(session);
    return startup;
  } catch (error) {
    await session.kill();
    throw withStderr(error, session);
  }
}

/** The store file: lib/store/schema.sql filled with the demo data, as the owning app would. */
function buildStoreFile(dir: string): string {
  // Named so its source name (from the file name) is the demo's: the answers then match.
  const path = join(dir, "demo.db");
  const db = new DatabaseSync(path);
  try {
    db.exec(SCHEMA_SQL);
    populateStore(db, DEMO_TRANSCRIPTS, DEMO_TASKS);
  } finally {
    db.close();
  }
  return path;
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The command under test: the arguments as given, or the source through `deno task start`. */
export function serverCommand(args: readonly string[]): string[] {
  if (args.length === 0) return [Deno.execPath(), "task", "--quiet", "start"];
  const [program, ...rest] = args;
  // A path is made absolute so it is found the same way on every platform; a bare name
  // (`deno`) is looked up on PATH.
  return [/[\\/]/.test(program!) ? resolve(program!) : program!, ...rest];
}

async function main(args: readonly string[]): Promise<number> {
  if (args[0] === "-h" || args[0] === "--help") {
    console.log(USAGE);
    return 0;
  }
  const command = serverCommand(args);
  const shown = args.length === 0 ? "deno task --quiet start" : args.join(" ");
  console.log(`smoke: ${shown} (expecting transcript-mcp ${denoConfig.version})`);

  let step = "setup";
  let dir: string | undefined;
  try {
    dir = await Deno.makeTempDir({ prefix: "transcript-mcp-smoke-" });
    const storeFile = buildStoreFile(dir);
    step = "demo store";
    const demo = await fullSession(command, ["--demo"]);
    console.log("  ok  demo store: initialize, tools/list, 5 tool calls, bad line, exit on EOF");

    step = "store file";
    const file = await fullSession(command, ["--db", storeFile]);
    expectEqual(file.answers, demo.answers, "the store file's answers vs the demo store's");
    console.log("  ok  store file: the same, and it answers as the demo store does");

    step = "start-up";
    const startups = [demo.startup, file.startup];
    while (startups.length < STARTUP_RUNS) {
      startups.push(await startupSession(command, ["--db", storeFile]));
    }
    const runs = startups.map((ms) => ms.toFixed(0)).join(", ");
    console.log(
      `  start-up, process start to initialize answered: median ${median(startups).toFixed(0)} ms` +
        ` of ${STARTUP_RUNS} runs (${runs} ms)`,
    );
    console.log("smoke: passed");
    return 0;
  } catch (error) {
    // A deviation reads as its own message; anything else (a refused permission, a full
    // disk) keeps its error name, and neither brings a stack trace.
    const message = error instanceof SmokeFailure
      ? error.message
      : `${(error as Error).name}: ${(error as Error).message}`;
    console.error(`smoke: FAILED (${step}): ${message}`);
    return 1;
  } finally {
    if (dir !== undefined) await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
