/**
 * Raw-line wire sessions for the protocol tests: a session on a store that must end with exit
 * 0 and no stray output (its own, or one a file's tests share), the one JSON-RPC error shape,
 * and sending one message for its answer.
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { type Message, type ServerProcess, startServer } from "./server_process.ts";

/**
 * Runs `fn` against a server on the store at `db` (initialized unless `init` is false), then
 * ends the input and asserts a clean exit with nothing more written.
 */
export async function session(
  db: string,
  fn: (server: ServerProcess) => Promise<void>,
  init = true,
): Promise<void> {
  const server = startServer(["--db", db]);
  try {
    if (init) await server.initialize();
    await fn(server);
    await finishClean(server);
  } finally {
    await server.kill();
  }
}

/** Ends the input and asserts exit 0 with nothing more written. */
async function finishClean(server: ServerProcess): Promise<void> {
  const { code, rest } = await server.finish();
  assertEquals(rest, [], "no unexpected output after the session");
  assertEquals(code, 0);
}

/**
 * One initialized server on the store at `db`, shared by the tests of a file that leave it as
 * they found it: each spawn costs a whole Deno start-up, the most of such a test's CPU time
 * (issue #26). The first test's {@link SharedSession.use} starts it, and the file's last test
 * that shares it runs in {@link SharedSession.last}, which ends it as {@link session} ends one.
 * A stray line in between fails the next request, whose answer must carry its id.
 */
export class SharedSession {
  readonly #args: string[];
  #server: Promise<ServerProcess> | undefined;

  constructor(db: string) {
    this.#args = ["--db", db];
  }

  /** Runs `fn` against the shared server, started and initialized if it is not yet. */
  async use(fn: (server: ServerProcess) => Promise<void>): Promise<void> {
    this.#server ??= (async () => {
      const server = startServer(this.#args);
      await server.initialize();
      return server;
    })();
    await fn(await this.#server);
  }

  /**
   * Runs `fn` as {@link use} does, then ends the input and asserts exit 0 with nothing more
   * written. When `fn` fails, that failure is the one reported, not the session's end.
   */
  async last(fn: (server: ServerProcess) => Promise<void>): Promise<void> {
    let failed = true;
    try {
      await this.use(fn);
      failed = false;
    } finally {
      const server = this.#server;
      this.#server = undefined;
      if (server !== undefined) {
        const started = await server;
        try {
          if (!failed) await finishClean(started);
        } finally {
          await started.kill();
        }
      }
    }
  }
}

/** Asserts `message` is a JSON-RPC error for `id` with `code` and a one-line message. */
export function assertError(message: Message, id: unknown, code: number, pattern?: RegExp): void {
  assertEquals(message["jsonrpc"], "2.0");
  assertEquals(message["id"], id);
  assertEquals(message["result"], undefined);
  assertEquals(message["error"]["code"], code);
  assertEquals(typeof message["error"]["message"], "string");
  assert(!message["error"]["message"].includes("\n"), "one-line message");
  if (pattern !== undefined) assertMatch(message["error"]["message"], pattern);
}

/** initialize's params, as a client sends them. */
export const INIT_PARAMS = {
  protocolVersion: "2025-06-18",
  capabilities: {},
  clientInfo: { name: "test", version: "0" },
};

/** Writes `message` as one line and returns the next answer. */
export async function answerTo(server: ServerProcess, message: unknown): Promise<Message> {
  await server.send(message);
  return await server.next();
}
