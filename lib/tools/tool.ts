/**
 * What every tool is made of, and the one error shape tools answer with.
 *
 * @module
 */
import type * as v from "valibot";
import type { SourceSet } from "../sources/source_set.ts";

/** The closed set of tool error codes. */
export type ToolErrorCode =
  | "invalid_arguments"
  | "not_found"
  | "busy"
  | "unavailable"
  | "timeout"
  | "internal";

/**
 * A failure a tool reports to the client as `{"error":{"code","message"}}` with `isError`.
 *
 * @example
 * ```ts
 * import { ToolError } from "./tool.ts";
 * throw new ToolError("not_found", "Transcript 7f0c… not found");
 * ```
 */
export class ToolError extends Error {
  /** The machine-readable code. */
  readonly code: ToolErrorCode;

  /** Makes a tool error with a code from the closed set and a one-line message. */
  constructor(code: ToolErrorCode, message: string) {
    super(message);
    this.name = "ToolError";
    this.code = code;
  }
}

/** MCP tool annotations; every tool here reads local sources and nothing else. */
export interface ToolAnnotations {
  /** Whether the tool changes nothing. */
  readOnlyHint: boolean;
  /** Whether the tool may destroy data. */
  destructiveHint: boolean;
  /** Whether calling again with the same arguments has no further effect. */
  idempotentHint: boolean;
  /** Whether the tool reaches beyond the store (the web, other services). */
  openWorldHint: boolean;
}

/** The annotations shared by every tool: read-only, repeatable, closed-world. */
export const READ_ONLY_ANNOTATIONS: ToolAnnotations = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

/** Anything valibot can validate. */
// deno-lint-ignore no-explicit-any
export type AnySchema = v.GenericSchema<any, any>;

/**
 * A tool: its published definition plus the handler that answers it.
 * `handler` receives arguments already validated by `inputSchema`.
 */
export interface Tool<TInput extends AnySchema, TOutput extends AnySchema> {
  /** The name clients call the tool by. */
  name: string;
  /** A short human-readable name. */
  title: string;
  /** What the tool does, for the assistant choosing one. */
  description: string;
  /** Validates the arguments; also published as JSON Schema. */
  inputSchema: TInput;
  /** The shape of the handler's answer; also published as JSON Schema. */
  outputSchema: TOutput;
  /** Hints about the tool's effects. */
  annotations: ToolAnnotations;
  /**
   * Whether a call is cheap enough to try on the main thread first (inline_calls.ts): true
   * when it reads about one page through an index (a lookup by key, or a short walk in
   * index order). A function decides call by call, on the main thread's sources, from
   * arguments `inputSchema` has already validated.
   *
   * @default {false}
   */
  cheap?: boolean | ((sources: SourceSet, input: v.InferOutput<TInput>) => boolean);
  /** Answers a call from `sources`; throws ToolError for an answer that is an error. */
  handler: (sources: SourceSet, input: v.InferOutput<TInput>) => v.InferOutput<TOutput>;
  /**
   * The answer's text block, for a tool that keeps another server's plain-text rendering
   * (the seed tool sets, lib/tools/tool_sets.ts); without it the text block is the JSON of
   * the structured answer.
   */
  text?: (output: v.InferOutput<TOutput>) => string;
}

/** A tool whose schemas are erased, for the registry. */
// deno-lint-ignore no-explicit-any
export type AnyTool = Tool<any, any>;

/**
 * Declares a tool, keeping its handler's types tied to its schemas.
 *
 * @example
 * ```ts
 * import * as v from "valibot";
 * import { defineTool, READ_ONLY_ANNOTATIONS } from "./tool.ts";
 * const count = defineTool({
 *   name: "count_sources",
 *   title: "Count sources",
 *   description: "How many sources the server reads.",
 *   inputSchema: v.strictObject({}),
 *   outputSchema: v.object({ count: v.number() }),
 *   annotations: READ_ONLY_ANNOTATIONS,
 *   handler: (sources) => ({ count: sources.all.length }),
 * });
 * ```
 */
export function defineTool<TInput extends AnySchema, TOutput extends AnySchema>(
  tool: Tool<TInput, TOutput>,
): Tool<TInput, TOutput> {
  return tool;
}
