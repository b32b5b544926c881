/**
 * A short seeded slice of the wire fuzzer; `deno task fuzz` runs the long one.
 */
import { assertEquals } from "./helpers/assert.ts";
import { buildFixtureStore } from "./helpers/fixture_store.ts";
import { generateLines, runFuzzSession } from "./fuzz/wire_fuzzer.ts";

Deno.test("the fuzzer's sessions are deterministic for a seed", () => {
  const a = generateLines(7, 300).map((line) => new TextDecoder().decode(line.bytes));
  const b = generateLines(7, 300).map((line) => new TextDecoder().decode(line.bytes));
  const c = generateLines(8, 300).map((line) => new TextDecoder().decode(line.bytes));
  assertEquals(a, b);
  assertEquals(a.join("\n") === c.join("\n"), false);
});

Deno.test("fuzzed wire input: every request answered once, every line valid JSON-RPC, store untouched", async () => {
  const fixture = buildFixtureStore();
  try {
    const before = await Deno.readFile(fixture.path);
    const mtime = Deno.statSync(fixture.path).mtime;
    const report = await runFuzzSession(20261129, 3_000, fixture.path);
    assertEquals(report.problems, []);
    assertEquals(report.exitCode, 0);
    assertEquals(await Deno.readFile(fixture.path), before);
    assertEquals(Deno.statSync(fixture.path).mtime, mtime);
  } finally {
    fixture.cleanup();
  }
});
