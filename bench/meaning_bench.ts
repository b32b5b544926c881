/**
 * `deno task bench-meaning-speed --db PATH [--rounds N]`: the cost of search by meaning on a
 * large store. Each round calls search_transcripts once per query in every mode, the modes
 * in turn (interleaved, so load on the machine falls on all alike), through callTool in this
 * process; the report gives each mode's median and the ratio of medians to mode `words`,
 * over all queries and for the assistant-style questions alone. It also reports the memory
 * the word-vector table adds: in this process (RSS before and after its first load), and in
 * the real server (its RSS after searches in mode words, then after as many in mode both,
 * which every worker answers some of).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { MEANING_QUERIES } from "./meaning_queries.ts";
import { median } from "./stats.ts";
import { FALLBACK_QUERY } from "./query_classes.ts";
import { COMMON_WORD, RARE_WORD } from "./planted_terms.ts";
import { positiveInteger } from "./gen_store.ts";
import { SourceSet } from "../lib/sources/source_set.ts";
import { callTool } from "../lib/tools/call_tool.ts";
import { findTool } from "../lib/tools/registry.ts";
import { wordVectors } from "../lib/search/word_vectors_file.ts";
import { startServer } from "./server_under_test.ts";
import { processMemory } from "./proc.ts";
import type { SearchMode } from "../lib/tools/search_meaning.ts";

/** Questions as an assistant passes them on, about the generated store's meeting talk. */
export const QUESTIONS: readonly string[] = [
  "what did we say about pricing?",
  "budget review",
  "hiring plan for engineers",
  "customer feedback on onboarding",
  "release timeline",
  "security audit findings",
  "what did we decide about the migration?",
  "vendor contract renewal",
  COMMON_WORD,
  RARE_WORD,
  FALLBACK_QUERY,
];

const MODES: readonly SearchMode[] = ["words", "meaning", "both"];

function rssMb(): number {
  return Deno.memoryUsage().rss / 1024 / 1024;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { db: { type: "string" }, rounds: { type: "string" } },
  });
  if (values.db === undefined) throw new Error("--db: required");
  const rounds = positiveInteger("rounds", values.rounds, 5);
  const before = rssMb();
  wordVectors();
  const tableMb = rssMb() - before;
  const sources = SourceSet.open([
    { kind: "path", name: "store", path: values.db, detected: "transcript-mcp" },
  ]);
  const search = findTool("search_transcripts")!;
  const queries = [...QUESTIONS, ...MEANING_QUERIES.map((q) => q.query)];
  const times = new Map(
    MODES.map((mode) => [mode, { all: [] as number[], asked: [] as number[] }]),
  );
  const refused = new Set<string>();
  for (let round = 0; round <= rounds; round++) {
    for (const query of queries) {
      for (let m = 0; m < MODES.length; m++) {
        const mode = MODES[(m + round) % MODES.length]!;
        const started = performance.now();
        const out = callTool(search, sources, { query, mode });
        const ms = performance.now() - started;
        // A query words mode refuses as too broad for the store is left out of every mode.
        if (!out.ok) {
          if (mode !== "words") throw new Error(`${mode} "${query}": ${out.message}`);
          refused.add(query);
        }
        if (round === 0 || refused.has(query)) continue; // Warm-up, or refused.
        times.get(mode)!.all.push(ms);
        if (QUESTIONS.includes(query)) times.get(mode)!.asked.push(ms);
      }
    }
  }
  sources.close();
  const words = times.get("words")!;
  console.log(
    `Store: ${values.db}; ${queries.length - refused.size} queries × ${rounds} rounds a mode ` +
      `(${refused.size} refused as too broad in mode words, left out).\n`,
  );
  console.log("| Mode | p50 ms, all | × words | p50 ms, questions | × words |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const mode of MODES) {
    const { all, asked } = times.get(mode)!;
    console.log(
      `| ${mode} | ${median(all).toFixed(2)} | ${(median(all) / median(words.all)).toFixed(2)} | ` +
        `${median(asked).toFixed(2)} | ${(median(asked) / median(words.asked)).toFixed(2)} |`,
    );
  }
  console.log(`\nRSS added by reading the word-vector table, in process: ${tableMb.toFixed(1)} MB`);
  await serverMemory(values.db);
}

/**
 * The server's RSS after searches in mode words, then after as many more in mode both,
 * against a second server that makes the second round in mode words too: the difference
 * is what search by meaning adds (the table, its index, and the code that runs), apart from
 * what more searches add anyway (page caches, heaps).
 */
async function serverMemory(db: string): Promise<void> {
  const grown: Record<string, number> = {};
  for (const second of ["words", "both"] as const) {
    const client = startServer(db);
    try {
      await client.initialize();
      const rss = () => {
        const memory = processMemory(client.pid);
        return memory === null ? NaN : (memory.anon + memory.file) / 1024 / 1024;
      };
      const searches = async (mode: SearchMode) => {
        // All at once, so every worker of the pool takes some.
        for (let round = 0; round < 4; round++) {
          await Promise.all(QUESTIONS.map((query) =>
            client.request("tools/call", {
              name: "search_transcripts",
              arguments: { query, mode },
            })
          ));
        }
        return rss();
      };
      const first = await searches("words");
      grown[second] = (await searches(second)) - first;
    } finally {
      await client.close();
    }
  }
  console.log(
    `Server RSS growth over a second round of ${4 * QUESTIONS.length} searches: ` +
      `${grown["words"]!.toFixed(1)} MB in mode words, ${grown["both"]!.toFixed(1)} MB in mode ` +
      `both: search by meaning adds ${(grown["both"]! - grown["words"]!).toFixed(1)} MB`,
  );
}
