/**
 * The Meetily source's scan search and listing on a generated 5,000-meeting database
 * (bench/gen_meetily.ts), against the plainest SQLite scan of the same text
 * (`instr(lower(transcript), ?)`), interleaved in one run so a noisy machine affects both
 * alike. Medians; the target is a scan search p50 under 150 ms. It also reports what the
 * in-memory word index costs: the searches that build it after start, a whole build in one
 * go with the process's RSS before and after, and facts() before and after its count is kept.
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-env --v8-flags=--expose-gc bench/meetily_bench.ts /work/bench-cache/meetily-5000.sqlite
 * ```
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { openDatabaseSource } from "../lib/sources/open_source.ts";
import { COMMON_WORD, RARE_WORD } from "./planted_terms.ts";
import {
  generatedMeeting,
  generateMeetily,
  MEETILY_AVERAGE_WORDS,
  NON_ASCII_WORD,
} from "./gen_meetily.ts";
import { ContentGenerator } from "./transcript_gen.ts";
import { insertMeetings } from "../tests/helpers/meetily_fixture.ts";
import { firstSearches, median, timeMs as time } from "./stats.ts";
import { MeetilyIndex } from "../lib/sources/adapters/meetily_index.ts";
import { scanCounts } from "../lib/sources/adapters/meetily_search.ts";
import { scanQuery } from "../lib/sources/adapters/scan_search.ts";

const ROUNDS = 15;
const TARGET_MS = 150;

function rssMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return Deno.memoryUsage().rss / 1e6;
}

if (import.meta.main) {
  const path = Deno.args[0] ?? "/work/bench-cache/meetily-5000.sqlite";
  try {
    Deno.statSync(path);
  } catch {
    console.error(`meetily-bench: generating ${path}`);
    generateMeetily({ count: 5_000, out: path });
  }
  // A copy, so a meeting can be added to measure the first calls after the app writes.
  const copy = Deno.makeTempFileSync({ suffix: ".sqlite" });
  Deno.copyFileSync(path, copy);
  const { reader, store } = openDatabaseSource(copy, { name: "meetily" });
  const plain = new DatabaseSync(path, { readOnly: true });
  const baseline = plain.prepare(
    "SELECT count(*) AS n FROM transcripts WHERE instr(lower(transcript), ?) > 0",
  );
  const firstList = time(() => reader.listTranscripts(null, 20, {}));
  const firstFacts = time(() => reader.facts());
  const laterFacts = time(() => reader.facts());
  const building = firstSearches(
    () => reader.search(RARE_WORD, 20),
    () => reader.facts().notes.some((note) => note.includes("(complete)")),
  );
  const queries = [
    ["common word", COMMON_WORD],
    ["rare word", RARE_WORD],
    ["non-ASCII word", NON_ASCII_WORD.toUpperCase()],
  ] as const;
  const samples = new Map<string, number[]>();
  const add = (label: string, ms: number) => samples.set(label, [...samples.get(label) ?? [], ms]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, word] of queries) {
      add(
        `search ${label}`,
        time(() => {
          const ranking = reader.search(word, 20);
          reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match);
        }),
      );
      add(`baseline ${label}`, time(() => baseline.get(word.toLowerCase())));
      add(`unindexed ${label}`, time(() => scanCounts(store, scanQuery(word)!, [], null)));
    }
    add("list newest 20", time(() => reader.listTranscripts(null, 20, {})));
  }
  const rows = [...samples].filter(([label]) => /^(search|list)/.test(label));
  console.log(
    `| class | median ms | baseline median ms | ratio | scan without index ms | under ${TARGET_MS} ms |`,
  );
  console.log("| --- | ---: | ---: | ---: | ---: | --- |");
  for (const [label, values] of rows) {
    const ours = median(values);
    const base = label.startsWith("search")
      ? samples.get(label.replace("search", "baseline"))
      : undefined;
    const baseMedian = base === undefined ? undefined : median(base);
    const unindexed = label.startsWith("search")
      ? samples.get(label.replace("search", "unindexed"))
      : undefined;
    console.log(
      `| ${label} | ${ours.toFixed(1)} | ${baseMedian?.toFixed(1) ?? "–"} | ${
        baseMedian === undefined ? "–" : `${(ours / baseMedian).toFixed(2)}×`
      } | ${unindexed === undefined ? "–" : median(unindexed).toFixed(1)} | ${
        ours < TARGET_MS ? "yes" : "no"
      } |`,
    );
  }
  console.log(
    `first listing (learns where each meeting's segments lie): ${firstList.toFixed(1)} ms`,
  );
  console.log(
    `searches after start until the index is whole: ${building.length}, ms: ${
      building.map((ms) => ms.toFixed(0)).join(", ")
    }`,
  );
  console.log(`facts(): first ${firstFacts.toFixed(1)} ms, later ${laterFacts.toFixed(1)} ms`);
  const before = rssMb();
  const index = new MeetilyIndex();
  const build = time(() => index.grow(store, Infinity));
  const after = rssMb();
  console.log(
    `whole index in one go: ${build.toFixed(0)} ms for ${index.segments} segments, ` +
      `${index.words} words, ~${(index.bytes / 1e6).toFixed(1)} MB estimated; RSS ${
        before.toFixed(0)
      } -> ${after.toFixed(0)} MB (${(after - before).toFixed(0)} MB)`,
  );
  const writer = new DatabaseSync(copy);
  const generator = new ContentGenerator({
    seed: 1,
    averageWords: MEETILY_AVERAGE_WORDS,
    count: 5_001,
  });
  insertMeetings(writer, [generatedMeeting(generator, 1, 5_000)]);
  writer.close();
  const changedSearch = time(() => reader.search(RARE_WORD, 20));
  const changedList = time(() => reader.listTranscripts(null, 20, {}));
  const changedFacts = time(() => reader.facts());
  console.log(
    `after the app adds a meeting: first search ${changedSearch.toFixed(1)} ms, ` +
      `first listing ${changedList.toFixed(1)} ms, facts() ${changedFacts.toFixed(1)} ms`,
  );
  console.log(`facts: ${JSON.stringify(reader.facts())}`);
  plain.close();
  store.close();
  Deno.removeSync(copy);
}
