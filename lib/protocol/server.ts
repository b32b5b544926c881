/**
 * Protocol wiring: the SDK's low-level `Server` with our tools, behind the protocol gate,
 * on the stdio transport.
 *
 * @module
 */
import { Server } from "@modelcontextprotocol/sdk/server";
// @ts-types="@modelcontextprotocol/sdk/types"
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { logLine } from "../log.ts";
import { ProtocolGate } from "./protocol_gate.ts";
import { servedRequests } from "./served_requests.ts";
import type { SourceSpec } from "../sources/source_set.ts";
import { StdioLineTransport } from "../transport/stdio.ts";
import { RPC_ERRORS } from "../transport/jsonrpc.ts";
import type { PublishedTool } from "../tools/call_tool.ts";
import { toolNamesWith } from "../tools/tool_names.ts";
import { SERVER_NAME, VERSION } from "../config/version.ts";
import type { ToolWorkerPoolOptions } from "../runtime/worker_pool.ts";
import { LazyModule } from "../runtime/lazy_module.ts";

/** What `initialize` tells the assistant about this server. */
export const INSTRUCTIONS: string =
  "This server gives read-only access to the user's local transcripts (meetings, voice " +
  "notes, chat sessions, recorded audio) and tasks, from one or more sources on this machine. " +
  "Nothing leaves this machine and nothing can be changed through it. Start with " +
  "search_transcripts for a topic or list_transcripts for recent items; read one with " +
  "get_transcript, a page at a time (follow nextOffset); list_tasks shows the task list; " +
  "list_sources names the sources, and sourceName narrows a call to one. Results are " +
  "paged: pass nextCursor back to continue.";

/**
 * Builds the MCP server: initialize and tools/list, whose definitions `publish` gives (the
 * tools are loaded on the first tools/list, not before initialize is answered). ping,
 * tools/call, resources, prompts and completions are answered by the protocol gate (see
 * protocol_gate.ts); tool calls run on the main thread when cheap (inline_calls.ts),
 * otherwise in the worker pool.
 *
 * @example
 * ```ts
 * import { createMcpServer } from "./server.ts";
 * const server = createMcpServer(() => []);
 * ```
 */
export function createMcpServer(
  publish: () => PublishedTool[] | Promise<PublishedTool[]>,
): Server {
  const server = new Server(
    { name: SERVER_NAME, version: VERSION },
    {
      // Resources, prompts and completions are answered by the gate (served_requests.ts).
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
      instructions: INSTRUCTIONS,
      // The SDK validates with it only the answers to elicitation requests, which this
      // server never sends; its default builds an Ajv instance at every start.
      jsonSchemaValidator: NO_ELICITATION,
    },
  );
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

/** Options for {@link serveStdio}. */
export interface ServeOptions extends ToolWorkerPoolOptions {
  /**
   * The deadline of one tool call, in milliseconds, counted from its arrival.
   *
   * @default {5000}
   */
  timeoutMs?: number | undefined;
  /** Aborting it ends the session at once, as when the client has gone. */
  signal?: AbortSignal | undefined;
}

/**
 * Serves `sources` over a pair of byte streams (stdin and stdout in production)
 * until the input ends and every request in flight is answered, or until the output fails
 * or `options.signal` is aborted; then the workers are stopped.
 *
 * @example
 * ```ts
 * import { serveStdio } from "./server.ts";
 * // One ping, then the input ends; production passes Deno.stdin and Deno.stdout.
 * const ping = new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
 * const lines: string[] = [];
 * await serveStdio(
 *   [{ kind: "demo", name: "demo" }],
 *   ReadableStream.from([ping]),
 *   new WritableStream({ write: (chunk) => void lines.push(new TextDecoder().decode(chunk)) }),
 * );
 * lines; // ['{"result":{},"jsonrpc":"2.0","id":1}\n']
 * ```
 */
export async function serveStdio(
  sources: readonly SourceSpec[],
  input: ReadableStream<Uint8Array>,
  output: WritableStream<Uint8Array>,
  options: ServeOptions = {},
): Promise<void> {
  const names = new Set(toolNamesWith(options.toolSets ?? []));
  const transport = new StdioLineTransport(input, output);
  // The tools, the pool and everything they read are loaded once initialize is answered:
  // when the client says it is initialized, or at the first request that needs them.
  const services = new LazyModule(async () =>
    (await import("./session_services.ts")).startServices(sources, options)
  );
  const sourceNames = sources.map((source) => source.name);
  const server = createMcpServer(async () => (await services.get()).published());
  // The first call should not wait for a worker to start or a connection to open.
  server.oninitialized = () => void services.get().then((loaded) => loaded.warm(), () => {});
  // A served folder is indexed by a thread the pool starts: at once, as the client
  // initializes, so that its first search waits less.
  if (sources.some((source) => source.kind === "path" && source.detected === "folder")) {
    void services.get().catch(() => {});
  }
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  server.onerror = () => {
    // The gate already answered or logged every failure a client can cause.
  };
  const gate = new ProtocolGate(transport, {
    has: (name) => names.has(name),
    run: async (name, args, bounds) => (await services.get()).run(name, args, bounds),
  }, {
    timeoutMs: options.timeoutMs,
    requests: servedRequests({
      read: async (read, method, bounds) => (await services.get()).reads.read(read, method, bounds),
    }, sourceNames),
  });
  await server.connect(gate);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let ended = false;
  const stop = () => {
    const reason = `${options.signal?.reason ?? "stopped"}: shutting down`;
    // Once the session has ended, only the writes of its answers are left to give up.
    if (ended) logLine(reason);
    else gate.stop(reason);
    release();
  };
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener("abort", stop, { once: true });
  await closed;
  ended = true;
  // A load still under way is waited for, so that its workers are stopped too.
  if (services.started) await services.get().then((loaded) => loaded.close(), () => {});
  // Stops reading too: lines that still arrive after a signal or a broken pipe are not served.
  // A signal ends the session at once, even while its answers are still being written: a
  // client that has stopped reading would otherwise hold the exit for ever.
  await Promise.race([transport.close(), released]);
  options.signal?.removeEventListener("abort", stop);
}
