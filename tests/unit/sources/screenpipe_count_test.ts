/**
 * Counting screenpipe's sittings in parts: a count past its budget answers null with a
 * note and goes on where it stopped at the next call, as a count stopped by a call's
 * deadline does; appends meanwhile are counted, anything else starts the count again; and
 * once done, the answers are a fresh connection's.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { createScreenpipeDb, type ScreenpipeFixture } from "../../helpers/screenpipe_fixture.ts";
import { openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { SCREENPIPE_SITTING_GAP_S } from "../../../lib/config/limits.ts";
import { StoreInterruptedError } from "../../../lib/store/errors.ts";
import type { SourceReader } from "../../../lib/sources/source_reader.ts";
import type { Store } from "../../../lib/store/store.ts";

const T0 = Date.UTC(2026, 5, 1, 8, 0, 0);
const SITTING_MS = SCREENPIPE_SITTING_GAP_S * 1000 + 30 * 60_000;
const SITTINGS = 6;

/** A budget already spent: each count walks one sitting. */
const SPENT = -1;

function addSitting(app: ScreenpipeFixture, s: number, speaker: number): void {
  for (let c = 0; c < 5; c++) {
    app.addChunk({
      device: c % 2 === 0 ? "MacBook Pro Microphone" : "Display Audio",
      atMs: T0 + s * SITTING_MS + c * 30_000,
      segments: [{ text: `pricing sitting ${s} chunk ${c}`, speakerId: speaker, start: 1, end: 4 }],
    });
  }
}

async function withApp(check: (app: ScreenpipeFixture, path: string) => void): Promise<void> {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/db.sqlite`;
  const app = createScreenpipeDb(path);
  try {
    const speaker = app.addSpeaker("Ana");
    for (let s = 0; s < SITTINGS; s++) addSitting(app, s, speaker);
    app.index();
    check(app, path);
  } finally {
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** What the kept starts feed: the count, the listing and a search's hits. */
function answers(reader: SourceReader): unknown {
  const ranking = reader.search("pricing", 20);
  return {
    transcripts: reader.facts().transcripts,
    listed: reader.listTranscripts(null, 20, {}),
    hits: reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match),
  };
}

/** What `use` answers of a new connection to `path`, closed after. */
function withReader<T>(path: string, use: (reader: SourceReader, store: Store) => T): T {
  const { reader, store } = openDatabaseSource(path, { name: "screenpipe" });
  try {
    return use(reader, store);
  } finally {
    store.close();
  }
}

function freshAnswers(path: string): unknown {
  return withReader(path, answers);
}

/** Counts with a spent budget until the count is done; returns each call's notes. */
function countInParts(reader: SourceReader): { transcripts: number; notes: string[][] } {
  const notes: string[][] = [];
  for (let calls = 0; calls < 100; calls++) {
    const facts = reader.facts(SPENT);
    if (facts.transcripts !== null) return { transcripts: facts.transcripts, notes };
    notes.push(facts.notes);
  }
  throw new Error("the count never finished");
}

Deno.test("screenpipe facts: a count past its budget answers null, says so, and goes on", async () => {
  await withApp((_app, path) => {
    withReader(path, (reader) => {
      const { transcripts, notes } = countInParts(reader);
      assertEquals(transcripts, SITTINGS);
      // One sitting walked a call, none walked twice: the last call finishes the count.
      assertEquals(
        notes.map((call) => call.find((note) => note.startsWith("still counting"))),
        Array.from(
          { length: SITTINGS - 1 },
          (_, i) => `still counting sittings: ${i + 1} so far; ask again for the total`,
        ),
      );
      assertEquals(answers(reader), freshAnswers(path));
    });
  });
});

Deno.test("screenpipe facts: a count stopped by the deadline anywhere counts each sitting once", async () => {
  await withApp((_app, path) => {
    const fresh = freshAnswers(path);
    for (let stopAt = 1; stopAt < 60; stopAt += 3) {
      withReader(path, (reader, store) => {
        let checks = 0;
        store.setInterruptCheck(() => ++checks >= stopAt ? "timeout" : null);
        let stopped = false;
        try {
          reader.facts();
        } catch (error) {
          assert(error instanceof StoreInterruptedError, String(error));
          stopped = true;
        }
        store.setInterruptCheck(() => null);
        assertEquals(answers(reader), fresh, `stopped after ${stopAt} checks (${stopped})`);
      });
    }
  });
});

Deno.test("screenpipe facts: sittings appended between parts of a count are counted", async () => {
  await withApp((app, path) => {
    withReader(path, (reader) => {
      assertEquals(reader.facts(SPENT).transcripts, null);
      assertEquals(reader.facts(SPENT).transcripts, null);
      // One chunk that grows the newest sitting, then a sitting of its own.
      app.addChunk({
        device: "Display Audio",
        atMs: T0 + (SITTINGS - 1) * SITTING_MS + 5 * 30_000,
        segments: [{ text: "pricing grown", speakerId: null, start: 0, end: 2 }],
      });
      addSitting(app, SITTINGS, app.addSpeaker("Omar"));
      assertEquals(countInParts(reader).transcripts, SITTINGS + 1);
      assertEquals(answers(reader), freshAnswers(path));
    });
  });
});

Deno.test("screenpipe facts: rows deleted between parts of a count start it again", async () => {
  await withApp((app, path) => {
    withReader(path, (reader) => {
      for (let i = 0; i < 3; i++) assertEquals(reader.facts(SPENT).transcripts, null);
      // The second sitting, already walked, is gone: the walk must not keep its start.
      app.db.prepare("DELETE FROM audio_transcriptions WHERE transcription LIKE ?")
        .run("pricing sitting 1 %");
      assertEquals(countInParts(reader).transcripts, SITTINGS - 1);
      assertEquals(answers(reader), freshAnswers(path));
    });
  });
});

Deno.test("screenpipe facts: without a budget the count runs to the end in one call", async () => {
  await withApp((_app, path) => {
    withReader(path, (reader) => {
      assertEquals(reader.facts().transcripts, SITTINGS);
      assert(!reader.facts().notes.some((note) => note.startsWith("still counting")));
    });
  });
});

Deno.test("screenpipe facts: a finished count is brought up to date after appends whatever its budget", async () => {
  await withApp((app, path) => {
    withReader(path, (reader) => {
      assertEquals(reader.facts().transcripts, SITTINGS);
      addSitting(app, SITTINGS, app.addSpeaker("Omar"));
      addSitting(app, SITTINGS + 1, app.addSpeaker("Lena"));
      // Only the newest sittings are walked: a spent budget does not leave the count open.
      assertEquals(reader.facts(SPENT).transcripts, SITTINGS + 2);
      assertEquals(answers(reader), freshAnswers(path));
    });
  });
});
