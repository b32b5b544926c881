/**
 * How `deno task smoke` (scripts/smoke.ts) speaks to a server and judges its answers: a server
 * process spoken to in lines, with every read bounded in time, and the expectations that stop the
 * check with one clear line at the first deviation.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";

// Generous bounds: they only turn a hung server into a failure instead of a stalled CI job.
const ANSWER_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 10_000;

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/**
 * A deviation from what the server must do.
 *
 * @example
 * ```ts
 * import { SmokeFailure } from "./smoke_session.ts";
 * const said = (error: unknown) => error instanceof SmokeFailure ? error.message : String(error);
 * ```
 */
export class SmokeFailure extends Error {
  override name = "SmokeFailure";
}

/**
 * Stops the check at a deviation, described by `message`.
 *
 * @example
 * ```ts
 * import { fail } from "./smoke_session.ts";
 * const code = 0;
 * if (code !== 0) fail(`exit code ${code}, expected 0`);
 * ```
 */
export function fail(message: string): never {
  throw new SmokeFailure(message);
}

/** A server's answer as parsed JSON, whose fields the checks read freely. */
// deno-lint-ignore no-explicit-any
export type Json = any;

/**
 * A value as a failure message quotes it: its JSON, cut at 300 characters.
 *
 * @example
 * ```ts
 * import { show } from "./smoke_session.ts";
 * show({ id: 1 }); // '{"id":1}'
 * ```
 */
export const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

/**
 * A server process spoken to in lines; every read is bounded in time.
 *
 * @example
 * ```ts
 * import { Session } from "./smoke_session.ts";
 * const session = new Session(["dist/transcript-mcp"], ["--demo"]);
 * const answer = await session.request(1, "tools/list");
 * const { code } = await session.endInput();
 * ```
 */
export class Session {
  readonly startedAt: number;
  readonly #child: Deno.ChildProcess;
  readonly #stdin: WritableStreamDefaultWriter<Uint8Array>;
  readonly #lines: string[] = [];
  #wake: () => void = () => {};
  #stdoutEnded = false;
  #stderr = "";
  readonly #reading: Promise<void>;

  constructor(command: readonly string[], storeArgs: readonly string[]) {
    const [program, ...args] = command;
    this.startedAt = performance.now();
    try {
      this.#child = new Deno.Command(program!, {
        args: [...args, ...storeArgs],
        cwd: ROOT,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
    } catch (error) {
      fail(`cannot start ${program}: ${(error as Error).message}`);
    }
    this.#stdin = this.#child.stdin.getWriter();
    this.#reading = Promise.all([this.#readStdout(), this.#readStderr()]).then(() => {});
  }

  /** The last lines the server wrote to stderr, for a failure report. */
  get stderrTail(): string {
    return this.#stderr.trimEnd().split("\n").slice(-5).join("\n");
  }

  async write(text: string): Promise<void> {
    try {
      await this.#stdin.write(new TextEncoder().encode(text));
    } catch (error) {
      fail(`cannot write to the server, which may have exited: ${(error as Error).message}`);
    }
  }

  async request(id: number, method: string, params?: unknown): Promise<Json> {
    await this.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    return await this.nextMessage(`${method} (id ${id})`);
  }

  /** The next stdout line, parsed; `what` names the awaited answer in a failure. */
  async nextMessage(what: string): Promise<Json> {
    const deadline = Date.now() + ANSWER_TIMEOUT_MS;
    while (this.#lines.length === 0 && !this.#stdoutEnded) {
      const left = deadline - Date.now();
      if (left <= 0) fail(`no answer to ${what} within ${ANSWER_TIMEOUT_MS / 1000} s`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((wake) => {
        this.#wake = wake;
        timer = setTimeout(wake, left);
      });
      clearTimeout(timer);
    }
    const line = this.#lines.shift();
    if (line === undefined) fail(`stdout ended before the answer to ${what}`);
    try {
      return JSON.parse(line);
    } catch {
      fail(`the answer to ${what} is not JSON: ${show(line)}`);
    }
  }

  /** Closes stdin and returns the exit code and whatever stdout still held. */
  async endInput(): Promise<{ code: number; rest: string[] }> {
    await this.#stdin.close().catch(() => {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<"timeout">((done) => {
      timer = setTimeout(() => done("timeout"), EXIT_TIMEOUT_MS);
    });
    const status = await Promise.race([this.#child.status, timedOut]);
    clearTimeout(timer);
    if (status === "timeout") fail(`did not exit within ${EXIT_TIMEOUT_MS / 1000} s of EOF`);
    await this.#reading;
    return { code: status.code, rest: this.#lines.splice(0) };
  }

  /** Ends the process if it still runs; safe after it exited. */
  async kill(): Promise<void> {
    try {
      this.#child.kill("SIGKILL");
    } catch {
      // It has already exited.
    }
    await this.#child.status;
    await this.#reading.catch(() => {});
  }

  async #readStdout(): Promise<void> {
    let buffer = "";
    try {
      for await (const chunk of this.#child.stdout.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        let newline;
        while ((newline = buffer.indexOf("\n")) !== -1) {
          this.#lines.push(buffer.slice(0, newline).replace(/\r$/, ""));
          buffer = buffer.slice(newline + 1);
        }
        this.#wake();
      }
    } finally {
      if (buffer !== "") this.#lines.push(buffer);
      this.#stdoutEnded = true;
      this.#wake();
    }
  }

  async #readStderr(): Promise<void> {
    for await (const chunk of this.#child.stderr.pipeThrough(new TextDecoderStream())) {
      this.#stderr += chunk;
    }
  }
}

/** The types the checks know a field by; "string|null" accepts either. */
export type FieldType = "string" | "number" | "boolean" | "array" | "object" | "string|null";

/**
 * A JSON value's type as the checks name it: typeof, with "null" and "array" told apart.
 *
 * @example
 * ```ts
 * import { typeOf } from "./smoke_session.ts";
 * typeOf([]); // "array"
 * ```
 */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

/**
 * Fails unless `value` is an object whose listed fields have the listed types.
 *
 * @example
 * ```ts
 * import { expectFields } from "./smoke_session.ts";
 * expectFields({ id: "a", done: false }, { id: "string", done: "boolean" }, "tasks[0]");
 * ```
 */
export function expectFields(
  value: unknown,
  fields: Record<string, FieldType>,
  where: string,
): void {
  if (typeOf(value) !== "object") fail(`${where}: expected an object, got ${show(value)}`);
  for (const [key, type] of Object.entries(fields)) {
    const actual = typeOf((value as Record<string, unknown>)[key]);
    if (!type.split("|").includes(actual)) {
      fail(`${where}.${key}: expected ${type}, got ${show((value as Json)[key])}`);
    }
  }
}

/**
 * Fails unless `actual` deeply equals `expected`; `where` names the value in the failure.
 *
 * @example
 * ```ts
 * import { expectEqual } from "./smoke_session.ts";
 * expectEqual([1, 2], [1, 2], "the list");
 * ```
 */
export function expectEqual(actual: unknown, expected: unknown, where: string): void {
  if (!isDeepStrictEqual(actual, expected)) {
    fail(`${where}: expected ${show(expected)}, got ${show(actual)}`);
  }
}

/**
 * Fails unless `response` is a JSON-RPC success answer to `id`; returns its result.
 *
 * @example
 * ```ts
 * import { expectResult } from "./smoke_session.ts";
 * const result = expectResult({ jsonrpc: "2.0", id: 2, result: { tools: [] } }, 2, "tools/list");
 * ```
 */
export function expectResult(response: Json, id: number, what: string): Json {
  if (response?.jsonrpc !== "2.0" || response.id !== id || typeOf(response.result) !== "object") {
    fail(`${what}: expected a result for id ${id}, got ${show(response)}`);
  }
  return response.result;
}

/**
 * Checks a tools/call result: not an error, one text block that is exactly the JSON of
 * structuredContent, and the tool's fields; returns structuredContent.
 *
 * @example
 * ```ts
 * import { expectToolResult } from "./smoke_session.ts";
 * const tasks = { tasks: [], nextCursor: null };
 * const content = [{ type: "text", text: JSON.stringify(tasks) }];
 * expectToolResult({ content, structuredContent: tasks }, "list_tasks", { tasks: "array" });
 * ```
 */
export function expectToolResult(
  result: Json,
  tool: string,
  fields: Record<string, FieldType>,
): Json {
  if (result.isError === true) fail(`${tool}: answered an error: ${show(result.content)}`);
  const structured = result.structuredContent;
  expectFields(structured, fields, `${tool} structuredContent`);
  const text = result.content?.[0]?.text;
  if (result.content?.[0]?.type !== "text" || typeof text !== "string") {
    fail(`${tool}: content[0] is not a text block: ${show(result.content)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    fail(`${tool}: content[0].text is not JSON: ${show(text)}`);
  }
  if (!isDeepStrictEqual(parsed, structured)) {
    fail(`${tool}: content[0].text is not the same JSON as structuredContent: ${show(text)}`);
  }
  return structured;
}

/**
 * `error` with the tail of the server's stderr added, when it is a deviation and the server
 * said something; any other error is returned as it is.
 *
 * @example
 * ```ts
 * import { Session, withStderr } from "./smoke_session.ts";
 * const session = new Session(["dist/transcript-mcp"], ["--demo"]);
 * try {
 *   await session.request(1, "ping");
 * } catch (error) {
 *   await session.kill();
 *   throw withStderr(error, session);
 * }
 * ```
 */
export function withStderr(error: unknown, session: Session): unknown {
  if (!(error instanceof SmokeFailure) || session.stderrTail === "") return error;
  return new SmokeFailure(
    `${error.message}\n  server stderr:\n    ${session.stderrTail.replaceAll("\n", "\n    ")}`,
  );
}
