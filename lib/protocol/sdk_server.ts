/**
 * The SDK's low-level `Server` behind the protocol gate: it answers tools/list, an
 * `initialize` the gate leaves to it, and methods no one serves, and hears
 * `notifications/initialized`. Loaded by server.ts at the first message it must see, after
 * the gate has answered `initialize` (issue #26), with the zod schemas the SDK builds.
 *
 * @module
 */
import { Server } from "@modelcontextprotocol/sdk/server";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport";
// @ts-types="@modelcontextprotocol/sdk/types"
import { isJSONRPCRequest, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types";
import { RPC_ERRORS } from "../transport/jsonrpc.ts";
import type { PublishedTool } from "../tools/call_tool.ts";
import { CAPABILITIES, INSTRUCTIONS, SERVER_INFO } from "./initialize_answer.ts";
import type { ProtocolGate } from "./protocol_gate.ts";

/**
 * Builds the MCP server: initialize and tools/list, whose definitions `publish` gives (the
 * tools are loaded on the first tools/list, not before initialize is answered). ping,
 * tools/call, resources, prompts and completions are answered by the protocol gate (see
 * protocol_gate.ts); tool calls run on the main thread when cheap (inline_calls.ts),
 * otherwise in the worker pool.
 *
 * @example
 * ```ts
 * import { createMcpServer } from "./sdk_server.ts";
 * const server = createMcpServer(() => []);
 * ```
 */
export function createMcpServer(
  publish: () => PublishedTool[] | Promise<PublishedTool[]>,
): Server {
  const server = new Server(SERVER_INFO, {
    // Resources, prompts and completions are answered by the gate (served_requests.ts).
    capabilities: CAPABILITIES,
    instructions: INSTRUCTIONS,
    // The SDK validates with it only the answers to elicitation requests, which this
    // server never sends; its default builds an Ajv instance at every start.
    jsonSchemaValidator: NO_ELICITATION,
  });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    // One page, as prompts/list: a cursor was never given out, so it is refused, not ignored.
    if (request.params?.cursor !== undefined) {
      throw Object.assign(
        new Error("Invalid params: cursor: tools/list has one page; call it without a cursor"),
        { code: RPC_ERRORS.INVALID_PARAMS },
      );
    }
    return { tools: await publish() };
  });
  return server;
}

const NO_ELICITATION = {
  getValidator(): never {
    throw new Error("this server sends no elicitation requests");
  },
};

/** The SDK's server as the gate sees it once loaded. */
export interface SdkSide {
  /** Hands over a message the gate passed on (its id already the gate's own). */
  receive(message: JSONRPCMessage): void;
  /** Tells the SDK the session has closed. */
  closed(): void;
}

/**
 * Connects a new SDK `Server` (see {@link createMcpServer}) to `gate`, which has been started
 * already: the server writes through the gate, which restores the client's ids, and is told
 * of `notifications/initialized` by `onInitialized`.
 *
 * @example
 * ```ts
 * import { connectSdkServer } from "./sdk_server.ts";
 * import { ProtocolGate } from "./protocol_gate.ts";
 * import { StdioLineTransport } from "../transport/stdio.ts";
 * const gate = new ProtocolGate(
 *   new StdioLineTransport(Deno.stdin.readable, Deno.stdout.writable),
 *   { has: () => false, run: () => Promise.reject(new Error("no tools")) },
 * );
 * const side = await connectSdkServer(gate, () => [], () => {});
 * gate.onmessage = (message) => side.receive(message);
 * ```
 */
export async function connectSdkServer(
  gate: ProtocolGate,
  publish: () => PublishedTool[] | Promise<PublishedTool[]>,
  onInitialized: () => void,
): Promise<SdkSide> {
  const server = createMcpServer(publish);
  server.oninitialized = onInitialized;
  server.onerror = () => {
    // The gate already answered or logged every failure a client can cause.
  };
  // The gate was started with the session; the SDK's connect only sets its handlers here.
  const link: Transport = {
    start: () => Promise.resolve(),
    send: (message) => gate.send(message),
    close: () => gate.close(),
  };
  await server.connect(link);
  return {
    receive(message) {
      // The SDK drops, unanswered, a request its own schema refuses; the gate refuses it.
      const { id, method } = message as { id?: unknown; method?: unknown };
      if (id !== undefined && method !== undefined && !isJSONRPCRequest(message)) {
        gate.refuse(id as number);
        return;
      }
      link.onmessage?.(message);
    },
    closed: () => link.onclose?.(),
  };
}
