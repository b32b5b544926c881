/**
 * Start-up loads only what `initialize` needs (issue #26): the tools, the pool, prompts,
 * resources and completions load on first use. Here their first uses come all at once, before
 * the client even says it is initialized, and each answer must be the one the same request
 * gets once everything has loaded.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { type Message, startServer } from "../helpers/server_process.ts";

/** One of each kind of request a lazily loaded module answers. */
const FIRST_USES: readonly { method: string; params?: unknown }[] = [
  { method: "tools/list" },
  { method: "tools/call", params: { name: "list_transcripts", arguments: { limit: 2 } } },
  {
    method: "tools/call",
    params: { name: "search_transcripts", arguments: { query: "costs", mode: "meaning" } },
  },
  { method: "tools/call", params: { name: "search_transcripts", arguments: { query: "pricing" } } },
  { method: "tools/call", params: { name: "get_turns", arguments: { id: "nope" } } },
  { method: "tools/call", params: { name: "no_such_tool", arguments: {} } },
  { method: "prompts/list" },
  { method: "prompts/get", params: { name: "prepare_for", arguments: { topic: "pricing" } } },
  { method: "resources/list" },
  { method: "resources/templates/list" },
  {
    method: "completion/complete",
    params: {
      ref: { type: "ref/prompt", name: "prepare_for" },
      argument: { name: "topic", value: "pri" },
    },
  },
];

Deno.test("first uses of every lazily loaded part, all at once, answer as they do once loaded", async () => {
  const server = startServer(["--demo"]);
  try {
    const init = await server.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test", version: "0" },
    });
    assertEquals(init["result"].serverInfo.name, "transcript-mcp");
    // No notifications/initialized yet: nothing has started loading the tools.
    let id = 1;
    const ids = FIRST_USES.map(() => id++);
    await server.writeRaw(
      FIRST_USES.map((request, i) => JSON.stringify({ jsonrpc: "2.0", id: ids[i], ...request }))
        .join("\n") + "\n",
    );
    const concurrent = new Map<unknown, Message>();
    while (concurrent.size < FIRST_USES.length) {
      const answer = await server.next();
      concurrent.set(answer["id"], answer);
    }
    await server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    for (const [i, request] of FIRST_USES.entries()) {
      const first = concurrent.get(ids[i])!;
      const again = await server.request(request.method, request.params);
      const label = `${request.method} ${JSON.stringify(request.params ?? {})}`;
      assertEquals({ ...first, id: 0 }, { ...again, id: 0 }, label);
    }
    // The answers are real ones, not the same failure twice.
    const byMethod = (i: number) => concurrent.get(ids[i])!;
    assert(byMethod(0)["result"].tools.length === 6);
    assert(byMethod(1)["result"].structuredContent.transcripts.length === 2);
    assert(byMethod(2)["result"].structuredContent.results.length > 0);
    assertEquals(byMethod(2)["result"].isError, undefined);
    assertEquals(byMethod(5)["error"].code, -32602);
    assert(byMethod(6)["result"].prompts.length > 0);
    assert(byMethod(7)["result"].messages.length > 0);
    assert(byMethod(8)["result"].resources.length > 0);
    assert(Array.isArray(byMethod(10)["result"].completion.values));
  } finally {
    await server.kill();
  }
});
