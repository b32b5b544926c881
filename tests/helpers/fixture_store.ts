/**
 * Fixture stores for tests: the contract's schema from lib/store/schema.sql, filled the way the
 * owning app fills a store, in a temporary directory.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import type { Task, Transcript } from "../../lib/store/model.ts";
import { populateStore } from "../../lib/store/populate_store.ts";
import { SCHEMA_SQL } from "../../lib/store/schema.ts";

/** A fixture store on disk. Remove it with `cleanup`. */
export interface FixtureStore {
  path: string;
  dir: string;
  transcripts: Transcript[];
  tasks: Task[];
  cleanup: () => void;
}

/** Options for {@link buildFixtureStore}. */
export interface FixtureOptions {
  transcripts?: Transcript[];
  tasks?: Task[];
  /** SQL run after filling, to break the store in a particular way. */
  afterFill?: string;
}

const SOURCES = ["meeting", "voice_note", "chat"] as const;
const BUCKETS = ["inbox", "today", "week", "someday", "done"] as const;

function uuid(prefix: string, n: number): string {
  return `${prefix}${n.toString(16).padStart(4, "0")}-0000-4000-8000-000000000000`.slice(0, 36);
}

/**
 * Deterministic transcripts with the cases tests need: ties on created_at (for keyset
 * paging), starred and sources in a fixed pattern, words to search for, an emoji-heavy
 * text, and one long text for paging inside a transcript.
 */
export function fixtureTranscripts(count = 45): Transcript[] {
  const transcripts: Transcript[] = [];
  for (let n = 0; n < count; n++) {
    // Every third pair shares a timestamp, so ordering must fall back to the key.
    const minute = n - (n % 3 === 2 ? 1 : 0);
    const createdAt = new Date(Date.UTC(2026, 9, 1, 8, minute)).toISOString();
    const words = [
      `Item ${n} of the fixture.`,
      n % 5 === 0 ? "We reviewed the pricing page and the annual discount." : "General update.",
      n % 7 === 0 ? "The sync conflict in POL-358 happens after the zoom.us call." : "",
      n === 4 ? "So what's the plan for the launch?" : "",
    ].filter((s) => s !== "");
    transcripts.push({
      id: uuid("a", n),
      title: n % 9 === 0 ? `Pricing review ${n}` : `Fixture transcript ${n}`,
      createdAt,
      source: SOURCES[n % 3]!,
      language: "en",
      engine: "whisper.cpp",
      modelId: "large-v3-turbo",
      starred: n % 4 === 0,
      manualTags: n % 2 === 0 ? ["even", "fixture"] : [],
      template: n % 2 === 0 ? "standup" : null,
      segments: [
        { speaker: "Ana", startMs: 0, endMs: 4_000, text: words.join(" ") },
        { speaker: "Ben", startMs: 4_000, endMs: 9_500, text: `Noted, thanks (${n}).` },
      ],
    });
  }
  return transcripts;
}

/** A transcript whose text is long and full of astral characters, for paging tests. */
export function longEmojiTranscript(turns = 2_000): Transcript {
  const segments = Array.from({ length: turns }, (_, i) => ({
    speaker: i % 2 === 0 ? "Ana" : "Ben",
    startMs: i * 3_000,
    endMs: i * 3_000 + 2_500,
    text: `Turn ${i}: looks good 👍🏽 ship it 🎉 — 𝒻𝒶𝓃𝒸𝓎 notes.`,
  }));
  return {
    id: "b0000000-0000-4000-8000-00000000long",
    title: "A very long session",
    createdAt: "2026-12-01T10:00:00.000Z",
    source: "meeting",
    language: "en",
    engine: "whisper.cpp",
    modelId: "large-v3-turbo",
    starred: true,
    manualTags: ["long"],
    template: null,
    segments,
  };
}

/** The fields of a plain test meeting besides its id, title, time and segments. */
export const MEETING_FIELDS: Omit<Transcript, "id" | "title" | "createdAt" | "segments"> = {
  source: "meeting",
  language: "en",
  engine: "whisper.cpp",
  modelId: "tiny",
  starred: false,
  manualTags: [],
  template: null,
};

/**
 * Transcripts on which a search for {@link SLOW_QUERY} is slow yet stoppable all the way:
 * its word is in every transcript 20,000 times, so ranking costs most per row (0.7 s for
 * 300 of them on a 2-core machine), while the work FTS5 does before its first row stays
 * below the bound of lib/search/query_work.ts. For deadline and cancellation tests.
 */
export function slowSearchTranscripts(count = 300): Transcript[] {
  return Array.from({ length: count }, (_, n) => ({
    ...MEETING_FIELDS,
    id: `slow-${n.toString().padStart(4, "0")}`,
    title: `Slow ${n}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    segments: [{ speaker: "A", startMs: 0, endMs: 1_000, text: "la ".repeat(20_000) }],
  }));
}

/** The query that is slow on {@link slowSearchTranscripts}. */
export const SLOW_QUERY = "la OR la OR la";

/** A phrase of the same word, too broad to search there: refused before it runs. */
export const BROAD_PHRASE = `"${"la ".repeat(10).trim()}"`;

/** Deterministic tasks in every bucket, with timestamp ties and subtasks. */
export function fixtureTasks(transcripts: Transcript[], count = 37): Task[] {
  const tasks: Task[] = [];
  for (let n = 0; n < count; n++) {
    const bucket = BUCKETS[n % BUCKETS.length]!;
    const createdAt = new Date(Date.UTC(2026, 9, 2, 9, n - (n % 4 === 3 ? 1 : 0))).toISOString();
    tasks.push({
      id: uuid("c", n),
      text: `Fixture task ${n}`,
      bucket,
      done: bucket === "done",
      doneAt: bucket === "done" ? "2026-10-20T12:00:00.000Z" : null,
      createdAt,
      parentTaskId: n % 6 === 5 ? uuid("c", n - 1) : null,
      transcriptId: transcripts.length > 0 ? transcripts[n % transcripts.length]!.id : null,
    });
  }
  return tasks;
}

/**
 * Builds a store in a new temporary directory from lib/store/schema.sql.
 *
 * @example
 * ```ts
 * const fixture = buildFixtureStore();
 * try { ... } finally { fixture.cleanup(); }
 * ```
 */
export function buildFixtureStore(options: FixtureOptions = {}): FixtureStore {
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-test-" });
  const path = join(dir, "store.db");
  const transcripts = options.transcripts ?? fixtureTranscripts();
  const tasks = options.tasks ?? fixtureTasks(transcripts);
  const db = new DatabaseSync(path);
  db.exec(SCHEMA_SQL);
  populateStore(db, transcripts, tasks);
  if (options.afterFill !== undefined) db.exec(options.afterFill);
  db.close();
  return {
    path,
    dir,
    transcripts,
    tasks,
    cleanup: () => Deno.removeSync(dir, { recursive: true }),
  };
}
