/**
 * `deno task bench-parse [--mb N] [--rounds N]`: how fast transcript files parse
 * (lib/ingest/read_transcript_file.ts), in MB/s of file bytes, for Teams WebVTT, SRT and
 * openai-whisper JSON, against the floor of issue #13: SQLite's own FTS5 build (porter
 * tokenizer, in memory) of the same text. A folder is searchable no sooner than FTS5 has
 * indexed it, so parsing must cost a small part of that. Each round times every format and
 * the FTS5 build once, in turn, so the machine's noise falls on all; figures are medians,
 * and the ratio is the median of the per-round ratios of VTT parse time to FTS5 time.
 *
 * Files are rendered from the benchmark's synthetic transcripts (bench/transcript_gen.ts)
 * by the test fixtures' writers, about 60 KB each like a one-hour meeting; a pathological
 * file (a 4 MB line of `<`) is timed too, to show the scans stay linear.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { DatabaseSync } from "node:sqlite";
import { ContentGenerator } from "./transcript_gen.ts";
import { median } from "./stats.ts";
import { positiveInteger } from "./gen_store.ts";
import { readTranscriptFile } from "../lib/ingest/read_transcript_file.ts";
import { standardSrt, teamsVtt, type Utterance } from "../tests/helpers/subtitle_fixtures.ts";
import { openaiWhisperJson } from "../tests/helpers/json_fixtures.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { mb: { type: "string", default: "20" }, rounds: { type: "string", default: "5" } },
});
const targetBytes = positiveInteger("mb", values.mb) * 1_000_000;
const rounds = positiveInteger("rounds", values.rounds);

interface Corpus {
  label: string;
  files: { name: string; bytes: Uint8Array }[];
  bytes: number;
}

const encoder = new TextEncoder();
const writers: [string, string, (utterances: readonly Utterance[]) => string][] = [
  ["WebVTT (Teams)", "vtt", teamsVtt],
  ["SRT", "srt", standardSrt],
  ["openai-whisper JSON", "json", (utterances) => openaiWhisperJson(utterances)],
];
const corpora: Corpus[] = writers.map(([label]) => ({ label, files: [], bytes: 0 }));
const generator = new ContentGenerator({ seed: 7, averageWords: 8_000, count: 1_000 });
for (let n = 0; corpora.some((corpus) => corpus.bytes < targetBytes); n++) {
  const utterances = generator.item(n).transcript.segments;
  writers.forEach(([, extension, write], index) => {
    const corpus = corpora[index]!;
    if (corpus.bytes >= targetBytes) return;
    const bytes = encoder.encode(write(utterances));
    corpus.files.push({ name: `2025-03-14 meeting ${n}.${extension}`, bytes });
    corpus.bytes += bytes.length;
  });
}
const pathological: Corpus = {
  label: "one 4 MB line of `<` (.vtt)",
  files: [{
    name: "odd.vtt",
    bytes: encoder.encode(`WEBVTT\n\n00:00.000 --> 00:01.000\n${"<".repeat(4_000_000)}\n`),
  }],
  bytes: 4_000_033,
};

/** Parses every file of `corpus`; returns the ms taken and the texts read. */
function parse(corpus: Corpus): { ms: number; texts: string[] } {
  const texts: string[] = [];
  const started = performance.now();
  for (const file of corpus.files) {
    const outcome = readTranscriptFile(file.bytes, file.name);
    if (outcome.kind !== "transcript") throw new Error(`${file.name}: ${JSON.stringify(outcome)}`);
    texts.push(outcome.transcript.text);
  }
  return { ms: performance.now() - started, texts };
}

/** Builds an FTS5 index (porter) of `texts` in memory; returns the ms taken. */
function ftsBuild(texts: readonly string[]): number {
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE VIRTUAL TABLE t USING fts5(text, tokenize = 'porter unicode61')");
  const insert = db.prepare("INSERT INTO t (text) VALUES (?)");
  const started = performance.now();
  db.exec("BEGIN");
  for (const text of texts) insert.run(text);
  db.exec("COMMIT");
  const ms = performance.now() - started;
  db.close();
  return ms;
}

const mbPerS = (bytes: number, ms: number) => bytes / 1_000_000 / (ms / 1000);
const all = [...corpora, pathological];
const times = all.map(() => [] as number[]);
const ftsTimes: number[] = [];
const ratios: number[] = [];
for (let round = 0; round <= rounds; round++) {
  const parsed = all.map((corpus) => parse(corpus));
  const fts = ftsBuild(parsed[0]!.texts);
  if (round === 0) continue; // warm-up: compiled code and caches
  parsed.forEach((result, index) => times[index]!.push(result.ms));
  ftsTimes.push(fts);
  ratios.push(parsed[0]!.ms / fts);
}

const vtt = corpora[0]!;
console.log(`# Parsing transcript files (${rounds} rounds, medians)\n`);
console.log("| files | count | MB | parse ms | MB/s |");
console.log("| --- | ---: | ---: | ---: | ---: |");
all.forEach((corpus, index) => {
  const ms = median(times[index]!);
  console.log(
    `| ${corpus.label} | ${corpus.files.length} | ${(corpus.bytes / 1e6).toFixed(1)} | ` +
      `${ms.toFixed(0)} | ${mbPerS(corpus.bytes, ms).toFixed(0)} |`,
  );
});
const ftsMs = median(ftsTimes);
console.log(
  `| FTS5 build (porter) of the WebVTT files' text | ${vtt.files.length} | ` +
    `${(vtt.bytes / 1e6).toFixed(1)} | ${ftsMs.toFixed(0)} | ${
      mbPerS(vtt.bytes, ftsMs).toFixed(0)
    } |`,
);
console.log(
  `\nWebVTT parse time / FTS5 build time: ${(median(ratios) * 100).toFixed(1)}% ` +
    `(median of per-round ratios)`,
);
