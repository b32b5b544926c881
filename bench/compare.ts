/**
 * `deno task bench-compare --db PATH --baseline DIR [--rounds N] [--only TEXT,…] [--out FILE]`:
 * the same query classes as `deno task bench`, sent to this checkout's server and to the
 * server of another checkout (an older commit, say, made with `git worktree add DIR COMMIT`)
 * by turns, call by call, on the same store. `--only` keeps the classes whose label holds
 * one of its texts (`--only fallback,phrase`), for more rounds of them in the same time. On
 * two shared, noisy cores, only a comparison made within one run, with the two servers
 * alternating which goes first, tells a change from noise.
 *
 * Each server runs with its own checkout's start task, so each gets its own permission flags.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { isAbsolute, resolve } from "node:path";
import type { TimedAnswer } from "./mcp_client.ts";
import { openEngine } from "./engine_sql.ts";
import { queryClasses } from "./query_classes.ts";
import { PROJECT_ROOT, startServer, storeFacts, walkToPage200 } from "./server_under_test.ts";
import { median, percentile } from "./stats.ts";
import { positiveInteger } from "./gen_store.ts";

/** One query class's figures for the two servers. */
export interface ComparedClass {
  label: string;
  /** This checkout's median, in milliseconds. */
  currentP50: number;
  /** The baseline checkout's median, in milliseconds. */
  baselineP50: number;
  /** This checkout's 90th percentile, in milliseconds. */
  currentP90: number;
  /** The baseline checkout's 90th percentile, in milliseconds. */
  baselineP90: number;
}

/** The columns of {@link formatComparison}'s table. */
export const COMPARISON_COLUMNS = [
  "Class",
  "Current p50 (ms)",
  "Baseline p50 (ms)",
  "Ratio p50",
  "Current p90 (ms)",
  "Baseline p90 (ms)",
] as const;

function answered(answer: TimedAnswer, label: string, who: string): number {
  const result = answer.message["result"];
  if (result === undefined || result.isError) {
    throw new Error(`${who} failed ${label}: ${JSON.stringify(answer.message).slice(0, 300)}`);
  }
  return answer.elapsedMs;
}

/**
 * Calls every query class `rounds` times on each server, the two taking turns to go first,
 * and returns each class's medians and 90th percentiles.
 *
 * @example
 * ```ts
 * import { compareCheckouts } from "./compare.ts";
 * const rows = await compareCheckouts("/tmp/store.db", "../old-checkout", 50);
 * ```
 */
export async function compareCheckouts(
  db: string,
  baseline: string,
  rounds: number,
  log: (line: string) => void = (line) => console.error(line),
  only: readonly string[] = [],
): Promise<ComparedClass[]> {
  const engine = openEngine(db);
  const facts = storeFacts(engine);
  engine.close();
  const current = startServer(db, PROJECT_ROOT);
  const old = startServer(db, baseline);
  try {
    await current.initialize();
    await old.initialize();
    const { cursor } = await walkToPage200(current);
    // More rounds of the classes a change is about, in the same time, where `only` names them.
    const classes = queryClasses({ ...facts, page200Cursor: cursor }).filter((queryClass) =>
      only.length === 0 || only.some((part) => queryClass.label.includes(part))
    );
    const rows: ComparedClass[] = [];
    for (const queryClass of classes) {
      const mine: number[] = [];
      const theirs: number[] = [];
      // One warm-up call each, not counted: the first call of a class reads cold pages.
      await current.callTool(queryClass.tool, queryClass.args);
      await old.callTool(queryClass.tool, queryClass.args);
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? [current, old] : [old, current];
        for (const client of order) {
          const answer = await client.callTool(queryClass.tool, queryClass.args);
          const who = client === current ? "current" : "baseline";
          (client === current ? mine : theirs).push(answered(answer, queryClass.label, who));
        }
      }
      rows.push({
        label: queryClass.label,
        currentP50: median(mine),
        baselineP50: median(theirs),
        currentP90: percentile(mine, 90),
        baselineP90: percentile(theirs, 90),
      });
      log(`${queryClass.label}: ${median(mine).toFixed(3)} vs ${median(theirs).toFixed(3)} ms`);
    }
    return rows;
  } finally {
    await current.close();
    await old.close();
  }
}

/**
 * The comparison as a markdown table, with the geometric mean of the p50 ratios last.
 *
 * @example
 * ```ts
 * import { formatComparison } from "./compare.ts";
 * formatComparison([{
 *   label: "list page 1", currentP50: 1, baselineP50: 1, currentP90: 2, baselineP90: 2,
 * }]);
 * ```
 */
export function formatComparison(rows: readonly ComparedClass[]): string {
  const ms = (value: number) => value.toFixed(3);
  const lines = [
    `| ${COMPARISON_COLUMNS.join(" | ")} |`,
    `| ${COMPARISON_COLUMNS.map((_, i) => i === 0 ? "---" : "---:").join(" | ")} |`,
    ...rows.map((row) =>
      `| ${row.label} | ${ms(row.currentP50)} | ${ms(row.baselineP50)} | ${
        (row.currentP50 / row.baselineP50).toFixed(2)
      }× | ${ms(row.currentP90)} | ${ms(row.baselineP90)} |`
    ),
  ];
  const logMean = rows.reduce((sum, row) => sum + Math.log(row.currentP50 / row.baselineP50), 0) /
    Math.max(1, rows.length);
  lines.push(`| geometric mean | | | ${Math.exp(logMean).toFixed(2)}× | | |`);
  return lines.join("\n");
}

async function main(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: "string" },
      baseline: { type: "string" },
      rounds: { type: "string" },
      only: { type: "string" },
      out: { type: "string" },
    },
  });
  if (values.db === undefined || values.baseline === undefined) {
    console.error(
      "Usage: deno task bench-compare --db PATH --baseline DIR [--rounds N] [--only TEXT,…]",
    );
    Deno.exit(2);
  }
  const absolute = (path: string) => isAbsolute(path) ? path : resolve(Deno.cwd(), path);
  const rounds = positiveInteger("rounds", values.rounds, 100);
  const table = formatComparison(
    await compareCheckouts(
      absolute(values.db),
      absolute(values.baseline),
      rounds,
      undefined,
      values.only?.split(",").filter((part) => part !== "") ?? [],
    ),
  );
  if (values.out !== undefined) Deno.writeTextFileSync(values.out, table + "\n");
  console.log(table);
}

if (import.meta.main) await main(Deno.args);
