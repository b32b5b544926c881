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
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openStore, type Store, type StoreRow } from "../lib/store/store.ts";
import { BM25_WEIGHTS } from "../lib/tools/search_transcripts.ts";
import { callTool } from "../lib/tools/call_tool.ts";
import { toolCallResult } from "../lib/protocol/tool_result.ts";
import { findTool } from "../lib/tools/registry.ts";
import { normalizeSql, openEngine } from "./engine_sql.ts";
import { generateStore, positiveInteger } from "./gen_store.ts";
import { McpClient, serverArgs, type TimedAnswer } from "./mcp_client.ts";
import { type Peer, startPeer } from "./peer.ts";
import { RARE_WORD } from "./planted_terms.ts";
import { processMemory, readProcFile } from "./proc.ts";
import { FALLBACK_QUERY, type QueryClass, queryClasses, type StoreFacts } from "./query_classes.ts";
import { type BenchResult, type ClassResult, formatReport } from "./report.ts";
import { median, summarize } from "./stats.ts";
import { formatStops, measureStops } from "./stop_latency.ts";

/** The checkout's root, where deno.json and main.ts are. */
export const PROJECT_ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The cold-start baseline: a file that prints one line, run by a bare `deno run`. */
export const BARE_SCRIPT = "bench/bare_start.ts";

/**
 * The plain BM25 plan for a MATCH expression: its top 20 rowids, best first. The search
 * tool's ranked page must list the same transcripts in the same order.
 */
export const PLAIN_BM25_SQL = "SELECT rowid FROM transcripts_fts WHERE transcripts_fts MATCH ? " +
  `ORDER BY bm25(transcripts_fts, ${BM25_WEIGHTS.join(", ")}), rowid LIMIT 20`;

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

function startTask(): string {
  const config = JSON.parse(Deno.readTextFileSync(join(PROJECT_ROOT, "deno.json")));
  return config.tasks.start;
}

function startServer(db: string): McpClient {
  return new McpClient(Deno.execPath(), serverArgs(startTask(), db), PROJECT_ROOT);
}

function itemCount(answer: TimedAnswer): number {
  const content = answer.message["result"]?.structuredContent ?? {};
  for (const key of ["transcripts", "results", "tasks"]) {
    if (Array.isArray(content[key])) return content[key].length;
  }
  return 1;
}

/** Walks list_transcripts' cursor to the cursor of page 200, or of the deepest page. */
async function walkToPage200(client: McpClient): Promise<{ cursor: string; page: number }> {
  // Invariant: `cursor` fetches page `page` (undefined fetches page 1).
  let cursor: string | undefined;
  let page = 1;
  while (page < 200) {
    const answer = await client.callTool(
      "list_transcripts",
      cursor === undefined ? {} : { cursor },
    );
    const next = answer.message["result"].structuredContent.nextCursor as string | null;
    if (next === null) break;
    cursor = next;
    page++;
  }
  if (cursor === undefined) throw new Error("the store needs more than one page (20 transcripts)");
  return { cursor, page };
}

function storeFacts(engine: Store): Omit<StoreFacts, "page200Cursor"> {
  const lengths = engine.all("SELECT id, length(text) AS n FROM transcripts")
    .map((row) => ({ id: String(row["id"]), n: Number(row["n"]) }))
    .sort((a, b) => a.n - b.n || (a.id < b.id ? -1 : 1));
  return {
    medianId: lengths[Math.floor(lengths.length / 2)]!.id,
    largestId: lengths.at(-1)!.id,
  };
}

/** The statements a tool call runs, each once, recorded through wrapped reads. */
function recordToolSql(store: Store, queryClass: QueryClass): Set<string> {
  const seen: string[] = [];
  const all = store.all.bind(store);
  const get = store.get.bind(store);
  store.all = (sql, ...params): StoreRow[] => {
    seen.push(normalizeSql(sql));
    return all(sql, ...params);
  };
  store.get = (sql, ...params): StoreRow | undefined => {
    seen.push(normalizeSql(sql));
    return get(sql, ...params);
  };
  try {
    callTool(findTool(queryClass.tool)!, store, queryClass.args);
  } finally {
    store.all = all;
    store.get = get;
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
    const output = callTool(tool, store, queryClass.args);
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

/** Spawn to the first line of a bare `deno run` of {@link BARE_SCRIPT}, in milliseconds. */
async function bareStart(): Promise<number> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", BARE_SCRIPT],
    cwd: PROJECT_ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  let elapsed: number | undefined;
  for await (const chunk of child.stdout) {
    if (elapsed === undefined && chunk.includes(0x0a)) elapsed = performance.now() - started;
  }
  await child.status;
  if (elapsed === undefined) throw new Error(`${BARE_SCRIPT} printed no line`);
  return elapsed;
}

async function coldStarts(db: string, runs: number): Promise<BenchResult["coldStart"]> {
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

/** The outcome of {@link checkSearchOrder}. */
export interface SearchOrderCheck {
  /** The search tool's result ids, in its order. */
  tool: string[];
  /** The plain BM25 plan's top 20, as transcript ids. */
  plain: string[];
  /** Same ids in the same order. */
  same: boolean;
}

/**
 * Compares the search tool's top 20 for `query` (an FTS5 expression) with the plain BM25
 * plan's ({@link PLAIN_BM25_SQL}): the tool's deadline check, join and paging must not
 * change which transcripts come first.
 *
 * @example
 * ```ts
 * import { checkSearchOrder } from "./run.ts";
 * import { openStore } from "../lib/store/store.ts";
 * checkSearchOrder(openStore("/tmp/bench.db"), "deadline").same; // true
 * ```
 */
export function checkSearchOrder(store: Store, query: string): SearchOrderCheck {
  const output = toolCallResult(callTool(findTool("search_transcripts")!, store, { query }));
  if (output.isError) throw new Error(`search ${query}: ${output.content[0]?.text}`);
  const content = output.structuredContent as {
    results: { id: string }[];
    queryMode: string;
  };
  if (content.queryMode !== "fts5") throw new Error(`${query} did not run as FTS5`);
  const tool = content.results.map((result) => result.id);
  const plain = store.all(PLAIN_BM25_SQL, query).map((row) =>
    String(store.get("SELECT id FROM transcripts WHERE pk = ?", row["rowid"]!)?.["id"])
  );
  return { tool, plain, same: tool.join("\n") === plain.join("\n") };
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
