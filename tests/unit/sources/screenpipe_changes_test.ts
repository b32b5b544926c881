/**
 * What a screenpipe connection keeps of each sitting (its order, texts, segments and
 * speakers) through the app's writes: appends keep every older sitting's facts (no read of
 * them again) and the answers stay those of a fresh connection; every other change (a
 * delete, a row in the past, a speaker renamed, merged or flagged, a transcription edited,
 * a chunk moved to another speaker, the indexer's run) gives a fresh connection's answers.
 */
import { assert, assertEquals, assertNotEquals } from "../../helpers/assert.ts";
import {
  createScreenpipeDb,
  type ScreenpipeDrift,
  type ScreenpipeFixture,
} from "../../helpers/screenpipe_fixture.ts";
import { openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { SCREENPIPE_SITTING_GAP_S } from "../../../lib/config/limits.ts";
import type { SourceReader } from "../../../lib/sources/source_reader.ts";
import type { Store, StoreParam } from "../../../lib/store/store.ts";

const T0 = Date.UTC(2026, 4, 4, 8, 0, 0);
const GAP_MS = SCREENPIPE_SITTING_GAP_S * 1000;
const SITTINGS = 4;
const CHUNKS = 8;
const DEVICES = ["MacBook Pro Microphone", "Display Audio"];
const WORDS = ["pricing", "roadmap", "budget", "hiring"];

/** When sitting `s`'s chunk `c` was heard. */
function chunkAt(s: number, c: number): number {
  return T0 + s * (GAP_MS + 10 * 60_000) + c * 20_000;
}

/**
 * Sittings of 32 rows (more than a hit's first rows, so their order is read) by Ana, Omar
 * and an unnamed voice; `indexed`: the app's indexer has reached them all.
 */
function build(app: ScreenpipeFixture, indexed: boolean): void {
  const speakers = [app.addSpeaker("Ana"), app.addSpeaker("Omar"), app.addSpeaker(null)];
  for (let s = 0; s < SITTINGS; s++) {
    for (let c = 0; c < CHUNKS; c++) {
      for (const [d, device] of DEVICES.entries()) {
        app.addChunk({
          device,
          atMs: chunkAt(s, c) + d * 1000,
          segments: [0, 1].map((k) => ({
            text: `${WORDS[(s + c + k) % WORDS.length]} s${s} c${c} d${d} k${k}`,
            speakerId: speakers[(s + c + d + k) % speakers.length]!,
            start: 20 - 8 * k - d,
            end: 24 - 8 * k - d,
          })),
        });
      }
    }
  }
  if (indexed) app.index();
}

/** Every answer a kept fact feeds: speakers, segments, moments. */
function keptAnswers(reader: SourceReader): unknown {
  const listed = reader.listTranscripts(null, 20, {});
  return {
    listed,
    sittings: listed.map((item) => ({
      head: reader.readHead!(item.id),
      segments: reader.readSegments!(item.id, { fromSeq: 0, limit: 1000 }),
      moments: [...WORDS, "s1 c3", "absent"].map((word) => reader.findSegment!(item.id, word)),
    })),
  };
}

/** Reads of whole sittings by their first row's timestamp, while `counting`. */
interface Reads {
  byStart: Map<string, number>;
  counting: boolean;
}

/**
 * The answers above, then search hits (whose speakers are kept too; a hit's window may
 * read its whole sitting, as it always has, so those reads are not counted).
 */
function answers(reader: SourceReader, reads?: Reads): unknown {
  const kept = keptAnswers(reader);
  if (reads !== undefined) reads.counting = false;
  const hits = WORDS.map((word) => {
    const ranking = reader.search(word, 10);
    return reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match);
  });
  if (reads !== undefined) reads.counting = true;
  return { kept, hits };
}

/**
 * Counts the reads of a whole sitting (its order, texts or segments) by the timestamp of
 * its first row: every such read is bounded by it.
 */
function countReads(store: Store): Reads {
  const reads: Reads = { byStart: new Map(), counting: true };
  const note = (sql: string, params: StoreParam[]) => {
    const whole = /AS chunk|AS e\b/.test(sql) && !/LIMIT/.test(sql) && sql.includes(">= ?");
    const ts = params.find((param) => typeof param === "string");
    if (whole && reads.counting && typeof ts === "string") {
      reads.byStart.set(ts, (reads.byStart.get(ts) ?? 0) + 1);
    }
  };
  const rows = store.rows.bind(store);
  const all = store.all.bind(store);
  store.rows = (sql, ...params) => {
    note(sql, params);
    return rows(sql, ...params);
  };
  store.all = (sql, ...params) => {
    note(sql, params);
    return all(sql, ...params);
  };
  return reads;
}

async function withApp(
  check: (app: ScreenpipeFixture, path: string) => void,
  indexed = true,
  drift: ScreenpipeDrift = {},
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/db.sqlite`;
  const app = createScreenpipeDb(path, drift);
  try {
    build(app, indexed && !drift.noFts && !drift.noProgress);
    check(app, path);
  } finally {
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** A fresh connection's answers. */
function freshAnswers(path: string): unknown {
  const other = openDatabaseSource(path, { name: "screenpipe" });
  try {
    return answers(other.reader);
  } finally {
    other.store.close();
  }
}

/** The stored timestamp of sitting `s`'s first row. */
function startTs(app: ScreenpipeFixture, s: number): string {
  return String(
    app.db.prepare("SELECT min(timestamp) AS ts FROM audio_transcriptions WHERE timestamp >= ?")
      .get(new Date(chunkAt(s, 0)).toISOString().slice(0, 19))!["ts"],
  );
}

Deno.test("screenpipe kept facts: appends keep older sittings' and read the newest again", async () => {
  await withApp((app, path) => {
    const { reader, store } = openDatabaseSource(path, { name: "screenpipe" });
    try {
      reader.facts();
      assertEquals(answers(reader), freshAnswers(path), "as built");
      const reads = countReads(store);
      answers(reader, reads);
      assertEquals(
        [...reads.byStart.values()].reduce((a, b) => a + b, 0),
        0,
        "asked again, unchanged",
      );
      const last = chunkAt(SITTINGS - 1, CHUNKS);
      for (const [i, atMs] of [last, last + 20_000, last + GAP_MS + 60_000].entries()) {
        // As the app writes: one chunk at a time, the newest sitting growing, then a new one;
        // a new voice adds a speaker, which changes no older sitting.
        const speakerId = i === 1 ? app.addSpeaker(null) : 1;
        app.addChunk({
          device: DEVICES[0]!,
          atMs,
          segments: [{ text: `pricing late ${i}`, speakerId, start: 2, end: 4 }],
        });
        reads.byStart.clear();
        assertEquals(answers(reader, reads), freshAnswers(path), `append ${i}`);
        for (let s = 0; s < SITTINGS - 1; s++) {
          assertEquals(
            reads.byStart.get(startTs(app, s)),
            undefined,
            `append ${i}: sitting ${s} kept`,
          );
        }
        // The sitting the rows went into was read again.
        const grown = startTs(app, SITTINGS - 1);
        if (i < 2) {
          assert((reads.byStart.get(grown) ?? 0) > 0, `append ${i}: the newest read again`);
        }
      }
      // The app's indexer reaching the new rows writes the index, as an edit would: every
      // sitting is read again, and the answers are still a fresh connection's.
      app.index();
      reads.byStart.clear();
      assertEquals(answers(reader, reads), freshAnswers(path), "indexed");
      assert((reads.byStart.get(startTs(app, 0)) ?? 0) > 0, "indexed: the oldest read again");
    } finally {
      store.close();
    }
  });
});

/** Each change the app (or its user) makes besides appending, and what it touches. */
const CHANGES: [string, (app: ScreenpipeFixture) => void][] = [
  ["a row deleted (retention, delete-range)", (app) => {
    app.db.prepare("DELETE FROM audio_transcriptions WHERE transcription LIKE '% s1 c2 d0 k0'")
      .run();
  }],
  ["a speaker renamed", (app) => {
    app.db.exec("UPDATE speakers SET name = 'Anabel' WHERE id = 1");
  }],
  ["an unnamed speaker named", (app) => {
    app.db.exec("UPDATE speakers SET name = 'Lena' WHERE id = 3");
  }],
  ["a speaker flagged as a hallucination", (app) => {
    app.db.exec("UPDATE speakers SET hallucination = TRUE WHERE id = 2");
  }],
  ["the flag cleared", (app) => {
    app.db.exec("UPDATE speakers SET hallucination = FALSE WHERE id = 2");
  }],
  ["two speakers merged (db.rs merge_speakers)", (app) => {
    app.db.exec("UPDATE audio_transcriptions SET speaker_id = 3 WHERE speaker_id = 1");
    app.db.exec("DELETE FROM speakers WHERE id = 1");
  }],
  ["a chunk moved to another speaker (reassign_speaker)", (app) => {
    app.db.exec(`UPDATE audio_transcriptions SET speaker_id = 2 WHERE audio_chunk_id =
      (SELECT audio_chunk_id FROM audio_transcriptions WHERE transcription LIKE '% s0 c1 d1 k0')`);
  }],
  ["a transcription edited (update_audio_transcription)", (app) => {
    app.db.exec(`UPDATE audio_transcriptions SET transcription = 'hiring edited ' || id
      WHERE transcription LIKE '% s2 c4 d0 %'`);
  }],
  ["a speaker's flag set to NULL (hidden, as a flagged one)", (app) => {
    app.db.exec("UPDATE speakers SET hallucination = NULL WHERE id = 2");
  }],
  ["the flag cleared again", (app) => {
    app.db.exec("UPDATE speakers SET hallucination = FALSE WHERE id = 2");
  }],
  ["a transcription blanked", (app) => {
    app.db.exec(
      "UPDATE audio_transcriptions SET transcription = '' WHERE transcription LIKE '% s3 c2 d1 k1'",
    );
  }],
  // Last: its row is past the indexer's mark, so every later change would read from its
  // sitting on, whatever it is.
  ["a row added in the past", (app) => {
    app.addChunk({
      device: DEVICES[1]!,
      atMs: chunkAt(0, 3) + 5000,
      segments: [{ text: "budget remembered late", speakerId: 2, start: 0, end: 30 }],
    });
  }],
];

Deno.test("screenpipe kept facts: every other change gives a fresh connection's answers", async () => {
  await withApp((app, path) => {
    const { reader, store } = openDatabaseSource(path, { name: "screenpipe" });
    try {
      reader.facts();
      for (const [i, [name, change]] of CHANGES.entries()) {
        const before = answers(reader);
        // With an append, as the app goes on writing meanwhile.
        app.addChunk({
          device: DEVICES[0]!,
          atMs: chunkAt(SITTINGS, i),
          segments: [{ text: `appended with ${name}` }],
        });
        change(app);
        const after = answers(reader);
        assertEquals(after, freshAnswers(path), name);
        assertNotEquals(after, before, `${name} changes an answer`);
      }
    } finally {
      store.close();
    }
  });
});

Deno.test("screenpipe kept facts: a sitting with rows not yet indexed is read again", async () => {
  await withApp((app, path) => {
    // The indexer has not reached the last two sittings: an edit of theirs leaves no trace
    // in the index, so what was kept of them is dropped on any change.
    app.index(Number(
      app.db.prepare("SELECT max(id) AS n FROM audio_transcriptions WHERE timestamp < ?")
        .get(startTs(app, 2))!["n"],
    ));
    const { reader, store } = openDatabaseSource(path, { name: "screenpipe" });
    try {
      reader.facts();
      const before = answers(reader);
      const reads = countReads(store);
      app.db.exec(`UPDATE audio_transcriptions SET transcription = 'roadmap quietly ' || id
        WHERE transcription LIKE '% s2 c1 %'`);
      const after = answers(reader, reads);
      assertEquals(after, freshAnswers(path), "edited before indexing");
      assertNotEquals(after, before, "the edit changes an answer");
      assertEquals(reads.byStart.get(startTs(app, 0)), undefined, "the indexed sittings are kept");
      assert((reads.byStart.get(startTs(app, 2)) ?? 0) > 0, "the unindexed sitting is read again");
    } finally {
      store.close();
    }
  }, false);
});

const LACKING: [string, ScreenpipeDrift][] = [
  ["the app's index", { noFts: true }],
  ["the indexer's mark", { noProgress: true }],
];
for (const [lacking, drift] of LACKING) {
  Deno.test(`screenpipe kept facts: without ${lacking}, an append reads all again`, async () => {
    // No index whose writes tell an edit (or none but the app's triggers', which index
    // every row as it is written): what was kept is dropped on every change, as before.
    await withApp(
      (app, path) => {
        const { reader, store } = openDatabaseSource(path, { name: "screenpipe" });
        try {
          reader.facts();
          answers(reader);
          const reads = countReads(store);
          app.addChunk({
            device: DEVICES[0]!,
            atMs: chunkAt(SITTINGS - 1, CHUNKS),
            segments: [{ text: "pricing late", speakerId: 1, start: 2, end: 4 }],
          });
          assertEquals(answers(reader, reads), freshAnswers(path), "appended");
          assert((reads.byStart.get(startTs(app, 0)) ?? 0) > 0, "the oldest read again");
        } finally {
          store.close();
        }
      },
      true,
      drift,
    );
  });
}
