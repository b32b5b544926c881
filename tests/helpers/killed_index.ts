/**
 * An `index` run killed part-way: the real process under the start task's flags, stopped
 * with SIGKILL at its first progress line, as a crash or a power cut would stop it.
 */
import { PROJECT_ROOT } from "./server_process.ts";
import { lines } from "./lines.ts";
import { readStartPermissionFlags } from "../../scripts/permission_flags.ts";

/**
 * Runs `index SOURCE --out OUT` and kills it at its first progress line for the source
 * named `sourceName`; answers that line (empty when none came) and whether it succeeded.
 *
 * @example
 * ```ts
 * import { killedIndex } from "./killed_index.ts";
 * const { progress, success } = await killedIndex("/tmp/calls", "/tmp/archive.db", "calls");
 * ```
 */
export async function killedIndex(
  source: string,
  out: string,
  sourceName: string,
): Promise<{ progress: string; success: boolean }> {
  const child = spawnIndex(source, out);
  let progress = "";
  for await (const line of lines(child.stderr)) {
    if (line.includes(`index: ${sourceName}: `) && /\d+\/\d+ items/.test(line)) {
      progress = line;
      child.kill("SIGKILL");
      break;
    }
  }
  const status = await child.status;
  return { progress, success: status.success };
}

/**
 * Starts `index SOURCE --out OUT` as the start task runs it (its own command, so that the
 * process signalled is the one writing), stdout dropped, stderr piped.
 *
 * @example
 * ```ts
 * import { spawnIndex } from "./killed_index.ts";
 * const child = spawnIndex("/tmp/calls", "/tmp/archive.db");
 * ```
 */
export function spawnIndex(source: string, out: string): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", ...readStartPermissionFlags(), "main.ts", "index", source, "--out", out],
    cwd: PROJECT_ROOT,
    stdout: "null",
    stderr: "piped",
  }).spawn();
}
