/**
 * Wire tests: the real server (`deno task start`) spoken to in raw lines, one test per rule.
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { assertToolError } from "../helpers/tool_error.ts";
import { type Message, type ServerProcess, startServer } from "../helpers/server_process.ts";
import { assertError, session as sessionOn, SharedSession } from "../helpers/wire_session.ts";
import { TOOLS } from "../../lib/tools/registry.ts";
import { VERSION } from "../../lib/config/version.ts";

const fixture = buildFixtureStore();
globalThis.addEventListener("unload", () => fixture.cleanup());

const session = (fn: (server: ServerProcess) => Promise<void>, init = true) =>
  sessionOn(fixture.path, fn, init);
/**
 * The rules that hold on any initialized session share one server, in the order below; the
 * last of them ends it. Those about initialize or the end of input start their own.
 */
const shared = new SharedSession(fixture.path);

Deno.test("initialize returns server info, tools capability and instructions", async () => {
  await session(async (server) => {
    const response = await server.initialize();
    const result = response["result"];
    assertEquals(result.serverInfo, { name: "transcript-mcp", version: VERSION });
    assertEquals(result.protocolVersion, "2025-06-18");
    assert(result.capabilities.tools !== undefined);
    assertMatch(result.instructions, /read-only/);
    assertMatch(result.instructions, /local/);
  }, false);
});

Deno.test("initialize negotiates protocol versions 2024-11-05 through 2025-11-25", async () => {
  for (const version of ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]) {
    await session(async (server) => {
      const response = await server.initialize(version);
      assertEquals(response["result"].protocolVersion, version);
    }, false);
  }
  await session(async (server) => {
    const response = await server.initialize("1999-01-01");
    assertEquals(response["result"].protocolVersion, "2025-11-25");
  }, false);
});

Deno.test("a notification produces no response", async () => {
  await shared.use(async (server) => {
    await server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    await server.send({ jsonrpc: "2.0", method: "notifications/whatever", params: { x: 1 } });
    const pong = await server.request("ping");
    assertEquals(pong["result"], {});
  });
});

Deno.test("tools/list advertises exactly the tools, read-only, with object schemas", async () => {
  await shared.use(async (server) => {
    const { result } = await server.request("tools/list");
    assertEquals(result.tools.map((t: Message) => t["name"]), TOOLS.map((t) => t.name));
    for (const tool of result.tools) {
      assertEquals(tool.annotations, {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
      assertEquals(tool.inputSchema.type, "object");
      assertEquals(tool.outputSchema.type, "object");
      assert(tool.title.length > 0 && tool.description.length > 20);
    }
  });
});

Deno.test("the parse error has JSON-RPC 2.0 shape with id null", async () => {
  await shared.use(async (server) => {
    await server.writeRaw('{"jsonrpc":"2.0","id":1,"method":"ping"\n');
    const response = await server.next();
    assertEquals(Object.keys(response).sort(), ["error", "id", "jsonrpc"]);
    assertError(response, null, -32700, /^Parse error/);
  });
});

Deno.test("invalid UTF-8 is a parse error and the session goes on", async () => {
  await shared.use(async (server) => {
    await server.writeRaw(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d, 0x0a]));
    assertError(await server.next(), null, -32700, /UTF-8/);
    assertEquals((await server.request("ping"))["result"], {});
  });
});

Deno.test("batches, non-objects and bad envelopes answer -32600, echoing a readable id", async () => {
  await shared.use(async (server) => {
    const cases: [string, unknown][] = [
      ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', null],
      ["[]", null],
      ["42", null],
      ['"ping"', null],
      ["null", null],
      ['{"id":7,"method":"ping"}', 7],
      ['{"jsonrpc":"1.0","id":"a","method":"ping"}', "a"],
      ['{"jsonrpc":"2.0","id":1.5,"method":"ping"}', null],
      ['{"jsonrpc":"2.0","id":null,"method":"ping"}', null],
      ['{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}', null],
      ['{"jsonrpc":"2.0","id":true,"method":"ping"}', null],
      ['{"jsonrpc":"2.0","id":8,"method":42}', 8],
      ['{"jsonrpc":"2.0","id":9,"method":"ping","params":[1]}', 9],
      ['{"jsonrpc":"2.0","id":10}', 10],
      ['{"jsonrpc":"2.0"}', null],
    ];
    for (const [line, id] of cases) {
      await server.writeRaw(`${line}\n`);
      assertError(await server.next(), id, -32600, /^Invalid Request/);
    }
  });
});

Deno.test("blank lines are skipped and CRLF endings accepted", async () => {
  await shared.use(async (server) => {
    await server.writeRaw('\n\r\n   \n{"jsonrpc":"2.0","id":"crlf","method":"ping"}\r\n');
    const response = await server.next();
    assertEquals(response, { jsonrpc: "2.0", id: "crlf", result: {} });
  });
});

Deno.test("a message split across writes is read whole", async () => {
  await shared.use(async (server) => {
    const line = '{"jsonrpc":"2.0","id":"split","method":"ping"}\n';
    for (const part of [line.slice(0, 5), line.slice(5, 30), line.slice(30)]) {
      await server.writeRaw(part);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assertEquals((await server.next())["id"], "split");
  });
});

Deno.test("a line over 8 MiB answers 'message too large' and the session goes on", async () => {
  await shared.use(async (server) => {
    const chunk = "x".repeat(1024 * 1024);
    await server.writeRaw('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"');
    for (let i = 0; i < 9; i++) await server.writeRaw(chunk);
    await server.writeRaw('"}}\n');
    assertError(await server.next(), null, -32600, /message too large/);
    assertEquals((await server.request("ping"))["result"], {});
  });
});

Deno.test("before initialize only ping is served; other requests get 'Send initialize first'", async () => {
  await session(async (server) => {
    assertEquals((await server.request("ping"))["result"], {});
    assertError(await server.request("tools/list"), 1001, -32600, /^Send initialize first$/);
    const call = await server.request("tools/call", { name: "list_transcripts" });
    assertError(call, 1002, -32600, /^Send initialize first$/);
    await server.initialize();
    assert(Array.isArray((await server.request("tools/list"))["result"].tools));
  }, false);
});

Deno.test("a second initialize answers -32600", async () => {
  await shared.use(async (server) => {
    const again = await server.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "again", version: "1" },
    });
    assertError(again, again["id"], -32600, /Already initialized/);
  });
});

Deno.test("malformed initialize params answer -32602 without a validation dump", async () => {
  await session(async (server) => {
    const bad = await server.request("initialize", { protocolVersion: 2025, capabilities: {} });
    assertError(bad, bad["id"], -32602, /protocolVersion/);
    const deep = await server.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: { roots: 5 },
      clientInfo: { name: "x", version: "1" },
    });
    assert(
      deep["error"] === undefined || !/[[{]/.test(deep["error"].message),
      JSON.stringify(deep),
    );
  }, false);
});

Deno.test("unknown method answers -32601", async () => {
  await shared.use(async (server) => {
    // Resources are served, but not subscriptions: the capability does not offer them.
    const subscribe = await server.request("resources/subscribe", { uri: "transcript://store/x" });
    assertError(subscribe, subscribe["id"], -32601, /Method not found/);
    const madeUp = await server.request("no/such/method", {});
    assertError(madeUp, madeUp["id"], -32601);
  });
});

Deno.test("ping answers an empty result", async () => {
  await shared.use(async (server) => {
    await server.send({ jsonrpc: "2.0", id: "p-1", method: "ping" });
    assertEquals(await server.next(), { jsonrpc: "2.0", id: "p-1", result: {} });
  });
});

Deno.test("tools/call without a string name or with non-object arguments answers -32602", async () => {
  await shared.use(async (server) => {
    for (const params of [{}, { name: 5 }, { name: null }]) {
      const response = await server.request("tools/call", params);
      assertError(response, response["id"], -32602, /params\.name/);
    }
    for (const args of [[], "x", 5]) {
      const response = await server.request("tools/call", { name: "list_tasks", arguments: args });
      assertError(response, response["id"], -32602, /params\.arguments must be an object/);
    }
    const meta = await server.request("tools/call", { name: "list_tasks", _meta: "x" });
    assertError(meta, meta["id"], -32602, /_meta/);
  });
});

Deno.test("unknown tool answers -32602 'Unknown tool: X'", async () => {
  await shared.use(async (server) => {
    const response = await server.request("tools/call", { name: "delete_everything" });
    assertError(response, response["id"], -32602, /^Unknown tool: delete_everything$/);
    // The workers' internal parts of a split search are not tools a client can call.
    const internal = await server.request("tools/call", { name: "search_transcripts.rank" });
    assertError(internal, internal["id"], -32602, /^Unknown tool: search_transcripts\.rank$/);
  });
});

Deno.test("tools/call answers structuredContent and the same JSON as text", async () => {
  await shared.use(async (server) => {
    const result = await server.callTool("list_transcripts", { limit: 2 });
    assertEquals(result.content.length, 1);
    assertEquals(result.content[0].type, "text");
    assertEquals(JSON.parse(result.content[0].text), result.structuredContent);
    assertEquals(result.content[0].text, JSON.stringify(result.structuredContent));
    assertEquals(result.structuredContent.transcripts.length, 2);
    const invalid = await server.callTool("list_transcripts", { limit: "twenty" });
    assertToolError(invalid, "invalid_arguments", /^limit: expected number/);
  });
});

Deno.test("notifications/cancelled suppresses the answer, for id 0 and string ids alike", async () => {
  await shared.use(async (server) => {
    const call = (id: unknown) =>
      JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "list_tasks" } });
    const cancel = (id: unknown) =>
      JSON.stringify({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: id },
      });
    await server.writeRaw(`${call(0)}\n${cancel(0)}\n${call("s")}\n${cancel("s")}\n`);
    await server.writeRaw(`${call(1)}\n`);
    const answered = await server.next();
    assertEquals(answered["id"], 1, "only the request that was not cancelled is answered");
    assertEquals((await server.request("ping"))["result"], {});
  });
});

Deno.test("duplicate ids are each answered", async () => {
  await shared.last(async (server) => {
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 5, method: "ping" });
    await server.writeRaw(`${ping}\n${ping}\n`);
    assertEquals((await server.next())["id"], 5);
    assertEquals((await server.next())["id"], 5);
  });
});

Deno.test("EOF on stdin finishes in-flight work and exits 0", async () => {
  const server = startServer(["--db", fixture.path]);
  try {
    await server.initialize();
    const lines = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({
        jsonrpc: "2.0",
        id: i,
        method: "tools/call",
        params: { name: "search_transcripts", arguments: { query: "pricing" } },
      }));
    await server.writeRaw(`${lines.join("\n")}\n`);
    const { code, rest } = await server.finish();
    assertEquals(code, 0);
    const ids = rest.map((line) => JSON.parse(line)["id"]).sort((a, b) => a - b);
    assertEquals(ids, Array.from({ length: 20 }, (_, i) => i));
  } finally {
    await server.kill();
  }
});

Deno.test("stdout carries only JSON-RPC lines; logs go to stderr", async () => {
  const server = startServer(["--db", fixture.path]);
  try {
    await server.initialize();
    await server.writeRaw("garbage\n");
    assertError(await server.next(), null, -32700);
    await server.request("tools/list");
    await server.callTool("search_transcripts", { query: "POL-358" });
    const { rest, stderr } = await server.finish();
    for (const line of rest) assertEquals(JSON.parse(line)["jsonrpc"], "2.0");
    assertMatch(stderr, /read-only/);
    assert(!/\n\s+at /.test(stderr), "no stack trace on stderr");
  } finally {
    await server.kill();
  }
});
