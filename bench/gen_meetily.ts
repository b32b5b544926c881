/**
 * A Meetily database for the benchmark, deterministic for a seed and count. Each meeting is
 * a transcript of bench/transcript_gen.ts (so the planted words mean what they mean for our
 * own store) saved the way Meetily saves it: one `transcripts` row per voice-activity
 * segment (Meetily's VAD bridges pauses up to 2 s, so a row is a few seconds to half a
 * minute of speech, 28 words on average), no speakers, times in seconds. Some meetings are
 * legacy (zone-less local times, rows without ids or times), some renamed (zone-less
 * updated_at), some hold German or French speech with the planted non-ASCII word, and most
 * have a summary in one of the three result shapes.
 *
 * ```sh
 * deno run --allow-read --allow-write bench/gen_meetily.ts --out /work/bench-cache/meetily.sqlite --count 5000
 * ```
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { ContentGenerator } from "./transcript_gen.ts";
import { removeDatabaseFiles } from "../lib/store/database_files.ts";
import { chance, pick, type Random, seededRandom } from "./prng.ts";
import { formatBytes, positiveInteger } from "./gen_store.ts";
import {
  blockNoteResult,
  createMeetilySchema,
  insertMeetings,
  legacyResult,
  markdownResult,
  type MeetilyMeeting,
  type MeetilySummary,
} from "../tests/helpers/meetily_fixture.ts";

/** The non-ASCII word planted in about {@link NON_ASCII_RATE} of meetings, capitalised. */
export const NON_ASCII_WORD = "Überprüfung";
/** The share of meetings that hold {@link NON_ASCII_WORD}. */
export const NON_ASCII_RATE = 0.02;
/** The share of meetings with other German or French speech (accented, never the word). */
const FOREIGN_RATE = 0.05;
/** The mean meeting length in words: half an hour at about 130 spoken words a minute. */
export const MEETILY_AVERAGE_WORDS = 4_000;
// Streams of prng.ts seededRandom beyond those transcript_gen.ts uses.
const STREAM_MEETILY = 11;

const FOREIGN = [
  "Wir müssen die Ergebnisse der Prüfung bis Freitag abschließen.",
  "L'équipe a présenté le budget révisé à la réunion d'été.",
  "Die Größe des Marktes ist schwer zu schätzen.",
  "Nous avons décidé de reporter la décision à lundi.",
];
const OWNERS = ["Dana", "Lee", "Priya", "Marco", "Zoé", "Jonas"];
const TASKS = ["Send the revised budget", "Book the venue", "Draft the roadmap", "Review hiring"];

/** What {@link generateMeetily} wrote. */
export interface MeetilySummaryCounts {
  meetings: number;
  segments: number;
  bytes: number;
  seconds: number;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** A time the way each writer of Meetily's database writes it. */
function rfc3339(ms: number, digits: number): string {
  const iso = new Date(ms).toISOString(); // …SS.mmmZ
  const fraction = digits === 0 ? "" : `.${(iso.slice(20, 23) + "456789").slice(0, digits)}`;
  return `${iso.slice(0, 19)}${fraction}+00:00`;
}

function zoneless(ms: number, fraction: boolean): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    (fraction ? `.${pad(d.getUTCMilliseconds(), 3)}456` : "");
}

function summaryOf(random: Random, n: number, title: string, at: string): MeetilySummary {
  const items = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({
    owner: pick(random, OWNERS),
    task: `${pick(random, TASKS)} (${n})`,
    due: "Friday",
  }));
  const shape = random();
  const result = shape < 0.6
    ? markdownResult(items)
    : shape < 0.85
    ? blockNoteResult(items)
    : legacyResult(items.map((item) => `${item.owner}: ${item.task}`), title);
  return { status: "completed", result, createdAt: at, updatedAt: at };
}

/** Meeting `n` of a generated database. */
export function generatedMeeting(generator: ContentGenerator, seed: number, n: number) {
  const { transcript } = generator.item(n);
  const random = seededRandom(seed, STREAM_MEETILY, n);
  const ms = Date.parse(transcript.createdAt);
  const legacy = chance(random, 0.03);
  const texts = transcript.segments.map((segment) => segment.text);
  if (chance(random, FOREIGN_RATE)) texts.splice(1, 0, pick(random, FOREIGN));
  if (chance(random, NON_ASCII_RATE)) {
    texts.splice(Math.floor(random() * texts.length), 0, `Die ${NON_ASCII_WORD} ist erledigt.`);
  }
  const createdAt = legacy ? zoneless(ms, false) : rfc3339(ms, pick(random, [0, 3, 6, 9]));
  const renamed = !legacy && chance(random, 0.3);
  const meeting: MeetilyMeeting = {
    id: `meeting-${transcript.id}`,
    title: transcript.title,
    createdAt,
    updatedAt: renamed ? zoneless(ms + 3_600_000, true) : createdAt,
    segments: texts.map((text, i) => {
      const timed = transcript.segments[Math.min(i, transcript.segments.length - 1)]!;
      const clock = new Date(ms + timed.startMs);
      return {
        id: legacy ? null : `transcript-${transcript.id.slice(0, 24)}${pad(i, 12)}`,
        text,
        timestamp: `${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}:` +
          pad(clock.getUTCSeconds()),
        start: legacy ? null : timed.startMs / 1000,
        end: legacy ? null : timed.endMs / 1000,
      };
    }),
  };
  if (chance(random, 0.8)) {
    meeting.summary = summaryOf(random, n, transcript.title, rfc3339(ms + 600_000, 6));
  }
  return meeting;
}

/**
 * Writes a Meetily database of `count` meetings to `out` (replacing it).
 *
 * @example
 * ```ts
 * import { generateMeetily } from "./gen_meetily.ts";
 * generateMeetily({ count: 50, out: "/tmp/meetily.sqlite" }).segments;
 * ```
 */
export function generateMeetily(
  options: { count: number; out: string; seed?: number; averageWords?: number },
): MeetilySummaryCounts {
  const seed = options.seed ?? 1;
  const started = performance.now();
  removeDatabaseFiles(options.out);
  const generator = new ContentGenerator({
    seed,
    averageWords: options.averageWords ?? MEETILY_AVERAGE_WORDS,
    count: options.count,
  });
  const db = new DatabaseSync(options.out);
  let segments = 0;
  try {
    createMeetilySchema(db);
    // Meetily writes a meeting with all its rows in one transaction at recording stop.
    for (let n = 0; n < options.count; n++) {
      const meeting = generatedMeeting(generator, seed, n);
      segments += meeting.segments.length;
      insertMeetings(db, [meeting]);
    }
  } finally {
    db.close();
  }
  return {
    meetings: options.count,
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
  const summary = generateMeetily({
    count: positiveInteger("count", values.count, 5_000),
    out: values.out,
    seed: positiveInteger("seed", values.seed, 1),
  });
  console.log(
    `gen-meetily: ${summary.meetings} meetings, ${summary.segments} segments, ` +
      `${formatBytes(summary.bytes)} in ${summary.seconds.toFixed(1)} s`,
  );
}
