/**
 * A Buzz database for the benchmark, deterministic for a seed and count. Each transcription
 * is a transcript of bench/transcript_gen.ts (so the planted words mean what they mean for
 * our own store) saved the way Buzz saves it: one `transcription_segment` row per Whisper
 * segment (a sentence or so: each turn is cut at its sentences, its time shared out by
 * length), times in integer ms, no speakers, `time_queued` as Python's local isoformat. Most
 * are completed; a few failed, canceled or skipped (the last with segments, as Buzz copies
 * them); some were named by the user, some have LLM translations, some hold German or
 * French speech with the planted non-ASCII word, a few came from the old JSON cache (the
 * space form of the time).
 *
 * ```sh
 * deno run --allow-read --allow-write bench/gen_buzz.ts --out /work/bench-cache/buzz-2000.sqlite --count 2000
 * ```
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { ContentGenerator } from "./transcript_gen.ts";
import { removeDatabaseFiles } from "../lib/store/database_files.ts";
import { chance, pick, pickWeighted, seededRandom } from "./prng.ts";
import { formatBytes, positiveInteger } from "./gen_store.ts";
import {
  buzzSchemaSql,
  type BuzzSegment,
  type BuzzTranscription,
  insertTranscriptions,
} from "../tests/helpers/buzz_fixture.ts";

/** The non-ASCII word planted in about 2% of transcriptions, capitalised. */
export const BUZZ_NON_ASCII_WORD = "Überprüfung";
/** The mean transcription length in words: a 20-minute recording. */
export const BUZZ_AVERAGE_WORDS = 2_600;
// A stream of prng.ts seededRandom beyond those transcript_gen.ts uses.
const STREAM_BUZZ = 12;
const FOREIGN = [
  "Wir müssen die Ergebnisse der Prüfung bis Freitag abschließen.",
  "L'équipe a présenté le budget révisé à la réunion d'été.",
];
const STATUSES = [
  ["completed", 94],
  ["failed", 3],
  ["canceled", 2],
  ["skipped", 1],
] as const;
const MODELS = [["Whisper", "tiny"], ["Whisper.cpp", "base"], ["Faster Whisper", "small"]] as const;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** Python's `isoformat()` of the local time at `ms` (`T`), or the JSON cache's space form. */
function localIso(ms: number, space: boolean): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}${space ? " " : "T"}` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.` +
    `${pad(d.getMilliseconds(), 3)}${pad(Math.floor(ms % 7) * 111, 3)}`;
}

/** A turn cut at its sentences, its time shared out by their lengths. */
function whisperSegments(text: string, startMs: number, endMs: number): BuzzSegment[] {
  const sentences = text.match(/[^.!?]+[.!?]*\s*/g) ?? [text];
  const span = endMs - startMs;
  let at = 0;
  return sentences.map((sentence) => {
    const from = startMs + Math.round((span * at) / text.length);
    at += sentence.length;
    return {
      start: from,
      end: startMs + Math.round((span * at) / text.length),
      text: ` ${sentence.trim()}`,
    };
  });
}

/** Transcription `n` of a generated database. */
export function generatedTranscription(
  generator: ContentGenerator,
  seed: number,
  n: number,
): BuzzTranscription {
  const { transcript } = generator.item(n);
  const random = seededRandom(seed, STREAM_BUZZ, n);
  const segments = transcript.segments.flatMap((s) => whisperSegments(s.text, s.startMs, s.endMs));
  if (chance(random, 0.05)) {
    segments.splice(1, 0, { ...segments[0]!, text: ` ${pick(random, FOREIGN)}` });
  }
  if (chance(random, 0.02)) {
    const at = Math.floor(random() * segments.length);
    segments.splice(at, 0, { ...segments[at]!, text: ` Die ${BUZZ_NON_ASCII_WORD} ist erledigt.` });
  }
  if (chance(random, 0.05)) {
    for (const segment of segments) segment.translation = `Translated: ${segment.text.trim()}`;
  }
  const status = pickWeighted(random, STATUSES);
  const [modelType, size] = pick(random, MODELS);
  return {
    id: transcript.id,
    status,
    timeQueued: localIso(Date.parse(transcript.createdAt), chance(random, 0.03)),
    file: `/home/ada/Recordings/${transcript.title.replace(/[/:]/g, "-")}.mp3`,
    name: chance(random, 0.3) ? transcript.title : null,
    language: chance(random, 0.5) ? "en" : null,
    modelType,
    whisperModelSize: size,
    errorMessage: status === "failed" ? "Cannot decode the file" : null,
    segments: status === "completed" || status === "skipped" ? segments : [],
  };
}

/**
 * Writes a Buzz database of `count` transcriptions to `out` (replacing it).
 *
 * @example
 * ```ts
 * import { generateBuzz } from "./gen_buzz.ts";
 * generateBuzz({ count: 50, out: "/tmp/Buzz.sqlite" }).segments;
 * ```
 */
export function generateBuzz(
  options: { count: number; out: string; seed?: number },
): { transcriptions: number; segments: number; bytes: number; seconds: number } {
  const seed = options.seed ?? 1;
  const started = performance.now();
  removeDatabaseFiles(options.out);
  const generator = new ContentGenerator({
    seed,
    averageWords: BUZZ_AVERAGE_WORDS,
    count: options.count,
  });
  const db = new DatabaseSync(options.out);
  let segments = 0;
  try {
    db.exec(buzzSchemaSql("current"));
    for (let n = 0; n < options.count; n++) {
      const transcription = generatedTranscription(generator, seed, n);
      segments += transcription.segments.length;
      insertTranscriptions(db, "current", [transcription]);
    }
  } finally {
    db.close();
  }
  return {
    transcriptions: options.count,
    segments,
    bytes: Deno.statSync(options.out).size,
    seconds: (performance.now() - started) / 1000,
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { count: { type: "string" }, out: { type: "string" }, seed: { type: "string" } },
  });
  if (values.out === undefined) throw new Error("--out: required");
  const summary = generateBuzz({
    count: positiveInteger("count", values.count, 2_000),
    out: values.out,
    seed: positiveInteger("seed", values.seed, 1),
  });
  console.log(
    `gen-buzz: ${summary.transcriptions} transcriptions, ${summary.segments} segments, ` +
      `${formatBytes(summary.bytes)} in ${summary.seconds.toFixed(1)} s`,
  );
}
