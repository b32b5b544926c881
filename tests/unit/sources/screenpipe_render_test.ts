/**
 * How screenpipe hits are rendered from bounded reads, and how the sitting count and
 * starts are kept up to date, against databases built as the app leaves them.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { createScreenpipeDb, type ScreenpipeFixture } from "../../helpers/screenpipe_fixture.ts";
import { openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { matchWindow } from "../../../lib/search/snippet.ts";
import { SCREENPIPE_SITTING_GAP_S } from "../../../lib/config/limits.ts";
import { readTableColumns } from "../../../lib/sources/source_kind.ts";
import { screenpipeSchema } from "../../../lib/sources/adapters/screenpipe_schema.ts";
import { SittingWalker } from "../../../lib/sources/adapters/screenpipe_sittings.ts";
import { ScreenpipeChanges } from "../../../lib/sources/adapters/screenpipe_changes.ts";
import { SittingCounter } from "../../../lib/sources/adapters/screenpipe_count.ts";
import type { Store } from "../../../lib/store/store.ts";
import type { SourceReader } from "../../../lib/sources/source_reader.ts";

const T0 = Date.UTC(2026, 2, 2, 14, 0, 0);
const GAP_MS = SCREENPIPE_SITTING_GAP_S * 1000;
const MIC = "MacBook Pro Microphone";
const SYSTEM = "Display Audio";

async function withApp(
  build: (app: ScreenpipeFixture) => void,
  check: (app: ScreenpipeFixture, path: string) => void,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/db.sqlite`;
  const app = createScreenpipeDb(path);
  try {
    build(app);
    check(app, path);
  } finally {
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** A line of filler, different per row, about 60 characters a clause. */
function filler(i: number, clauses: number): string {
  return Array.from({ length: clauses }, () => `row ${i} we went over the figures and the plan`)
    .join(" then ") + " for the next sprint";
}

/**
 * One sitting of `rows` chunks on the mic (the system audio joins after the first twenty),
 * with `planted` said in the given rows only.
 */
function longSitting(
  app: ScreenpipeFixture,
  rows: number,
  planted: Map<number, string>,
  clauses: number,
): void {
  const ana = app.addSpeaker("Ana");
  for (let i = 0; i < rows; i++) {
    app.addChunk({
      device: i < 20 ? MIC : i % 2 === 0 ? MIC : SYSTEM,
      atMs: T0 + i * 20_000,
      segments: [{ text: planted.get(i) ?? filler(i, clauses), speakerId: ana, start: 0, end: 5 }],
    });
  }
}

Deno.test("screenpipe hits: a window read around the match is the whole text's window", async () => {
  // Short rows need a dozen each side of a match; long ones, fewer (read first).
  for (const clauses of [1, 3]) await windowsMatchWholeText(clauses);
});

async function windowsMatchWholeText(clauses: number): Promise<void> {
  const planted = new Map([
    [2, "opening with a sprint review"],
    [100, "the zeppelin launch slips"],
    [197, "a last word on the zeppelin budget"],
  ]);
  await withApp((app) => {
    longSitting(app, 200, planted, clauses);
    app.addChunk({ device: MIC, atMs: T0 + 200 * 20_000 + GAP_MS + 1000, segments: [] });
    app.addChunk({
      device: MIC,
      atMs: T0 + 201 * 20_000 + GAP_MS + 1000,
      segments: [{ text: "a later zeppelin sitting with a short talk" }],
    });
    app.index();
  }, (_app, path) => {
    const { reader, store } = openDatabaseSource(path, { name: "screenpipe" });
    try {
      const listed = reader.listTranscripts(null, 10, {});
      assertEquals(listed.length, 2);
      for (const word of ["zeppelin", "review", "budget", "sprint"]) {
        const ranking = reader.search(word, 10);
        assert(ranking.hits.length > 0, word);
        const hits = reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match);
        assertEquals(hits.map((hit) => hit.key), ranking.hits.map((hit) => hit.key));
        for (const hit of hits) {
          const doc = reader.getTranscript(hit.id)!;
          const summary = listed.find((item) => item.id === hit.id)!;
          // What the whole text would show, and what the listing shows.
          assertEquals(hit.window, matchWindow(doc.text, ranking.match), `${word} ${hit.key}`);
          assertEquals([hit.title, hit.preview], [summary.title, summary.preview]);
          assertEquals(hit.title, doc.title);
        }
      }
      // The long sitting's key names the row the ranking matched, far from its start.
      const [zeppelin] = reader.search("launch", 1).hits;
      assert(/^\d+@\d+$/.test(zeppelin!.key), zeppelin!.key);
      // A key without a matching row still renders, from the whole sitting.
      const start = zeppelin!.key.split("@")[0]!;
      const [whole] = reader.renderHits([start], reader.search("launch", 1).match);
      assert(whole!.window.includes("zeppelin launch"), whole!.window);
      assertEquals(reader.renderHits(["x", "1@x", "99999"], "launch"), []);
      // Titles name the devices of a sitting's first rows, in every tool alike.
      assertEquals(listed[1]!.title, `Audio 2026-03-02 14:00 UTC · ${MIC}`);
    } finally {
      store.close();
    }
  });
}

/** A counter over `store`, as the reader makes one. */
function counterOf(app: ScreenpipeFixture, store: Store): SittingCounter {
  const schema = screenpipeSchema(readTableColumns(app.db));
  const walker = new SittingWalker(store, schema, SCREENPIPE_SITTING_GAP_S);
  return new SittingCounter(store, schema, walker, new ScreenpipeChanges(store, schema, walker));
}

/** A search's ranking and rendered hits, and the listing and documents. */
function answers(reader: SourceReader, word: string): unknown {
  const ranking = reader.search(word, 10);
  const listed = reader.listTranscripts(null, 10, {});
  return {
    ranking,
    hits: reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match),
    listed,
    documents: listed.map((item) => reader.getTranscript(item.id)),
  };
}

Deno.test("screenpipe count: kept between calls and right after every kind of change", async () => {
  await withApp((app) => {
    for (let s = 0; s < 3; s++) {
      for (let i = 0; i < 5; i++) {
        app.addChunk({
          device: MIC,
          atMs: T0 + s * 3 * GAP_MS + i * 60_000,
          segments: [{ text: `sitting ${s} part ${i}` }],
        });
      }
    }
  }, (app, path) => {
    const { reader, store } = openDatabaseSource(path, { name: "screenpipe" });
    const kept = counterOf(app, store);
    const fresh = <T>(read: (opened: ReturnType<typeof openDatabaseSource>) => T): T => {
      const other = openDatabaseSource(path, { name: "screenpipe" });
      try {
        return read(other);
      } finally {
        other.store.close();
      }
    };
    const startsOf = (counter: SittingCounter) => counter.known()?.list().map((row) => row.id);
    const expect = (count: number, why: string, appended = true) => {
      // With kept starts (brought up to date by the search itself after appends), answers
      // are those of a connection that walks every sitting's start and end.
      for (const word of ["part", "bridge", "sitting", "new"]) {
        assertEquals(answers(reader, word), fresh((other) => answers(other.reader, word)), why);
      }
      // Starts are extended after appends only; other changes drop them until counted.
      const known = startsOf(kept);
      assertEquals(known !== undefined, appended, why);
      assertEquals(kept.count(), count, why);
      const walked = fresh((other) => {
        const counter = counterOf(app, other.store);
        assertEquals(counter.known(), undefined, "nothing is kept before a count");
        counter.count();
        return startsOf(counter);
      });
      assertEquals(startsOf(kept), walked, why);
      if (known !== undefined) assertEquals(known, walked, why);
      assertEquals(reader.facts().transcripts, count, why);
      assertEquals(fresh((other) => other.reader.facts().transcripts), count, why);
    };
    const lastAt = T0 + 2 * 3 * GAP_MS + 4 * 60_000;
    try {
      assertEquals(kept.known(), undefined, "nothing is kept before a count");
      kept.count();
      reader.facts();
      expect(3, "as built");
      app.addChunk({ device: MIC, atMs: lastAt + 60_000, segments: [{ text: "one more" }] });
      expect(3, "the newest sitting grows");
      app.addChunk({ device: MIC, atMs: lastAt + 2 * GAP_MS, segments: [{ text: "new" }] });
      expect(4, "a new sitting");
      // Said between the first two sittings, close enough to join them.
      const bridge = [1, 2].map((k) =>
        app.addChunk({
          device: SYSTEM,
          atMs: T0 + 4 * 60_000 + k * (GAP_MS - 1000),
          segments: [{ text: `bridge ${k}` }],
        })[0]!
      );
      expect(3, "a row added in the past joins two sittings", false);
      app.db.prepare("DELETE FROM audio_transcriptions WHERE id = ?").run(bridge[1]!);
      expect(4, "a row deleted splits them again", false);
      const hidden = app.addSpeaker(null);
      app.addChunk({
        device: SYSTEM,
        atMs: T0 + 4 * 60_000 + 2 * (GAP_MS - 1000),
        segments: [{ text: "bridge again", speakerId: hidden }],
      });
      expect(3, "joined again by a new row in the past", false);
      app.db.prepare("UPDATE speakers SET hallucination = 1 WHERE id = ?").run(hidden);
      expect(4, "their speaker flagged as a hallucination", false);
      app.db.prepare("UPDATE speakers SET hallucination = 0 WHERE id = ?").run(hidden);
      expect(3, "and cleared", false);
    } finally {
      store.close();
    }
  });
});
