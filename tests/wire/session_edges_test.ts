/**
 * Wire tests: session edges found by an adversarial review of the wire layer, each on the real
 * server (`deno task start`) in raw lines.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { type ServerProcess, startServer } from "../helpers/server_process.ts";
import { assertError, INIT_PARAMS, session as sessionOn } from "../helpers/wire_session.ts";

const fixture = buildFixtureStore();
globalThis.addEventListener("unload", () => fixture.cleanup());

const session = (fn: (server: ServerProcess) => Promise<void>, init = true) =>
  sessionOn(fixture.path, fn, init);

Deno.test("an initialize refused for its params leaves the session to a corrected one", async () => {
  await session(async (server) => {
    // Passes the gate's own checks; the SDK's schema refuses it.
    const refused = await server.request("initialize", {
      ...INIT_PARAMS,
      capabilities: { roots: 5 },
    });
    assertError(refused, refused["id"], -32602);
    const early = await server.request("tools/list");
    assertError(early, early["id"], -32600, /^Send initialize first$/);
    const accepted = await server.initialize();
    assertEquals(accepted["result"].protocolVersion, INIT_PARAMS.protocolVersion);
    assert(Array.isArray((await server.request("tools/list"))["result"].tools));
  }, false);
});

Deno.test("a cancellation of initialize is ignored: initialize is answered all the same", async () => {
  await session(async (server) => {
    const initialize = { jsonrpc: "2.0", id: "init", method: "initialize", params: INIT_PARAMS };
    const cancel = {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: "init" },
    };
    // One write: the cancellation arrives while initialize is still being answered.
    await server.writeRaw(`${JSON.stringify(initialize)}\n${JSON.stringify(cancel)}\n`);
    const answer = await server.next();
    assertEquals(answer["id"], "init");
    assertEquals(answer["result"].protocolVersion, INIT_PARAMS.protocolVersion);
  }, false);
});

Deno.test("an error response from the client with a null id or none is not answered", async () => {
  await session(async (server) => {
    // What a peer sends about a line of ours it could not read: JSON-RPC's null id, or
    // MCP 2025-11-25's none. Answering it could trade errors with such a peer for ever.
    const error = { code: -32700, message: "Parse error" };
    await server.send({ jsonrpc: "2.0", id: null, error });
    await server.send({ jsonrpc: "2.0", error });
    const ping = await server.request("ping");
    assertEquals(ping["result"], {}, "the next line answers the ping");
  });
});

Deno.test("calls whose deadline passed before they reach a worker log nothing but our lines", async () => {
  const server = startServer(["--db", fixture.path, "--timeout-ms", "1"]);
  try {
    await server.initialize();
    // Each deadline starts on arrival; the cheap calls run first on the main thread, so the
    // search reaches the worker pool with its deadline already passed.
    const call = (id: number, name: string, args: unknown) =>
      JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name, arguments: args },
      });
    const lines = Array.from({ length: 200 }, (_, id) => call(id, "list_transcripts", {}));
    lines.push(call(200, "search_transcripts", { query: "pricing" }));
    await server.writeRaw(`${lines.join("\n")}\n`);
    const { code, rest, stderr } = await server.finish();
    assertEquals(code, 0);
    assertEquals(rest.length, 201, "every call answered");
    for (const line of stderr.trimEnd().split("\n")) {
      assert(line.startsWith("transcript-mcp: "), `a stray line on stderr: ${line}`);
    }
  } finally {
    await server.kill();
  }
});
