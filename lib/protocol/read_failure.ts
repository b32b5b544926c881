/**
 * A failed read of the sources (a tool error's code and message, made in a worker) as the
 * JSON-RPC error a resources, prompts or completions request answers with: bad input is
 * -32602, a missing item is what the method's specification says, and everything else
 * (busy, unavailable, past the deadline, internal) is -32603 with its one-line message and
 * its code in `data`, so a client can tell a lock worth retrying from a failure.
 *
 * @module
 */
import type { ToolOutcome } from "../tools/call_tool.ts";
import { RPC_ERRORS } from "../transport/jsonrpc.ts";
import { errorAnswer, type RequestAnswer } from "./request_answer.ts";

/**
 * The answer to a read that came to `failure`; `notFound`, when given, answers `not_found`.
 *
 * @example
 * ```ts
 * import { readFailureAnswer } from "./read_failure.ts";
 * import { errorAnswer } from "./request_answer.ts";
 * readFailureAnswer(
 *   { ok: false, code: "busy", message: "The store is locked by its app; try again in a moment" },
 *   () => errorAnswer(-32002, "Resource not found"),
 * ); // { ok: false, code: -32603, message: "The store is locked…", data: { code: "busy" } }
 * ```
 */
export function readFailureAnswer(
  failure: ToolOutcome & { ok: false },
  notFound?: () => RequestAnswer,
): RequestAnswer {
  if (failure.code === "not_found" && notFound !== undefined) return notFound();
  switch (failure.code) {
    case "invalid_arguments":
      return errorAnswer(RPC_ERRORS.INVALID_PARAMS, `Invalid params: ${failure.message}`);
    default:
      return errorAnswer(RPC_ERRORS.INTERNAL_ERROR, failure.message, { code: failure.code });
  }
}
