/**
 * Synthetic transcripts and tasks for benchmark stores: speaker-labelled turns of
 * Zipf-distributed words, log-normal lengths, and the planted terms of planted_terms.ts.
 * Transcript `n` depends only on the seed and `n`, so a store is reproducible.
 *
 * @module
 */
import {
  COMMON_RATE,
  COMMON_WORD,
  EVERY_WORD,
  isPlanted,
  OTHER_TICKET_RATE,
  PHRASE,
  PHRASE_RATE,
  PHRASE_WORD_ALONE_RATE,
  PREFIX_FAMILY,
  PREFIX_RATE,
  RARE_RATE,
  RARE_WORD,
  TICKET,
  TICKET_RATE,
} from "./planted_terms.ts";
import {
  chance,
  logNormal,
  pick,
  pickWeighted,
  type Random,
  randomInt,
  randomUuid,
  seededRandom,
} from "./prng.ts";
import { JARGON, vocabulary, ZipfSampler } from "./vocabulary.ts";
import type { Segment, Task, Transcript } from "../lib/store/model.ts";

/** What the generator makes for one position in the store: lib/store/populate_store.ts writes it. */
export interface GeneratedItem {
  transcript: Transcript;
  tasks: Task[];
}

const FIRST_NAMES = (
  "Maya Sam Priya Lena Theo Ana Ben Chen Omar Sofia Jonas Aisha Mateo Yuki Noah Elena " +
  "Ravi Grace Felix Zara Luca Ines Kofi Hana Leo Nadia Arjun Clara Tomas Mei"
).split(" ");
const LAST_NAMES = (
  "Okafor Raman Vogel Lindqvist Garcia Chen Haddad Rossi Tanaka Novak Silva Mensah " +
  "Kowalski Dubois Nakamura Ahmed Larsen Moreau Petrov Santos"
).split(" ");
const MEETING_KINDS = ["sync", "review", "planning", "retro", "kickoff", "standup", "1:1", "demo"];
const TAGS = ["customer", "internal", "hiring", "pricing", "launch", "research", "ops", "followup"];
const TEMPLATES = ["standup", "1:1", "sales call", "retro", "interview"];
const VERBS = ["Draft", "Send", "Review", "Ask", "Check", "Update", "Schedule", "Share", "Fix"];
const TICKET_PREFIXES = ["POL", "ENG", "OPS", "WEB"];
// The generator's streams (see prng.ts seededRandom); the vocabulary has its own.
const STREAM_TRANSCRIPT = 2;
const STREAM_TIME = 3;
const STREAM_TIE = 4;

const EPOCH_MS = Date.UTC(2023, 0, 2, 8, 0, 0);
const SPAN_MS = 3 * 365 * 24 * 3600 * 1000;

const SOURCES: readonly (readonly [Transcript["source"], number])[] = [
  ["meeting", 60],
  ["voice_note", 25],
  ["chat", 15],
];
// "und" is BCP 47's undetermined language: the transcripts an engine could not place.
const LANGUAGES: readonly (readonly [string, number])[] = [
  ["en", 80],
  ["en-GB", 6],
  ["de", 5],
  ["fr", 3],
  ["es", 3],
  ["de-CH", 1],
  ["ja", 1],
  ["und", 1],
];
const MODELS: readonly (readonly [readonly [string, string], number])[] = [
  [["whisper.cpp", "large-v3-turbo"], 50],
  [["whisper.cpp", "small.en"], 20],
  [["parakeet", "tdt-0.6b-v2"], 20],
  [["apple-speech", "on-device"], 10],
];
const BUCKETS: readonly (readonly [Task["bucket"], number])[] = [
  ["inbox", 25],
  ["today", 10],
  ["week", 15],
  ["someday", 15],
  [
    "done",
    35,
  ],
];

/** Options for {@link ContentGenerator}. */
export interface ContentOptions {
  /** The seed; the same seed gives the same content. */
  seed: number;
  /** The mean transcript length in words. */
  averageWords: number;
  /** How many transcripts the store will hold; spreads their dates over three years. */
  count: number;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Makes transcript `n` of a store, independent of every other position. */
export class ContentGenerator {
  readonly #options: ContentOptions;
  readonly #sampler: ZipfSampler;
  readonly #topics: readonly string[];
  readonly #gapMs: number;

  /**
   * @example
   * ```ts
   * import { ContentGenerator } from "./transcript_gen.ts";
   * const generator = new ContentGenerator({ seed: 1, averageWords: 6000, count: 10 });
   * const { transcript, tasks } = generator.item(0);
   * ```
   */
  constructor(options: ContentOptions) {
    this.#options = options;
    const { words, realWords } = vocabulary(options.seed);
    this.#sampler = new ZipfSampler(words, { realWords });
    this.#topics = JARGON.filter((word) => !isPlanted(word));
    this.#gapMs = SPAN_MS / Math.max(1, options.count);
  }

  /** The created_at of transcript `n`: increasing with `n`, with occasional ties. */
  createdAtMs(n: number): number {
    // About one in 500 shares its predecessor's timestamp, as a bulk import would.
    const { seed } = this.#options;
    const slot = n > 0 && seededRandom(seed, STREAM_TIE, n)() < 0.002 ? n - 1 : n;
    const jitter = seededRandom(seed, STREAM_TIME, slot)() * 0.9;
    return Math.round(EPOCH_MS + (slot + jitter) * this.#gapMs);
  }

  /** Transcript `n` with its tasks. */
  item(n: number): GeneratedItem {
    const random = seededRandom(this.#options.seed, STREAM_TRANSCRIPT, n);
    const createdAtMs = this.createdAtMs(n);
    const source = pickWeighted(random, SOURCES);
    const speakers = this.#speakers(random, source);
    const turns = this.#turnWords(random, source);
    this.#plant(random, turns);
    const segments = this.#segments(random, turns, speakers);
    const [engine, modelId] = pickWeighted(random, MODELS);
    const transcript: Transcript = {
      id: randomUuid(random),
      title: this.#title(random, source),
      createdAt: new Date(createdAtMs).toISOString(),
      source,
      starred: chance(random, 0.08),
      language: pickWeighted(random, LANGUAGES),
      engine,
      modelId,
      manualTags: TAGS.filter(() => chance(random, 0.12)),
      template: source === "meeting" && chance(random, 0.4) ? pick(random, TEMPLATES) : null,
      segments,
    };
    return { transcript, tasks: this.#tasks(random, transcript, speakers, createdAtMs) };
  }

  #speakers(random: Random, source: string): string[] {
    const count = source === "voice_note" ? 1 : source === "chat" ? 2 : randomInt(random, 2, 7);
    const names = new Set<string>();
    while (names.size < count) {
      names.add(`${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`);
    }
    return [...names];
  }

  #turnWords(random: Random, source: string): string[][] {
    const { averageWords } = this.#options;
    const total = Math.max(
      Math.min(12, averageWords),
      Math.min(Math.round(logNormal(random, averageWords, 0.75)), averageWords * 25),
    );
    const turnMean = source === "voice_note" ? 70 : 28;
    const turns: string[][] = [];
    let left = total;
    while (left > 0) {
      const size = Math.min(left, Math.max(1, Math.round(logNormal(random, turnMean, 0.9))));
      const words = new Array<string>(size);
      for (let i = 0; i < size; i++) words[i] = this.#sampler.next(random);
      turns.push(words);
      left -= size;
    }
    return turns;
  }

  /** Inserts the planted terms at random places; each planted word counts as spoken. */
  #plant(random: Random, turns: string[][]): void {
    const insert = (...words: string[]) => {
      const turn = turns[Math.floor(random() * turns.length)]!;
      turn.splice(Math.floor(random() * (turn.length + 1)), 0, ...words);
    };
    const size = turns.reduce((sum, turn) => sum + turn.length, 0);
    const times = (perWords: number) => 1 + Math.floor(random() * (1 + size / perWords));
    for (let i = times(400); i > 0; i--) insert(EVERY_WORD);
    if (chance(random, COMMON_RATE)) { for (let i = times(3000); i > 0; i--) insert(COMMON_WORD); }
    if (chance(random, RARE_RATE)) insert(RARE_WORD);
    if (chance(random, PHRASE_RATE)) { for (let i = times(5000); i > 0; i--) insert(...PHRASE); }
    for (const word of PHRASE) if (chance(random, PHRASE_WORD_ALONE_RATE)) insert(word);
    if (chance(random, PREFIX_RATE)) {
      for (let i = times(2000); i > 0; i--) insert(pick(random, PREFIX_FAMILY));
    }
    if (chance(random, TICKET_RATE)) insert(TICKET);
    if (chance(random, OTHER_TICKET_RATE)) {
      let ticket = TICKET;
      while (ticket === TICKET) {
        ticket = `${pick(random, TICKET_PREFIXES)}-${randomInt(random, 100, 999)}`;
      }
      insert(ticket);
    }
  }

  #segments(random: Random, turns: string[][], speakers: string[]): Segment[] {
    const segments: Segment[] = [];
    let clock = randomInt(random, 0, 3000);
    let speaker = 0;
    for (const words of turns) {
      if (speakers.length > 1) {
        // The first two speakers (the chair and one other) talk most.
        const next = random() < 0.6
          ? Math.floor(random() * 2)
          : Math.floor(random() * speakers.length);
        speaker = next === speaker ? (speaker + 1) % speakers.length : next;
      }
      const spokenMs = Math.round((words.length / 2.6) * 1000 * (0.8 + random() * 0.4));
      segments.push({
        speaker: speakers[speaker]!,
        startMs: clock,
        endMs: clock + spokenMs,
        text: sentences(random, words),
      });
      clock += spokenMs + randomInt(random, 150, 1500);
    }
    return segments;
  }

  #title(random: Random, source: string): string {
    const topic = capitalize(pick(random, this.#topics));
    if (source === "voice_note") return `Voice note: ${topic} and ${pick(random, this.#topics)}`;
    if (source === "chat") return `Chat: ${topic} questions`;
    return `${topic} ${pick(random, MEETING_KINDS)}: ${pick(random, this.#topics)}`;
  }

  #tasks(
    random: Random,
    transcript: Transcript,
    speakers: readonly string[],
    createdAtMs: number,
  ): Task[] {
    let count = 0;
    for (let i = 0; i < 8; i++) if (chance(random, 0.375)) count++;
    const tasks: Task[] = [];
    for (let i = 0; i < count; i++) {
      const bucket = pickWeighted(random, BUCKETS);
      const taskCreatedMs = createdAtMs + randomInt(random, 5, 180) * 60_000;
      const parent = tasks.length > 0 && chance(random, 0.15) ? pick(random, tasks).id : null;
      const who = pick(random, speakers).split(" ")[0];
      tasks.push({
        id: randomUuid(random),
        text: `${pick(random, VERBS)} the ${pick(random, this.#topics)} ${
          pick(random, this.#topics)
        } with ${who}`,
        bucket,
        done: bucket === "done",
        doneAt: bucket === "done"
          ? new Date(taskCreatedMs + randomInt(random, 1, 240) * 3_600_000).toISOString()
          : null,
        createdAt: new Date(taskCreatedMs).toISOString(),
        parentTaskId: parent,
        transcriptId: chance(random, 0.05) ? null : transcript.id,
      });
    }
    return tasks;
  }
}

/** Joins words into sentences: capitals, commas, full stops and the odd question. */
function sentences(random: Random, words: readonly string[]): string {
  let text = "";
  let left = 0;
  for (let i = 0; i < words.length; i++) {
    let word = words[i]!;
    if (left === 0) {
      word = capitalize(word);
      left = 4 + Math.floor(random() * 14);
    }
    left--;
    const last = i === words.length - 1;
    if (left === 0 || last) {
      word += random() < 0.15 ? "?" : ".";
      left = 0;
    } else if (random() < 0.07) {
      word += ",";
    }
    text += i === 0 ? word : ` ${word}`;
  }
  return text;
}
