/**
 * Slow queries over the wire: a runaway search does not hold the server hostage.
 */
import { assertEquals } from "../helpers/assert.ts";
import { buildFixtureStore, SLOW_QUERY, slowSearchTranscripts } from "../helpers/fixture_store.ts";
import { runCli, startServer } from "../helpers/server_process.ts";
import { assertToolError } from "../helpers/tool_error.ts";

const slow = buildFixtureStore({ transcripts: slowSearchTranscripts(), tasks: [] });
globalThis.addEventListener("unload", () => slow.cleanup());

const slowSearch = (id: string) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "search_transcripts", arguments: { query: SLOW_QUERY } },
});

Deno.test("ping and other calls are answered while a slow search runs", async () => {
  const server = startServer(["--db", slow.path]);
  try {
    await server.initialize();
    await server.send(slowSearch("slow"));
    await server.send({ jsonrpc: "2.0", id: "ping", method: "ping" });
    await server.send({
      jsonrpc: "2.0",
      id: "fast",
      method: "tools/call",
      params: { name: "get_transcript", arguments: { id: "slow-0001", maxChars: 1000 } },
    });
    const order = [
      (await server.next())["id"],
      (await server.next())["id"],
      (await server.next())["id"],
    ];
    // Both are answered while the search runs; which of the two goes first is not fixed.
    assertEquals([...order.slice(0, 2)].sort(), ["fast", "ping"]);
    assertEquals(order[2], "slow");
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
  }
});

Deno.test("--timeout-ms: a call past its deadline answers timeout and the server goes on", async () => {
  // The search takes 0.7 s or more: seven times the deadline, more on a loaded machine.
  const server = startServer(["--db", slow.path, "--timeout-ms", "100"]);
  try {
    await server.initialize();
    await server.send(slowSearch("slow"));
    const answer = await server.next();
    assertEquals(answer["id"], "slow");
    assertToolError(answer["result"], "timeout", /ran past its 100 ms deadline/);
    const next = await server.callTool("list_transcripts", { limit: 2 });
    assertEquals(next["structuredContent"].transcripts.length, 2);
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
  }
});

Deno.test("a cancelled slow search gets no answer and frees the server", async () => {
  const server = startServer(["--db", slow.path]);
  try {
    await server.initialize();
    await server.send(slowSearch("doomed"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await server.send({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: "doomed", reason: "user gave up" },
    });
    const next = await server.callTool("list_tasks", {});
    assertEquals(next["structuredContent"].tasks, []);
    const { code, rest } = await server.finish();
    assertEquals(code, 0);
    assertEquals(rest, [], "the cancelled request is never answered");
  } finally {
    await server.kill();
  }
});

Deno.test("the call command keeps the same deadline: --timeout-ms stops a slow search", async () => {
  const { code, stdout } = await runCli([
    "--db",
    slow.path,
    "--timeout-ms",
    "100",
    "call",
    "search_transcripts",
    JSON.stringify({ query: SLOW_QUERY }),
  ]);
  assertEquals(code, 1);
  assertEquals(JSON.parse(stdout).error.code, "timeout");
});
