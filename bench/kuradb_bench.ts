/**
 * The KuraDB source's scan search and listing on a generated database of 50,000 live
 * chunks (bench/gen_kuradb.ts), against KuraDB's own keyword query (`LOWER(content) LIKE`
 * on the live rows, its hit count and order, ASCII-only case folding) on a plain
 * connection, interleaved in one run so a noisy machine affects both alike. Medians; the
 * bar is a scan search p50 under 150 ms. search_rag (lib/tools/kuradb/) is timed too: it
 * ranks files the same way, then picks each file's matching chunks.
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-env bench/kuradb_bench.ts /work/bench-cache/kuradb/bench/data.db
 * ```
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { COMMON_WORD, RARE_WORD } from "./planted_terms.ts";
import { generateKuraDb, KURADB_NON_ASCII_WORD } from "./gen_kuradb.ts";
import { firstSearches, median, timeMs as time } from "./stats.ts";
import { planSources } from "../lib/sources/served_sources.ts";
import { SourceSet } from "../lib/sources/source_set.ts";
import { callTool } from "../lib/tools/call_tool.ts";
import { KURADB_TOOLS } from "../lib/tools/kuradb/kuradb_tools.ts";

const ROUNDS = 15;
const TARGET_MS = 150;

/** KuraDB's keyword query for one word, as its handler builds it: written here from reading. */
function kuradbQuery(db: DatabaseSync) {
  const statement = db.prepare(
    `SELECT id, source, chunk, total, content,
        (CASE WHEN LOWER(content) LIKE ? THEN 1 ELSE 0 END) AS hits
      FROM file_data WHERE dismiss = FALSE AND (LOWER(content) LIKE ?)
      ORDER BY hits DESC, id ASC LIMIT 10`,
  );
  return (word: string) => statement.all(`%${word}%`, `%${word}%`);
}

if (import.meta.main) {
  const path = Deno.args[0] ?? "/work/bench-cache/kuradb/bench/data.db";
  try {
    Deno.statSync(path);
  } catch {
    console.error(`kuradb-bench: generating ${path}`);
    generateKuraDb({ out: path, chunks: 50_000 });
  }
  const planned = planSources([{ name: "bench", path }]);
  const sources = SourceSet.open(planned.map((source) => source.spec));
  const [source] = sources.all;
  const reader = sources.reader(source!);
  const searchRag = KURADB_TOOLS.find((tool) => tool.name === "search_rag")!;
  const plain = new DatabaseSync(path, { readOnly: true });
  const baseline = kuradbQuery(plain);
  const building = firstSearches(
    () => reader.search(RARE_WORD, 20),
    () => reader.facts().notes.some((note) => note.includes("(complete)")),
  );
  const facts = reader.facts();
  const firstList = time(() => reader.listTranscripts(null, 20, {}));
  const queries = [
    ["rare word", RARE_WORD],
    ["common word", COMMON_WORD],
    ["non-ASCII word", KURADB_NON_ASCII_WORD.toLowerCase()],
  ] as const;
  const samples = new Map<string, number[]>();
  const add = (label: string, ms: number) => samples.set(label, [...samples.get(label) ?? [], ms]);
  const found = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, word] of queries) {
      add(
        `search ${label}`,
        time(() => {
          const ranking = reader.search(word, 20);
          reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match);
          found.set(`search ${label}`, ranking.hits.length);
        }),
      );
      add(`baseline ${label}`, time(() => baseline(word)));
      add(
        `search_rag ${label}`,
        time(() => callTool(searchRag, sources, { db: "bench", q: word, limit: 10 })),
      );
    }
    add("list newest 20", time(() => reader.listTranscripts(null, 20, {})));
  }
  console.log(
    `${facts.transcripts} files; ${
      facts.notes.filter((note) => note.includes("dismissed")).join("; ")
    }`,
  );
  console.log(`| class | median ms | KuraDB's query median ms | ratio | under ${TARGET_MS} ms |`);
  console.log("| --- | ---: | ---: | ---: | --- |");
  for (const [label, values] of samples) {
    if (label.startsWith("baseline")) continue;
    const ours = median(values);
    const base = samples.get(label.replace(/^(search_rag|search)/, "baseline"));
    const baseMedian = label.startsWith("list") || base === undefined ? undefined : median(base);
    const hits = found.has(label) ? ` (${found.get(label)} files)` : "";
    console.log(
      `| ${label}${hits} | ${ours.toFixed(1)} | ${baseMedian?.toFixed(1) ?? "–"} | ${
        baseMedian === undefined ? "–" : `${(ours / baseMedian).toFixed(2)}×`
      } | ${ours < TARGET_MS ? "yes" : "no"} |`,
    );
  }
  const lower = KURADB_NON_ASCII_WORD.toLowerCase();
  const upper = baseline(lower).length;
  console.log(
    `KuraDB's own query for "${lower}": ${upper} chunks ` +
      `(SQLite's LOWER folds ASCII only); ours: ${reader.search(lower, 20).hits.length} files`,
  );
  console.log(`first listing (reads every file's first chunk): ${firstList.toFixed(1)} ms`);
  console.log(
    `searches after start until the text is held whole: ${building.length}, ms: ${
      building.map((ms) => ms.toFixed(0)).join(", ")
    }; RSS now ${(Deno.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
  plain.close();
  sources.close();
}
