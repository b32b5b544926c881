/**
 * Three sources at once: one store of ours, a screenpipe database and a Meetily database.
 * The bar (issue #11): an unfiltered search costs under 1.3× the sum of the same search run
 * on each source alone (`sourceName`). Both are timed in one run, alternating, on the same
 * connections, so the machine's noise falls on both; the figure is the median of the
 * per-round ratios.
 *
 * Usage: deno task bench-sources [--store PATH] [--screenpipe PATH] [--meetily PATH]
 *        [--rounds N]
 * Without paths, small databases are generated in a temporary folder.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { generateStore } from "./gen_store.ts";
import { generateScreenpipe } from "./gen_screenpipe.ts";
import { generateMeetily } from "./gen_meetily.ts";
import { COMMON_WORD, RARE_WORD } from "./planted_terms.ts";
import { median } from "./stats.ts";
import { SourceSet } from "../lib/sources/source_set.ts";
import { callTool } from "../lib/tools/call_tool.ts";
import { findTool } from "../lib/tools/registry.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    store: { type: "string" },
    screenpipe: { type: "string" },
    meetily: { type: "string" },
    rounds: { type: "string", default: "15" },
  },
});
const rounds = Number(values.rounds);
const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-sources-bench-" });
const store = values.store ?? join(dir, "store.db");
const screenpipe = values.screenpipe ?? join(dir, "screenpipe.sqlite");
const meetily = values.meetily ?? join(dir, "meeting_minutes.sqlite");
if (values.store === undefined) generateStore({ count: 2_000, out: store, averageWords: 3_000 });
if (values.screenpipe === undefined) generateScreenpipe({ out: screenpipe, rows: 100_000 });
if (values.meetily === undefined) generateMeetily({ count: 500, out: meetily });

const sources = SourceSet.open([
  { kind: "path", name: "store", path: store },
  { kind: "path", name: "screenpipe", path: screenpipe },
  { kind: "path", name: "meetily", path: meetily },
]);
const search = findTool("search_transcripts")!;

function timed(args: Record<string, unknown>): number {
  const started = performance.now();
  const outcome = callTool(search, sources, args);
  const elapsed = performance.now() - started;
  if (!outcome.ok) throw new Error(`${JSON.stringify(args)}: ${outcome.message}`);
  return elapsed;
}

console.log(`# Three sources: unfiltered search against the sum of the three alone\n`);
console.log(`${store}\n${screenpipe}\n${meetily}\n`);
console.log("| query | unfiltered p50 | sum of the three p50 | ratio (median of rounds) |");
console.log("| --- | ---: | ---: | ---: |");
for (const query of [COMMON_WORD, RARE_WORD, "pricing review"]) {
  const names = sources.all.map((source) => source.name);
  // Warm each path once: caches, statements and the vocabulary table.
  timed({ query });
  for (const sourceName of names) timed({ query, sourceName });
  const all: number[] = [];
  const sums: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const sum = names.reduce((total, sourceName) => total + timed({ query, sourceName }), 0);
    const unfiltered = timed({ query });
    all.push(unfiltered);
    sums.push(sum);
    ratios.push(unfiltered / sum);
  }
  console.log(
    `| ${query} | ${median(all).toFixed(1)} ms | ${median(sums).toFixed(1)} ms | ` +
      `${median(ratios).toFixed(2)}× |`,
  );
}
sources.close();
Deno.removeSync(dir, { recursive: true });
