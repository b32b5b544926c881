/**
 * `deno task fuzz [--count N] [--seed S]`: the long wire-fuzzing run (100,000 messages by
 * default) against the real server on a fixture store; prints what it saw and exits 1 on
 * any broken promise. The test suite runs a short slice of the same fuzzer.
 */
import { parseArgs } from "node:util";
import { buildFixtureStore } from "../tests/helpers/fixture_store.ts";
import { runFuzzSession } from "../tests/wire/fuzz/wire_fuzzer.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { count: { type: "string", default: "100000" }, seed: { type: "string", default: "1" } },
});
const fixture = buildFixtureStore();
try {
  const before = await Deno.readFile(fixture.path);
  const started = performance.now();
  const report = await runFuzzSession(Number(values.seed), Number(values.count), fixture.path);
  const after = await Deno.readFile(fixture.path);
  const unchanged = before.length === after.length && before.every((byte, i) => byte === after[i]);
  console.log(
    JSON.stringify(
      {
        ...report,
        problems: report.problems.slice(0, 20),
        storeUnchanged: unchanged,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      },
      null,
      2,
    ),
  );
  if (report.problems.length > 0 || !unchanged) Deno.exit(1);
} finally {
  fixture.cleanup();
}
