/**
 * `deno task bench [--db PATH] [--count N] [--out FILE] [--peer "COMMAND"]… [options]`:
 * measures the server over its stdio against the same SQL on node:sqlite alone, per tool
 * and query class, and prints a markdown table. Each `--peer` is another MCP server that
 * runs SQL (bench/peer.ts), compared call by call on ping and the first list page. With
 * `--stop` it measures instead how soon a stopped search frees its worker, per query shape
 * (bench/stop_latency.ts).
 *
 * Without --db it generates (once) a store of --count transcripts in ../bench-cache, next
 * to the checkout. Every ratio is measured within one run, with the server, in-process and
 * engine calls interleaved, because the machines this runs on are noisy.
 *
 * @module
 */
import { SourceSet } from "../lib/sources/source_set.ts";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { openStore } from "../lib/store/open_store.ts";
import type { Store, StoreRow, StoreValue } from "../lib/store/store.ts";
import { callTool } from "../lib/tools/call_tool.ts";
import { findTool } from "../lib/tools/registry.ts";
import { coldStarts } from "./cold_start.ts";
import { checkSearchOrder } from "./search_order.ts";
import { PROJECT_ROOT, startServer, storeFacts, walkToPage200 } from "./server_under_test.ts";
import { normalizeSql, openEngine } from "./engine_sql.ts";
import { generateStore, positiveInteger } from "./gen_store.ts";
import type { McpClient, TimedAnswer } from "./mcp_client.ts";
import { type Peer, startPeer } from "./peer.ts";
import { processMemory, readProcFile } from "./proc.ts";
import { FALLBACK_QUERY, type QueryClass, queryClasses } from "./query_classes.ts";
import { type BenchResult, type ClassResult, formatReport } from "./report.ts";
import { median, summarize } from "./stats.ts";
import { formatStops, measureStops } from "./stop_latency.ts";

/** Options for {@link runBenchmark}. */
export interface BenchOptions {
  db: string;
  /** Timed calls a class, for the latency columns. */
  iterations: number;
  /** Untimed calls a class first. */
  warmup: number;
  /** Calls a class at each concurrency, for the throughput columns. */
  requests: number;
  /** Server starts for the cold-start medians. */
  coldStarts: number;
  /** Commands of other SQL-running MCP servers to compare with (bench/peer.ts). */
  peers?: readonly string[];
  /** Progress lines go here; stderr by default. */
  log?: (line: string) => void;
}

function itemCount(answer: TimedAnswer): number {
  const content = answer.message["result"]?.structuredContent ?? {};
  for (const key of ["transcripts", "results", "tasks"]) {
    if (Array.isArray(content[key])) return content[key].length;
  }
  return 1;
}

/** The statements a tool call runs, each once, recorded through wrapped reads. */
function recordToolSql(store: Store, queryClass: QueryClass): Set<string> {
  const seen: string[] = [];
  const all = store.all.bind(store);
  const get = store.get.bind(store);
  const rows = store.rows.bind(store);
  store.rows = (sql, ...params): StoreValue[][] => {
    seen.push(normalizeSql(sql));
    return rows(sql, ...params);
  };
  store.all = (sql, ...params): StoreRow[] => {
    seen.push(normalizeSql(sql));
    return all(sql, ...params);
  };
  store.get = (sql, ...params): StoreRow | undefined => {
    seen.push(normalizeSql(sql));
    return get(sql, ...params);
  };
  try {
    callTool(findTool(queryClass.tool)!, SourceSet.ofStore(store), queryClass.args);
  } finally {
    store.all = all;
    store.get = get;
    store.rows = rows;
  }
  return new Set(seen);
}

/** The tool ran its main statement and nothing the copies lack (no hits means no snippets). */
function sameSql(recorded: Set<string>, expected: readonly string[]): boolean {
  const normalized = expected.map(normalizeSql);
  return recorded.has(normalized[0]!) && [...recorded].every((sql) => normalized.includes(sql));
}

async function throughput(
  client: McpClient,
  queryClass: QueryClass,
  requests: number,
  inFlight: number,
): Promise<number> {
  let sent = 0;
  const started = performance.now();
  const lane = async () => {
    while (sent < requests) {
      sent++;
      await client.callTool(queryClass.tool, queryClass.args);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return requests / ((performance.now() - started) / 1000);
}

async function measureClass(
  client: McpClient,
  store: Store,
  engine: Store,
  queryClass: QueryClass,
  options: BenchOptions,
  sqlMatches: boolean,
): Promise<{ result: ClassResult; largest: number }> {
  const tool = findTool(queryClass.tool);
  if (tool === undefined) throw new Error(`no tool ${queryClass.tool}`);
  const server: number[] = [];
  const inProcess: number[] = [];
  const engineTimes: number[] = [];
  let last: TimedAnswer | undefined;
  let largest = 0;
  for (let i = 0; i < options.warmup + options.iterations; i++) {
    last = await client.callTool(queryClass.tool, queryClass.args);
    largest = Math.max(largest, last.bytes);
    const t0 = performance.now();
    const output = callTool(tool, SourceSet.ofStore(store), queryClass.args);
    const t1 = performance.now();
    queryClass.onEngine(engine);
    const t2 = performance.now();
    if (!output.ok) throw new Error(`${queryClass.label}: ${output.code}: ${output.message}`);
    if (i < options.warmup) continue;
    server.push(last.elapsedMs);
    inProcess.push(t1 - t0);
    engineTimes.push(t2 - t1);
  }
  const throughput1 = await throughput(client, queryClass, options.requests, 1);
  const throughput8 = await throughput(client, queryClass, options.requests, 8);
  return {
    result: {
      label: queryClass.label,
      tool: queryClass.tool,
      items: last === undefined ? 0 : itemCount(last),
      bytes: last?.bytes ?? 0,
      server: summarize(server),
      inProcess: summarize(inProcess),
      engine: summarize(engineTimes),
      throughput1,
      throughput8,
      sqlMatches,
    },
    largest,
  };
}

/** The server's p50 for list page 1 and for the deep page, called by turns. */
async function alternatePages(
  client: McpClient,
  classes: readonly QueryClass[],
  rounds: number,
): Promise<BenchResult["paging"]> {
  const [first, deep] = ["list page 1", "list page 200 (cursor)"].map((label) => {
    const found = classes.find((c) => c.label === label);
    if (found === undefined) throw new Error(`no query class ${label}`);
    return found;
  }) as [QueryClass, QueryClass];
  const firstTimes: number[] = [];
  const deepTimes: number[] = [];
  const call = async (queryClass: QueryClass, times: number[]) => {
    times.push((await client.callTool(queryClass.tool, queryClass.args)).elapsedMs);
  };
  for (let i = 0; i < rounds; i++) {
    // Each goes first in half the rounds, so neither gains from its place in the pair.
    if (i % 2 === 0) await call(first, firstTimes).then(() => call(deep, deepTimes));
    else await call(deep, deepTimes).then(() => call(first, firstTimes));
  }
  return { page1Ms: summarize(firstTimes).p50, deepMs: summarize(deepTimes).p50 };
}

/**
 * The per-call floor: ping and list page 1, each server called in turn, round after round,
 * starting from another server each round. With peers, each lists the same newest rows
 * through its SQL tool; all p50s come from the same rounds.
 */
async function perCallFloor(
  client: McpClient,
  page1: QueryClass,
  peers: readonly Peer[],
  options: BenchOptions,
): Promise<BenchResult["floor"]> {
  const servers = [
    { client, tool: page1.tool, args: page1.args },
    ...peers,
  ].map((server) => ({ ...server, ping: [] as number[], list: [] as number[], bytes: 0 }));
  for (let i = 0; i < options.warmup + options.iterations; i++) {
    for (let k = 0; k < servers.length; k++) {
      const server = servers[(i + k) % servers.length]!;
      const pinged = await server.client.request("ping");
      const listed = await server.client.callTool(server.tool, server.args);
      server.bytes = listed.bytes;
      if (i < options.warmup) continue;
      server.ping.push(pinged.elapsedMs);
      server.list.push(listed.elapsedMs);
    }
  }
  const [ours, ...others] = servers;
  return {
    pingMs: median(ours!.ping),
    listMs: median(ours!.list),
    peers: others.map((server, i) => ({
      command: peers[i]!.command,
      tool: server.tool,
      bytes: server.bytes,
      pingMs: median(server.ping),
      listMs: median(server.list),
    })),
  };
}

function machine(): BenchResult["machine"] {
  const read = (path: string) => readProcFile(path) ?? "";
  const cpuModel = /^model name\s*:\s*(.+)$/m.exec(read("/proc/cpuinfo"))?.[1] ?? Deno.build.arch;
  const memKb = /^MemTotal:\s+(\d+) kB/m.exec(read("/proc/meminfo"))?.[1];
  return {
    cpus: navigator.hardwareConcurrency,
    cpuModel,
    memoryBytes: memKb === undefined ? null : Number(memKb) * 1024,
  };
}

/**
 * Runs every query class against the store at `options.db` and returns the measurements.
 *
 * @example
 * ```ts
 * import { runBenchmark } from "./run.ts";
 * import { formatReport } from "./report.ts";
 * const result = await runBenchmark({
 *   db: "/tmp/bench.db", iterations: 20, warmup: 3, requests: 20, coldStarts: 3,
 * });
 * console.log(formatReport(result));
 * ```
 */
export async function runBenchmark(options: BenchOptions): Promise<BenchResult> {
  const log = options.log ?? ((line: string) => console.error(line));
  const engine = openEngine(options.db);
  const store = openStore(options.db);
  const client = startServer(options.db);
  try {
    await client.initialize();
    log("bench: walking list_transcripts to page 200");
    const walk = await walkToPage200(client);
    const classes = queryClasses({ ...storeFacts(engine), page200Cursor: walk.cursor });
    const results: ClassResult[] = [];
    let largestResponse = { bytes: 0, label: "" };
    for (const queryClass of classes) {
      log(`bench: ${queryClass.label}`);
      const sqlMatches = sameSql(recordToolSql(store, queryClass), queryClass.sql);
      const { result, largest } = await measureClass(
        client,
        store,
        engine,
        queryClass,
        options,
        sqlMatches,
      );
      results.push(result);
      if (largest > largestResponse.bytes) {
        largestResponse = { bytes: largest, label: queryClass.label };
      }
    }
    log("bench: list page 1 and page 200, alternately");
    const paging = await alternatePages(client, classes, options.iterations);
    const peers: Peer[] = [];
    let floor: BenchResult["floor"];
    try {
      for (const command of options.peers ?? []) {
        log(`bench: starting peer ${command}`);
        peers.push(await startPeer(command, options.db));
      }
      log(`bench: ping and list page 1, by turns${peers.length > 0 ? " with the peers" : ""}`);
      // Classes come in CLASS_LABELS order: list page 1 first.
      floor = await perCallFloor(client, classes[0]!, peers, options);
    } finally {
      await Promise.all(peers.map((peer) => peer.client.close().catch(() => {})));
    }
    const searchOrder = classes
      .filter((c) => c.tool === "search_transcripts" && c.args["query"] !== FALLBACK_QUERY)
      .map((c) => {
        const check = checkSearchOrder(store, String(c.args["query"]));
        return { label: c.label, same: check.same, results: check.tool.length };
      });
    const memory = processMemory(client.pid);
    await client.close();
    log("bench: cold starts");
    const coldStart = await coldStarts(options.db, options.coldStarts);
    const counts = engine.get(
      "SELECT (SELECT count(*) FROM transcripts) AS transcripts, (SELECT count(*) FROM tasks) AS tasks",
    );
    return {
      machine: machine(),
      runtime: {
        deno: Deno.version.deno,
        sqlite: String(engine.get("SELECT sqlite_version() AS v")?.["v"]),
      },
      store: {
        path: options.db,
        transcripts: Number(counts?.["transcripts"]),
        tasks: Number(counts?.["tasks"]),
        bytes: Deno.statSync(options.db).size,
      },
      settings: {
        iterations: options.iterations,
        warmup: options.warmup,
        requests: options.requests,
        coldStarts: options.coldStarts,
      },
      deepPage: walk.page,
      paging,
      floor,
      classes: results,
      coldStart,
      searchOrder,
      memory,
      largestResponse,
    };
  } finally {
    await client.close().catch(() => {});
    store.close();
    engine.close();
  }
}

async function main(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: "string" },
      count: { type: "string" },
      words: { type: "string" },
      out: { type: "string" },
      iterations: { type: "string" },
      warmup: { type: "string" },
      requests: { type: "string" },
      "cold-starts": { type: "string" },
      peer: { type: "string", multiple: true },
      stop: { type: "boolean" },
    },
  });
  let db = values.db;
  if (db === undefined) {
    const count = positiveInteger("count", values.count, 1_000);
    const words = positiveInteger("words", values.words, 6_000);
    const cache = join(dirname(PROJECT_ROOT.replace(/[\\/]$/, "")), "bench-cache");
    Deno.mkdirSync(cache, { recursive: true });
    db = join(cache, `bench-${count}x${words}-seed1.db`);
    try {
      Deno.statSync(db);
    } catch {
      console.error(`bench: generating ${db}`);
      generateStore({ count, out: db, averageWords: words });
    }
  }
  if (values.stop) {
    const report = formatStops(await measureStops(db));
    console.log(report);
    if (values.out !== undefined) Deno.writeTextFileSync(values.out, report);
    return;
  }
  const result = await runBenchmark({
    db,
    iterations: positiveInteger("iterations", values.iterations, 100),
    warmup: positiveInteger("warmup", values.warmup, 5),
    requests: positiveInteger("requests", values.requests, 64),
    coldStarts: positiveInteger("cold-starts", values["cold-starts"], 10),
    peers: values.peer ?? [],
  });
  const report = formatReport(result);
  console.log(report);
  if (values.out !== undefined) Deno.writeTextFileSync(values.out, report);
}

if (import.meta.main) {
  try {
    await main(Deno.args);
  } catch (error) {
    console.error(`bench: ${(error as Error).message}`);
    Deno.exit(1);
  }
}
