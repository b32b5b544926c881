/**
 * Protocol wiring: the protocol gate on the stdio transport, which answers `initialize`
 * itself, and the SDK's low-level `Server` behind it (sdk_server.ts), loaded at the first
 * message it must see.
 *
 * @module
 */
import { describeError, logLine } from "../log.ts";
import { ProtocolGate } from "./protocol_gate.ts";
import { servedRequests } from "./served_requests.ts";
import type { SourceSpec } from "../sources/source_set.ts";
import { StdioLineTransport } from "../transport/stdio.ts";
import { toolNamesWith } from "../tools/tool_names.ts";
import type { ToolWorkerPoolOptions } from "../runtime/worker_pool.ts";
import { LazyModule } from "../runtime/lazy_module.ts";
import { initializeAnswerLine } from "./initialize_answer.ts";

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
  // A served folder is indexed by a thread the pool starts: at once, as the client
  // initializes, so that its first search waits less.
  if (sources.some((source) => source.kind === "path" && source.detected === "folder")) {
    void services.get().catch(() => {});
  }
  const gate = new ProtocolGate(transport, {
    has: (name) => names.has(name),
    run: async (name, args, bounds) => (await services.get()).run(name, args, bounds),
  }, {
    timeoutMs: options.timeoutMs,
    requests: servedRequests({
      read: async (read, method, bounds) => (await services.get()).reads.read(read, method, bounds),
    }, sourceNames),
    initialize: initializeAnswerLine,
  });
  let ended = false;
  const sdk = new LazyModule(async () =>
    (await import("./sdk_server.ts")).connectSdkServer(
      gate,
      async () => (await services.get()).published(),
      // The first call should not wait for the main thread's connections to open.
      () => void services.get().then((loaded) => loaded.warm(), () => {}),
    )
  );
  // In arrival order: each waits for the one load, and is handed over in the order it came.
  gate.onmessage = (message) =>
    void sdk.get().then(
      (side) => ended || side.receive(message),
      (error) => logLine(`loading the MCP SDK failed: ${describeError(error)}`),
    );
  const closed = new Promise<void>((resolve) => {
    gate.onclose = () => {
      ended = true;
      sdk.loaded?.closed();
      resolve();
    };
  });
  gate.onerror = () => {
    // The gate already answered or logged every failure a client can cause.
  };
  await gate.start();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
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
  // A load still under way is waited for, so that its workers are stopped too.
  if (services.started) await services.get().then((loaded) => loaded.close(), () => {});
  // Stops reading too: lines that still arrive after a signal or a broken pipe are not served.
  // A signal ends the session at once, even while its answers are still being written: a
  // client that has stopped reading would otherwise hold the exit for ever.
  await Promise.race([transport.close(), released]);
  options.signal?.removeEventListener("abort", stop);
}
