/**
 * transcript-mcp: read-only MCP access to a local store of transcripts and tasks.
 * This entry point wires the command line to the modules in lib/.
 *
 * @module
 */
import { type Command, parseCommandLine, type StoreChoice, USAGE } from "./lib/config/cli.ts";
import { describeError, logLine } from "./lib/log.ts";
import { serveStdio } from "./lib/protocol/server.ts";
import { onShutdownSignal, onSignals, STOP_SIGNALS } from "./lib/runtime/shutdown_signals.ts";
import { chooseSources, settleSources } from "./lib/sources/source_spec.ts";
import { DuplicateSourceNameError } from "./lib/sources/served_sources.ts";
import type { SourceSet, SourceSpec } from "./lib/sources/source_set.ts";
import { StoreOpenError, writeFailure } from "./lib/store/errors.ts";
import { DEMO_LOCATION } from "./lib/demo/demo_location.ts";
import { TOOL_SET_NAMES } from "./lib/tools/tool_names.ts";
import { SERVER_NAME, VERSION } from "./lib/config/version.ts";
import type { StoreWriter } from "./lib/ingest/store_writer.ts";
import type { IndexFeed, IndexSummary } from "./lib/ingest/index_run.ts";
import { NoHomeError, resolveDbPath } from "./lib/config/db_path.ts";
import { fileURLToPath } from "node:url";

// What one command needs is imported when it runs (literal specifiers, which `deno compile`
// and `deno bundle` include): serving loads neither the indexer nor the tools before
// `initialize` is answered (issue #26).
const sourceSet = () => import("./lib/sources/source_set.ts");
const toolCalls = () => import("./lib/tools/call_tool.ts");
const registry = () => import("./lib/tools/registry.ts");

const EXIT_OK = 0;
const EXIT_TOOL_ERROR = 1;
const EXIT_USAGE = 2;
/** A run stopped by a signal exits as the shells report a process it ended: 128 + its number. */
const EXIT_SIGNALLED: Partial<Record<Deno.Signal, number>> = {
  SIGHUP: 129,
  SIGINT: 130,
  SIGTERM: 143,
};

/** What paths given on the command line are taken against: environment, system, folder. */
function hostContext() {
  return { env: (name: string) => Deno.env.get(name), os: Deno.build.os, cwd: Deno.cwd() };
}

/**
 * Settles the chosen sources and logs one line for each, only once they are settled: when
 * none can be opened, the error's line alone. `purpose` tells served sources from ones
 * read once.
 */
function settleAndLog(choice: StoreChoice, purpose: "serving" | "reading"): SourceSpec[] {
  const chosen = chooseSources(choice, hostContext());
  const specs = settleSources(chosen);
  const origins = chosen.kind === "paths" ? chosen.requests.map((r) => r.origin) : [];
  specs.forEach((spec, i) => {
    const from = origins[i] === undefined ? "" : ` (from ${origins[i]})`;
    if (spec.kind === "demo") {
      logLine(`${purpose} ${DEMO_LOCATION}, read-only`);
    } else if (spec.failure !== undefined) {
      const until = spec.retry ? " until it can be opened (tried when a call needs it)" : "";
      logLine(`source ${spec.name} is left out${until}: ${spec.failure}`);
    } else if (specs.length === 1 && spec.detected === "transcript-mcp") {
      logLine(`${purpose} ${spec.path}${from}, read-only`);
    } else {
      logLine(`${purpose} ${spec.name} (${spec.detected}) at ${spec.path}${from}, read-only`);
    }
  });
  return specs;
}

/**
 * How an MCP client starts this server: the binary itself, or, run from source, `deno task
 * start` in this checkout, quiet (the task holds the binary's permission flags).
 */
function clientCommand(): { command: string; args: string[] } {
  if (!import.meta.url.endsWith(".ts")) return { command: Deno.execPath(), args: [] };
  // A file path, not the URL's pathname: that keeps %20 for a space and a leading / on Windows.
  const checkout = fileURLToPath(new URL(".", import.meta.url));
  return { command: Deno.execPath(), args: ["task", "--quiet", "--cwd", checkout, "start"] };
}

/**
 * Runs `index`: refuses an --out that is a source or someone else's database, then brings
 * the store up to date in one transaction, with progress on stderr and the summary on stdout.
 */
async function runIndex(given: Extract<Command, { kind: "index" }>): Promise<number> {
  // From before anything is made: a signal, even during the first steps, stops the run at its
  // first item, rolled back, with a new store's building file removed.
  const stop = new AbortController();
  let stoppedBy: Deno.Signal = "SIGINT";
  const unlisten = onSignals(STOP_SIGNALS, (signal) => {
    stoppedBy = signal;
    stop.abort(`received ${signal}`);
  });
  const { IndexTargetError } = await import("./lib/ingest/store_writer.ts");
  try {
    return await indexUntilStopped(given, stop.signal, () => stoppedBy);
  } catch (error) {
    if (!(error instanceof IndexTargetError)) throw error;
    logLine(error.message);
    return EXIT_USAGE;
  } finally {
    unlisten();
  }
}

/** {@link runIndex} once its signals are listened for: `signal` aborts it. */
async function indexUntilStopped(
  given: Extract<Command, { kind: "index" }>,
  signal: AbortSignal,
  stoppedBy: () => Deno.Signal,
): Promise<number> {
  // A leading ~ is the home folder, as in SOURCE: MCP clients and scripts pass no shell.
  let command = given;
  try {
    if (/^~([\\/]|$)/.test(given.out)) {
      command = { ...given, out: resolveDbPath({ ...hostContext(), flag: given.out }).path };
    }
  } catch (error) {
    if (!(error instanceof NoHomeError)) throw error;
    logLine(`Cannot index: --out ${error.message}`);
    return EXIT_USAGE;
  }
  const { IndexTargetError, StoreWriter } = await import("./lib/ingest/store_writer.ts");
  const { indexFeedsAsync } = await import("./lib/ingest/index_run.ts");
  const { RunStop, RunStopped } = await import("./lib/ingest/run_stop.ts");
  const { formatSummary, progressDisplay } = await import("./lib/ingest/index_report.ts");
  const { refuseIndexTarget } = await import("./lib/sources/index_target.ts");
  const { sourceEntries } = await import("./lib/sources/source_entries.ts");
  const { sourceStamp } = await import("./lib/sources/source_stamp.ts");
  const { folderFeed } = await import("./lib/sources/folder/folder_feed.ts");
  const { FOLDER_FEED_WORKER_URL } = await import("./lib/runtime/folder_feed_worker_url.ts");
  const { SourceSet } = await sourceSet();
  const specs = settleAndLog(command.store, "reading");
  const refusal = refuseIndexTarget(command.out, specs, Deno.cwd());
  if (refusal !== null) {
    logLine(refusal);
    return EXIT_USAGE;
  }
  const writer = StoreWriter.open(command.out);
  // Signals are seen only when the event loop turns: the steps before reading (a stat walk,
  // each database's count) give it one between them, so a stop waits for one step at most.
  const stop = new RunStop(signal);
  let sources: SourceSet | undefined;
  try {
    // A source whose files are as at its last full read is not even opened.
    const stored = writer.stamps();
    const now = Date.now();
    const stamps = new Map(specs.map((spec) => [spec.name, sourceStamp(spec, now)]));
    const unchanged = (spec: SourceSpec) => {
      const stamp = stamps.get(spec.name);
      return stamp != null && stored.get(spec.name) === stamp;
    };
    // A folder is read directly, each file once, not through the served folder's reader.
    const isFolder = (spec: SourceSpec) =>
      spec.kind === "path" && spec.detected === "folder" && spec.failure === undefined;
    await stop.check();
    const opened = SourceSet.open(specs.filter((spec) => !unchanged(spec) && !isFolder(spec)));
    sources = opened;
    const feedOf = (spec: SourceSpec): IndexFeed => {
      const stamp = stamps.get(spec.name);
      if (isFolder(spec) && !unchanged(spec)) {
        return {
          ...folderFeed(spec.name, (spec as { path: string }).path, FOLDER_FEED_WORKER_URL),
          stamp,
        };
      }
      const source = opened.all.find((candidate) => candidate.name === spec.name);
      if (source === undefined) {
        return { source: spec.name, total: null, entries: undefined, stamp };
      }
      try {
        const reader = opened.reader(source);
        const facts = reader.facts();
        // Counted to the end (no budget): null only types the case list_sources meets.
        const total = facts.transcripts === null ? null : facts.transcripts + facts.tasks;
        return { source: source.name, total, entries: sourceEntries(reader), stamp };
      } catch (error) {
        const failure = describeError(error);
        return { source: source.name, total: null, entries: undefined, failure, stamp };
      }
    };
    const feeds: IndexFeed[] = [];
    for (const spec of specs) {
      await stop.check();
      // A folder is walked here, a database counted: each a step of its own.
      feeds.push(feedOf(spec));
    }
    await stop.check();
    const encoder = new TextEncoder();
    let progressShown = true;
    const display = progressDisplay({
      write: (text) => {
        if (!progressShown) return;
        try {
          writeAll(Deno.stderr, encoder.encode(text));
        } catch {
          // Stderr closed (`2>&1 | head -1`): the run goes on without progress, not blamed
          // on the source being read.
          progressShown = false;
        }
      },
      terminal: Deno.stderr.isTerminal(),
    });
    let summary: IndexSummary;
    try {
      summary = await indexFeedsAsync(writer, feeds, display.onProgress, signal);
      // A new store is moved into place as the writer closes: done before the summary says so.
      writer.close();
    } catch (error) {
      if (error instanceof IndexTargetError) throw error;
      display.end();
      if (error instanceof RunStopped) throw error;
      logLine(`Cannot index into ${command.out}: ${writeFailure(error)}; ${untouched(writer)}`);
      return EXIT_TOOL_ERROR;
    }
    display.end();
    printOutput(formatSummary(command.out, summary));
    return summary.kept.length > 0 ? EXIT_TOOL_ERROR : EXIT_OK;
  } catch (error) {
    if (!(error instanceof RunStopped)) throw error;
    const what = writer.isNew
      ? `${untouched(writer)}, no store made at ${command.out}`
      : `${command.out}: ${untouched(writer)}`;
    logLine(`Stopped: index ${error.message}; ${what}`);
    return EXIT_SIGNALLED[stoppedBy()] ?? EXIT_TOOL_ERROR;
  } finally {
    sources?.close();
    // After a failure or a stop: rolled back, and a new store's building file removed.
    writer.abandon();
  }
}

/** What a run that did not finish left of its store. */
function untouched(writer: StoreWriter): string {
  return writer.isNew ? "nothing was written" : "the store is as it was before this run";
}

/** Stdout could not take a command's output: a full disk, say. Not an internal error. */
class OutputError extends Error {}

/** Prints a command's output; a failed write becomes an {@link OutputError}. */
function printOutput(text: string): void {
  try {
    console.log(text);
  } catch (error) {
    throw new OutputError(`Cannot write the output: ${describeError(error)}`);
  }
}

function writeAll(file: { writeSync(bytes: Uint8Array): number }, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) at += file.writeSync(bytes.subarray(at));
}

/**
 * Runs one parsed command and returns its exit code. Every command but `index` first gives
 * up the process's write permission, before it opens anything: serving, `call`, `check` and
 * `discover` cannot write even if a bug tried to.
 *
 * @example
 * ```ts
 * import { run } from "./main.ts";
 * import { parseCommandLine } from "./lib/config/cli.ts";
 * await run(parseCommandLine(["--version"], [])); // 0, and write permission is gone
 * ```
 */
export async function run(command: Command): Promise<number> {
  if (command.kind !== "index") Deno.permissions.revokeSync({ name: "write" });
  switch (command.kind) {
    case "index":
      return runIndex(command);
    case "help":
      printOutput(USAGE);
      return EXIT_OK;
    case "version":
      printOutput(`${SERVER_NAME} ${VERSION}`);
      return EXIT_OK;
    case "usage-error":
      logLine(`${command.message} (see --help)`);
      return EXIT_USAGE;
    case "tools": {
      const [{ toolsWith }, { publishTool }] = await Promise.all([registry(), toolCalls()]);
      printOutput(JSON.stringify(toolsWith(command.toolSets).map(publishTool), null, 2));
      return EXIT_OK;
    }
    case "discover": {
      const { discoverSources, formatDiscovery } = await import("./lib/sources/discover.ts");
      const { appLocations } = await import("./lib/config/app_locations.ts");
      const context = {
        os: Deno.build.os,
        env: (name: string) => Deno.env.get(name),
        cwd: Deno.cwd(),
      };
      const discovery = discoverSources(appLocations(context));
      printOutput(formatDiscovery(discovery, clientCommand()));
      return EXIT_OK;
    }
    case "check": {
      const { SourceSet } = await sourceSet();
      const { checkSource } = await import("./lib/sources/source_check.ts");
      const sources = SourceSet.open(settleAndLog(command.store, "reading"));
      const checks = sources.all.map((source) => checkSource(sources, source));
      sources.close();
      printOutput(checks.map((check) => check.text).join("\n\n"));
      return checks.every((check) => check.healthy) ? EXIT_OK : EXIT_TOOL_ERROR;
    }
    case "call": {
      const { SourceSet } = await sourceSet();
      const { callTool } = await toolCalls();
      const { findTool, toolsWith } = await registry();
      const { Deadline } = await import("./lib/runtime/deadline.ts");
      const { toolCallResult } = await import("./lib/protocol/tool_result.ts");
      const tools = toolsWith(command.toolSets);
      const tool = findTool(command.tool, tools);
      if (tool === undefined) {
        const names = tools.map((t) => t.name).join(", ");
        // A seed tool asked for without its set: say which --tools adds it.
        const set = Object.keys(TOOL_SET_NAMES).find((name) =>
          TOOL_SET_NAMES[name]!.includes(command.tool)
        );
        const hint = set === undefined ? "" : ` (it is in a seed tool set: add --tools ${set})`;
        logLine(`unknown tool '${command.tool}'${hint}; tools: ${names}`);
        return EXIT_USAGE;
      }
      let args: unknown = {};
      if (command.args !== undefined) {
        try {
          args = JSON.parse(command.args);
        } catch (error) {
          // The parser's reason, on one line, not the arguments: they may be long or span lines.
          const why = (error as SyntaxError).message.replace(/\s+/g, " ");
          logLine(`the arguments are not valid JSON: ${why}`);
          return EXIT_USAGE;
        }
        // As over the wire, where arguments that are not an object answer -32602.
        if (typeof args !== "object" || args === null || Array.isArray(args)) {
          const got = Array.isArray(args) ? "an array" : args === null ? "null" : typeof args;
          logLine(`the arguments must be a JSON object, got ${got}`);
          return EXIT_USAGE;
        }
      }
      const sources = SourceSet.open(settleAndLog(command.store, "reading"));
      const deadline = new Deadline(command.timeoutMs);
      sources.setInterruptCheck(() => deadline.expired ? "timeout" : null);
      const outcome = callTool(tool, sources, args);
      sources.close();
      // The answer's text block: a seed tool's text as it is; else the structured content,
      // or the error body, pretty-printed.
      const text = toolCallResult(outcome).content[0]!.text;
      printOutput(
        outcome.ok && outcome.text !== undefined ? text : JSON.stringify(JSON.parse(text), null, 2),
      );
      return outcome.ok ? EXIT_OK : EXIT_TOOL_ERROR;
    }
    case "serve": {
      // Settled here once, so that no usable source fails at start with exit 2; each tool
      // worker then opens its own read-only connections.
      const specs = settleAndLog(command.store, "serving");
      const shutdown = new AbortController();
      onShutdownSignal((signal) => shutdown.abort(`received ${signal}`));
      await serveStdio(specs, Deno.stdin.readable, Deno.stdout.writable, {
        timeoutMs: command.timeoutMs,
        toolSets: command.toolSets,
        signal: shutdown.signal,
      });
      return EXIT_OK;
    }
  }
}

if (import.meta.main) {
  // Nothing that escapes reaches stderr as a stack trace: one line, then a clean exit.
  globalThis.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    logLine(`internal error: ${describeError(event.reason)}`);
  });
  let code: number;
  try {
    code = await run(parseCommandLine(Deno.args, Object.keys(TOOL_SET_NAMES)));
  } catch (error) {
    if (error instanceof StoreOpenError) {
      logLine(error.message);
      code = EXIT_USAGE;
    } else if (error instanceof OutputError) {
      logLine(error.message);
      code = EXIT_TOOL_ERROR;
    } else if (error instanceof DuplicateSourceNameError) {
      logLine(`${error.message} (see --help)`);
      code = EXIT_USAGE;
    } else {
      logLine(`internal error: ${describeError(error)}`);
      code = EXIT_TOOL_ERROR;
    }
  }
  Deno.exit(code);
}
