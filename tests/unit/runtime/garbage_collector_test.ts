/**
 * Workers drop the text a call read once the call is answered, rather than carrying it
 * until V8 decides to collect.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { GarbageCollector } from "../../../lib/runtime/garbage_collector.ts";
import { startPermissionFlags } from "../../../scripts/permission_flags.ts";
import { HEAP_GROWTH_LIMIT } from "../../../lib/config/limits.ts";

const PROBE = new URL("./garbage_probe.ts", import.meta.url).pathname;
const startTask = JSON.parse(
  Deno.readTextFileSync(new URL("../../../deno.json", import.meta.url)),
).tasks.start;

Deno.test("a collection runs once the heap has grown past the limit since the last one", () => {
  let heap = 0;
  let runs = 0;
  const collector = new GarbageCollector(() => heap, () => {
    runs++;
    heap = 20 * 1024 * 1024; // A large live heap survives the collection.
  });
  heap = HEAP_GROWTH_LIMIT;
  assertEquals(collector.afterCall(), false, "at the limit");
  heap = HEAP_GROWTH_LIMIT + 1;
  assertEquals(collector.afterCall(), true, "past it");
  assertEquals(runs, 1);
  heap = 20 * 1024 * 1024 + HEAP_GROWTH_LIMIT;
  assertEquals(collector.afterCall(), false, "measured from what the last one left");
  heap += 1;
  assertEquals(collector.afterCall(), true);
  assertEquals(new GarbageCollector(() => HEAP_GROWTH_LIMIT * 4, undefined).afterCall(), false);
});

async function probe(v8Flags: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", ...v8Flags, PROBE],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(code, 0, new TextDecoder().decode(stderr));
  return JSON.parse(new TextDecoder().decode(stdout)) as {
    collected: boolean;
    before: number;
    after: number;
  };
}

Deno.test("under the start task's V8 flags, 40 MB of dead strings are collected at once", async () => {
  const v8Flags = startPermissionFlags(startTask).filter((flag) => flag.startsWith("--v8-flags"));
  assert(v8Flags.some((flag) => flag.includes("--expose-gc")), "the start task exposes gc");
  const exposed = await probe(v8Flags);
  assert(exposed.before > HEAP_GROWTH_LIMIT, `garbage piled up: ${exposed.before}`);
  assert(exposed.collected);
  assert(exposed.after < HEAP_GROWTH_LIMIT, `collected down to ${exposed.after}`);
  const hidden = await probe([]);
  assertEquals(hidden.collected, false, "without --expose-gc nothing is collected");
});
