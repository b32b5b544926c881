/**
 * The wire rules hold for resources, prompts and completions as they do for tools: nothing
 * before initialize, malformed params answered -32602 in one line, a cancelled request never
 * answered, every other request answered exactly once, and a read past its deadline or of a
 * source that cannot be read answered with a JSON-RPC error, never a stack trace.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import {
  buildFixtureStore,
  fixtureTranscripts,
  longEmojiTranscript,
} from "../helpers/fixture_store.ts";
import { type Message, type ServerProcess, startServer } from "../helpers/server_process.ts";
import { assertError, session as sessionOn, SharedSession } from "../helpers/wire_session.ts";
import { join } from "node:path";

const long = longEmojiTranscript(20_000);
const fixture = buildFixtureStore({ transcripts: [...fixtureTranscripts(10), long] });
globalThis.addEventListener("unload", () => fixture.cleanup());
const item = fixture.transcripts[0]!;

const session = (fn: (server: ServerProcess) => Promise<void>, init = true) =>
  sessionOn(fixture.path, fn, init);
/** The rules that hold on any initialized session share one server; the last of them ends it. */
const shared = new SharedSession(fixture.path);

/** A well-formed request of each new method. */
const REQUESTS: [string, Record<string, unknown>][] = [
  ["resources/list", {}],
  ["resources/templates/list", {}],
  ["resources/read", { uri: `transcript://store/${item.id}` }],
  ["prompts/list", {}],
  ["prompts/get", { name: "summarize_transcript", arguments: { id: item.id } }],
  ["completion/complete", {
    ref: { type: "ref/prompt", name: "action_items" },
    argument: { name: "id", value: "fixture" },
  }],
];

Deno.test("before initialize, resources, prompts and completions get 'Send initialize first'", async () => {
  await session(async (server) => {
    for (const [method, params] of REQUESTS) {
      const answer = await server.request(method, params);
      assertError(answer, answer["id"], -32600, /^Send initialize first$/);
    }
    await server.initialize();
    for (const [method, params] of REQUESTS) {
      const answer = await server.request(method, params);
      assert(answer["result"] !== undefined, `${method}: ${JSON.stringify(answer)}`);
    }
  }, false);
});

Deno.test("malformed params of the new methods answer -32602 in one line", async () => {
  const cases: [string, unknown, RegExp][] = [
    ["resources/list", { cursor: 5 }, /params\.cursor must be a string/],
    ["resources/list", { cursor: "zzz" }, /^Invalid params: cursor: not a cursor/],
    ["resources/templates/list", { cursor: [] }, /params\.cursor must be a string/],
    ["resources/templates/list", { cursor: "x" }, /has one page/],
    ["prompts/list", { cursor: "x" }, /has one page/],
    ["tools/list", { cursor: "abc" }, /^Invalid params: cursor: tools\/list has one page/],
    ["tools/list", { cursor: 5 }, /params\.cursor must be a string/],
    ["resources/read", {}, /params\.uri must be a string/],
    ["resources/read", { uri: { href: "x" } }, /params\.uri must be a string/],
    ["prompts/get", {}, /params\.name must be a string naming a prompt/],
    ["prompts/get", { name: "prepare_for", arguments: { topic: 5 } }, /arguments\.topic/],
    ["prompts/get", { name: "prepare_for", arguments: [] }, /params\.arguments must be/],
    ["prompts/get", { name: "prepare_for", arguments: { topic: "x".repeat(1_001) } }, /topic/],
    ["completion/complete", {}, /params\.ref must be an object/],
    ["completion/complete", { ref: { type: "ref/x" } }, /params\.ref\.type/],
    ["completion/complete", { ref: { type: "ref/prompt", name: "action_items" } }, /argument/],
    ["completion/complete", {
      ref: { type: "ref/prompt", name: "action_items" },
      argument: { name: "id", value: 1 },
    }, /params\.argument\.value must be a string/],
    ["completion/complete", {
      ref: { type: "ref/resource", uri: "transcript://{source}/{id}" },
      argument: { name: "id", value: "" },
      context: { arguments: { source: 1 } },
    }, /params\.context\.arguments\.source must be a string/],
  ];
  await shared.use(async (server) => {
    for (const [method, params, pattern] of cases) {
      const answer = await server.request(method, params);
      assertError(answer, answer["id"], -32602, pattern);
      assert(!/[[{]\s*"/.test(answer["error"].message), `no validation dump: ${method}`);
    }
  });
});

Deno.test("a read of an unknown, very long URI answers -32002 in one short line", async () => {
  const uri = `transcript://store/${"x".repeat(3_000_000)}\nline two`;
  await shared.use(async (server) => {
    const line = await server.send({
      jsonrpc: "2.0",
      id: "long",
      method: "resources/read",
      params: { uri },
    })
      .then(() => server.nextLine());
    assert(line !== null && line.length < 10_000, `a short answer: ${line?.length} characters`);
    const answer = JSON.parse(line);
    assertError(answer, "long", -32002, /^Resource not found: transcript:\/\/store\/x+…$/);
    assert(answer.error.data.uri.startsWith("transcript://store/xxx"), "data names the URI");
  });
});

Deno.test("a cancelled resources, prompts or completions request gets no answer", async () => {
  await shared.use(async (server) => {
    const lines = REQUESTS.flatMap(([method, params], i) => [
      JSON.stringify({ jsonrpc: "2.0", id: i, method, params }),
      JSON.stringify({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: i },
      }),
    ]);
    // Written at once: each cancellation is read before its request can be answered.
    await server.writeRaw(lines.join("\n") + "\n");
    assertEquals((await server.request("ping"))["result"], {});
  });
});

Deno.test("each request of the new methods is answered exactly once, duplicate ids too", async () => {
  await shared.last(async (server) => {
    const lines = REQUESTS.flatMap(([method, params]) => {
      const line = JSON.stringify({ jsonrpc: "2.0", id: method, method, params });
      return [line, line];
    });
    await server.writeRaw(lines.join("\n") + "\n");
    const answered: Message[] = [];
    for (let i = 0; i < lines.length; i++) answered.push(await server.next());
    const counts = new Map<string, number>();
    for (const answer of answered) {
      assert(answer["result"] !== undefined, JSON.stringify(answer).slice(0, 300));
      counts.set(answer["id"], (counts.get(answer["id"]) ?? 0) + 1);
    }
    assertEquals([...counts.values()], REQUESTS.map(() => 2));
    // The session's end checks that nothing more was written.
  });
});

Deno.test("a read past its deadline answers -32603 with code timeout, and the server goes on", async () => {
  // Reading and rendering 20,000 turns takes far longer than the 1 ms deadline.
  const server = startServer(["--db", fixture.path, "--timeout-ms", "1"]);
  try {
    await server.initialize();
    const answer = await server.request("resources/read", { uri: `transcript://store/${long.id}` });
    assertError(answer, answer["id"], -32603, /^resources\/read ran past its 1 ms deadline/);
    assertEquals(answer["error"].data, { code: "timeout" });
    assertEquals((await server.request("ping"))["result"], {});
    const { code, rest } = await server.finish();
    assertEquals([code, rest], [0, []]);
  } finally {
    await server.kill();
  }
});

Deno.test("a source that cannot be read answers -32603 with code unavailable, no stack trace", async () => {
  const missing = join(fixture.dir, "gone.db");
  const server = startServer(["--source", fixture.path, "--source", `gone=${missing}`]);
  try {
    await server.initialize();
    const read = await server.request("resources/read", { uri: "transcript://gone/x" });
    assertError(read, read["id"], -32603, /^Cannot read source gone: /);
    assertEquals(read["error"].data, { code: "unavailable" });
    // The listing leaves it out and lists the others.
    const list = await server.request("resources/list", {});
    assertEquals(list["result"].resources.length, fixture.transcripts.length);
    const { code, stderr } = await server.finish();
    assertEquals(code, 0);
    assert(!/\n\s+at /.test(stderr), "no stack trace");
  } finally {
    await server.kill();
  }
});
