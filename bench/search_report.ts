/**
 * What `deno task bench-search` collects for each ranker, mode and form, and the markdown
 * table it prints (as bench/RESULTS.md shows it).
 *
 * @module
 */
import { type Figures, figures, type QuestionScore } from "./search_metrics.ts";
import { percentile } from "./stats.ts";

/** The search modes asked, in table order. */
export const MODES = ["words", "meaning", "both"] as const;
/** The question forms asked: as written, and as keywords. */
export const FORMS = ["written", "keywords"] as const;
/** A question form. */
export type Form = (typeof FORMS)[number];

/** One ranker's answers in one mode and form, question by question. */
export interface Run {
  /** `server`, or the baseline's name. */
  ranker: string;
  /** The search mode (`-` for the baseline). */
  mode: string;
  /** The question form. */
  form: Form;
  /** Each question's score, errors and refusals as misses. */
  scores: QuestionScore[];
  /** Each call's time in ms. */
  ms: number[];
  /** The bytes of each answer of 10 results (its JSON, as the text block carries it). */
  bytes: number[];
  /** Calls answered with a protocol error or a tool error other than a refusal. */
  errors: number;
  /** Calls refused as too broad. */
  refusals: number;
  /** Answers with no result at all. */
  empty: number;
  /** Answers marked `partial`. */
  partial: number;
  /** Answers of modes meaning and both that searched the query's own words only. */
  literalOnly: number;
  /** The first few failures' queries and messages. */
  samples: string[];
}

/**
 * An empty run.
 *
 * @example
 * ```ts
 * import { runWithScores } from "./search_report.ts";
 * runWithScores("server", "both", "written").scores; // []
 * ```
 */
export function runWithScores(ranker: string, mode: string, form: Form): Run {
  return {
    ranker,
    mode,
    form,
    scores: [],
    ms: [],
    bytes: [],
    errors: 0,
    refusals: 0,
    empty: 0,
    partial: 0,
    literalOnly: 0,
    samples: [],
  };
}

/** A run's figures, counts and latency, as the JSON output holds them. */
export interface RunSummary extends Figures {
  /** Who ranked. */
  ranker: string;
  /** The mode. */
  mode: string;
  /** The form. */
  form: Form;
  /** Errors. */
  errors: number;
  /** Refusals. */
  refusals: number;
  /** Answers with no result. */
  empty: number;
  /** Partial answers. */
  partial: number;
  /** Literal-only answers. */
  literalOnly: number;
  /** Median call time, ms. */
  p50Ms: number;
  /** 90th percentile call time, ms. */
  p90Ms: number;
  /** Median and largest bytes of an answer of 10 results; null without such answers. */
  p50Bytes: number | null;
  maxBytes: number | null;
}

/**
 * The summary of `run`.
 *
 * @example
 * ```ts
 * import { runSummary, runWithScores } from "./search_report.ts";
 * const run = runWithScores("server", "words", "keywords");
 * run.scores.push({ rank: 2, momentInSpan: true, passageInSpan: null });
 * run.ms.push(12);
 * runSummary(run).mrr; // 0.5
 * ```
 */
export function runSummary(run: Run): RunSummary {
  return {
    ranker: run.ranker,
    mode: run.mode,
    form: run.form,
    ...figures(run.scores),
    errors: run.errors,
    refusals: run.refusals,
    empty: run.empty,
    partial: run.partial,
    literalOnly: run.literalOnly,
    p50Ms: percentile(run.ms, 50),
    p90Ms: percentile(run.ms, 90),
    p50Bytes: run.bytes.length === 0 ? null : percentile(run.bytes, 50),
    maxBytes: run.bytes.length === 0 ? null : Math.max(...run.bytes),
  };
}

const HEADER = [
  "Ranker",
  "Mode",
  "Form",
  "n",
  "R@1",
  "R@10",
  "MRR",
  "Moment in span",
  "Passage in span",
  "Errors",
  "Refused",
  "No results",
  "Partial",
  "Literal only",
  "p50 ms",
  "p90 ms",
  "Answer KB p50 / max",
];

function percent(share: number | null): string {
  return share === null ? "-" : `${(share * 100).toFixed(1)}%`;
}

function ms(value: number): string {
  return value < 10 ? value.toFixed(1) : value.toFixed(0);
}

/**
 * `runs` as a markdown table, one row a run, columns padded to line up.
 *
 * @example
 * ```ts
 * import { runTable, runWithScores } from "./search_report.ts";
 * runTable([runWithScores("server", "both", "written")]).split("\n").length; // 3
 * ```
 */
export function runTable(runs: readonly Run[]): string {
  const rows = runs.map((run) => {
    const s = runSummary(run);
    return [
      s.ranker,
      s.mode,
      s.form,
      String(s.n),
      s.recallAt1.toFixed(3),
      s.recallAt10.toFixed(3),
      s.mrr.toFixed(3),
      percent(s.momentInSpan),
      percent(s.passageInSpan),
      String(s.errors),
      String(s.refusals),
      String(s.empty),
      String(s.partial),
      String(s.literalOnly),
      ms(s.p50Ms),
      ms(s.p90Ms),
      s.p50Bytes === null || s.maxBytes === null
        ? "-"
        : `${(s.p50Bytes / 1000).toFixed(1)} / ${(s.maxBytes / 1000).toFixed(1)}`,
    ];
  });
  const widths = HEADER.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length))
  );
  const line = (cells: readonly string[]) =>
    `| ${
      cells.map((cell, i) => i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)).join(
        " | ",
      )
    } |`;
  const rule = `| ${
    widths.map((w, i) => i < 3 ? "-".repeat(w) : `${"-".repeat(w - 1)}:`).join(" | ")
  } |`;
  return [line(HEADER), rule, ...rows.map(line)].join("\n");
}
