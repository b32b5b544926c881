/**
 * The screenpipe kind, against databases built the way screenpipe's migrations and writer
 * leave them (tests/helpers/screenpipe_fixture.ts).
 */
import { assert, assertEquals, assertThrows } from "../../helpers/assert.ts";
import {
  createScreenpipeDb,
  SCREENPIPE_SECRETS,
  type ScreenpipeDrift,
  type ScreenpipeFixture,
  screenpipeTimestamp,
} from "../../helpers/screenpipe_fixture.ts";
import { detectKind, openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { readTableColumns } from "../../../lib/sources/source_kind.ts";
import { screenpipeKind } from "../../../lib/sources/adapters/screenpipe.ts";
import { SCREENPIPE_SITTING_GAP_S } from "../../../lib/config/limits.ts";
import { StoreInterruptedError } from "../../../lib/store/errors.ts";
import { InvalidCursorError } from "../../../lib/sources/source_reader.ts";
import { DatabaseSync } from "node:sqlite";

const T0 = Date.UTC(2026, 1, 10, 9, 0, 0);
const GAP_MS = SCREENPIPE_SITTING_GAP_S * 1000;
const MIC = "MacBook Pro Microphone";
const SYSTEM = "Display Audio";

/** The sittings (first rows' ids) that hits' keys name. */
function sittingsOf(hits: readonly { key: string }[]): string[] {
  return hits.map((hit) => hit.key.split("@")[0]!);
}

async function withApp(
  drift: ScreenpipeDrift,
  build: (app: ScreenpipeFixture) => void,
  check: (opened: ReturnType<typeof openDatabaseSource>, path: string) => void,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/db.sqlite`;
  const app = createScreenpipeDb(path, drift);
  try {
    build(app);
    const opened = openDatabaseSource(path, { name: "screenpipe" });
    try {
      check(opened, path);
    } finally {
      opened.store.close();
    }
  } finally {
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** Three sittings: two runs on the mic and system audio one gap apart, and a later one. */
function threeSittings(app: ScreenpipeFixture): { ana: number; hidden: number } {
  const ana = app.addSpeaker("Ana");
  const unnamed = app.addSpeaker(null);
  const hidden = app.addSpeaker(null, true);
  app.addChunk({
    device: MIC,
    atMs: T0,
    segments: [
      { text: "welcome to the pricing review", speakerId: ana, start: 1, end: 3.5 },
      { text: "thanks for joining", speakerId: unnamed, start: 5, end: 6 },
    ],
  });
  app.addChunk({
    device: SYSTEM,
    input: false,
    atMs: T0 + 30_000,
    segments: [{ text: "subtitles by amara hallucinated", speakerId: hidden, start: 0, end: 2 }],
  });
  app.addChunk({
    device: SYSTEM,
    input: false,
    atMs: T0 + 30_000,
    timestampText: screenpipeTimestamp(T0 + 30_000),
    segments: [{ text: "the roadmap slips a week", speakerId: unnamed, start: 2, end: 4 }],
  });
  // Exactly the gap after the last row: still the same sitting.
  app.addChunk({
    device: MIC,
    atMs: T0 + 30_000 + GAP_MS,
    segments: [{ text: "back after a long pause", speakerId: ana, start: 0, end: 2 }],
  });
  // One second past the gap: a new sitting.
  app.addChunk({
    device: MIC,
    atMs: T0 + 30_000 + 2 * GAP_MS + 1000,
    segments: [{ text: "a separate standup about hiring", speakerId: ana, start: 0, end: 2 }],
  });
  app.addChunk({
    device: MIC,
    atMs: T0 + 6 * 3_600_000,
    timestampText: "2026-02-10T15:00:00.123456789+00:00",
    segments: [{ text: "evening notes on pricing", start: 0, end: 1 }],
  });
  return { ana, hidden };
}

Deno.test("screenpipe: detected from its tables and columns, not its file name", async () => {
  await withApp({}, () => {}, (opened, path) => {
    assertEquals(opened.kind.kind, "screenpipe");
    const db = new DatabaseSync(path, { readOnly: true });
    assertEquals(detectKind(readTableColumns(db)), screenpipeKind);
    db.close();
  });
  assertEquals(
    detectKind(new Map([["audio_transcriptions", new Set(["id", "timestamp"])]])),
    undefined,
  );
});

Deno.test("screenpipe: sittings split on gaps over the threshold, across devices", async () => {
  await withApp({}, (app) => void threeSittings(app), ({ reader }) => {
    const listed = reader.listTranscripts(null, 10, {});
    assertEquals(listed.map((t) => t.createdAt), [
      "2026-02-10T15:00:00.123Z",
      new Date(T0 + 30_000 + 2 * GAP_MS + 1000).toISOString(),
      new Date(T0).toISOString(),
    ]);
    const first = listed[2]!;
    assertEquals(first.id, "screenpipe:1");
    assertEquals(first.title, `Audio 2026-02-10 09:00 UTC · ${SYSTEM}, ${MIC}`);
    assertEquals(first.source, "audio");
    assertEquals(first.duration, (30_000 + GAP_MS) / 1000 + 2);
    // Pages continue where the last ended.
    const page = reader.listTranscripts(listed[0]!.position, 1, {});
    assertEquals(page.map((t) => t.id), [listed[1]!.id]);
    assertEquals(reader.listTranscripts(null, 10, { until: listed[1]!.createdAt }).length, 1);
    assertEquals(reader.listTranscripts(null, 10, { since: listed[1]!.createdAt }).length, 2);
    assertEquals(reader.listTranscripts(null, 10, { label: "meeting" }), []);
    assertThrows(() => reader.listTranscripts(["x"], 10, {}), InvalidCursorError);
  });
});

Deno.test("screenpipe: text and segments name speakers and hide hallucinations", async () => {
  await withApp({}, (app) => void threeSittings(app), ({ reader, kind }) => {
    const doc = reader.getTranscript("screenpipe:1")!;
    assertEquals(doc.text.split("\n"), [
      "Ana: welcome to the pricing review",
      "Speaker 2: thanks for joining",
      "Speaker 2: the roadmap slips a week",
      "Ana: back after a long pause",
    ]);
    assert(!JSON.stringify(reader.listTranscripts(null, 10, {})).includes("amara"));
    assertEquals(reader.search("amara", 10).hits, []);
    const segments = reader.readSegments!(doc.id, { fromSeq: 0, limit: 100 })!;
    assertEquals(reader.readSegments!(doc.id, { fromSeq: 1, limit: 2 }), segments.slice(1, 3));
    assertEquals(reader.readHead!(doc.id)?.speakers, ["Ana", "Speaker 2"]);
    assertEquals(doc.speakers, ["Ana", "Speaker 2"]);
    assertEquals(reader.readSegments!("screenpipe:999", { fromSeq: 0, limit: 1 }), undefined);
    assertEquals(segments.map((s) => [s.startMs, s.endMs]), [
      [1000, 3500],
      [5000, 6000],
      [32_000, 34_000],
      [30_000 + GAP_MS, 30_000 + GAP_MS + 2000],
    ]);
    assertEquals(kind.vocabOf, null);
    assertEquals(reader.getTranscript("other:1"), undefined);
    assertEquals(reader.getTranscript("screenpipe:999"), undefined);
  });
});

Deno.test("screenpipe: search finds rows the app has not indexed yet, once per sitting", async () => {
  await withApp({}, (app) => {
    threeSittings(app);
    app.index(3);
    // The app's re-index after its 20260210200000 migration: every row indexed twice.
    app.resetIndexProgress();
    app.index(3);
  }, ({ reader }) => {
    const pricing = reader.search("pricing", 10);
    assertEquals(sittingsOf(pricing.hits).sort(), ["1", "7"]);
    assert(pricing.hits[0]!.score >= pricing.hits[1]!.score);
    assertEquals(pricing.partial, false);
    // Said after the index's mark: found by the scan.
    assertEquals(sittingsOf(reader.search("hiring", 10).hits), ["6"]);
    const roadmap = reader.search("roadmap", 10).hits;
    assertEquals(sittingsOf(roadmap), ["1"]);
    // The key names the matching row too: the ranking saw it, so rendering starts there.
    assertEquals(roadmap[0]!.key, "1@4");
    const [hit] = reader.renderHits(["6"], reader.search("hiring", 1).match);
    assert(hit!.window.includes("hiring"));
    const facts = reader.facts();
    assertEquals(facts.transcripts, 3);
    assertEquals(facts.newest, "2026-02-10T15:00:00.123Z");
    assertEquals(facts.search, "fts");
    assert(facts.notes.some((note) => note.startsWith("4 newest rows not yet in screenpipe's")));
    // Device names and speaker numbers are indexed too, but never match.
    assertEquals(reader.search("Display", 10).hits, []);
  });
});

Deno.test("screenpipe: a drifted schema turns features off and says so", async () => {
  await withApp({ dropColumns: ["speaker_id"] }, (app) => {
    threeSittings(app);
    app.index();
  }, ({ reader }) => {
    const doc = reader.getTranscript("screenpipe:1")!;
    assert(doc.text.startsWith("welcome to the pricing review\n"));
    assert(reader.facts().notes.some((note) => note.includes("speaker_id")));
  });
  await withApp(
    { noFts: true, noProgress: true },
    (app) => void threeSittings(app),
    ({ reader }) => {
      assertEquals(sittingsOf(reader.search("hiring", 10).hits), ["6"]);
      const facts = reader.facts();
      assertEquals(facts.search, "scan");
      assert(facts.notes.some((note) => note.includes("audio_transcriptions_fts")));
    },
  );
});

Deno.test("screenpipe: screen text never appears, whatever is searched", async () => {
  await withApp({}, (app) => {
    threeSittings(app);
    app.plantSecrets(T0 + 60_000);
    app.index(4);
  }, ({ reader, store }) => {
    const secrets = Object.values(SCREENPIPE_SECRETS);
    for (const term of [...secrets, "pricing", "audio", "password", "typed", "Bank"]) {
      const ranking = reader.search(term, 10);
      // The ranking's `match` repeats the client's own words; everything else is the source's.
      const shown = JSON.stringify([
        ranking.hits,
        reader.renderHits(ranking.hits.map((h) => h.key), ranking.match),
      ]);
      for (const secret of secrets) assert(!shown.includes(secret), `${term}: ${secret}`);
    }
    const everything = JSON.stringify([
      reader.listTranscripts(null, 100, {}),
      reader.listTranscripts(null, 100, {}).map((t) => reader.getTranscript(t.id)),
      reader.facts(),
    ]);
    for (const secret of secrets) assert(!everything.includes(secret), secret);
    for (
      const sql of [
        "SELECT text FROM ocr_text",
        "SELECT text FROM ocr_text_fts WHERE ocr_text_fts MATCH 'password'",
        "SELECT window_name FROM frames",
        "SELECT text_content FROM ui_events_fts",
        "SELECT text_content FROM ui_events",
        "SELECT text_content FROM accessibility",
        "SELECT embedding FROM speaker_embeddings",
        "SELECT metadata FROM speakers",
        "SELECT file_path FROM audio_chunks",
      ]
    ) {
      assertThrows(() => store.get(sql), Error, "is prohibited");
    }
  });
});

Deno.test("screenpipe: a deadline stops a long walk", async () => {
  await withApp({}, (app) => {
    // A sitting of a thousand chunks, nothing indexed: walks and scans have work to do.
    for (let i = 0; i < 1000; i++) {
      app.addChunk({
        device: MIC,
        atMs: T0 + i * 30_000,
        segments: [{ text: `word ${i} pricing` }],
      });
    }
  }, ({ reader, store }) => {
    store.setInterruptCheck(() => "timeout");
    assertThrows(() => reader.listTranscripts(null, 20, {}), StoreInterruptedError);
    assertThrows(() => reader.search("pricing", 20), StoreInterruptedError);
    assertThrows(() => reader.facts(), StoreInterruptedError);
    store.setInterruptCheck(() => null);
    assertEquals(reader.listTranscripts(null, 20, {}).length, 1);
  });
});
