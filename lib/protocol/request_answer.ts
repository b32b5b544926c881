/**
 * The requests the protocol gate answers itself besides tools/call (resources, prompts and
 * completions), and the bytes of their answers: a result's JSON, or a JSON-RPC error with a
 * one-line message.
 *
 * @module
 */
import type { CallBounds } from "../runtime/deadline.ts";
import { printable } from "../text/printable.ts";
import type { RpcId } from "../transport/jsonrpc.ts";
import { MAX_ERROR_MESSAGE } from "../config/limits.ts";

/** What a request came to: its result as JSON, or a JSON-RPC error. */
export type RequestAnswer =
  | {
    /** The request succeeded. */
    readonly ok: true;
    /** The MCP result, as compact JSON. */
    readonly resultJson: string;
  }
  | {
    /** The request failed. */
    readonly ok: false;
    /** The JSON-RPC error code. */
    readonly code: number;
    /** One line for the client. */
    readonly message: string;
    /** What a client may act on: the uri not found, the tool error code. */
    readonly data?: Record<string, unknown> | undefined;
  };

/** Answers the requests of some methods, for the gate. */
export interface RequestRunner {
  /** Whether requests to `method` are answered here. */
  handles(method: string): boolean;
  /**
   * Answers one request, whose params the gate has checked, within its bounds. A rejection
   * is answered -32603 by the gate.
   */
  run(method: string, params: Record<string, unknown>, bounds: CallBounds): Promise<RequestAnswer>;
}

const encoder = new TextEncoder();

/**
 * The answer line (newline included) to request `id` that came to `answer`.
 *
 * @example
 * ```ts
 * import { requestAnswerLine } from "./request_answer.ts";
 * new TextDecoder().decode(requestAnswerLine(7, { ok: true, resultJson: '{"prompts":[]}' }));
 * // '{"jsonrpc":"2.0","id":7,"result":{"prompts":[]}}\n'
 * ```
 */
export function requestAnswerLine(id: RpcId, answer: RequestAnswer): Uint8Array {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)}`;
  if (answer.ok) return encoder.encode(`${head},"result":${answer.resultJson}}\n`);
  const error = {
    code: answer.code,
    message: printable(answer.message.split("\n", 1)[0] ?? "", MAX_ERROR_MESSAGE),
    ...(answer.data === undefined ? {} : { data: answer.data }),
  };
  return encoder.encode(`${head},"error":${JSON.stringify(error)}}\n`);
}

/**
 * A successful answer whose result is `result`.
 *
 * @example
 * ```ts
 * import { resultAnswer } from "./request_answer.ts";
 * resultAnswer({ prompts: [] }); // { ok: true, resultJson: '{"prompts":[]}' }
 * ```
 */
export function resultAnswer(result: unknown): RequestAnswer {
  return { ok: true, resultJson: JSON.stringify(result) };
}

/**
 * A JSON-RPC error answer.
 *
 * @example
 * ```ts
 * import { errorAnswer } from "./request_answer.ts";
 * errorAnswer(-32602, "Invalid params: no prompt named x").ok; // false
 * ```
 */
export function errorAnswer(
  code: number,
  message: string,
  data?: Record<string, unknown>,
): RequestAnswer {
  return { ok: false, code, message, data };
}
