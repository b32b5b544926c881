import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import { checkEnvelope, nestsDeeperThan } from "../../../lib/transport/jsonrpc.ts";
import { MAX_NESTING } from "../../../lib/config/limits.ts";

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 1; i < depth; i++) value = i % 2 === 0 ? [value] : { x: value };
  return value;
}

Deno.test("nesting depth is measured without recursion, even at 100,000 levels", () => {
  assertEquals(nestsDeeperThan(nested(10), 10), false);
  assertEquals(nestsDeeperThan(nested(11), 10), false);
  assertEquals(nestsDeeperThan(nested(12), 10), true);
  assertEquals(nestsDeeperThan(JSON.parse("[".repeat(100_000) + "]".repeat(100_000)), 64), true);
  assertEquals(nestsDeeperThan("flat", 1), false);
});

Deno.test("a message nested too deep is refused with -32600, echoing its id", () => {
  const deep = {
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { arguments: nested(MAX_NESTING + 5) },
  };
  const checked = checkEnvelope(deep);
  assert(!checked.ok);
  assertEquals(checked.error.id, 3);
  assertEquals(checked.error.error.code, -32600);
  assertMatch(checked.error.error.message, /nests deeper than 64/);
  const fine = { jsonrpc: "2.0", id: 4, method: "tools/call", params: { arguments: nested(10) } };
  assert(checkEnvelope(fine).ok);
});

Deno.test("responses from the client pass the envelope check; bare ids do not", () => {
  assert(checkEnvelope({ jsonrpc: "2.0", id: 1, result: {} }).ok);
  assert(checkEnvelope({ jsonrpc: "2.0", id: "x", error: { code: 1, message: "m" } }).ok);
  assert(!checkEnvelope({ jsonrpc: "2.0", id: 1 }).ok);
  // A peer's error about a line it could not read: null id (JSON-RPC), or none (MCP).
  const error = { code: -32700, message: "Parse error" };
  for (const reply of [{ jsonrpc: "2.0", id: null, error }, { jsonrpc: "2.0", error }]) {
    assertEquals(checkEnvelope(reply), { ok: true, message: { jsonrpc: "2.0", error } });
  }
  assert(!checkEnvelope({ jsonrpc: "2.0", id: null, result: {} }).ok);
});

Deno.test("the envelope keeps only JSON-RPC's members; null params mean none", () => {
  const checked = checkEnvelope({
    jsonrpc: "2.0",
    id: 56,
    method: "ping",
    extra: 1,
    params: null,
    "x-trace": { a: 1 },
  });
  assert(checked.ok);
  assertEquals(checked.message, { jsonrpc: "2.0", id: 56, method: "ping" });
  const note = checkEnvelope({ jsonrpc: "2.0", method: "n", params: { a: 1 }, Id: 2 });
  assert(note.ok);
  assertEquals(note.message, { jsonrpc: "2.0", method: "n", params: { a: 1 } });
  const reply = checkEnvelope({ jsonrpc: "2.0", id: 3, result: {}, extra: true });
  assert(reply.ok);
  assertEquals(reply.message, { jsonrpc: "2.0", id: 3, result: {} });
});

Deno.test("a message with a method and a result or error is refused -32600, with its id", () => {
  for (const extra of [{ result: {} }, { error: { code: 1, message: "m" } }, { result: null }]) {
    const checked = checkEnvelope({ jsonrpc: "2.0", id: 52, method: "ping", ...extra });
    assert(!checked.ok);
    assertEquals(checked.error.id, 52);
    assertEquals(checked.error.error.code, -32600);
    assertMatch(checked.error.error.message, /carries no result or error/);
  }
  const notification = checkEnvelope({ jsonrpc: "2.0", method: "n", result: {} });
  assert(!notification.ok);
  assertEquals(notification.error.id, null);
});
