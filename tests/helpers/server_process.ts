/**
 * The real server in a child process, started with exactly the start task's flags (`deno run
 * <flags> main.ts`, the command `deno task start` runs; under `deno task test`, the bundle built
 * from main.ts for the binary: scripts/test_bundle.ts), spoken to in raw lines over its stdin
 * and stdout.
 */
import { fileURLToPath } from "node:url";
import { readStartPermissionFlags } from "../../scripts/permission_flags.ts";
import { testServerEntry } from "../../scripts/test_bundle.ts";

/** The project root, where deno.json lives. */
export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * How long a read waits for the server's next line before it counts as hung. Generous for the
 * same reason as {@link EXIT_TIMEOUT_MS}: a loaded machine answers late, not never.
 */
const READ_TIMEOUT_MS = 60_000;

/**
 * How long a server may take to exit once told to, before it counts as hung. Generous: it
 * tells a server that never exits from a slow one, on a loaded machine.
 */
const EXIT_TIMEOUT_MS = 60_000;

/**
 * Arguments giving a server's calls a deadline no load can eat, for a test about what a call
 * answers (a lock, a live writer, a changed schema) rather than about its deadline: on a loaded
 * machine the default deadline answers `timeout` first.
 */
export const ROOMY_DEADLINE: readonly string[] = ["--timeout-ms", "120000"];

/** How a server process ended. */
export interface ServerExit {
  code: number;
  stderr: string;
  /** The stdout lines not yet read. */
  rest: string[];
  /** Milliseconds from the call (to `finish`, the end of input) until the exit. */
  elapsedMs: number;
}

/** A JSON-RPC message as read from the server's stdout. */
// deno-lint-ignore no-explicit-any
export type Message = Record<string, any>;

/** A running server process. */
export class ServerProcess {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #lines: string[] = [];
  #waiters: (() => void)[] = [];
  #stdoutDone = false;
  #stderr = "";
  readonly #stdoutRead: Promise<void>;
  readonly #stderrRead: Promise<void>;
  readonly #stdoutAbort = new AbortController();
  /** Ends the reading of both pipes, which a process the kill left behind may hold open. */
  readonly #readingAbort = new AbortController();
  #nextId = 1000;

  constructor(child: Deno.ChildProcess) {
    this.#child = child;
    this.#writer = child.stdin.getWriter();
    this.#stdoutRead = this.#collect(child.stdout, (line) => {
      this.#lines.push(line);
      this.#wake();
    }).catch(() => {
      // Only closeStdout() and kill() stop the reading early.
    }).finally(() => {
      this.#stdoutDone = true;
      this.#wake();
    });
    this.#stderrRead = (async () => {
      const decoded = child.stderr.pipeThrough(new TextDecoderStream(), {
        signal: this.#readingAbort.signal,
      });
      for await (const chunk of decoded) this.#stderr += chunk;
    })().catch(() => {});
  }

  /** Everything the server wrote to stderr so far. */
  get stderr(): string {
    return this.#stderr;
  }

  /** Writes raw bytes or text to the server's stdin, as given. */
  async writeRaw(data: string | Uint8Array): Promise<void> {
    await this.#writer.write(typeof data === "string" ? new TextEncoder().encode(data) : data);
  }

  /** Writes one message as one line. */
  async send(message: unknown): Promise<void> {
    await this.writeRaw(`${JSON.stringify(message)}\n`);
  }

  /** Reads the next line from stdout, parsed; fails after a timeout or at end of output. */
  async next(): Promise<Message> {
    const line = await this.nextLine();
    if (line === null) throw new Error(`stdout ended; stderr: ${this.#stderr}`);
    return JSON.parse(line);
  }

  /** Reads the next raw line from stdout, or null at end of output. */
  async nextLine(timeoutMs = READ_TIMEOUT_MS): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    while (this.#lines.length === 0 && !this.#stdoutDone) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no line from the server in ${timeoutMs} ms`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        timer = setTimeout(resolve, remaining);
      });
      clearTimeout(timer);
    }
    return this.#lines.shift() ?? null;
  }

  /** Sends a request with a fresh id and returns the response to it. */
  async request(method: string, params?: unknown): Promise<Message> {
    const id = this.#nextId++;
    await this.send({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
    const response = await this.next();
    if (response["id"] !== id) {
      throw new Error(`expected id ${id}, got ${JSON.stringify(response)}`);
    }
    return response;
  }

  /** Sends initialize and notifications/initialized, as a client does first. */
  async initialize(protocolVersion = "2025-06-18"): Promise<Message> {
    const response = await this.request("initialize", {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: "test", version: "0" },
    });
    await this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return response;
  }

  /** Calls a tool and returns the `result` of the response. */
  async callTool(name: string, args?: unknown): Promise<Message> {
    const response = await this.request("tools/call", {
      name,
      ...(args === undefined ? {} : { arguments: args }),
    });
    if (response["result"] === undefined) throw new Error(JSON.stringify(response));
    return response["result"];
  }

  /** Sends `signal` to the server process. */
  signal(signal: Deno.Signal): void {
    this.#child.kill(signal);
  }

  /** Stops reading stdout and closes its pipe, as a client that has gone away does. */
  async closeStdout(): Promise<void> {
    this.#stdoutAbort.abort();
    await this.#stdoutRead;
  }

  /** Closes stdin (EOF) and waits for the process to exit. */
  async finish(withinMs = EXIT_TIMEOUT_MS): Promise<ServerExit> {
    const started = performance.now();
    await this.#writer.close().catch(() => {});
    return await this.exited(withinMs, started);
  }

  /**
   * Waits for the process to exit and its output to end (so no process of its is left
   * holding the pipes). Kills it and throws if that takes over `withinMs`.
   */
  async exited(withinMs = EXIT_TIMEOUT_MS, started = performance.now()): Promise<ServerExit> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hung = new Promise<"hung">((resolve) => {
      timer = setTimeout(() => resolve("hung"), withinMs);
    });
    const ended = Promise.all([this.#child.status, this.#stdoutRead, this.#stderrRead]);
    const outcome = await Promise.race([ended, hung]).finally(() => clearTimeout(timer));
    if (outcome === "hung") {
      await this.kill();
      throw new Error(`the server did not exit within ${withinMs} ms; stderr: ${this.#stderr}`);
    }
    const elapsedMs = performance.now() - started;
    return { code: outcome[0].code, stderr: this.#stderr, rest: this.#lines.splice(0), elapsedMs };
  }

  /** Kills the process if it is still running; safe to call twice. */
  async kill(): Promise<void> {
    try {
      this.#child.kill("SIGKILL");
    } catch {
      // Already exited.
    }
    await this.#writer.close().catch(() => {});
    await this.#child.status;
    // A process the server started, if still running, may hold the pipes.
    this.#readingAbort.abort();
    await Promise.all([this.#stdoutRead, this.#stderrRead]);
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  async #collect(
    stream: ReadableStream<Uint8Array>,
    onLine: (line: string) => void,
  ): Promise<void> {
    let buffer = "";
    const decoded = stream.pipeThrough(new TextDecoderStream(), {
      signal: AbortSignal.any([this.#stdoutAbort.signal, this.#readingAbort.signal]),
    });
    for await (const chunk of decoded) {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf("\n")) !== -1) {
        onLine(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
      }
    }
    if (buffer !== "") onLine(buffer);
  }
}

/**
 * Starts the server with `args` (e.g. `["--db", path]`) as `deno task start` runs it, with the
 * release binary's permission flags, but without the task runner's own process in between:
 * that halves the processes a test starts (issue #26). It runs {@link testServerEntry}: the
 * bundle where `deno task test` built one. Tests that start `deno task start` itself
 * (smoke_test.ts, shutdown_test.ts, turns_test.ts, the SDK client) keep main.ts's path tested.
 */
export function startServer(args: string[], env: Record<string, string> = {}): ServerProcess {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...readStartPermissionFlags(), testServerEntry(), ...args],
    cwd: PROJECT_ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env,
  }).spawn();
  return new ServerProcess(child);
}

/** The names of the tools a server started with `args` publishes, in order; it must exit 0. */
export async function publishedToolNames(args: string[]): Promise<string[]> {
  const server = startServer(args);
  try {
    await server.initialize();
    const listed = await server.request("tools/list", {});
    if ((await server.finish()).code !== 0) throw new Error(`the server failed: ${args.join(" ")}`);
    return listed["result"].tools.map((tool: Message) => tool.name);
  } finally {
    await server.kill();
  }
}

/**
 * Runs the CLI to completion (`deno task start ARGS`, run as {@link startServer} runs it) and
 * returns its output. `wrapper` is a command that runs it (`setpriv` and its options), if any.
 */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
  wrapper: readonly string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, ...rest] = [
    ...wrapper,
    Deno.execPath(),
    "run",
    ...readStartPermissionFlags(),
    testServerEntry(),
    ...args,
  ];
  const output = await new Deno.Command(command!, {
    args: rest,
    cwd: PROJECT_ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env,
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

/**
 * Deno's cache folder in use. A test that moves HOME points DENO_DIR here, or Deno would look
 * for its cache under the new HOME and download the npm dependencies again.
 */
export function denoDir(): string {
  if (cachedDenoDir === undefined) {
    const info = new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stdout: "piped" })
      .outputSync();
    cachedDenoDir = JSON.parse(new TextDecoder().decode(info.stdout)).denoDir as string;
  }
  return cachedDenoDir;
}

// Asked of `deno info` once a test process: it does not change while one runs.
let cachedDenoDir: string | undefined;

/**
 * The environment of a run whose home is `home` and that may find no store or data folder
 * of the person running the tests (DENO_DIR kept, so nothing is downloaded again).
 */
export function isolatedHome(home: string): Record<string, string> {
  return { HOME: home, XDG_DATA_HOME: "", TRANSCRIPT_MCP_DB: "", DENO_DIR: denoDir() };
}
