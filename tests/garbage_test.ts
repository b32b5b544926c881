/**
 * Workers drop the text a call read once the call is answered, rather than carrying it
 * until V8 decides to collect.
 */
import { assert, assertEquals } from "./helpers/assert.ts";
import { collectGarbageIfLarge, HEAP_AFTER_CALL_LIMIT } from "../lib/garbage.ts";
import { startPermissionFlags } from "../scripts/permission_flags.ts";

const PROBE = new URL("./fixtures/garbage_probe.ts", import.meta.url).pathname;
const startTask = JSON.parse(
  Deno.readTextFileSync(new URL("../deno.json", import.meta.url)),
).tasks.start;

Deno.test("collectGarbageIfLarge collects only past the limit, and only when it can", () => {
  let runs = 0;
  const collect = () => void runs++;
  assertEquals(collectGarbageIfLarge(() => HEAP_AFTER_CALL_LIMIT, collect), false);
  assertEquals(collectGarbageIfLarge(() => HEAP_AFTER_CALL_LIMIT + 1, collect), true);
  assertEquals(runs, 1);
  assertEquals(collectGarbageIfLarge(() => HEAP_AFTER_CALL_LIMIT * 4, undefined), false);
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
  assert(exposed.before > HEAP_AFTER_CALL_LIMIT, `garbage piled up: ${exposed.before}`);
  assert(exposed.collected);
  assert(exposed.after < HEAP_AFTER_CALL_LIMIT, `collected down to ${exposed.after}`);
  const hidden = await probe([]);
  assertEquals(hidden.collected, false, "without --expose-gc nothing is collected");
});
