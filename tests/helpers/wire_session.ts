/**
 * Raw-line wire sessions for the protocol tests: a session on a store that must end with exit
 * 0 and no stray output, the one JSON-RPC error shape, and sending one message for its answer.
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
    const { code, rest } = await server.finish();
    assertEquals(rest, [], "no unexpected output after the session");
    assertEquals(code, 0);
  } finally {
    await server.kill();
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
