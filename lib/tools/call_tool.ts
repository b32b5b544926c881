/**
 * Running a tool: validate the arguments, call the handler, and give its outcome, a typed
 * value that crosses threads as it is. The MCP result is made from it only at the
 * protocol edge (lib/protocol/tool_result.ts).
 *
 * @module
 */
import * as v from "valibot";
import { toJsonSchema } from "@valibot/to-json-schema";
import { InvalidCursorError } from "./cursor.ts";
import { describeError, logLine } from "../log.ts";
import { StoreBusyError, StoreCorruptError, StoreInterruptedError } from "../store/errors.ts";
import { QueryTooBroadError } from "../search/query_work.ts";
import {
  type SourceSet,
  SourceUnavailableError,
  UnknownSourceError,
} from "../sources/source_set.ts";
import { describeIssue } from "./argument_issue.ts";
import { type AnyTool, ToolError } from "./tool.ts";
import { withCallClock } from "../sources/call_clock.ts";
import { toolErrorOutcome, type ToolOutcome } from "./tool_outcome.ts";

// Kept here too: tool runners import them with the rest of the calling code.
export { toolErrorOutcome, type ToolOutcome };

/** A tool's definition as `tools/list` publishes it. */
export interface PublishedTool {
  /** The name clients call the tool by. */
  name: string;
  /** A short human-readable name. */
  title: string;
  /** What the tool does, for the assistant choosing one. */
  description: string;
  /** The JSON Schema of the arguments. */
  inputSchema: { type: "object"; [key: string]: unknown };
  /** The JSON Schema of `structuredContent`. */
  outputSchema: { type: "object"; [key: string]: unknown };
  /** Hints about the tool's effects: all read-only here. */
  annotations: AnyTool["annotations"];
}

/** Validated arguments, or the outcome that refuses them. */
export type ParsedArguments =
  | { readonly ok: true; readonly input: unknown }
  | ToolOutcome & { readonly ok: false };

function objectSchema(schema: AnyTool["inputSchema"]): PublishedTool["inputSchema"] {
  // Checks that JSON Schema cannot say (RFC 3339 dates) are left out, not fatal.
  const json = toJsonSchema(schema, { errorMode: "ignore" }) as Record<string, unknown>;
  return { ...json, type: "object" };
}

/**
 * The definition `tools/list` publishes, with JSON Schemas made from the same valibot
 * schemas that validate.
 *
 * @example
 * ```ts
 * import { publishTool } from "./call_tool.ts";
 * import { TOOLS } from "./registry.ts";
 * const definitions = TOOLS.map(publishTool);
 * ```
 */
export function publishTool(tool: AnyTool): PublishedTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: objectSchema(tool.inputSchema),
    outputSchema: objectSchema(tool.outputSchema),
    annotations: { ...tool.annotations },
  };
}

function asToolError(error: unknown, toolName: string): ToolError {
  if (error instanceof ToolError) return error;
  if (
    error instanceof InvalidCursorError || error instanceof QueryTooBroadError ||
    error instanceof UnknownSourceError
  ) {
    return new ToolError("invalid_arguments", error.message);
  }
  if (error instanceof SourceUnavailableError) return new ToolError("unavailable", error.message);
  if (error instanceof StoreBusyError) return new ToolError("busy", error.message);
  if (error instanceof StoreInterruptedError) return new ToolError("timeout", error.message);
  if (error instanceof StoreCorruptError) {
    logLine(`${toolName}: ${error.message}`);
    return new ToolError("internal", error.message);
  }
  // The detail goes to stderr for the operator; the client gets no internals.
  logLine(`${toolName} failed: ${describeError(error)}`);
  return new ToolError("internal", `${toolName} failed inside the server; see its stderr log`);
}

/**
 * Validates `args` against the tool's input schema: the input its handler (and its `cheap`
 * check) receives, or the `invalid_arguments` outcome naming every problem.
 *
 * @example
 * ```ts
 * import { parseArguments } from "./call_tool.ts";
 * import { findTool } from "./registry.ts";
 * parseArguments(findTool("list_tasks")!, { limit: "twenty" }).ok; // false
 * ```
 */
export function parseArguments(tool: AnyTool, args: unknown): ParsedArguments {
  const parsed = v.safeParse(tool.inputSchema, args ?? {});
  if (parsed.success) return { ok: true, input: parsed.output };
  const messages = parsed.issues.map(describeIssue);
  return toolErrorOutcome("invalid_arguments", [...new Set(messages)].join("; "));
}

/**
 * Runs the tool's handler on input {@link parseArguments} validated, as a call that arrived
 * at `startedAt` (a performance.now() time; now by default), which the budgets of reads
 * that may stop early count from.
 *
 * @example
 * ```ts
 * import { parseArguments, runParsed } from "./call_tool.ts";
 * import { findTool } from "./registry.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const tool = findTool("list_tasks")!;
 * const parsed = parseArguments(tool, { limit: 1 });
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * if (parsed.ok) runParsed(tool, sources, parsed.input).ok; // true
 * ```
 */
export function runParsed(
  tool: AnyTool,
  sources: SourceSet,
  input: unknown,
  startedAt: number = performance.now(),
): ToolOutcome {
  try {
    // The budgets of reads that may stop early are the call's, shared by all its reads.
    const output = withCallClock(() => tool.handler(sources, input), startedAt);
    const structuredJson = JSON.stringify(output);
    return tool.text === undefined
      ? { ok: true, structuredJson }
      : { ok: true, structuredJson, text: tool.text(output) };
  } catch (error) {
    return failureOutcome(error, tool.name);
  }
}

/**
 * The outcome of `error`, thrown while `name` (a tool, or another read the workers run)
 * read the sources: a tool error with a code from the closed set and a message fit for the
 * client; anything unexpected is logged to stderr and answered `internal`.
 *
 * @example
 * ```ts
 * import { failureOutcome } from "./call_tool.ts";
 * import { StoreBusyError } from "../store/errors.ts";
 * failureOutcome(new StoreBusyError(), "resources/read").code; // "busy"
 * ```
 */
export function failureOutcome(error: unknown, name: string): ToolOutcome & { ok: false } {
  const failure = asToolError(error, name);
  return toolErrorOutcome(failure.code, failure.message);
}

/**
 * Validates `args` against the tool's input schema and runs it (as a call that arrived at
 * `startedAt`, as {@link runParsed} does): the answer as compact JSON, or a tool error
 * `{code, message}`.
 *
 * @example
 * ```ts
 * import { callTool } from "./call_tool.ts";
 * import { findTool } from "./registry.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const outcome = callTool(findTool("list_transcripts")!, sources, { limit: 3 });
 * outcome.ok; // true
 * ```
 */
export function callTool(
  tool: AnyTool,
  sources: SourceSet,
  args: unknown,
  startedAt: number = performance.now(),
): ToolOutcome {
  const parsed = parseArguments(tool, args);
  return parsed.ok ? runParsed(tool, sources, parsed.input, startedAt) : parsed;
}
