/**
 * Cold starts: how long from spawn until the server answers `initialize` and a first search,
 * against a bare `deno run` of a file that prints one line, started by turns with it.
 *
 * @module
 */
import { RARE_WORD } from "./planted_terms.ts";
import type { BenchResult } from "./report.ts";
import { PROJECT_ROOT, startServer } from "./server_under_test.ts";
import { median } from "./stats.ts";

/** The cold-start baseline: a file that prints one line, run by a bare `deno run`. */
export const BARE_SCRIPT = "bench/bare_start.ts";

/**
 * Spawn to the first line `command` prints on stdout, in milliseconds; waits for it to end.
 *
 * @example
 * ```ts
 * import { firstLineMs } from "./cold_start.ts";
 * const ms = await firstLineMs("echo", ["hi"], ".", "echo");
 * ms > 0; // true
 * ```
 */
export async function firstLineMs(
  command: string,
  args: string[],
  cwd: string,
  label: string,
): Promise<number> {
  const started = performance.now();
  const child = new Deno.Command(command, {
    args,
    cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  let elapsed: number | undefined;
  for await (const chunk of child.stdout) {
    if (elapsed === undefined && chunk.includes(0x0a)) elapsed = performance.now() - started;
  }
  await child.status;
  if (elapsed === undefined) throw new Error(`${label} printed no line`);
  return elapsed;
}

/** Spawn to the first line of a bare `deno run` of {@link BARE_SCRIPT}, in milliseconds. */
function bareStart(): Promise<number> {
  return firstLineMs(Deno.execPath(), ["run", BARE_SCRIPT], PROJECT_ROOT, BARE_SCRIPT);
}

/**
 * Starts the server `runs` times, interleaved with bare `deno run` starts, and returns the
 * medians: spawn to `initialize` answered, to a first search answered, and the bare start.
 *
 * @example
 * ```ts
 * import { coldStarts } from "./cold_start.ts";
 * const { initializeMs, bareDenoMs } = await coldStarts("/tmp/bench.db", 5);
 * ```
 */
export async function coldStarts(db: string, runs: number): Promise<BenchResult["coldStart"]> {
  const initialize: number[] = [];
  const firstSearch: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Interleaved with the server's starts, so both see the same machine.
    bare.push(await bareStart());
    const client = startServer(db);
    try {
      await client.initialize();
      initialize.push(performance.now() - client.spawnedAt);
      await client.callTool("search_transcripts", { query: RARE_WORD });
      firstSearch.push(performance.now() - client.spawnedAt);
    } finally {
      await client.close();
    }
  }
  return {
    initializeMs: median(initialize),
    firstSearchMs: median(firstSearch),
    bareDenoMs: median(bare),
  };
}
