/**
 * The rousseau source's search on a generated 10,000-session store (bench/gen_rousseau.ts),
 * against rousseau's own FTS query (internal/state/sqlite/search.go: MATCH, bm25 order,
 * snippet() over the payload, joined to `sessions`) on the same file, interleaved in one
 * run so a noisy machine affects both alike. Ours ranks with the same index, renders each
 * candidate's payload, checks it against the shown text and cuts windows from it. Medians;
 * the bar is a search p50 under 2× the app's query. Listing the newest 20 is timed too.
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-env bench/rousseau_bench.ts /work/bench-cache/rousseau-10000.db
 * ```
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { openDatabaseSource } from "../lib/sources/open_source.ts";
import { COMMON_WORD, PHRASE, RARE_WORD } from "./planted_terms.ts";
import { generateRousseau } from "./gen_rousseau.ts";
import { median } from "./stats.ts";

const ROUNDS = 15;
const BAR = 2;

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

if (import.meta.main) {
  const path = Deno.args[0] ?? "/work/bench-cache/rousseau-10000.db";
  try {
    Deno.statSync(path);
  } catch {
    console.error(`rousseau-bench: generating ${path}`);
    generateRousseau({ count: 10_000, out: path });
  }
  const { reader } = openDatabaseSource(path, { name: "rousseau" });
  const app = new DatabaseSync(path, { readOnly: true });
  // rousseau's Store.Search, as it runs it: limit 20, snippet of 200/16 tokens.
  const appSearch = app.prepare(`SELECT f.session_id, s.title,
      snippet(sessions_fts, 2, '', '', '…', 12) AS snippet, s.updated_at,
      bm25(sessions_fts) AS rank
    FROM sessions_fts f JOIN sessions s ON s.id = f.session_id
    WHERE sessions_fts MATCH ? ORDER BY rank LIMIT 20`);
  const queries = [
    ["rare word", RARE_WORD],
    ["common word", COMMON_WORD],
    ["phrase", `"${PHRASE.join(" ")}"`],
  ] as const;
  const samples = new Map<string, number[]>();
  const add = (label: string, ms: number) => samples.set(label, [...samples.get(label) ?? [], ms]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, query] of queries) {
      add(`app ${label}`, time(() => appSearch.all(query)));
      add(
        `search ${label}`,
        time(() => {
          const ranking = reader.search(query, 20);
          reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match);
        }),
      );
    }
    add("list newest 20", time(() => reader.listTranscripts(null, 20, {})));
  }
  console.log(`| class | ours median ms | app's FTS query median ms | ratio | under ${BAR}× |`);
  console.log("| --- | ---: | ---: | ---: | --- |");
  for (const [label] of queries) {
    const ours = median(samples.get(`search ${label}`)!);
    const base = median(samples.get(`app ${label}`)!);
    console.log(
      `| search ${label} | ${ours.toFixed(1)} | ${base.toFixed(1)} | ${
        (ours / base).toFixed(2)
      }× | ${ours < BAR * base ? "yes" : "no"} |`,
    );
  }
  console.log(
    `| list newest 20 | ${median(samples.get("list newest 20")!).toFixed(1)} | – | – | – |`,
  );
  app.close();
}
