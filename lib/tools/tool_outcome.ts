/**
 * What a tool call came to, apart from the code that runs tools: the protocol gate and the
 * deadlines answer with it before any tool module is loaded (start-up, issue #26).
 *
 * @module
 */
import type { ToolErrorCode } from "./tool.ts";
import { printable } from "../text/printable.ts";
import { MAX_TOOL_ERROR_MESSAGE } from "../config/limits.ts";

/**
 * What a tool call came to: the answer as compact JSON text, or a tool error. It is what
 * threads exchange; the MCP result is made from it once, at the protocol edge.
 */
export type ToolOutcome =
  | {
    /** The call succeeded. */
    readonly ok: true;
    /** The answer (the MCP result's structuredContent) as compact JSON text. */
    readonly structuredJson: string;
    /** The text block, when the tool renders one (Tool.text); else the JSON above. */
    readonly text?: string;
  }
  | {
    /** The call failed. */
    readonly ok: false;
    /** The tool error code. */
    readonly code: ToolErrorCode;
    /** A one-line message for the client. */
    readonly message: string;
  };

/**
 * The outcome of a tool error. Messages quote client input (argument names, values), so
 * they are kept to one line.
 *
 * @example
 * ```ts
 * import { toolErrorOutcome } from "./tool_outcome.ts";
 * toolErrorOutcome("timeout", "list_tasks ran past its deadline").ok; // false
 * ```
 */
export function toolErrorOutcome(
  code: ToolErrorCode,
  message: string,
): ToolOutcome & { ok: false } {
  return { ok: false, code, message: printable(message, MAX_TOOL_ERROR_MESSAGE) };
}
