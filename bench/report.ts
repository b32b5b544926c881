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
  classes: ClassResult[];
  coldStart: { initializeMs: number; firstSearchMs: number };
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

function ratio(ours: number, engine: number): string {
  if (!(engine > 0)) return "–";
  const r = ours / engine;
  return `${r < 10 ? r.toFixed(1) : r.toFixed(0)}×`;
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
      "Largest answer",
      `${result.largestResponse.bytes} bytes (${result.largestResponse.label})`,
    ]),
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
