/**
 * The benchmark's results and their markdown report.
 *
 * @module
 */
import { formatBytes } from "./gen_store.ts";
import type { ProcessMemory } from "./proc.ts";
import type { LatencySummary } from "./stats.ts";

/** The measurements of one query class. */
export interface ClassResult {
  label: string;
  tool: string;
  /** Items in the server's answer: transcripts, results or tasks; 1 for get_transcript. */
  items: number;
  /** The server's answer line, in bytes. */
  bytes: number;
  /** Over stdio to the server process: request written to answer read. */
  server: LatencySummary;
  /** The same tool call in the driver's process (callTool), with no stdio or JSON-RPC. */
  inProcess: LatencySummary;
  /** The tool's SQL alone on node:sqlite. */
  engine: LatencySummary;
  /** Requests a second to the server with 1 request in flight. */
  throughput1: number;
  /** Requests a second to the server with 8 requests in flight. */
  throughput8: number;
  /** False when the tool ran SQL other than the copy in engine_sql.ts. */
  sqlMatches: boolean;
}

/** Everything one run measured. */
export interface BenchResult {
  machine: { cpus: number; cpuModel: string; memoryBytes: number | null };
  runtime: { deno: string; sqlite: string };
  store: { path: string; transcripts: number; tasks: number; bytes: number };
  settings: { iterations: number; warmup: number; requests: number; coldStarts: number };
  /** The page the "page 200" class really fetched; lower on a store with fewer pages. */
  deepPage: number;
  /**
   * Server p50 of list page 1 and of the deep page, called alternately: the depth ratio
   * from the two classes' own runs, minutes apart, moved more with the machine than with
   * depth.
   */
  paging: { page1Ms: number; deepMs: number };
  /**
   * The per-call floor: server p50 of ping and of list page 1, called by turns; with
   * peers (bench/peer.ts), theirs from the same rounds, listing the same rows by SQL.
   */
  floor: {
    pingMs: number;
    listMs: number;
    peers: { command: string; tool: string; bytes: number; pingMs: number; listMs: number }[];
  };
  classes: ClassResult[];
  /** Medians over the same runs; bareDenoMs is a bare `deno run` of a one-line script. */
  coldStart: { initializeMs: number; firstSearchMs: number; bareDenoMs: number };
  /** Per FTS5 search class: the tool's top 20 equals the plain BM25 plan's. */
  searchOrder: { label: string; same: boolean; results: number }[];
  /** The server's memory at the end of the timed run; null where /proc is missing. */
  memory: ProcessMemory | null;
  largestResponse: { bytes: number; label: string };
}

/** The columns of the per-class table, in order. */
export const TABLE_COLUMNS = [
  "Query class",
  "Tool",
  "Items",
  "Answer bytes",
  "Server p50 ms",
  "Server p99 ms",
  "In-process p50 ms",
  "Engine p50 ms",
  "Engine p99 ms",
  "Server / engine (p50)",
  "req/s, 1 in flight",
  "req/s, 8 in flight",
] as const;

function ms(value: number): string {
  if (!Number.isFinite(value)) return "–";
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

/** Milliseconds with one more digit than {@link ms}, for comparisons that are close. */
function precise(value: number): string {
  return value < 10 ? value.toFixed(3) : value.toFixed(2);
}

function ratio(ours: number, engine: number): string {
  if (!(engine > 0)) return "–";
  const r = ours / engine;
  return `${r < 10 ? r.toFixed(1) : r.toFixed(0)}×`;
}

function searchOrderCell(checks: BenchResult["searchOrder"]): string {
  const differ = checks.filter((c) => !c.same).map((c) => c.label);
  if (differ.length === 0) return `yes, all ${checks.length} FTS5 classes`;
  return `no for ${differ.join(", ")}`;
}

/** One of the performance targets, as this run measured it. */
export interface TargetOutcome {
  target: string;
  measured: string;
  met: boolean;
}

/** The columns of the targets table. */
export const TARGET_COLUMNS = ["Target", "Measured", "Met"] as const;

/** The class whose latency the search target is about, and the store size it names. */
const COMMON_SEARCH = "search common word";
const TARGET_STORE_SIZE = 100_000;
const MIB = 1024 * 1024;

function byLabel(result: BenchResult, label: string): ClassResult {
  const found = result.classes.find((c) => c.label === label);
  if (found === undefined) throw new Error(`no class ${label}`);
  return found;
}

/**
 * The targets, each checked against this run's medians.
 *
 * @example
 * ```ts
 * import { targets } from "./report.ts";
 * declare const result: import("./report.ts").BenchResult;
 * targets(result).filter((t) => !t.met);
 * ```
 */
export function targets(result: BenchResult): TargetOutcome[] {
  const limit = (c: ClassResult) => c.engine.p50 * 1.3 + 0.5;
  const over = result.classes.filter((c) => c.server.p50 > limit(c));
  const common = byLabel(result, COMMON_SEARCH);
  const page1 = byLabel(result, "list page 1");
  const { initializeMs, bareDenoMs } = result.coldStart;
  const size = result.store.transcripts;
  const outcomes: TargetOutcome[] = [
    {
      target: "Server p50 ≤ engine p50 × 1.3 + 0.5 ms, every class",
      measured: over.length === 0
        ? `all ${result.classes.length} classes`
        : `${result.classes.length - over.length} of ${result.classes.length} classes; over: ` +
          over.map((c) => `${c.label} ${precise(c.server.p50)} > ${precise(limit(c))}`)
            .join(", "),
      met: over.length === 0,
    },
    {
      target: "Common-word search, top 20, p50 < 50 ms at 100k transcripts",
      measured: `${ms(common.server.p50)} ms at ${size} transcripts` +
        (size < TARGET_STORE_SIZE ? " (a smaller store than the target's)" : ""),
      met: common.server.p50 < 50 && size >= TARGET_STORE_SIZE,
    },
    {
      target: "List page 200 p50 ≤ 1.2 × page 1 p50",
      measured: `${ms(result.paging.deepMs)} / ${ms(result.paging.page1Ms)} ms = ` +
        `${(result.paging.deepMs / result.paging.page1Ms).toFixed(2)}× (called alternately)`,
      met: result.paging.deepMs <= 1.2 * result.paging.page1Ms,
    },
    {
      target: "≥ 3,000 list_transcripts calls/s with 8 in flight",
      measured: `${page1.throughput8.toFixed(0)} calls/s (list page 1)`,
      met: page1.throughput8 >= 3000,
    },
    {
      target: "Cold start to initialize ≤ 1.5 × a bare `deno run`",
      measured: `${ms(initializeMs)} / ${ms(bareDenoMs)} ms = ` +
        `${(initializeMs / bareDenoMs).toFixed(2)}×`,
      met: initializeMs <= 1.5 * bareDenoMs,
    },
    {
      target: "Peak RSS < 150 MB",
      measured: result.memory === null ? "unknown" : formatBytes(result.memory.peakRss),
      met: result.memory !== null && result.memory.peakRss < 150e6,
    },
    {
      target: "No answer > 1 MiB at default arguments",
      measured: `largest ${result.largestResponse.bytes} bytes`,
      met: result.largestResponse.bytes <= MIB,
    },
  ];
  const fastest = fastestPeer(result);
  if (fastest !== undefined) {
    outcomes.push({
      target: "List page 1 p50 ≤ the fastest peer's p50 for the same rows",
      measured: `${precise(result.floor.listMs)} / ${precise(fastest.listMs)} ms = ` +
        `${(result.floor.listMs / fastest.listMs).toFixed(2)}× (${fastest.command})`,
      met: result.floor.listMs <= fastest.listMs,
    });
  }
  return outcomes;
}

function fastestPeer(result: BenchResult): BenchResult["floor"]["peers"][number] | undefined {
  return [...result.floor.peers].sort((a, b) => a.listMs - b.listMs)[0];
}

/** The columns of the peers table. */
export const PEER_COLUMNS = [
  "Server",
  "Tool",
  "Answer bytes",
  "Ping p50 ms",
  "List p50 ms",
  "List / ours",
] as const;

function peerTable(result: BenchResult): string[] {
  const { floor } = result;
  const cells = (server: string, tool: string, bytes: number, pingMs: number, listMs: number) =>
    row([
      server,
      tool,
      String(bytes),
      precise(pingMs),
      precise(listMs),
      `${(listMs / floor.listMs).toFixed(2)}×`,
    ]);
  const page1 = byLabel(result, "list page 1");
  return [
    "",
    "Peers: each lists the same newest rows with list_transcripts' SQL through its own SQL " +
    "tool; ping and list called by turns with this server's, in the same rounds.",
    "",
    row(PEER_COLUMNS),
    row(PEER_COLUMNS.map((_, i) => (i < 2 ? "---" : "---:"))),
    cells("transcript-mcp", "`list_transcripts`", page1.bytes, floor.pingMs, floor.listMs),
    ...floor.peers.map((peer) =>
      cells(`\`${peer.command}\``, `\`${peer.tool}\``, peer.bytes, peer.pingMs, peer.listMs)
    ),
  ];
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

/**
 * The report as markdown: the per-class table, then start-up, memory and answer size.
 *
 * @example
 * ```ts
 * import { formatReport } from "./report.ts";
 * declare const result: import("./report.ts").BenchResult;
 * console.log(formatReport(result));
 * ```
 */
export function formatReport(result: BenchResult): string {
  const { machine, runtime, store, settings } = result;
  const lines: string[] = [
    `Store: \`${store.path}\`, ${store.transcripts} transcripts, ${store.tasks} tasks, ` +
    `${formatBytes(store.bytes)}.`,
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ` +
    `${machine.memoryBytes === null ? "unknown" : formatBytes(machine.memoryBytes)} RAM; ` +
    `Deno ${runtime.deno}, SQLite ${runtime.sqlite}.`,
    `Latency: ${settings.iterations} timed calls a class after ${settings.warmup} warm-up calls, ` +
    `server, in-process and engine interleaved. Throughput: ${settings.requests} calls a ` +
    `class at each concurrency.`,
    "",
    row(TABLE_COLUMNS),
    row(TABLE_COLUMNS.map((_, i) => (i < 2 ? "---" : "---:"))),
  ];
  for (const c of result.classes) {
    lines.push(row([
      c.label,
      `\`${c.tool}\``,
      String(c.items),
      String(c.bytes),
      ms(c.server.p50),
      ms(c.server.p99),
      ms(c.inProcess.p50),
      ms(c.engine.p50),
      ms(c.engine.p99),
      ratio(c.server.p50, c.engine.p50),
      c.throughput1.toFixed(0),
      c.throughput8.toFixed(0),
    ]));
  }
  lines.push(
    "",
    row(["Measure", "Value"]),
    row(["---", "---:"]),
    row([
      `Cold start to initialize answered (median of ${settings.coldStarts})`,
      `${ms(result.coldStart.initializeMs)} ms`,
    ]),
    row([
      "Cold start to first search answered (same runs)",
      `${ms(result.coldStart.firstSearchMs)} ms`,
    ]),
    row([
      "Bare `deno run` of a one-line script to its line (interleaved runs)",
      `${ms(result.coldStart.bareDenoMs)} ms`,
    ]),
    row([
      "Peak RSS of the server (VmHWM)",
      result.memory === null ? "unknown" : formatBytes(result.memory.peakRss),
    ]),
    row([
      "Server RSS at the end: anonymous / file-backed (mmap'd store pages, code)",
      result.memory === null
        ? "unknown"
        : `${formatBytes(result.memory.anon)} / ${formatBytes(result.memory.file)}`,
    ]),
    row([
      "List page 1 p50 / ping p50, called by turns",
      `${precise(result.floor.listMs)} / ${precise(result.floor.pingMs)} ms = ` +
      `${(result.floor.listMs / result.floor.pingMs).toFixed(1)}×`,
    ]),
    row([
      "Largest answer",
      `${result.largestResponse.bytes} bytes (${result.largestResponse.label})`,
    ]),
    row([
      "Search top 20 equals the plain BM25 plan's (ids and order)",
      searchOrderCell(result.searchOrder),
    ]),
    ...(result.floor.peers.length > 0 ? peerTable(result) : []),
    "",
    row(TARGET_COLUMNS),
    row(TARGET_COLUMNS.map(() => "---")),
    ...targets(result).map((t) => row([t.target, t.measured, t.met ? "met" : "not met"])),
  );
  const notes: string[] = [];
  if (result.deepPage !== 200) {
    notes.push(
      `The store has fewer than 200 pages, so "list page 200" fetched page ${result.deepPage}.`,
    );
  }
  const drifted = result.classes.filter((c) => !c.sqlMatches).map((c) => c.label);
  if (drifted.length > 0) {
    notes.push(
      `The tools ran SQL other than bench/engine_sql.ts's copy for: ${drifted.join(", ")}. ` +
        "Their engine column times the old copy; update engine_sql.ts.",
    );
  }
  if (notes.length > 0) lines.push("", ...notes.map((note) => `Note: ${note}`));
  return `${lines.join("\n")}\n`;
}
