/**
 * `deno task bench-start --db PATH [--runs N] [--baseline DIR] [--peer "<command>"]...`:
 * spawn → `initialize` answered, for this checkout's bundle (dist/bundle/main.js, what the
 * binary runs; build it first with `deno task compile --bundle-only`), its `deno task start`
 * and its `deno run main.ts`, against a bare `deno run` that prints one line and, when given,
 * another checkout's same three (`--baseline`) and npm MCP SQLite peers (`--peer`, as in
 * bench/peer.ts). On two shared, noisy cores only a comparison within one run tells: every
 * round starts each command once, in an order turned by one each round, and medians are
 * quoted with each one's ratio to the fastest peer (or to this checkout's `deno task start`).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join, resolve } from "node:path";
import { BARE_SCRIPT, firstLineMs } from "./cold_start.ts";
import { peerCommandLine } from "./peer.ts";
import { PROJECT_ROOT } from "./server_under_test.ts";
import { median, percentile } from "./stats.ts";
import { positiveInteger } from "./gen_store.ts";
import { startPermissionFlags } from "../scripts/permission_flags.ts";

/** One command line to start, and how its start is seen. */
export interface StartCandidate {
  label: string;
  command: string;
  args: string[];
  cwd: string;
  /** "initialize": the answer to initialize; "line": a first line on stdout. */
  until: "initialize" | "line";
}

/**
 * The three ways to start the checkout at `checkout` on the store at `db`: its bundle, its
 * `deno task start` and its `deno run main.ts`, each with the start task's flags.
 *
 * @example
 * ```ts
 * import { checkoutCandidates } from "./start_up.ts";
 * checkoutCandidates("/repo", "/tmp/s.db", "").map((c) => c.label);
 * // ["bundle", "deno task start", "deno run main.ts"]
 * ```
 */
export function checkoutCandidates(checkout: string, db: string, tag: string): StartCandidate[] {
  const config = JSON.parse(Deno.readTextFileSync(join(checkout, "deno.json")));
  const flags = startPermissionFlags(config.tasks.start);
  const deno = Deno.execPath();
  const label = (what: string) => tag === "" ? what : `${what} (${tag})`;
  return [
    {
      label: label("bundle"),
      command: deno,
      args: ["run", ...flags, "dist/bundle/main.js", "--db", db],
      cwd: checkout,
      until: "initialize",
    },
    {
      label: label("deno task start"),
      command: deno,
      args: ["task", "--quiet", "start", "--db", db],
      cwd: checkout,
      until: "initialize",
    },
    {
      label: label("deno run main.ts"),
      command: deno,
      args: ["run", ...flags, "main.ts", "--db", db],
      cwd: checkout,
      until: "initialize",
    },
  ];
}

/** Spawn to a first line on stdout of a process that then ends, in milliseconds. */
function firstLine(candidate: StartCandidate): Promise<number> {
  return firstLineMs(candidate.command, candidate.args, candidate.cwd, candidate.label);
}

const INITIALIZE = new TextEncoder().encode(
  JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "bench-start", version: "1" },
    },
  }) + "\n",
);

/**
 * The CPU time a process has used, all its threads, in milliseconds (Linux: utime + stime
 * of /proc/PID/stat, in ticks of 10 ms); undefined where it cannot be read. On a loaded
 * machine it tells start-up work apart from waiting for a core.
 */
async function cpuMs(pid: number): Promise<number | undefined> {
  try {
    // Read by `cat`: Deno lets only --allow-all read /proc, and the process waits for its
    // input to end meanwhile, using no CPU.
    const read = await new Deno.Command("cat", { args: [`/proc/${pid}/stat`] }).output();
    if (!read.success) return undefined;
    const stat = new TextDecoder().decode(read.stdout);
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Spawn to `initialize` answered, in milliseconds, and the CPU time the process had used by
 * then; the server is then closed. `deno task` runs the server as its child, whose time is
 * not counted: for it the CPU time is undefined.
 */
async function toInitialize(candidate: StartCandidate): Promise<{ ms: number; cpu?: number }> {
  const started = performance.now();
  const child = new Deno.Command(candidate.command, {
    args: candidate.args,
    cwd: candidate.cwd,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(INITIALIZE);
  let text = "";
  const decoder = new TextDecoder();
  let ms: number | undefined;
  let cpu: number | undefined;
  const reader = child.stdout.getReader();
  while (ms === undefined) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (text.includes("\n")) {
      ms = performance.now() - started;
      cpu = candidate.args[0] === "task" ? undefined : await cpuMs(child.pid);
    }
  }
  await writer.close().catch(() => {});
  while (!(await reader.read()).done);
  await child.status;
  if (ms === undefined || !text.startsWith("{") || !text.includes('"result"')) {
    throw new Error(`${candidate.label} did not answer initialize: ${text.slice(0, 200)}`);
  }
  return cpu === undefined ? { ms } : { ms, cpu };
}

/**
 * Starts every candidate once a round for `rounds` rounds, the order turned by one each
 * round, and returns each one's times in milliseconds, by label: spawn to its answer, and
 * the CPU time it had used by then (none for `deno task` and bare starts).
 *
 * @example
 * ```ts
 * import { checkoutCandidates, startTimes } from "./start_up.ts";
 * const times = await startTimes(checkoutCandidates(".", "/tmp/s.db", ""), 10);
 * ```
 */
export async function startTimes(
  candidates: readonly StartCandidate[],
  rounds: number,
): Promise<Map<string, { ms: number[]; cpu: number[] }>> {
  const times = new Map(
    candidates.map((c) => [c.label, { ms: [] as number[], cpu: [] as number[] }]),
  );
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < candidates.length; i++) {
      const candidate = candidates[(round + i) % candidates.length]!;
      const seen = times.get(candidate.label)!;
      if (candidate.until === "line") {
        seen.ms.push(await firstLine(candidate));
      } else {
        const { ms, cpu } = await toInitialize(candidate);
        seen.ms.push(ms);
        if (cpu !== undefined) seen.cpu.push(cpu);
      }
    }
  }
  return times;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      db: { type: "string" },
      runs: { type: "string", default: "15" },
      baseline: { type: "string" },
      peer: { type: "string", multiple: true, default: [] },
    },
  });
  if (values.db === undefined) {
    console.error(
      "usage: deno task bench-start --db PATH [--runs N] [--baseline DIR] [--peer CMD]",
    );
    Deno.exit(2);
  }
  const db = resolve(values.db);
  const candidates: StartCandidate[] = [
    {
      label: "bare deno run",
      command: Deno.execPath(),
      args: ["run", BARE_SCRIPT],
      cwd: PROJECT_ROOT,
      until: "line",
    },
    ...checkoutCandidates(PROJECT_ROOT, db, ""),
    ...(values.baseline === undefined
      ? []
      : checkoutCandidates(resolve(values.baseline), db, "baseline")),
    ...values.peer.map((peer, i): StartCandidate => {
      const [command, ...args] = peerCommandLine(peer, db);
      return {
        label: `peer ${i + 1}`,
        command: command!,
        args,
        cwd: PROJECT_ROOT,
        until: "initialize",
      };
    }),
  ];
  const times = await startTimes(candidates, positiveInteger("--runs", values.runs));
  const peers = [...times].filter(([label]) => label.startsWith("peer "));
  const reference = peers.length > 0
    ? Math.min(...peers.map(([, seen]) => median(seen.ms)))
    : median(times.get("deno task start")!.ms);
  const against = peers.length > 0 ? "fastest peer" : "deno task start";
  console.log(`spawn → initialize, ${values.runs} rounds; ratio against the ${against}`);
  console.log("| command | p50 (ms) | p90 (ms) | ratio p50 | CPU p50 (ms) |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const [label, seen] of times) {
    const p50 = median(seen.ms);
    const cpu = seen.cpu.length === 0 ? "" : median(seen.cpu).toFixed(1);
    console.log(
      `| ${label} | ${p50.toFixed(1)} | ${percentile(seen.ms, 90).toFixed(1)} | ` +
        `${(p50 / reference).toFixed(2)} | ${cpu} |`,
    );
  }
  for (const [label] of peers) {
    console.log(`${label}: ${values.peer[Number(label.slice(5)) - 1]}`);
  }
}
