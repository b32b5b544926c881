/**
 * The Buzz source's listing and scan search on a generated 2,000-transcription database
 * (bench/gen_buzz.ts), each against SQLite's own query of the same rows, interleaved in one
 * run so a noisy machine affects both alike. Medians, and our time as a ratio of SQLite's:
 *
 * - list newest 20: the 20 newest completed rows by `time_queued`, and for each its first
 *   segments and its last end time (what a listing shows: preview and duration);
 * - search: the completed transcriptions with a segment whose text or translation is
 *   `LIKE '%word%'` (SQLite's ASCII-only folding), against our search and the rendering of
 *   its best 20 hits.
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-env bench/buzz_bench.ts /work/bench-cache/buzz-2000.sqlite
 * ```
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { openDatabaseSource } from "../lib/sources/open_source.ts";
import { COMMON_WORD, RARE_WORD } from "./planted_terms.ts";
import { BUZZ_NON_ASCII_WORD, generateBuzz } from "./gen_buzz.ts";
import { median, timeMs as time } from "./stats.ts";

const ROUNDS = 15;
const COUNT = 2_000;

if (import.meta.main) {
  const path = Deno.args[0] ?? `/work/bench-cache/buzz-${COUNT}.sqlite`;
  try {
    Deno.statSync(path);
  } catch {
    console.error(`buzz-bench: generating ${path}`);
    generateBuzz({ count: COUNT, out: path });
  }
  const { reader, store } = openDatabaseSource(path, { name: "buzz" });
  const plain = new DatabaseSync(path, { readOnly: true });
  const heads = plain.prepare(
    `SELECT id, name, file, time_queued FROM transcription WHERE status = 'completed'
      ORDER BY time_queued DESC LIMIT 20`,
  );
  const firsts = plain.prepare(
    "SELECT text, translation FROM transcription_segment WHERE transcription_id = ? ORDER BY id LIMIT 24",
  );
  const ends = plain.prepare(
    "SELECT max(end_time) AS e FROM transcription_segment WHERE transcription_id = ?",
  );
  const like = plain.prepare(
    `SELECT DISTINCT s.transcription_id FROM transcription_segment s
      JOIN transcription t ON t.id = s.transcription_id
      WHERE t.status = 'completed' AND (s.text LIKE ? OR s.translation LIKE ?)`,
  );
  const queries = [
    ["common word", COMMON_WORD],
    ["rare word", RARE_WORD],
    ["non-ASCII word", BUZZ_NON_ASCII_WORD.toUpperCase()],
  ] as const;
  const samples = new Map<string, number[]>();
  const add = (label: string, ms: number) => samples.set(label, [...samples.get(label) ?? [], ms]);
  let partial = false;
  for (let round = 0; round < ROUNDS; round++) {
    add("ours list newest 20", time(() => reader.listTranscripts(null, 20, {})));
    add(
      "sqlite list newest 20",
      time(() => {
        for (const row of heads.all()) {
          firsts.all(row["id"] as string);
          ends.get(row["id"] as string);
        }
      }),
    );
    for (const [label, word] of queries) {
      add(
        `ours search ${label}`,
        time(() => {
          const ranking = reader.search(word, 20);
          partial ||= ranking.partial;
          reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match);
        }),
      );
      add(`sqlite search ${label}`, time(() => like.all(`%${word}%`, `%${word}%`)));
    }
  }
  console.log("| class | ours p50 ms | SQLite p50 ms | ratio |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const [label, values] of samples) {
    if (!label.startsWith("ours ")) continue;
    const ours = median(values);
    const base = median(samples.get(label.replace("ours", "sqlite"))!);
    console.log(
      `| ${label.slice(5)} | ${ours.toFixed(1)} | ${base.toFixed(1)} | ${
        (ours / base).toFixed(2)
      }× |`,
    );
  }
  const facts = reader.facts();
  const segments = plain.prepare("SELECT count(*) AS n FROM transcription_segment").get()?.["n"];
  console.log(
    `${facts.transcripts} completed of ${COUNT} transcriptions, ${segments} segments; ` +
      `any search partial: ${partial}`,
  );
  console.log(`facts: ${JSON.stringify(facts)}`);
  plain.close();
  store.close();
}
