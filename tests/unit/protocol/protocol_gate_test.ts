/**
 * The protocol gate's last lines of defence, which no well-behaved part of the real server
 * reaches: a tool runner that throws, a request the SDK never answers, and lines that arrive
 * after the session was stopped. The gate runs here on an in-memory transport; the wire tests
 * drive it through the real process.
 */
import { assertEquals } from "../../helpers/assert.ts";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types";
import { type GatedTransport, ProtocolGate } from "../../../lib/protocol/protocol_gate.ts";
import type { RpcMessage } from "../../../lib/transport/jsonrpc.ts";

/** A transport whose input the test pushes and whose output it reads back as messages. */
class MemoryTransport implements GatedTransport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly written: Record<string, unknown>[] = [];
  readonly #decoder = new TextDecoder();

  start(): Promise<void> {
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
  send(message: unknown): Promise<void> {
    this.written.push(JSON.parse(JSON.stringify(message)));
    return Promise.resolve();
  }
  sendLine(json: string): Promise<void> {
    this.written.push(JSON.parse(json));
    return Promise.resolve();
  }
  sendBytes(line: Uint8Array): Promise<void> {
    this.written.push(JSON.parse(this.#decoder.decode(line)));
    return Promise.resolve();
  }
  push(message: RpcMessage): void {
    this.onmessage?.(message as unknown as JSONRPCMessage);
  }
  end(): void {
    this.onclose?.();
  }
}

const INITIALIZE: RpcMessage = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "0" },
  },
};

/** Resolves once the gate has closed the session. */
function closed(gate: ProtocolGate): Promise<void> {
  return new Promise((resolve) => {
    gate.onclose = resolve;
  });
}

Deno.test("ProtocolGate answers a call whose runner throws, and the session still closes", async () => {
  const transport = new MemoryTransport();
  const gate = new ProtocolGate(transport, {
    has: () => true,
    run: () => {
      throw new Error("runner broke");
    },
  }, { timeoutMs: 50 });
  const done = closed(gate);
  // No SDK behind the gate: initialize is passed on and never answered.
  gate.onmessage = () => {};
  await gate.start();
  transport.push(INITIALIZE);
  transport.push({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "list_tasks" } });
  transport.end();
  await done;
  const byId = new Map(transport.written.map((message) => [message["id"], message]));
  const call = byId.get(2) as { result: { isError: boolean; content: { text: string }[] } };
  assertEquals(call.result.isError, true);
  assertEquals(JSON.parse(call.result.content[0]!.text).error.code, "internal");
  // The request the SDK never answered gets -32603 once the deadline has passed.
  assertEquals((byId.get(1) as { error: { code: number } }).error.code, -32603);
  assertEquals(transport.written.length, 2);
});

Deno.test("ProtocolGate serves nothing read after it was stopped", async () => {
  const transport = new MemoryTransport();
  let calls = 0;
  const gate = new ProtocolGate(transport, {
    has: () => true,
    run: () => {
      calls++;
      return Promise.resolve({ ok: true, structuredJson: "{}" });
    },
  });
  const done = closed(gate);
  gate.onmessage = () => {};
  await gate.start();
  gate.stop("test: shutting down");
  await done;
  transport.push({ jsonrpc: "2.0", id: 3, method: "ping" });
  transport.push({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "list_tasks" } });
  assertEquals(calls, 0);
  assertEquals(transport.written, []);
});
