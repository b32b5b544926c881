/**
 * `deno task bench-screenpipe --db PATH [--runs N]`: the screenpipe source's speed on a
 * database from bench/gen_screenpipe.ts, in one run, as medians: the newest 20 sittings,
 * a common word's best 20 sittings (ranked and rendered) against the query screenpipe
 * itself runs for that word (db.rs `search_audio`, written here as its equivalent SQL, on
 * its own connection), rare words (the planted one, then words of the generator's made-up
 * tail, 20 to 55 rows each: every run asks another, so the figure is not one cached
 * answer's), and the source's facts (list_sources): the first call
 * counts every sitting, later ones answer the kept count while the database is unchanged.
 * Runs alternate so load falls on both sides alike. Last, on a copy of the database in a
 * temporary folder (the one given is never written), a rare word asked again on an
 * unchanged copy and asked again right after the app appended a chunk to its newest sitting
 * (through a second connection, as the app writes every few seconds).
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { openDatabaseSource } from "../lib/sources/open_source.ts";
import { positiveInteger } from "./gen_store.ts";
import { SCREENPIPE_COMMON, SCREENPIPE_RARE } from "./gen_screenpipe.ts";
import { median, timeMs as time } from "./stats.ts";
import { vocabulary } from "./vocabulary.ts";
import { ScreenpipeFixture } from "../tests/helpers/screenpipe_fixture.ts";

/**
 * `count` rare words: the planted one, then tail words of the generator's vocabulary (seed
 * 1) at ranks that land in about as many rows (20 to 55 in a million).
 */
export function rareWords(count: number): string[] {
  const { words, realWords } = vocabulary(1);
  return Array.from(
    { length: count },
    (_, i) => i === 0 ? SCREENPIPE_RARE : words[realWords + 3000 + 400 * (i - 1)]!,
  );
}

/** What screenpipe runs for a search of audio with a query, limit 20, no other filter. */
export const APP_SEARCH_SQL = `
  SELECT t.audio_chunk_id, t.transcription, t.timestamp, c.file_path, t.offset_index,
         t.transcription_engine, group_concat(tags.name, ',') AS tags, t.device AS device_name,
         t.is_input_device, t.speaker_id, t.start_time, t.end_time
    FROM audio_transcriptions AS t
    JOIN audio_chunks AS c ON t.audio_chunk_id = c.id
    LEFT JOIN speakers ON t.speaker_id = speakers.id
    LEFT JOIN audio_tags ON c.id = audio_tags.audio_chunk_id
    LEFT JOIN tags ON audio_tags.tag_id = tags.id
    JOIN audio_transcriptions_fts ON audio_transcriptions_fts.audio_chunk_id = t.audio_chunk_id
   WHERE audio_transcriptions_fts MATCH ? AND (speakers.id IS NULL OR speakers.hallucination = 0)
   GROUP BY t.audio_chunk_id, t.offset_index
   ORDER BY t.timestamp DESC
   LIMIT 20 OFFSET 0`;

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { db: { type: "string" }, runs: { type: "string" } },
  });
  if (values.db === undefined) throw new Error("--db: expected a path");
  const runs = positiveInteger("runs", values.runs, 15);
  const { reader, store } = openDatabaseSource(values.db, { name: "screenpipe" });
  const app = new DatabaseSync(values.db, { readOnly: true });
  const appSearch = app.prepare(APP_SEARCH_SQL);
  const search = (word: string) => {
    const ranking = reader.search(word, 20);
    return reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match);
  };
  // A second connection whose facts() is never asked: its searches walk to sitting starts.
  const cold = openDatabaseSource(values.db, { name: "screenpipe" });
  const searchCold = (word: string) => {
    const ranking = cold.reader.search(word, 20);
    return cold.reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match);
  };
  const factsFirst = time(() => reader.facts());
  // Warm both connections' caches once.
  reader.listTranscripts(null, 20, {});
  search(SCREENPIPE_COMMON);
  appSearch.all(SCREENPIPE_COMMON);
  const samples: Record<string, number[]> = {
    newest: [],
    commonRank: [],
    common: [],
    app: [],
    rare: [],
    rareAgain: [],
    rareRank: [],
    rareWalk: [],
    appRare: [],
    facts: [],
  };
  const rare = rareWords(runs);
  for (let i = 0; i < runs; i++) {
    samples.newest!.push(time(() => reader.listTranscripts(null, 20, {})));
    samples.app!.push(time(() => appSearch.all(SCREENPIPE_COMMON)));
    samples.common!.push(time(() => search(SCREENPIPE_COMMON)));
    samples.commonRank!.push(time(() => reader.search(SCREENPIPE_COMMON, 20)));
    // Each run's word is new to both connections; which asks first alternates, as the
    // first warms the file's pages for the second.
    const word = rare[i]!;
    if (i % 2 === 0) samples.rare!.push(time(() => search(word)));
    samples.rareWalk!.push(time(() => searchCold(word)));
    if (i % 2 === 1) samples.rare!.push(time(() => search(word)));
    samples.rareAgain!.push(time(() => search(word)));
    samples.rareRank!.push(time(() => reader.search(word, 20)));
    samples.appRare!.push(time(() => appSearch.all(word)));
    samples.facts!.push(time(() => reader.facts()));
  }
  const live = await whileAppending(values.db, rare);
  const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  const rows = Number(app.prepare("SELECT max(id) AS n FROM audio_transcriptions").get()!["n"]);
  const facts = reader.facts();
  const fmt = (ms: number) => ms.toFixed(2);
  console.log(`screenpipe store: ${rows} rows, ${facts.transcripts} sittings; ${runs} runs`);
  console.log(`newest 20 sittings          p50 ${fmt(m.newest!)} ms (target < 20)`);
  console.log(
    `common word "${SCREENPIPE_COMMON}" top 20     p50 ${fmt(m.common!)} ms (ranking alone ${
      fmt(m.commonRank!)
    }); app's own query ${fmt(m.app!)} ms: ${(m.common! / m.app!).toFixed(2)}× (target < 2×)`,
  );
  console.log(
    `${runs} rare words ("${SCREENPIPE_RARE}", …) top 20  p50 ${
      fmt(m.rare!)
    } ms (target < 10; asked again ${fmt(m.rareAgain!)}, its ranking alone ${
      fmt(m.rareRank!)
    }; before list_sources, walking ${fmt(m.rareWalk!)}); app's own query ${fmt(m.appRare!)} ms`,
  );
  console.log(
    `facts (list_sources)        first ${fmt(factsFirst)} ms, then p50 ${fmt(m.facts!)} ms`,
  );
  console.log(
    `rare word asked again after an append  p50 ${fmt(live.appended)} ms; unchanged ${
      fmt(live.again)
    } ms: ${(live.appended / live.again).toFixed(2)}× (on a copy, after list_sources)`,
  );
  console.log(`notes: ${facts.notes.join("; ") || "none"}`);
  store.close();
  cold.store.close();
  app.close();
}

/**
 * Medians, on a copy of `db` in a temporary folder, of each word asked again on an
 * unchanged copy and asked again right after a chunk was appended to the newest sitting.
 */
async function whileAppending(
  db: string,
  words: readonly string[],
): Promise<{ again: number; appended: number }> {
  const dir = await Deno.makeTempDir({ prefix: "screenpipe-bench-" });
  const copy = `${dir}/db.sqlite`;
  try {
    Deno.copyFileSync(db, copy);
    // A WAL the generator left unmerged is part of the database.
    if ((await Deno.stat(`${db}-wal`).catch(() => null))?.size) {
      Deno.copyFileSync(`${db}-wal`, `${copy}-wal`);
    }
    const { reader, store } = openDatabaseSource(copy, { name: "screenpipe" });
    const app = new ScreenpipeFixture(new DatabaseSync(copy));
    try {
      const search = (word: string) => {
        const ranking = reader.search(word, 20);
        return reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match);
      };
      reader.facts();
      const newest = app.db.prepare("SELECT max(timestamp) AS ts FROM audio_transcriptions")
        .get()!["ts"];
      let at = Date.parse(String(newest));
      const again: number[] = [];
      const appended: number[] = [];
      for (const word of words) {
        search(word);
        again.push(time(() => search(word)));
        at += 10_000;
        app.addChunk({
          device: "MacBook Pro Microphone",
          atMs: at,
          segments: [{ text: "appended while searching", speakerId: null, start: 1, end: 3 }],
        });
        appended.push(time(() => search(word)));
      }
      return { again: median(again), appended: median(appended) };
    } finally {
      store.close();
      app.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
