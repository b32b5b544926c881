/**
 * Wire tests: odd but legal message shapes (unknown members, request/response hybrids, null
 * params and arguments, _meta the SDK refuses) each get exactly one answer.
 */
import { assertEquals } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import type { ServerProcess } from "../helpers/server_process.ts";
import {
  answerTo,
  assertError,
  INIT_PARAMS,
  session as sessionOn,
  SharedSession,
} from "../helpers/wire_session.ts";
import { TOOLS } from "../../lib/tools/registry.ts";

const fixture = buildFixtureStore();
globalThis.addEventListener("unload", () => fixture.cleanup());

const session = (fn: (server: ServerProcess) => Promise<void>, init = true) =>
  sessionOn(fixture.path, fn, init);
/** The rules that hold on any initialized session share one server; the last of them ends it. */
const shared = new SharedSession(fixture.path);

Deno.test("unknown members, at the top or in params, are ignored by every method", async () => {
  await session(async (server) => {
    const extra = { extra: 1, "x-trace-id": "t", Method: "tools/call", ID: 7 };
    const init = await answerTo(server, {
      jsonrpc: "2.0",
      id: "i",
      method: "initialize",
      params: { ...INIT_PARAMS, extra: true },
      ...extra,
    });
    assertEquals(init["id"], "i");
    assertEquals(init["result"].serverInfo.name, "transcript-mcp");
    await server.send({ jsonrpc: "2.0", method: "notifications/initialized", ...extra });
    const ping = await answerTo(server, { jsonrpc: "2.0", id: 56, method: "ping", ...extra });
    assertEquals(ping, { jsonrpc: "2.0", id: 56, result: {} });
    const list = await answerTo(server, {
      jsonrpc: "2.0",
      id: 57,
      method: "tools/list",
      params: { extra: [1] },
      ...extra,
    });
    assertEquals(list["result"].tools.length, TOOLS.length);
    const call = await answerTo(server, {
      jsonrpc: "2.0",
      id: 58,
      method: "tools/call",
      params: { name: "list_transcripts", arguments: { limit: 1 }, extra: 1 },
      ...extra,
    });
    assertEquals(call["result"].structuredContent.transcripts.length, 1);
    const unknown = await answerTo(server, { jsonrpc: "2.0", id: 59, method: "x/y", ...extra });
    assertError(unknown, 59, -32601);
    const proto = '{"__proto__":{"polluted":1},"jsonrpc":"2.0","id":60,"method":"ping"}\n';
    await server.writeRaw(proto);
    assertEquals(await server.next(), { jsonrpc: "2.0", id: 60, result: {} });
  }, false);
});

Deno.test("a request that also carries result or error answers -32600 with its id", async () => {
  await shared.use(async (server) => {
    const hybrids: [unknown, Record<string, unknown>][] = [
      [52, { method: "ping", result: {} }],
      ["s", { method: "tools/list", error: { code: 1, message: "m" } }],
      [53, { method: "tools/call", params: { name: "list_tasks" }, result: null }],
      [54, { method: "initialize", params: INIT_PARAMS, result: {} }],
    ];
    for (const [id, members] of hybrids) {
      const answer = await answerTo(server, { jsonrpc: "2.0", id, ...members });
      assertError(answer, id, -32600, /carries no result or error/);
    }
    const note = await answerTo(server, { jsonrpc: "2.0", method: "n", result: {} });
    assertError(note, null, -32600);
    assertEquals((await server.request("ping"))["result"], {});
  });
});

Deno.test("null params and null arguments mean none", async () => {
  await shared.use(async (server) => {
    const ping = await answerTo(server, { jsonrpc: "2.0", id: 1, method: "ping", params: null });
    assertEquals(ping, { jsonrpc: "2.0", id: 1, result: {} });
    const list = await answerTo(server, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/list",
      params: null,
    });
    assertEquals(list["result"].tools.length, TOOLS.length);
    const defaults = await server.callTool("list_tasks");
    assertEquals(await server.callTool("list_tasks", null), defaults);
    assertEquals(defaults.isError, undefined);
    await server.send({ jsonrpc: "2.0", method: "notifications/initialized", params: null });
    // Where params are required, null is as if they were left out.
    const call = await answerTo(server, {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: null,
    });
    assertError(call, 3, -32602, /params\.name/);
    const init = await answerTo(server, {
      jsonrpc: "2.0",
      id: 4,
      method: "initialize",
      params: null,
    });
    assertError(init, 4, -32600, /Already initialized/);
  });
  await session(async (server) => {
    const init = await answerTo(server, {
      jsonrpc: "2.0",
      id: 5,
      method: "initialize",
      params: null,
    });
    assertError(init, 5, -32602, /protocolVersion/);
  }, false);
});

Deno.test("_meta the SDK's schema refuses answers -32602 rather than nothing", async () => {
  await shared.last(async (server) => {
    for (const task of [5, {}, { taskId: 1 }]) {
      const meta = { "io.modelcontextprotocol/related-task": task };
      const answer = await server.request("ping", { _meta: meta });
      assertError(answer, answer["id"], -32602, /related-task/);
    }
  });
});
