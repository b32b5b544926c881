/**
 * transcript-mcp: read-only MCP access to a local store of transcripts and tasks.
 * This entry point wires the command line to the modules in lib/.
 *
 * @module
 */
import { type Command, parseCommandLine, type StoreChoice, USAGE } from "./lib/config/cli.ts";
import { describeError, logLine } from "./lib/log.ts";
import { serveStdio } from "./lib/protocol/server.ts";
import { toolCallResult } from "./lib/protocol/tool_result.ts";
import { Deadline } from "./lib/runtime/deadline.ts";
import { onShutdownSignal } from "./lib/runtime/shutdown_signals.ts";
import { chooseSource, openChosenSource, type SourceSpec } from "./lib/sources/source_spec.ts";
import { StoreOpenError } from "./lib/store/errors.ts";
import type { Store } from "./lib/store/store.ts";
import { checkStore, formatStoreReport, isHealthy } from "./lib/store/store_check.ts";
import { callTool, publishTool } from "./lib/tools/call_tool.ts";
import { findTool, TOOLS } from "./lib/tools/registry.ts";
import { SERVER_NAME, VERSION } from "./lib/config/version.ts";

const EXIT_OK = 0;
const EXIT_TOOL_ERROR = 1;
const EXIT_USAGE = 2;

/**
 * Opens the chosen source and logs one line naming it, only once it is open: an unusable
 * store gets the error's line alone. `purpose` tells a served store from one read once.
 */
function openAndLog(
  choice: StoreChoice,
  purpose: "serving" | "reading",
): { store: Store; spec: SourceSpec } {
  const { spec, origin } = chooseSource(choice, {
    env: (name) => Deno.env.get(name),
    os: Deno.build.os,
    cwd: Deno.cwd(),
  });
  const store = openChosenSource({ spec, origin });
  logLine(`${purpose} ${store.location}${origin === null ? "" : ` (from ${origin})`}, read-only`);
  return { store, spec };
}

async function run(command: Command): Promise<number> {
  switch (command.kind) {
    case "help":
      console.log(USAGE);
      return EXIT_OK;
    case "version":
      console.log(`${SERVER_NAME} ${VERSION}`);
      return EXIT_OK;
    case "usage-error":
      console.error(`${SERVER_NAME}: ${command.message} (see --help)`);
      return EXIT_USAGE;
    case "tools":
      console.log(JSON.stringify(TOOLS.map(publishTool), null, 2));
      return EXIT_OK;
    case "check": {
      const { store } = openAndLog(command.store, "reading");
      let report;
      try {
        report = checkStore(store);
      } catch (error) {
        console.log(
          `store:          ${store.location}\nfile:           DAMAGED: ${describeError(error)}`,
        );
        return EXIT_TOOL_ERROR;
      }
      console.log(formatStoreReport(report));
      return isHealthy(report) ? EXIT_OK : EXIT_TOOL_ERROR;
    }
    case "call": {
      const tool = findTool(command.tool);
      if (tool === undefined) {
        const names = TOOLS.map((t) => t.name).join(", ");
        console.error(`${SERVER_NAME}: unknown tool '${command.tool}'; tools: ${names}`);
        return EXIT_USAGE;
      }
      let args: unknown = {};
      if (command.args !== undefined) {
        try {
          args = JSON.parse(command.args);
        } catch {
          console.error(`${SERVER_NAME}: the arguments are not valid JSON: ${command.args}`);
          return EXIT_USAGE;
        }
        // As over the wire, where arguments that are not an object answer -32602.
        if (typeof args !== "object" || args === null || Array.isArray(args)) {
          console.error(`${SERVER_NAME}: the arguments must be a JSON object: ${command.args}`);
          return EXIT_USAGE;
        }
      }
      const { store } = openAndLog(command.store, "reading");
      const deadline = new Deadline(command.timeoutMs);
      store.setInterruptCheck(() => deadline.expired ? "timeout" : null);
      const outcome = callTool(tool, store, args);
      // The answer's text block, pretty-printed: the structured content, or the error body.
      const printed = JSON.parse(toolCallResult(outcome).content[0]!.text);
      console.log(JSON.stringify(printed, null, 2));
      return outcome.ok ? EXIT_OK : EXIT_TOOL_ERROR;
    }
    case "serve": {
      // Opened here once so an unusable store fails at start with exit 2; each tool
      // worker then opens its own read-only connection.
      const { store, spec } = openAndLog(command.store, "serving");
      store.close();
      const shutdown = new AbortController();
      onShutdownSignal((signal) => shutdown.abort(`received ${signal}`));
      await serveStdio(spec, Deno.stdin.readable, Deno.stdout.writable, {
        timeoutMs: command.timeoutMs,
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
    code = await run(parseCommandLine(Deno.args));
  } catch (error) {
    if (error instanceof StoreOpenError) {
      logLine(error.message);
      code = EXIT_USAGE;
    } else {
      logLine(`internal error: ${describeError(error)}`);
      code = EXIT_TOOL_ERROR;
    }
  }
  Deno.exit(code);
}
