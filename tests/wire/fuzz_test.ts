/**
 * A short seeded slice of the wire fuzzer; `deno task fuzz` runs the long one.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { generateLines } from "./fuzz/fuzz_lines.ts";
import { runFuzzSession } from "./fuzz/wire_fuzzer.ts";

Deno.test("the fuzzer's sessions are deterministic for a seed", () => {
  const a = generateLines(7, 300).map((line) => new TextDecoder().decode(line.bytes));
  const b = generateLines(7, 300).map((line) => new TextDecoder().decode(line.bytes));
  const c = generateLines(8, 300).map((line) => new TextDecoder().decode(line.bytes));
  assertEquals(a, b);
  assertEquals(a.join("\n") === c.join("\n"), false);
});

const SLICE_SEED = 20261129;
const SLICE_COUNT = 3_000;

Deno.test("the fuzzer's slice holds the shapes clients get wrong in small ways", () => {
  const known = new Set(["jsonrpc", "id", "method", "params", "result", "error"]);
  const seen = { unknownTop: 0, unknownInParams: 0, hybrid: 0, nullParams: 0, nullArguments: 0 };
  const methods = new Set<string>();
  for (const line of generateLines(SLICE_SEED, SLICE_COUNT)) {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(new TextDecoder().decode(line.bytes));
    } catch {
      continue;
    }
    if (typeof message !== "object" || message === null || Array.isArray(message)) continue;
    const params = message["params"];
    const hasUnknown = (value: unknown, allowed: (key: string) => boolean) =>
      typeof value === "object" && value !== null && Object.keys(value).some((k) => !allowed(k));
    if (hasUnknown(message, (key) => known.has(key))) {
      seen.unknownTop++;
      if (typeof message["method"] === "string") methods.add(message["method"]);
    }
    const paramKeys = ["name", "arguments", "_meta", "cursor", "protocolVersion", "capabilities"];
    if (hasUnknown(params, (key) => [...paramKeys, "clientInfo", "requestId"].includes(key))) {
      seen.unknownInParams++;
    }
    if ("method" in message && ("result" in message || "error" in message)) seen.hybrid++;
    if (params === null) seen.nullParams++;
    if (typeof params === "object" && params !== null && "arguments" in params) {
      if ((params as Record<string, unknown>)["arguments"] === null) seen.nullArguments++;
    }
  }
  for (const [shape, count] of Object.entries(seen)) assert(count >= 10, `${shape}: ${count}`);
  for (const method of ["ping", "initialize", "tools/list", "tools/call"]) {
    assert(methods.has(method), `unknown top-level members on ${method}`);
  }
});

Deno.test("fuzzed wire input: every request answered once, every line valid JSON-RPC, store untouched", async () => {
  const fixture = buildFixtureStore();
  try {
    const before = await Deno.readFile(fixture.path);
    const mtime = Deno.statSync(fixture.path).mtime;
    const report = await runFuzzSession(SLICE_SEED, SLICE_COUNT, fixture.path);
    assertEquals(report.problems, []);
    assertEquals(report.exitCode, 0);
    assertEquals(await Deno.readFile(fixture.path), before);
    assertEquals(Deno.statSync(fixture.path).mtime, mtime);
  } finally {
    fixture.cleanup();
  }
});
