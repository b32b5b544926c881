/**
 * `deno task gen-screenpipe --out PATH [--rows N] [--seed S] [--unindexed N]`:
 * writes a screenpipe database the size of a year of daily use (1,000,000
 * audio_transcriptions rows by default), with the layout the app's migrations leave
 * (tests/helpers/screenpipe_fixture.ts). The same seed and size give the same database.
 *
 * Days run from 08:00 to 20:00 UTC, one after another; a day holds sittings of lognormal
 * length (about 25 min on average) separated by breaks of 10 to 120 minutes; a sitting
 * has 30 s chunks on the microphone and, in about half of them, on system audio too; a
 * chunk has 1 to 4 segments of 4 to 30 words. Speakers: 150, a third named, three flagged
 * as hallucinations. The app's indexer is replayed up to all but the newest `--unindexed`
 * rows (default 600, what 20 s of a busy indexer leaves behind). Planted words:
 * {@link SCREENPIPE_COMMON} in about 5% of rows, {@link SCREENPIPE_RARE} in about 1 in
 * 20,000.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { createScreenpipeDb } from "../tests/helpers/screenpipe_fixture.ts";
import { formatBytes, positiveInteger } from "./gen_store.ts";
import { chance, logNormal, randomInt, seededRandom } from "./prng.ts";
import { vocabulary, ZipfSampler } from "./vocabulary.ts";
import { COMMON_WORD, RARE_WORD } from "./planted_terms.ts";

/** The common planted word. */
export const SCREENPIPE_COMMON = COMMON_WORD;
/** The rare planted word. */
export const SCREENPIPE_RARE = RARE_WORD;
const COMMON_ROW_RATE = 0.05;
const RARE_ROW_RATE = 1 / 20_000;

/** Options for {@link generateScreenpipe}. */
export interface ScreenpipeGenOptions {
  out: string;
  rows: number;
  seed?: number;
  unindexed?: number;
  onProgress?: (rows: number) => void;
}

/** Writes the database; returns how many rows and chunks it holds. */
export function generateScreenpipe(
  options: ScreenpipeGenOptions,
): { rows: number; chunks: number } {
  const seed = options.seed ?? 1;
  const random = seededRandom(seed, 41);
  const { words, realWords } = vocabulary(seed);
  const sampler = new ZipfSampler(words, { realWords });
  const app = createScreenpipeDb(options.out);
  const db = app.db;
  const speakers: number[] = [];
  db.exec("BEGIN");
  for (let i = 0; i < 150; i++) {
    speakers.push(app.addSpeaker(i % 3 === 0 ? `Person ${i}` : null, i < 3));
  }
  db.exec("COMMIT");
  app.plantSecrets(Date.UTC(2025, 0, 1, 8));
  let rows = 0;
  let chunks = 0;
  let at = Date.UTC(2025, 0, 1, 8);
  const sentence = () => {
    const n = randomInt(random, 4, 30);
    const said: string[] = [];
    for (let i = 0; i < n; i++) said.push(sampler.next(random));
    if (chance(random, COMMON_ROW_RATE)) said.splice(randomInt(random, 0, n), 0, SCREENPIPE_COMMON);
    if (chance(random, RARE_ROW_RATE)) said.splice(randomInt(random, 0, n), 0, SCREENPIPE_RARE);
    return said.join(" ");
  };
  while (rows < options.rows) {
    db.exec("BEGIN");
    const sittingChunks = Math.max(2, Math.round(logNormal(random, 50, 0.9)));
    const system = chance(random, 0.5);
    const voices = [0, 1, 2].map(() => speakers[randomInt(random, 0, speakers.length - 1)]!);
    for (let c = 0; c < sittingChunks && rows < options.rows; c++) {
      for (
        const device of system
          ? ["MacBook Pro Microphone", "Display Audio"]
          : ["MacBook Pro Microphone"]
      ) {
        const count = randomInt(random, 1, 4);
        const segments = [];
        let start = random() * 2;
        for (let s = 0; s < count; s++) {
          const end = start + 1 + random() * 6;
          segments.push({
            text: sentence(),
            speakerId: voices[randomInt(random, 0, voices.length - 1)]!,
            start,
            end,
          });
          start = end + random();
        }
        rows += app.addChunk({
          device,
          input: device !== "Display Audio",
          atMs: at + randomInt(random, 0, 3) * 1000,
          segments,
        }).length;
        chunks++;
      }
      at += 30_000;
    }
    db.exec("COMMIT");
    at += randomInt(random, 10, 120) * 60_000;
    const day = new Date(at);
    if (day.getUTCHours() >= 20) {
      at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1, 8);
    }
    options.onProgress?.(rows);
  }
  const top = Number(db.prepare("SELECT max(id) AS n FROM audio_transcriptions").get()!["n"]);
  // The indexer works in passes of 2,000 rows; one pass per transaction here.
  for (let upTo = 2_000;; upTo += 2_000) {
    const mark = Math.min(upTo, top - (options.unindexed ?? 600));
    app.index(mark);
    if (mark >= top - (options.unindexed ?? 600)) break;
  }
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  app.close();
  return { rows, chunks };
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      out: { type: "string" },
      rows: { type: "string" },
      seed: { type: "string" },
      unindexed: { type: "string" },
      force: { type: "boolean" },
    },
  });
  if (values.out === undefined) throw new Error("--out: expected a path");
  if (values.force) await Deno.remove(values.out).catch(() => {});
  const started = performance.now();
  const rows = positiveInteger("rows", values.rows, 1_000_000);
  let shown = 0;
  const summary = generateScreenpipe({
    out: values.out,
    rows,
    seed: positiveInteger("seed", values.seed, 1),
    unindexed: positiveInteger("unindexed", values.unindexed, 600),
    onProgress: (written) => {
      if (written - shown >= 100_000) {
        shown = written;
        console.error(`${written} rows`);
      }
    },
  });
  const size = Deno.statSync(values.out).size;
  console.log(
    `${summary.rows} rows in ${summary.chunks} chunks, ${formatBytes(size)}, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
