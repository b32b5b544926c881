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
import { InlineCalls } from "../runtime/inline_calls.ts";
import { ProtocolGate } from "./protocol_gate.ts";
import { servedRequests } from "./served_requests.ts";
import { SourceSet, type SourceSpec } from "../sources/source_set.ts";
import { StdioLineTransport } from "../transport/stdio.ts";
import { RPC_ERRORS } from "../transport/jsonrpc.ts";
import { publishTool } from "../tools/call_tool.ts";
import { findTool, TOOLS, toolsWith } from "../tools/registry.ts";
import type { AnyTool } from "../tools/tool.ts";
import { searchTranscripts } from "../tools/search_transcripts.ts";
import { SplitSearch } from "../runtime/split_search.ts";
import { SERVER_NAME, VERSION } from "../config/version.ts";
import { ToolWorkerPool, type ToolWorkerPoolOptions } from "../runtime/worker_pool.ts";

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
 * Builds the MCP server, publishing `tools` (the native ones by default): initialize and
 * tools/list. ping, tools/call, resources, prompts and completions are answered by the
 * protocol gate (see protocol_gate.ts); tool calls run on the main thread when cheap
 * (inline_calls.ts), otherwise in the worker pool.
 *
 * @example
 * ```ts
 * import { createMcpServer } from "./server.ts";
 * const server = createMcpServer();
 * ```
 */
export function createMcpServer(tools: readonly AnyTool[] = TOOLS): Server {
  const server = new Server(
    { name: SERVER_NAME, version: VERSION },
    {
      // Resources, prompts and completions are answered by the gate (served_requests.ts).
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
      instructions: INSTRUCTIONS,
    },
  );
  // Made on the first tools/list, not at start: building the JSON Schemas takes time that
  // would otherwise delay the answer to initialize.
  let published: ReturnType<typeof publishTool>[] | undefined;
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    // One page, as prompts/list: a cursor was never given out, so it is refused, not ignored.
    if (request.params?.cursor !== undefined) {
      throw Object.assign(
        new Error("Invalid params: cursor: tools/list has one page; call it without a cursor"),
        { code: RPC_ERRORS.INVALID_PARAMS },
      );
    }
    return { tools: published ??= tools.map(publishTool) };
  });
  return server;
}

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
  const tools = toolsWith(options.toolSets ?? []);
  const transport = new StdioLineTransport(input, output);
  const pool = new ToolWorkerPool(sources, options);
  const [only, ...others] = sources;
  const splittable = others.length === 0 &&
    (only?.kind === "demo" || only?.detected === "transcript-mcp");
  const search = new SplitSearch(pool, { splittable });
  // The main thread's connections never wait for an app's lock: see inline_calls.ts.
  const inline = new InlineCalls(() => SourceSet.openEvery(sources, 0));
  const server = createMcpServer(tools);
  // The first call should not wait for a worker to start or a connection to open.
  server.oninitialized = () => {
    void pool.warm();
    inline.open();
  };
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  server.onerror = () => {
    // The gate already answered or logged every failure a client can cause.
  };
  const gate = new ProtocolGate(transport, {
    has: (name) => findTool(name, tools) !== undefined,
    run: (name, args, bounds) => {
      if (name === searchTranscripts.name) return search.run(args, bounds);
      const tool = findTool(name, tools)!;
      const inlined = inline.run(tool, args, bounds.deadline);
      if (inlined.ran) return Promise.resolve(inlined.outcome);
      const handedAt = performance.now();
      return pool.run(name, args, bounds).then((outcome) => {
        inline.answeredElsewhere(tool, args, performance.now() - handedAt);
        return outcome;
      });
    },
  }, {
    timeoutMs: options.timeoutMs,
    requests: servedRequests(pool, sources.map((source) => source.name)),
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
  inline.close();
  pool.close();
  // Stops reading too: lines that still arrive after a signal or a broken pipe are not served.
  // A signal ends the session at once, even while its answers are still being written: a
  // client that has stopped reading would otherwise hold the exit for ever.
  await Promise.race([transport.close(), released]);
  options.signal?.removeEventListener("abort", stop);
}
