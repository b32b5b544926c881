/**
 * The MCP result of a tool call, made from its outcome: the one place the envelope is
 * shaped. answer_line.ts writes the same result straight to bytes.
 *
 * @module
 */
import type { ToolOutcome } from "../tools/tool_outcome.ts";

/** An MCP `tools/call` result. */
export interface ToolCallResult {
  /** Members the MCP result may carry beyond these. */
  [key: string]: unknown;
  /** One text block: the structured content as compact JSON (or the tool's text), or the error. */
  content: { type: "text"; text: string }[];
  /** The answer as an object; absent on an error. */
  structuredContent?: Record<string, unknown>;
  /** True on a tool error; absent on success. */
  isError?: boolean;
}

/**
 * The MCP result of `outcome`: `structuredContent` plus the same object as compact JSON
 * text, or an `isError` result whose text is `{"error":{"code","message"}}`.
 *
 * @example
 * ```ts
 * import { toolCallResult } from "./tool_result.ts";
 * toolCallResult({ ok: false, code: "not_found", message: "Transcript x not found" });
 * // { content: [{ type: "text", text: '{"error":{"code":"not_found",…}}' }], isError: true }
 * ```
 */
export function toolCallResult(outcome: ToolOutcome): ToolCallResult {
  if (!outcome.ok) {
    const body = { error: { code: outcome.code, message: outcome.message } };
    return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
  }
  return {
    content: [{ type: "text", text: outcome.text ?? outcome.structuredJson }],
    structuredContent: JSON.parse(outcome.structuredJson),
  };
}
