/**
 * `deno task bench-meaning [--count N] [--set original|fresh|dev]`: how well
 * search_transcripts finds what a person means, in each mode, on a labelled set: `original`
 * (the default, bench/meaning_queries.ts), `fresh` (bench/fresh_paraphrases.ts, written blind
 * to the word-vector table for issue #25: the test split) or `dev` (bench/dev_paraphrases.ts,
 * written blind the same way: the split to tune on). Prints recall@10 and MRR for paraphrase
 * and literal queries in modes words, meaning and both, as the markdown of bench/RESULTS.md,
 * and whether the bar of issue #15 is met (meaning or both raises recall@10 on paraphrases by
 * 20 points or more, and costs literal queries 2 points or fewer); for the fresh and dev sets,
 * also the bar of issue #25 (paraphrase recall@10 of 50% or more in mode both, literal
 * recall@10 as in words).
 *
 * The generated store is written to a temporary file: bench/gen_store.ts's meeting talk
 * (`--count` transcripts of 300 words, seed 1) with the planted topics added in one more
 * transaction. Calls go through callTool, in this process, as a worker runs them.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { join } from "node:path";
import { generateStore, positiveInteger } from "./gen_store.ts";
import {
  type LabelledQuery,
  type LabelledSet,
  MEANING_QUERIES,
  PLANTED_TOPICS,
  type PlantedTopic,
} from "./meaning_queries.ts";
import { FRESH_SET } from "./fresh_paraphrases.ts";
import { DEV_SET } from "./dev_paraphrases.ts";
import { populateStore } from "../lib/store/populate_store.ts";
import type { Transcript } from "../lib/store/model.ts";
import { SourceSet } from "../lib/sources/source_set.ts";
import { callTool } from "../lib/tools/call_tool.ts";
import { findTool } from "../lib/tools/registry.ts";
import { isStopWord } from "../lib/search/fts_query.ts";
import type { SearchAnswer } from "../lib/tools/search_transcripts.ts";
import type { SearchMode } from "../lib/tools/search_meaning.ts";

const MODES: readonly SearchMode[] = ["words", "meaning", "both"];
const TOP = 10;

/** The labelled sets `--set` names. */
export const SETS: Readonly<Record<"original" | "fresh" | "dev", LabelledSet>> = {
  original: { topics: PLANTED_TOPICS, queries: MEANING_QUERIES },
  fresh: FRESH_SET,
  dev: DEV_SET,
};

/** The name of a labelled set. */
export type SetName = keyof typeof SETS;

/** The planted topics as transcripts, one sentence a segment. */
function plantedTranscripts(topics: readonly PlantedTopic[]): Transcript[] {
  return topics.map((topic, i) => ({
    id: `planted-${i + 1}`,
    title: topic.title,
    createdAt: new Date(Date.UTC(2026, 5, 1 + i)).toISOString(),
    source: "voice_note",
    language: "en",
    engine: "bench",
    modelId: "none",
    starred: false,
    manualTags: [],
    template: null,
    segments: topic.text.split(/(?<=[.;:])\s+/).map((text, seq) => ({
      speaker: seq % 2 === 0 ? "Sam" : "Priya",
      startMs: seq * 5_000,
      endMs: seq * 5_000 + 4_500,
      text,
    })),
  }));
}

/** Writes the generated store with the planted topics; returns its path. */
export function writeMeaningStore(
  dir: string,
  count: number,
  topics: readonly PlantedTopic[] = PLANTED_TOPICS,
): string {
  const out = join(dir, "meaning.db");
  generateStore({ count, out, averageWords: 300, force: true });
  const db = new DatabaseSync(out);
  try {
    populateStore(db, plantedTranscripts(topics), []);
  } finally {
    db.close();
  }
  return out;
}

/** Content words of a paraphrase that its relevant transcripts hold (there must be none). */
function sharedWords(sources: SourceSet, query: LabelledQuery): string[] {
  const search = findTool("search_transcripts")!;
  const words = (query.query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !isStopWord(word));
  return words.filter((word) => {
    const out = callTool(search, sources, { query: `"${word}"`, mode: "words", limit: 100 });
    if (!out.ok) throw new Error(out.message);
    const titles = (JSON.parse(out.structuredJson) as SearchAnswer).results.map((r) => r.title);
    return query.relevant.some((title) => titles.includes(title));
  });
}

/** Recall@10 and reciprocal rank of one query in one mode. */
function score(sources: SourceSet, query: LabelledQuery, mode: SearchMode) {
  const out = callTool(findTool("search_transcripts")!, sources, {
    query: query.query,
    mode,
    limit: TOP,
  });
  if (!out.ok) throw new Error(`${query.query}: ${out.message}`);
  const titles = (JSON.parse(out.structuredJson) as SearchAnswer).results.map((r) => r.title);
  const found = query.relevant.filter((title) => titles.includes(title)).length;
  const first = titles.findIndex((title) => query.relevant.includes(title));
  return { recall: found / query.relevant.length, rr: first === -1 ? 0 : 1 / (first + 1) };
}

/** The evaluation: the report's markdown and whether the bar is met. */
export function evaluate(
  count: number,
  set: SetName = "original",
): { markdown: string; met: boolean } {
  const { topics, queries: all } = SETS[set];
  const dir = Deno.makeTempDirSync({ prefix: "meaning-eval-" });
  try {
    const path = writeMeaningStore(dir, count, topics);
    const stores = {
      demo: SourceSet.open([{ kind: "demo", name: "demo" }]),
      generated: SourceSet.open([
        { kind: "path", name: "generated", path, detected: "transcript-mcp" },
      ]),
    };
    const problems = all.filter((q) => q.kind === "paraphrase")
      .map((q) => ({ q, shared: sharedWords(stores[q.store], q) }))
      .filter(({ shared }) => shared.length > 0)
      .map(({ q, shared }) => `"${q.query}" shares ${shared.join(", ")}`);
    const rows: string[] = [];
    const recall: Record<string, number> = {};
    const misses: string[] = [];
    for (const kind of ["paraphrase", "literal"] as const) {
      const queries = all.filter((q) => q.kind === kind);
      for (const mode of MODES) {
        const scores = queries.map((q) => ({ q, ...score(stores[q.store], q, mode) }));
        const mean = (pick: (s: { recall: number; rr: number }) => number) =>
          scores.reduce((sum, s) => sum + pick(s), 0) / scores.length;
        recall[`${kind} ${mode}`] = mean((s) => s.recall) * 100;
        rows.push(
          `| ${kind} | ${mode} | ${queries.length} | ${
            (mean((s) => s.recall) * 100).toFixed(1)
          } | ` +
            `${mean((s) => s.rr).toFixed(3)} |`,
        );
        if (mode !== "words" || kind === "literal") {
          misses.push(
            ...scores.filter((s) => s.recall < 1).map((s) =>
              `${mode}: "${s.q.query}" (${kind}) recall ${s.recall.toFixed(2)}`
            ),
          );
        }
      }
    }
    const gain = (mode: string) => recall[`paraphrase ${mode}`]! - recall["paraphrase words"]!;
    const cost = (mode: string) => recall["literal words"]! - recall[`literal ${mode}`]!;
    const verdicts = ["meaning", "both"].map((mode) =>
      `| ${mode} | +${gain(mode).toFixed(1)} | ${cost(mode).toFixed(1)} | ${
        gain(mode) >= 20 && cost(mode) <= 2 ? "met" : "not met"
      } |`
    );
    const met = problems.length === 0 &&
      ["meaning", "both"].some((mode) => gain(mode) >= 20 && cost(mode) <= 2);
    const met25 = recall["paraphrase both"]! >= 50 && cost("both") <= 0;
    for (const sources of Object.values(stores)) sources.close();
    const markdown = [
      `Set: ${set}. Queries: ${all.length} (demo store and a generated store of ${count} ` +
      `transcripts with ${topics.length} planted topics); top ${TOP}.`,
      "",
      "| Queries | Mode | n | Recall@10 (%) | MRR |",
      "| --- | --- | ---: | ---: | ---: |",
      ...rows,
      "",
      "| Mode | Paraphrase recall@10 gain (points) | Literal recall@10 cost (points) | Bar |",
      "| --- | ---: | ---: | --- |",
      ...verdicts,
      "",
      ...(set !== "original"
        ? [
          `Bar of issue #25 (paraphrase recall@10 in both ${
            recall["paraphrase both"]!.toFixed(1)
          }% ≥ 50%, literal recall@10 in both as in words): ${met25 ? "met" : "not met"}.`,
          "",
        ]
        : []),
      problems.length === 0
        ? "Every paraphrase shares no content word with its transcripts (checked in the index)."
        : `Paraphrases that share words: ${problems.join("; ")}`,
      "",
      "Not found in full (every mode for literal queries; meaning and both for paraphrases):",
      "",
      ...misses.map((miss) => `- ${miss}`),
    ].join("\n");
    return { markdown, met };
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { count: { type: "string" }, set: { type: "string", default: "original" } },
  });
  if (!Object.hasOwn(SETS, values.set)) {
    console.error(`--set must be one of ${Object.keys(SETS).join(", ")}, not ${values.set}`);
    Deno.exit(2);
  }
  const set = values.set as SetName;
  const { markdown, met } = evaluate(positiveInteger("count", values.count, 500), set);
  console.log(markdown);
  console.log(`\nBar: ${met ? "met" : "not met"}`);
}
