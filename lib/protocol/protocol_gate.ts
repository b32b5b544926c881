/**
 * The protocol gate: MCP session rules the SDK's `Server` does not enforce, applied between
 * the stdio transport and the SDK.
 *
 * - Only `initialize` and `ping` are served before `initialize`; a second one is refused.
 * - Malformed params of the methods served are answered -32602 here (params_problem.ts),
 *   before the SDK could answer -32603 with a schema-validation dump.
 * - `tools/call` is answered here, from the tool-call runner, without the SDK, and so are
 *   the methods of the request runner (resources, prompts, completions), whose checked
 *   params are handed over and whose answers come back as JSON. Each request gets its one
 *   deadline on arrival. A call's outcome arrives typed, its answer already JSON (made by
 *   a worker thread, or by a cheap call run on the main thread), and the MCP result is
 *   framed from it here, so no large result is parsed and stringified again.
 * - `ping` is answered here too, with the SDK's bytes, for a shorter round trip, and so is
 *   `initialize` when the `initialize` option can answer it as the SDK would: then nothing of
 *   the SDK need be loaded before the session's first answer (issue #26).
 * - Request ids are renumbered on the way in and restored on the way out, so cancellation
 *   works for every id (the SDK ignores id 0) and duplicate ids cannot collide.
 * - Every request handed to the SDK is one its strict schemas accept (the envelope check
 *   already dropped unknown members), since the SDK drops the rest without an answer: what
 *   hands it over checks, and calls {@link ProtocolGate.refuse} for one that fails.
 * - A cancelled request gets no answer.
 * - At the end of input, in-flight requests finish before the session closes; one the SDK
 *   has not answered within the deadline is answered -32603 here, so the close never waits
 *   for ever.
 * - When the output fails (the client has gone) or {@link ProtocolGate.stop} is called,
 *   in-flight work is cancelled and the session closes at once.
 * - Outgoing errors carry one line, never a stack trace or a validation dump.
 *
 * @module
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types";
import {
  errorResponse,
  isRpcId,
  RPC_ERRORS,
  type RpcErrorResponse,
  type RpcId,
  type RpcMessage,
} from "../transport/jsonrpc.ts";
import { describeError, logLine } from "../log.ts";
import { toolAnswerLine } from "./answer_line.ts";
import { describeParamsProblem } from "./params_problem.ts";
import { cleanSdkError } from "./sdk_error.ts";
import { errorAnswer, requestAnswerLine, type RequestRunner } from "./request_answer.ts";
import { type CallBounds, Deadline } from "../runtime/deadline.ts";
import { printable } from "../text/printable.ts";
import { toolErrorOutcome, type ToolOutcome } from "../tools/tool_outcome.ts";
import { DEFAULT_TIMEOUT_MS, MAX_ERROR_MESSAGE } from "../config/limits.ts";

/**
 * The transport the gate sits in front of: it can also send error responses of its own.
 * Its `onerror` reports a failed write, after which the gate takes the client as gone.
 */
export interface GatedTransport extends Transport {
  /** Writes one message: the SDK's, or an error response of the gate's own. */
  send(message: JSONRPCMessage | RpcErrorResponse): Promise<void>;
  /** Writes one message already serialized as JSON. */
  sendLine(json: string): Promise<void>;
  /** Writes one message already encoded, its newline included. */
  sendBytes(line: Uint8Array): Promise<void>;
}

/** Runs tool calls for the gate (in production, the worker pool). */
export interface ToolCallRunner {
  /** Whether a tool of this name exists. */
  has(name: string): boolean;
  /** Runs a call within its bounds; resolves with its outcome, and never rejects. */
  run(name: string, args: unknown, bounds: CallBounds): Promise<ToolOutcome>;
}

interface OwnCall {
  clientId: RpcId;
  controller: AbortController;
}

interface InFlight {
  clientId: RpcId;
  method: string;
}

/** Options for {@link ProtocolGate}. */
export interface ProtocolGateOptions {
  /**
   * The deadline of one tool call, in milliseconds, counted from its arrival. After the end
   * of input, a request the SDK has still not answered within it is answered -32603 here,
   * so the session always closes.
   *
   * @default {DEFAULT_TIMEOUT_MS}
   */
  timeoutMs?: number | undefined;
  /**
   * Answers requests of further methods here, as tools/call is (resources, prompts and
   * completions), each with its own deadline from its arrival; without it they go to the SDK.
   */
  requests?: RequestRunner | undefined;
  /**
   * The answer line to an `initialize` whose params passed the gate's checks, or null to pass
   * it on to the SDK; without it every `initialize` goes to the SDK.
   */
  initialize?: ((id: RpcId, params: Record<string, unknown>) => string | null) | undefined;
}

/**
 * A Transport for the SDK's `Server` that enforces the session rules above on the messages
 * passing through it.
 *
 * @example
 * ```ts
 * import { ProtocolGate } from "./protocol_gate.ts";
 * import { StdioLineTransport } from "../transport/stdio.ts";
 * import { findTool } from "../tools/registry.ts";
 * import { ToolWorkerPool } from "../runtime/worker_pool.ts";
 * const pool = new ToolWorkerPool([{ kind: "demo", name: "demo" }]);
 * const gate = new ProtocolGate(
 *   new StdioLineTransport(Deno.stdin.readable, Deno.stdout.writable),
 *   {
 *     has: (name) => findTool(name) !== undefined,
 *     run: (name, args, bounds) => pool.run(name, args, bounds),
 *   },
 * );
 * gate.inFlightCount; // 0; the SDK's `Server.connect(gate)` starts it
 * ```
 */
export class ProtocolGate implements Transport {
  /** Set by the SDK: receives messages that passed the gate. */
  onmessage?: (message: JSONRPCMessage) => void;
  /** Set by the SDK: called once the input has ended and in-flight work is answered. */
  onclose?: () => void;
  /** Set by the SDK: called on transport failures. */
  onerror?: (error: Error) => void;

  readonly #inner: GatedTransport;
  readonly #tools: ToolCallRunner;
  readonly #inFlight = new Map<number, InFlight>();
  readonly #ownCalls = new Map<number, OwnCall>();
  readonly #timeoutMs: number;
  readonly #requests: RequestRunner | undefined;
  readonly #initialize: ProtocolGateOptions["initialize"];
  #nextId = 1;
  #initialized = false;
  #inputEnded = false;
  #closed = false;
  #lastChance: ReturnType<typeof setTimeout> | undefined;

  /** Gates the messages of `inner`; tool calls go to `tools`. */
  constructor(inner: GatedTransport, tools: ToolCallRunner, options: ProtocolGateOptions = {}) {
    this.#inner = inner;
    this.#tools = tools;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#requests = options.requests;
    this.#initialize = options.initialize;
  }

  /** Starts the inner transport with the gate in front of it. */
  start(): Promise<void> {
    this.#inner.onmessage = (message) => this.#receive(message as unknown as RpcMessage);
    this.#inner.onclose = () => {
      this.#inputEnded = true;
      this.#closeWhenIdle();
      this.#answerLeftovers();
    };
    this.#inner.onerror = (error) => {
      this.onerror?.(error);
      this.stop(`Cannot write to the client: ${describeError(error)}; shutting down`);
    };
    return this.#inner.start();
  }

  /**
   * Ends the session now, for a client that has gone (its output failed, or a signal
   * said so): in-flight calls are cancelled and nothing more is answered.
   */
  stop(reason: string): void {
    if (this.#closed) return;
    logLine(reason);
    for (const call of this.#ownCalls.values()) call.controller.abort();
    this.#ownCalls.clear();
    this.#inFlight.clear();
    this.#inputEnded = true;
    this.#closeWhenIdle();
  }

  /** Sends a message from the SDK, restoring the client's id on responses. */
  send(message: JSONRPCMessage): Promise<void> {
    const outgoing = message as unknown as RpcMessage;
    if (outgoing.method !== undefined || outgoing.id === undefined) {
      return this.#inner.send(message);
    }
    const internalId = outgoing.id as number;
    const request = this.#inFlight.get(internalId);
    // Unknown here means cancelled: a cancelled request is never answered.
    if (request === undefined) return Promise.resolve();
    this.#inFlight.delete(internalId);
    // An initialize the SDK refused (its schema, say) did not start the session.
    if (request.method === "initialize" && "error" in outgoing) this.#initialized = false;
    const answer = "error" in outgoing
      ? cleanSdkError(request, outgoing.error)
      : { ...message, id: request.clientId } as JSONRPCMessage;
    const sent = this.#inner.send(answer);
    this.#closeWhenIdle();
    return sent;
  }

  /**
   * Refuses, -32602, a request passed on through `onmessage` under `internalId` that the SDK's
   * own schema does not accept (the SDK would drop it unanswered); the answer is written
   * unless it was cancelled meanwhile.
   */
  refuse(internalId: number): void {
    const request = this.#inFlight.get(internalId);
    if (request === undefined) return;
    this.#inFlight.delete(internalId);
    const text = `Invalid params for ${request.method}`;
    void this.#inner.send(errorResponse(request.clientId, RPC_ERRORS.INVALID_PARAMS, text));
    this.#closeWhenIdle();
  }

  /** Closes the inner transport. */
  close(): Promise<void> {
    return this.#inner.close();
  }

  /** How many requests have been passed on and not yet answered. */
  get inFlightCount(): number {
    return this.#inFlight.size + this.#ownCalls.size;
  }

  #receive(message: RpcMessage): void {
    // Lines still read after the session closed (a signal, or a client gone) are not served.
    if (this.#closed) return;
    if (message.method === undefined) {
      logLine(
        message.id === undefined
          ? `ignored an error response without an id: ${
            printable(JSON.stringify(message.error), MAX_ERROR_MESSAGE)
          }`
          : `ignored a response (id ${JSON.stringify(message.id)}): this server sends no requests`,
      );
      return;
    }
    if (message.id === undefined) {
      this.#receiveNotification(message);
      return;
    }
    const refuse = (code: number, text: string) =>
      void this.#inner.send(errorResponse(message.id!, code, text));
    const method = message.method;
    if (!this.#initialized && method !== "initialize" && method !== "ping") {
      return refuse(RPC_ERRORS.INVALID_REQUEST, "Send initialize first");
    }
    if (this.#initialized && method === "initialize") {
      return refuse(RPC_ERRORS.INVALID_REQUEST, "Already initialized; initialize is sent once");
    }
    const problem = describeParamsProblem(method, message.params ?? {});
    if (problem !== null) return refuse(RPC_ERRORS.INVALID_PARAMS, `Invalid params: ${problem}`);
    if (method === "initialize") {
      this.#initialized = true;
      const answer = this.#initialize?.(message.id, message.params ?? {});
      if (answer != null) return void this.#inner.sendLine(answer);
    }
    if (method === "tools/call") return this.#callTool(message.id, message.params ?? {});
    if (this.#requests?.handles(method)) {
      return this.#answerRequest(message.id, method, message.params ?? {});
    }
    // The SDK's answer to a ping, written here: its schema parse and promise hops cost a
    // fifth of a ping's round trip.
    if (method === "ping") {
      return void this.#inner.sendLine(
        `{"result":{},"jsonrpc":"2.0","id":${JSON.stringify(message.id)}}`,
      );
    }
    const internalId = this.#nextId++;
    this.#inFlight.set(internalId, { clientId: message.id, method });
    this.onmessage?.({ ...message, id: internalId } as JSONRPCMessage);
  }

  #callTool(clientId: RpcId, params: Record<string, unknown>): void {
    const name = params["name"] as string;
    if (!this.#tools.has(name)) {
      void this.#inner.send(
        errorResponse(clientId, RPC_ERRORS.INVALID_PARAMS, `Unknown tool: ${printable(name)}`),
      );
      return;
    }
    this.#runOwn(
      clientId,
      name,
      async (bounds) =>
        toolAnswerLine(clientId, await this.#tools.run(name, params["arguments"] ?? {}, bounds)),
      () =>
        toolAnswerLine(
          clientId,
          toolErrorOutcome("internal", `${name} failed inside the server; see its stderr log`),
        ),
    );
  }

  #answerRequest(clientId: RpcId, method: string, params: Record<string, unknown>): void {
    this.#runOwn(
      clientId,
      method,
      async (bounds) =>
        requestAnswerLine(clientId, await this.#requests!.run(method, params, bounds)),
      () => requestAnswerLine(clientId, errorAnswer(RPC_ERRORS.INTERNAL_ERROR, "Internal error")),
    );
  }

  /**
   * Runs a request the gate answers itself, as it arrives, and writes its answer once,
   * unless it was cancelled. `failed` answers a `work` that threw.
   */
  #runOwn(
    clientId: RpcId,
    name: string,
    work: (bounds: CallBounds) => Promise<Uint8Array>,
    failed: () => Uint8Array,
  ): void {
    // The request's one deadline, from its arrival: everything that runs it reads this.
    const deadline = new Deadline(this.#timeoutMs);
    const key = this.#nextId++;
    const controller = new AbortController();
    this.#ownCalls.set(key, { clientId, controller });
    // Started from a promise so that work that throws still answers, and the request leaves
    // the in-flight count: otherwise the session could never close.
    void Promise.resolve()
      .then(() => work({ deadline, signal: controller.signal }))
      .catch((error) => {
        logLine(`${name} failed: ${describeError(error)}`);
        return failed();
      })
      .then((line) => {
        // Gone from the map means cancelled: a cancelled request is never answered.
        if (!this.#ownCalls.delete(key)) return;
        return this.#inner.sendBytes(line);
      })
      .finally(() => this.#closeWhenIdle());
  }

  #receiveNotification(message: RpcMessage): void {
    if (message.method !== "notifications/cancelled") {
      this.onmessage?.(message as JSONRPCMessage);
      return;
    }
    const target = message.params?.["requestId"];
    if (!isRpcId(target)) return;
    for (const [key, call] of this.#ownCalls) {
      if (call.clientId !== target) continue;
      this.#ownCalls.delete(key);
      call.controller.abort();
    }
    for (const [internalId, request] of this.#inFlight) {
      // initialize cannot be cancelled (the specification says so): the session it starts
      // would otherwise begin with no answer telling the client its protocol version.
      if (request.clientId !== target || request.method === "initialize") continue;
      this.#inFlight.delete(internalId);
      // Tell the SDK under the id it knows, so the handler's AbortSignal fires.
      this.onmessage?.({
        ...message,
        params: { ...message.params, requestId: internalId },
      } as JSONRPCMessage);
    }
    this.#closeWhenIdle();
  }

  /**
   * Once the input has ended, answers -32603 whatever the SDK has still not answered when
   * the deadline passes. Its handlers answer at once, so this only fires if one is lost.
   */
  #answerLeftovers(): void {
    if (this.#closed || this.#inFlight.size === 0) return;
    this.#lastChance = setTimeout(() => {
      for (const [internalId, request] of this.#inFlight) {
        this.#inFlight.delete(internalId);
        logLine(`${request.method} got no answer within ${this.#timeoutMs} ms`);
        void this.#inner.send(
          errorResponse(request.clientId, RPC_ERRORS.INTERNAL_ERROR, "Internal error"),
        );
      }
      this.#closeWhenIdle();
    }, this.#timeoutMs);
  }

  #closeWhenIdle(): void {
    if (!this.#inputEnded || this.#closed || this.inFlightCount > 0) return;
    this.#closed = true;
    clearTimeout(this.#lastChance);
    this.onclose?.();
  }
}
