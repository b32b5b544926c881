/**
 * The start task's V8 flags hand an ended thread's memory back to the system. In Deno 2.9.6
 * V8 otherwise keeps an ended isolate's heap pages for other isolates to reuse, resident:
 * a folder's parsing thread, done after the first pass, left its heap's peak behind for as
 * long as the server ran.
 *
 * @module
 */
import { assert } from "../../helpers/assert.ts";
import { startPermissionFlags } from "../../../scripts/permission_flags.ts";

const PROBE = new URL("./worker_teardown_probe.ts", import.meta.url).pathname;
const TEARDOWN_FLAG = "--no-memory-pool-share-memory-on-teardown";
const startTask = JSON.parse(
  Deno.readTextFileSync(new URL("../../../deno.json", import.meta.url)),
).tasks.start as string;

async function probe(v8Flags: string[]): Promise<{ grown: number; returned: number }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...v8Flags, PROBE],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert(code === 0, new TextDecoder().decode(stderr));
  return JSON.parse(new TextDecoder().decode(stdout));
}

Deno.test("under the start task's V8 flags, an ended worker's heap goes back to the system", async () => {
  const v8Flags = startPermissionFlags(startTask).filter((flag) => flag.startsWith("--v8-flags"));
  assert(v8Flags.some((flag) => flag.includes(TEARDOWN_FLAG)), "the start task sets the flag");
  const freed = await probe(v8Flags);
  const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
  assert(freed.grown > 30 * 1048576, `the worker's heap grew: ${mb(freed.grown)}`);
  assert(
    freed.returned > freed.grown / 2,
    `${mb(freed.returned)} of ${mb(freed.grown)} returned`,
  );
  // Without the flag the pages stay: the flag is what returns them.
  const without = v8Flags.map((flag) => flag.replace(`,${TEARDOWN_FLAG}`, ""));
  const kept = await probe(without);
  assert(
    kept.returned < kept.grown / 2,
    `without the flag ${mb(kept.returned)} of ${mb(kept.grown)} returned`,
  );
});
