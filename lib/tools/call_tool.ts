/**
 * Running a tool: validate the arguments, call the handler, and shape the MCP result.
 *
 * @module
 */
import * as v from "valibot";
import { toJsonSchema } from "@valibot/to-json-schema";
import { InvalidCursorError } from "./cursor.ts";
import { printable } from "../transport/jsonrpc.ts";
import { describeError, logLine } from "../log.ts";
import { StoreBusyError, StoreCorruptError, StoreInterruptedError } from "../store/errors.ts";
import type { Store } from "../store/store.ts";
import { describeIssue } from "./argument_issue.ts";
import { type AnyTool, ToolError, type ToolErrorCode } from "./tool.ts";

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

/** An MCP `tools/call` result. */
export interface ToolCallResult {
  /** Members the MCP result may carry beyond these. */
  [key: string]: unknown;
  /** One text block: the structured content as compact JSON, or the error. */
  content: { type: "text"; text: string }[];
  /** The answer as an object; absent on an error. */
  structuredContent?: Record<string, unknown>;
  /** True on a tool error; absent on success. */
  isError?: boolean;
}

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

/** A tool result as the JSON text of its `result` member, ready to write to the wire. */
export interface SerializedToolResult {
  /** The JSON text of the result. */
  readonly json: string;
  /** The tool error code, or null for a successful result. */
  errorCode: ToolErrorCode | null;
  /**
   * For a success whose text block is the JSON of its structuredContent: that JSON, from
   * which the protocol gate writes the answer's bytes (answer_line.ts). `json` is then
   * built only if read, since escaping the text as a string costs as much as making it.
   */
  structured?: string;
}

/**
 * Serializes a result once. A successful result's text block already is the JSON of its
 * structuredContent, so that text is reused rather than the object stringified again.
 *
 * @example
 * ```ts
 * import { serializeToolResult } from "./call_tool.ts";
 * serializeToolResult({ content: [{ type: "text", text: "{}" }], structuredContent: {} }).json;
 * // '{"content":[{"type":"text","text":"{}"}],"structuredContent":{}}'
 * ```
 */
export function serializeToolResult(result: ToolCallResult): SerializedToolResult {
  const text = result.content[0]?.text ?? "";
  if (result.isError) {
    const code = (JSON.parse(text) as { error?: { code?: ToolErrorCode } }).error?.code;
    return { json: JSON.stringify(result), errorCode: code ?? "internal" };
  }
  if (result.structuredContent === undefined) {
    return { json: JSON.stringify(result), errorCode: null };
  }
  return {
    // An own enumerable getter: equality checks and a worker's postMessage read it.
    get json() {
      return `{"content":[{"type":"text","text":${
        JSON.stringify(text)
      }}],"structuredContent":${text}}`;
    },
    errorCode: null,
    structured: text,
  };
}

/**
 * The result for a tool error.
 *
 * @example
 * ```ts
 * import { toolErrorResult } from "./call_tool.ts";
 * import { ToolError } from "./tool.ts";
 * toolErrorResult(new ToolError("timeout", "list_tasks ran past its deadline")).isError; // true
 * ```
 */
export function toolErrorResult(error: ToolError): ToolCallResult {
  // Messages quote client input (argument names, values): keep them to one line.
  const body = { error: { code: error.code, message: printable(error.message, 2_000) } };
  return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
}

function asToolError(error: unknown, toolName: string): ToolError {
  if (error instanceof ToolError) return error;
  if (error instanceof InvalidCursorError) return new ToolError("invalid_arguments", error.message);
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
 * Validates `args` against the tool's input schema, runs it, and returns the MCP result:
 * `structuredContent` plus the same object as compact JSON text, or an `isError` result
 * whose text is `{"error":{"code","message"}}`.
 *
 * @example
 * ```ts
 * import { callTool } from "./call_tool.ts";
 * import { findTool } from "./registry.ts";
 * import { openDemoStore } from "../demo/demo_store.ts";
 * const result = callTool(findTool("list_transcripts")!, openDemoStore(), { limit: 3 });
 * ```
 */
export function callTool(tool: AnyTool, store: Store, args: unknown): ToolCallResult {
  const parsed = v.safeParse(tool.inputSchema, args ?? {});
  if (!parsed.success) {
    const messages = parsed.issues.map(describeIssue);
    return toolErrorResult(new ToolError("invalid_arguments", [...new Set(messages)].join("; ")));
  }
  try {
    const output = tool.handler(store, parsed.output) as Record<string, unknown>;
    return { content: [{ type: "text", text: JSON.stringify(output) }], structuredContent: output };
  } catch (error) {
    return toolErrorResult(asToolError(error, tool.name));
  }
}
