/**
 * An error the SDK's `Server` answered, as the protocol gate passes it on: one line, the
 * client's id, and a schema-validation dump turned into -32602 (kept apart from
 * protocol_gate.ts, which it would push past 400 lines).
 *
 * @module
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types";
import { errorResponse, isPlainObject, RPC_ERRORS, type RpcId } from "../transport/jsonrpc.ts";
import { logLine } from "../log.ts";
import { printable } from "../text/printable.ts";
import { MAX_ERROR_MESSAGE } from "../config/limits.ts";

/**
 * The answer to the client's request `request` for the SDK's error `error`: its code and the
 * first line of its message, without the SDK's prefix; an internal error is logged, and
 * answered -32602 when it is a dump of schema issues (the params did not fit the SDK's
 * schema), else with "Internal error" alone.
 *
 * @example
 * ```ts
 * import { cleanSdkError } from "./sdk_error.ts";
 * cleanSdkError({ clientId: 7, method: "tools/list" }, { code: -32602, message: "MCP error -32602: bad" });
 * // { jsonrpc: "2.0", id: 7, error: { code: -32602, message: "bad" } }
 * ```
 */
export function cleanSdkError(
  request: { clientId: RpcId; method: string },
  error: unknown,
): JSONRPCMessage {
  const detail = isPlainObject(error) ? error : {};
  let code = typeof detail["code"] === "number" ? detail["code"] : RPC_ERRORS.INTERNAL_ERROR;
  let text = typeof detail["message"] === "string" ? detail["message"] : "Internal error";
  // The SDK prefixes its own errors; clients get the message alone.
  text = text.replace(/^MCP error -?\d+: /, "");
  if (code === RPC_ERRORS.INTERNAL_ERROR) {
    logLine(`${request.method} failed: ${text.split("\n", 1)[0]}`);
    // A dump of schema issues means the params did not fit the SDK's schema.
    const isValidationDump = /^\s*[[{]/.test(text);
    code = isValidationDump ? RPC_ERRORS.INVALID_PARAMS : code;
    text = isValidationDump ? `Invalid params for ${request.method}` : "Internal error";
  }
  const line = text.split("\n", 1)[0] ?? "";
  return errorResponse(
    request.clientId,
    code,
    printable(line, MAX_ERROR_MESSAGE),
  ) as unknown as JSONRPCMessage;
}
