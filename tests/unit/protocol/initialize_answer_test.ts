/**
 * The gate answers `initialize` without the SDK (issue #26): its answer must be the SDK's,
 * byte for byte, whenever it gives one. Each case runs through two gates, one that answers
 * itself and one that leaves every `initialize` to the SDK's `Server` (the path before), and
 * the lines they write are compared. The params are drawn from what clients send and from
 * every combination of the members the SDK's schema knows, with values of each type.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types";
// @ts-types="@modelcontextprotocol/sdk/types"
import * as sdkTypes from "@modelcontextprotocol/sdk/types.js";
import { type GatedTransport, ProtocolGate } from "../../../lib/protocol/protocol_gate.ts";
import {
  initializeAnswerLine,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../../lib/protocol/initialize_answer.ts";
import { connectSdkServer } from "../../../lib/protocol/sdk_server.ts";
import {
  describeParamsProblem,
  RELATED_TASK_META_KEY,
} from "../../../lib/protocol/params_problem.ts";
import type { RpcMessage } from "../../../lib/transport/jsonrpc.ts";

/** Lines written, as the stdio transport writes them. */
class LineTransport implements GatedTransport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly lines: string[] = [];
  start(): Promise<void> {
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
  send(message: unknown): Promise<void> {
    return this.sendLine(JSON.stringify(message));
  }
  sendLine(json: string): Promise<void> {
    this.lines.push(json);
    return Promise.resolve();
  }
  sendBytes(line: Uint8Array): Promise<void> {
    return this.sendLine(new TextDecoder().decode(line).trimEnd());
  }
}

const NO_TOOLS = { has: () => false, run: () => Promise.reject(new Error("no tools")) };

/** The line a gate writes for one `initialize` with `params`, answered by itself or the SDK. */
async function answer(params: unknown, own: boolean): Promise<string> {
  const transport = new LineTransport();
  const gate = new ProtocolGate(
    transport,
    NO_TOOLS,
    own ? { initialize: initializeAnswerLine } : {},
  );
  const sdk = await connectSdkServer(gate, () => [], () => {});
  gate.onmessage = (message) => sdk.receive(message);
  await gate.start();
  transport.onmessage?.(
    { jsonrpc: "2.0", id: "i-1", method: "initialize", params } as unknown as JSONRPCMessage,
  );
  for (let turn = 0; turn < 20 && transport.lines.length === 0; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  assertEquals(transport.lines.length, 1, `one answer to ${JSON.stringify(params)}`);
  return transport.lines[0]!;
}

const CLIENT = { name: "client", version: "1.0.0" };

/** What real clients send (their shapes, from their published logs and the SDK's client). */
const CLIENTS: Record<string, unknown>[] = [
  { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: CLIENT },
  {
    protocolVersion: "2025-11-25",
    capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} },
    clientInfo: { name: "Visual Studio Code", version: "1.106.0" },
  },
  {
    protocolVersion: "2024-11-05",
    capabilities: { roots: { listChanged: true } },
    clientInfo: { name: "claude-ai", version: "0.1.0" },
  },
  {
    protocolVersion: "2025-03-26",
    capabilities: { sampling: {}, elicitation: { form: {}, url: {} }, experimental: { x: {} } },
    clientInfo: { name: "mcp-inspector", version: "0.17.0", title: "MCP Inspector" },
    _meta: { progressToken: 1 },
  },
];

Deno.test("the gate's own answer to initialize is the SDK's, byte for byte, for real clients", async () => {
  for (const params of CLIENTS) {
    const own = initializeAnswerLine("i-1", params);
    assert(own !== null, `answered without the SDK: ${JSON.stringify(params)}`);
    assertEquals(await answer(params, true), await answer(params, false));
    assertEquals(await answer(params, true), own);
  }
});

/** Every combination of one value from each list (an absent member where undefined). */
function* combinations(lists: unknown[][]): Generator<unknown[]> {
  if (lists.length === 0) {
    yield [];
    return;
  }
  for (const head of lists[0]!) {
    for (const rest of combinations(lists.slice(1))) yield [head, ...rest];
  }
}

/** Builds an object of the members whose values are not undefined. */
function members(keys: string[], values: unknown[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.flatMap((key, i) => values[i] === undefined ? [] : [[key, values[i]]]),
  );
}

const ODD = [undefined, null, 1, "x", true, [], {}];

Deno.test("the gate answers initialize only where the SDK's schema accepts, and as the SDK does", async () => {
  const capabilityValues = [
    [undefined, {}, { a: {} }, { a: 1 }, { a: null }, [], null],
    [undefined, {}, { context: {} }, { tools: 1 }, "x", []],
    [undefined, {}, { form: {} }, { form: { applyDefaults: 1 } }, { url: 1 }, { url: {} }, []],
    [undefined, {}, { listChanged: true }, { listChanged: "yes" }, null],
    [undefined, {}, 1],
  ];
  const capabilityKeys = ["experimental", "sampling", "elicitation", "roots", "tasks"];
  const clientValues = [[undefined, "t", 1], [undefined, "https://x", null], [undefined, [], [{
    src: "a",
  }]]];
  const paramsList: Record<string, unknown>[] = [];
  for (const values of combinations(capabilityValues)) {
    paramsList.push({
      protocolVersion: "2025-06-18",
      capabilities: members(capabilityKeys, values),
      clientInfo: CLIENT,
    });
  }
  for (const values of combinations(clientValues)) {
    for (const version of [...SUPPORTED_PROTOCOL_VERSIONS, "1999-01-01", ""]) {
      paramsList.push({
        protocolVersion: version,
        capabilities: { other: 1 },
        clientInfo: { ...CLIENT, ...members(["title", "websiteUrl", "icons"], values) },
      });
    }
  }
  for (const odd of ODD) {
    paramsList.push({
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: CLIENT,
      _meta: odd,
    });
    paramsList.push({
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { ...CLIENT, description: odd },
      _meta: { progressToken: odd, [RELATED_TASK_META_KEY]: odd },
    });
  }
  let own = 0;
  let left = 0;
  for (const params of paramsList) {
    // The gate refuses these itself, before either path.
    if (describeParamsProblem("initialize", params) !== null) continue;
    const line = initializeAnswerLine("i-1", params);
    if (line === null) {
      left++;
      continue;
    }
    own++;
    assert(
      sdkTypes.InitializeRequestSchema.safeParse({ method: "initialize", params }).success,
      `the SDK refuses what the gate answered: ${JSON.stringify(params)}`,
    );
    assertEquals(await answer(params, false), line, JSON.stringify(params));
  }
  // Both paths were taken, many times each.
  assert(own > 100 && left > 100, `answered ${own}, left to the SDK ${left}`);
});

Deno.test("the copies of the SDK's constants the gate keeps are the SDK's", () => {
  assertEquals(SUPPORTED_PROTOCOL_VERSIONS, sdkTypes.SUPPORTED_PROTOCOL_VERSIONS);
  assertEquals(SUPPORTED_PROTOCOL_VERSIONS[0], sdkTypes.LATEST_PROTOCOL_VERSION);
  assertEquals(RELATED_TASK_META_KEY, sdkTypes.RELATED_TASK_META_KEY);
});

Deno.test("an initialize the SDK's schema refuses is left to it, and refused as before", async () => {
  const params = {
    protocolVersion: "2025-06-18",
    capabilities: { roots: { listChanged: "yes" } },
    clientInfo: CLIENT,
  };
  assertEquals(initializeAnswerLine("i-1", params), null);
  const refused = JSON.parse(await answer(params, true)) as RpcMessage;
  assertEquals(refused.error, { code: -32602, message: "Invalid params for initialize" });
  assertEquals(await answer(params, true), await answer(params, false));
});
