/**
 * The two halves of a live-writer test: an app's writer in another process, whose JSON
 * lines (one per commit it reports) are collected as they arrive, and tool calls on the
 * server that count themselves and keep every error.
 */
import { lines } from "./lines.ts";
import type { Message, ServerProcess } from "./server_process.ts";

/** A writer process started by {@link startWriter}. */
export interface LiveWriter<T> {
  /** What it has reported so far, in order. */
  written: T[];
  /** Whether it is still running. */
  writing(): boolean;
  /** Resolves once it has exited and all its lines are read. */
  done: Promise<void>;
}

/** Runs `script` (with read and write permission) with `args`, collecting its JSON lines. */
export function startWriter<T>(script: string, args: readonly string[]): LiveWriter<T> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", script, ...args],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const written: T[] = [];
  let running = true;
  const read = (async () => {
    for await (const line of lines(child.stdout)) written.push(JSON.parse(line));
  })();
  const exited = child.status.then(() => {
    running = false;
  });
  return { written, writing: () => running, done: Promise.all([read, exited]).then(() => {}) };
}

/** Tool calls that count themselves and keep each error as `name: message`. */
export class CountedCalls {
  /** How many calls were made. */
  count = 0;
  /** The errors answered. */
  readonly errors: string[] = [];
  readonly #server: ServerProcess;

  /** Calls through `server`. */
  constructor(server: ServerProcess) {
    this.#server = server;
  }

  /** The tool's structuredContent, or null when it answered an error (kept in `errors`). */
  async call(name: string, args: unknown): Promise<Message | null> {
    this.count++;
    const result: Message = await this.#server.callTool(name, args);
    if (result["isError"]) this.errors.push(`${name}: ${result["content"][0].text}`);
    return result["isError"] ? null : result["structuredContent"];
  }
}
