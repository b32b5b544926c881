/**
 * A minimal MCP client for benchmarks: spawns the server, writes JSON-RPC requests to its
 * stdin, and matches answers on its stdout by id, so several requests can be in flight.
 * Each answer carries when its request was written and when its line was read.
 *
 * @module
 */

import { concatBytes } from "../lib/transport/stdio.ts";
import { startPermissionFlags } from "../scripts/permission_flags.ts";

/** A JSON-RPC message as read from the server. */
// deno-lint-ignore no-explicit-any
export type RpcMessage = Record<string, any>;

/** An answer with its timing and size. */
export interface TimedAnswer {
  message: RpcMessage;
  /** The answer line's length in bytes, without the newline. */
  bytes: number;
  /** From the request's write to the answer's line read, in milliseconds. */
  elapsedMs: number;
}

interface Pending {
  sentAt: number;
  resolve: (answer: TimedAnswer) => void;
  reject: (error: Error) => void;
}

const NEWLINE = 0x0a;
const STDERR_KEEP = 16_384;

/** The server under test, spoken to over its stdio. */
export class McpClient {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #encoder = new TextEncoder();
  readonly #decoder = new TextDecoder();
  readonly #pending = new Map<number, Pending>();
  readonly #reading: Promise<void>;
  readonly #stderrReading: Promise<void>;
  #stderr = "";
  #nextId = 1;
  #ended = false;
  /** When the process was spawned (performance.now()). */
  readonly spawnedAt: number;

  /**
   * Spawns `command args` in `cwd` with piped stdio.
   *
   * @example
   * ```ts
   * import { McpClient } from "./mcp_client.ts";
   * const client = new McpClient(Deno.execPath(), ["run", "-A", "main.ts", "--demo"], ".");
   * await client.initialize();
   * await client.close();
   * ```
   */
  constructor(command: string, args: readonly string[], cwd: string) {
    this.spawnedAt = performance.now();
    this.#child = new Deno.Command(command, {
      args: [...args],
      cwd,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#reading = this.#readAnswers();
    this.#stderrReading = this.#readStderr(this.#child.stderr);
  }

  /** The server process's id. */
  get pid(): number {
    return this.#child.pid;
  }

  /** The tail of what the server wrote to stderr. */
  get stderr(): string {
    return this.#stderr;
  }

  /** Sends a request and resolves with its answer, timed. */
  async request(method: string, params?: unknown): Promise<TimedAnswer> {
    if (this.#ended) throw new Error(`the server has exited; stderr: ${this.#stderr}`);
    const id = this.#nextId++;
    const line = JSON.stringify({ jsonrpc: "2.0", id, method, params });
    const answer = new Promise<TimedAnswer>((resolve, reject) => {
      this.#pending.set(id, { sentAt: performance.now(), resolve, reject });
    });
    await this.#writer.write(this.#encoder.encode(`${line}\n`));
    return answer;
  }

  /** Sends a notification (no answer). */
  async notify(method: string, params?: unknown): Promise<void> {
    const line = JSON.stringify({ jsonrpc: "2.0", method, params });
    await this.#writer.write(this.#encoder.encode(`${line}\n`));
  }

  /** The MCP handshake: initialize, then notifications/initialized. */
  async initialize(): Promise<TimedAnswer> {
    const answer = await this.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "transcript-mcp-bench", version: "0" },
    });
    if (answer.message["result"] === undefined) {
      throw new Error(`initialize failed: ${JSON.stringify(answer.message)}`);
    }
    await this.notify("notifications/initialized");
    return answer;
  }

  /** Calls a tool; fails unless the server answers with a successful result. */
  async callTool(name: string, args: Record<string, unknown>): Promise<TimedAnswer> {
    const answer = await this.request("tools/call", { name, arguments: args });
    const result = answer.message["result"];
    if (result === undefined || result.isError === true) {
      throw new Error(`${name} ${JSON.stringify(args)} failed: ${JSON.stringify(answer.message)}`);
    }
    return answer;
  }

  /** Closes stdin, as a client ending the session does, and waits for the exit code. */
  async close(): Promise<number> {
    await this.#writer.close().catch(() => {});
    const status = await this.#child.status;
    await this.#reading;
    await this.#stderrReading;
    return status.code;
  }

  async #readStderr(stderr: ReadableStream<Uint8Array>): Promise<void> {
    for await (const chunk of stderr.pipeThrough(new TextDecoderStream())) {
      this.#stderr = (this.#stderr + chunk).slice(-STDERR_KEEP);
    }
  }

  async #readAnswers(): Promise<void> {
    let parts: Uint8Array[] = [];
    let length = 0;
    try {
      for await (const chunk of this.#child.stdout) {
        // A line is read when the chunk ending it is: joining its parts is the client's work.
        const readAt = performance.now();
        let start = 0;
        while (start < chunk.length) {
          const newline = chunk.indexOf(NEWLINE, start);
          if (newline === -1) {
            // Each chunk is a buffer of its own, never reused: kept as is, not copied.
            parts.push(chunk.subarray(start));
            length += chunk.length - start;
            break;
          }
          parts.push(chunk.subarray(start, newline));
          length += newline - start;
          this.#answer(concatBytes(parts, length), readAt);
          parts = [];
          length = 0;
          start = newline + 1;
        }
      }
    } finally {
      this.#ended = true;
      for (const pending of this.#pending.values()) {
        pending.reject(new Error(`the server exited early; stderr: ${this.#stderr}`));
      }
      this.#pending.clear();
    }
  }

  #answer(line: Uint8Array, readAt: number): void {
    const message = JSON.parse(this.#decoder.decode(line)) as RpcMessage;
    const id = message["id"];
    const pending = typeof id === "number" ? this.#pending.get(id) : undefined;
    if (pending === undefined) return; // A notification, or an answer nobody waits for.
    this.#pending.delete(id);
    pending.resolve({ message, bytes: line.length, elapsedMs: readAt - pending.sentAt });
  }
}

/**
 * The server's command line as `deno task start` runs it, minus the task runner: the
 * start task's flags from deno.json, then main.ts. Spawning deno directly makes the child
 * the server itself, so its pid is the one to read memory from, as with the binary.
 */
export function serverArgs(startTask: string, dbPath: string): string[] {
  return ["run", ...startPermissionFlags(startTask), "main.ts", "--db", dbPath];
}
