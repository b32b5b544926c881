/**
 * JSON-RPC 2.0 message shapes, error codes, and the envelope check every incoming line
 * passes before the MCP layer sees it.
 *
 * @module
 */

import { MAX_NESTING } from "../config/limits.ts";

/** The JSON-RPC error codes this server answers with. */
export const RPC_ERRORS = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
} as const;

/** A request or response id: MCP allows strings and integers, never null. */
export type RpcId = string | number;

/** A JSON-RPC error response. `id` is null when the request's id could not be read. */
export interface RpcErrorResponse {
  /** The protocol version, always "2.0". */
  jsonrpc: "2.0";
  /** The id of the request answered, or null when it could not be read. */
  id: RpcId | null;
  /** What went wrong: one of {@linkcode RPC_ERRORS} and a one-line message. */
  error: { code: number; message: string };
}

/** A message whose envelope is valid JSON-RPC 2.0. */
export interface RpcMessage {
  /** The protocol version, always "2.0". */
  jsonrpc: "2.0";
  /** Set on requests and responses; absent on notifications. */
  id?: RpcId;
  /** The method called; set on requests and notifications. */
  method?: string;
  /** The method's arguments, when the caller sent any. */
  params?: Record<string, unknown>;
  /** A response's result. */
  result?: unknown;
  /** A response's error. */
  error?: unknown;
}

/**
 * Builds an error response.
 *
 * @example
 * ```ts
 * import { errorResponse, RPC_ERRORS } from "./jsonrpc.ts";
 * errorResponse(null, RPC_ERRORS.PARSE_ERROR, "Parse error: not valid JSON");
 * ```
 */
export function errorResponse(id: RpcId | null, code: number, message: string): RpcErrorResponse {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

/**
 * Whether `value` is a valid MCP id: a string or an integer. Integers past 2^53 are
 * refused: JSON.parse has already rounded them, so an answer could not carry them back.
 *
 * @example
 * ```ts
 * import { isRpcId } from "./jsonrpc.ts";
 * isRpcId("a1"); // true
 * isRpcId(1.5); // false
 * isRpcId(2 ** 53); // false
 * ```
 */
export function isRpcId(value: unknown): value is RpcId {
  return typeof value === "string" || (typeof value === "number" && Number.isSafeInteger(value));
}

/**
 * Whether `value` is a plain JSON object (not null, not an array).
 *
 * @example
 * ```ts
 * import { isPlainObject } from "./jsonrpc.ts";
 * isPlainObject({ a: 1 }); // true
 * isPlainObject([1]); // false
 * ```
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether `value` nests arrays and objects deeper than `limit`, checked without recursion.
 *
 * @example
 * ```ts
 * import { nestsDeeperThan } from "./jsonrpc.ts";
 * nestsDeeperThan({ a: [1] }, 2); // false
 * nestsDeeperThan({ a: [[1]] }, 2); // true
 * ```
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The result of checking a parsed line: a message to dispatch, or the error to answer. */
export type EnvelopeCheck =
  | { ok: true; message: RpcMessage }
  | { ok: false; error: RpcErrorResponse };

/**
 * Checks the JSON-RPC 2.0 envelope of a parsed line and rebuilds the message from its known
 * members only. Batches, non-objects, a missing or wrong `jsonrpc`, ids that are neither
 * strings nor integers, a message that mixes `method` with `result` or `error`, and messages
 * that are neither request, notification nor response are refused with -32600; the id is
 * echoed when it can be read. An error response whose id is null or absent passes, as a
 * response without an id.
 *
 * Members JSON-RPC does not define are dropped, not refused: clients add fields, and the
 * SDK silently discards any message with a member its strict schemas do not know. `params`
 * of `null` means no params, as leaving it out does.
 *
 * @example
 * ```ts
 * import { checkEnvelope } from "./jsonrpc.ts";
 * checkEnvelope({ jsonrpc: "2.0", id: 1, method: "ping", extra: 1 }); // ok, without `extra`
 * checkEnvelope([]).ok; // false
 * ```
 */
export function checkEnvelope(value: unknown): EnvelopeCheck {
  const refuse = (id: RpcId | null, why: string): EnvelopeCheck => ({
    ok: false,
    error: errorResponse(id, RPC_ERRORS.INVALID_REQUEST, `Invalid Request: ${why}`),
  });
  if (Array.isArray(value)) {
    return refuse(null, "batches are not supported; send one message per line");
  }
  if (!isPlainObject(value)) return refuse(null, "a message must be a JSON object");
  const hasId = "id" in value;
  const id = hasId && isRpcId(value["id"]) ? value["id"] : null;
  if (value["jsonrpc"] !== "2.0") return refuse(id, 'jsonrpc must be "2.0"');
  // A peer's error about a line of ours it could not read: its id is null (JSON-RPC) or
  // absent (MCP 2025-11-25). A response is never answered, or two peers could trade errors
  // for ever.
  if (!("method" in value) && "error" in value && (value["id"] ?? null) === null) {
    return { ok: true, message: { jsonrpc: "2.0", error: value["error"] } };
  }
  if (hasId && id === null) return refuse(null, "id must be a string or an integer");
  if (nestsDeeperThan(value, MAX_NESTING)) {
    return refuse(id, `the message nests deeper than ${MAX_NESTING} levels`);
  }
  const isAnswer = "result" in value || "error" in value;
  if ("method" in value) {
    const method = value["method"];
    if (typeof method !== "string") return refuse(id, "method must be a string");
    if (isAnswer) return refuse(id, "a request carries no result or error");
    const params = value["params"] ?? undefined;
    if (params !== undefined && !isPlainObject(params)) {
      return refuse(id, "params must be an object");
    }
    const message: RpcMessage = { jsonrpc: "2.0", method };
    if (id !== null) message.id = id;
    if (params !== undefined) message.params = params;
    return { ok: true, message };
  }
  if (id !== null && isAnswer) {
    const message: RpcMessage = { jsonrpc: "2.0", id };
    if ("error" in value) message.error = value["error"];
    else message.result = value["result"];
    return { ok: true, message };
  }
  return refuse(id, "a message needs a method, or a result or error with an id");
}
