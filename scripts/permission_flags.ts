/**
 * The runtime flags of `deno task start` (permissions, and V8's memory limits), read from
 * deno.json: the one place they are written. The compiled binary, the benchmark and the
 * sandbox test all take them from here.
 */
import { fileURLToPath } from "node:url";

/** The start task's permission flags: every `--` word before the entry point. */
export function startPermissionFlags(startTask: string): string[] {
  const words = startTask.trim().split(/\s+/);
  const entry = words.indexOf("main.ts");
  if (words[0] !== "deno" || words[1] !== "run" || entry === -1) {
    throw new Error(`unexpected start task in deno.json: ${startTask}`);
  }
  return words.slice(2, entry).filter((word) => word.startsWith("--"));
}

/** The start task's permission flags, from this checkout's deno.json. */
export function readStartPermissionFlags(): string[] {
  const path = fileURLToPath(new URL("../deno.json", import.meta.url));
  return startPermissionFlags(JSON.parse(Deno.readTextFileSync(path)).tasks.start);
}
