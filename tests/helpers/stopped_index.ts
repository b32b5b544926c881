/**
 * An `index` run stopped by a signal part-way: the real process under the start task's flags,
 * sent SIGINT or SIGTERM once its building file is there (a new store) and it has shown
 * progress for the source named, as a person pressing Ctrl-C or a service manager would.
 */
import { lines } from "./lines.ts";
import { spawnIndex } from "./killed_index.ts";

/** How a stopped run ended: its exit code, stderr, and whether its building file was seen. */
export interface StoppedIndex {
  code: number;
  stderr: string;
  /** Whether `OUT-building` was there when the signal was sent. */
  sawBuilding: boolean;
}

/** Whether something is at `path`. */
export function exists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `index SOURCE --out OUT`, waits for its line saying it reads `sourceName` (its signal
 * listeners are up by then) and, where OUT is new, polls until `OUT-building` is there, then
 * sends `signal` and answers how the run ended. Stderr is drained throughout, so the run
 * never waits on a full pipe.
 *
 * @example
 * ```ts
 * import { stoppedIndex } from "./stopped_index.ts";
 * const { code } = await stoppedIndex("/tmp/calls", "/tmp/archive.db", "calls", "SIGINT");
 * ```
 */
export async function stoppedIndex(
  source: string,
  out: string,
  sourceName: string,
  signal: Deno.Signal,
): Promise<StoppedIndex> {
  const isNew = !exists(out);
  const child = spawnIndex(source, out);
  let ended = false;
  const status = child.status.then((status) => {
    ended = true;
    return status;
  });
  const seen: string[] = [];
  let reading!: () => void;
  const started = new Promise<void>((resolve) => reading = resolve);
  const drained = (async () => {
    for await (const line of lines(child.stderr)) {
      seen.push(line);
      if (line.includes(`: reading ${sourceName} (`)) reading();
    }
    reading();
  })();
  await started;
  // The building file is made once the sources are settled, before any is read.
  let sawBuilding = exists(`${out}-building`);
  while (isNew && !sawBuilding && !ended) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    sawBuilding = exists(`${out}-building`);
  }
  if (!ended) child.kill(signal);
  const { code } = await status;
  await drained;
  return { code, stderr: seen.join("\n"), sawBuilding };
}
