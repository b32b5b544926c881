/**
 * A screenpipe sitting's speakers and a hit's moment, read from the sitting's order alone
 * (screenpipe_order.ts), against the same read from its whole segments: every tool must
 * show the same speakers and the same seq, whatever the rows look like.
 */
import { assertEquals } from "../../helpers/assert.ts";
import {
  createScreenpipeDb,
  type ScreenpipeDrift,
  type ScreenpipeFixture,
  screenpipeTimestamp,
} from "../../helpers/screenpipe_fixture.ts";
import { openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { firstHolding, speakersOf } from "../../../lib/sources/turns.ts";
import { MAX_SPEAKERS, SCREENPIPE_SITTING_GAP_S } from "../../../lib/config/limits.ts";
import type { SourceReader } from "../../../lib/sources/source_reader.ts";
import type { Store } from "../../../lib/store/store.ts";
import { readTableColumns } from "../../../lib/sources/source_kind.ts";
import {
  type ScreenpipeSchema,
  screenpipeSchema,
} from "../../../lib/sources/adapters/screenpipe_schema.ts";
import { SittingOrder } from "../../../lib/sources/adapters/screenpipe_order.ts";
import { ScreenpipeChanges } from "../../../lib/sources/adapters/screenpipe_changes.ts";
import { SittingWalker } from "../../../lib/sources/adapters/screenpipe_sittings.ts";

const T0 = Date.UTC(2026, 3, 7, 9, 0, 0);
const GAP_MS = SCREENPIPE_SITTING_GAP_S * 1000;
const DEVICES = ["MacBook Pro Microphone", "Display Audio", "AirPods"];
const WORDS = ["pricing", "Pricing", "roadmap", "École", "budget", "hiring", "repricing"];

/** A small seeded generator, so a failure is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Sittings of chunks on several devices whose speech overlaps, rows with and without
 * start times, named, unnamed and hallucinated speakers (and a name that reads like
 * another's number), empty rows, and chunks whose rows were stamped at different times.
 */
function sittings(app: ScreenpipeFixture, seed: number, columns: Set<string>): void {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const table = app.db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'speakers'").get();
  const speakers = !columns.has("speaker_id") ? [null] : table === undefined ? [1, 2, 5, null] : [
    app.addSpeaker("Ana"),
    app.addSpeaker(null),
    app.addSpeaker(" Omar "),
    app.addSpeaker(null, true),
    app.addSpeaker("Speaker 2"),
    app.addSpeaker("   "),
    null,
  ];
  const restamp = app.db.prepare("UPDATE audio_transcriptions SET timestamp = ? WHERE id = ?");
  let at = T0;
  for (let sitting = 0; sitting < 6; sitting++) {
    const chunks = 3 + Math.floor(next() * 12);
    for (let c = 0; c < chunks; c++) {
      for (const device of DEVICES.slice(0, 1 + Math.floor(next() * 3))) {
        const chunkAt = at + Math.floor(next() * 4000);
        const ids = app.addChunk({
          device,
          atMs: chunkAt,
          segments: Array.from({ length: 1 + Math.floor(next() * 4) }, (_, s) => {
            const start = next() < 0.2 ? null : s * 4 + next() * 20;
            return {
              text: next() < 0.05 ? "" : `${pick(WORDS)} ${s} said ${pick(WORDS)} at ${c}`,
              speakerId: pick(speakers),
              start,
              end: start === null || next() < 0.1 ? null : start + 1 + next() * 3,
            };
          }),
        });
        // Some rows of a chunk are stamped later than its first (the chunk starts earlier).
        for (const id of ids.slice(1)) {
          if (next() < 0.3) restamp.run(screenpipeTimestamp(chunkAt + 1 + next() * 9000), id);
        }
      }
      at += 15_000 + Math.floor(next() * 20_000);
    }
    at += GAP_MS + 60_000;
  }
}

/** Every sitting's speakers and moments, read both ways, agree; there are `sittings` of them. */
function assertAgreement(reader: SourceReader, sittings = 6): void {
  const listed = reader.listTranscripts(null, 100, {});
  assertEquals(listed.length, sittings);
  for (const summary of listed) {
    const segments = reader.readSegments!(summary.id, { fromSeq: 0, limit: 100_000 })!;
    const speakers = speakersOf(segments, MAX_SPEAKERS);
    assertEquals(summary.speakers, speakers, summary.id);
    assertEquals(reader.getTranscript(summary.id)!.speakers, speakers, summary.id);
    assertEquals(reader.readHead!(summary.id)!.speakers, speakers, summary.id);
    for (const needle of [...WORDS, "pricing 1 said", "PRICING", "école", "absent", "said"]) {
      assertEquals(
        reader.findSegment!(summary.id, needle),
        firstHolding(segments, needle),
        `${summary.id} ${needle}`,
      );
    }
  }
  for (const word of ["pricing", "roadmap", "hiring"]) {
    const ranking = reader.search(word, 20);
    for (const hit of reader.renderHits(ranking.hits.map((one) => one.key), ranking.match)) {
      assertEquals(hit.speakers, reader.readHead!(hit.id)!.speakers, `${word} ${hit.key}`);
    }
  }
}

async function withSource(
  drift: ScreenpipeDrift,
  build: (app: ScreenpipeFixture, columns: Set<string>) => void,
  check: (reader: SourceReader, store: Store, schema: ScreenpipeSchema) => void,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/db.sqlite`;
  const app = createScreenpipeDb(path, drift);
  try {
    const columns = new Set(
      app.db.prepare("SELECT name FROM pragma_table_info('audio_transcriptions')").all()
        .map((row) => String(row["name"])),
    );
    build(app, columns);
    if (!drift.noFts) app.index();
    const { reader, store } = openDatabaseSource(path, { name: "screenpipe" });
    try {
      check(reader, store, screenpipeSchema(readTableColumns(app.db)));
    } finally {
      store.close();
    }
  } finally {
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("screenpipe order: speakers and moments agree with the sitting's segments", async () => {
  for (const seed of [1, 2, 3, 4]) {
    await withSource({}, (app, columns) => sittings(app, seed, columns), (reader) => {
      assertAgreement(reader);
    });
  }
});

Deno.test("screenpipe order: a drifted schema agrees too", async () => {
  const drifts: ScreenpipeDrift[] = [
    { dropColumns: ["speaker_id"] },
    { dropColumns: ["start_time"] },
    { dropColumns: ["start_time", "end_time"] },
    { noSpeakers: true },
  ];
  for (const drift of drifts) {
    await withSource(drift, (app, columns) => sittings(app, 7, columns), (reader) => {
      assertAgreement(reader);
    });
  }
});

Deno.test("screenpipe order: sittings whose ids interleave", async () => {
  // Two sittings written alternately (an import, or two devices flushed late): each one's
  // ids span the other's, a little (every tenth row) or all through.
  for (const every of [10, 1]) {
    await withSource({}, (app) => {
      const [ana, omar, lena] = ["Ana", "Omar", "Lena"].map((name) => app.addSpeaker(name)) as [
        number,
        number,
        number,
      ];
      const later = T0 + 3 * GAP_MS;
      for (let i = 0; i < 40; i++) {
        // Omar's row is written second but said first.
        app.addChunk({
          device: DEVICES[0]!,
          atMs: T0 + i * 10_000,
          segments: [{ text: `pricing ${i}`, speakerId: i === 1 ? omar : ana, start: i ? 0 : 25 }],
        });
        if (i % every === 0) {
          app.addChunk({
            device: DEVICES[1]!,
            atMs: later + i * 10_000,
            // All through, three rows a chunk: the first sitting's ids span four times its
            // rows, so they are sought through the timestamp index.
            segments: [1, 2, 3].slice(0, every === 1 ? 3 : 1).map((n) => ({
              text: `roadmap ${i} ${n}`,
              speakerId: i < 5 ? lena : ana,
              start: n,
            })),
          });
        }
      }
    }, (reader) => {
      assertAgreement(reader, 2);
      const listed = reader.listTranscripts(null, 2, {});
      assertEquals(listed.map((item) => item.speakers), [["Lena", "Ana"], ["Omar", "Ana"]]);
    });
  }
});

Deno.test("screenpipe order: a stamp with text after its time is read at its time", async () => {
  await withSource({}, (app) => {
    const ana = app.addSpeaker("Ana");
    app.addChunk({
      device: DEVICES[0]!,
      atMs: T0,
      segments: [{ text: "pricing first", speakerId: ana, start: 1 }],
    });
    app.addChunk({
      device: DEVICES[0]!,
      atMs: T0 + 10_000,
      timestampText: `${screenpipeTimestamp(T0 + 10_000)}x`,
      segments: [{ text: "pricing odd", speakerId: app.addSpeaker("Omar"), start: 0 }],
    });
  }, (_reader, store, schema) => {
    // What follows the time is ignored (a stamp that begins otherwise is not shown), so
    // the order is made, as the segments are.
    const order = orderOf(store, schema);
    const start = { id: 1, ts: screenpipeTimestamp(T0), ms: T0 };
    const end = { id: 2, ts: `${screenpipeTimestamp(T0 + 10_000)}x`, ms: T0 + 10_000 };
    assertEquals(order.speakers({ start, end }), ["Ana", "Omar"]);
    assertEquals(order.find({ start, end }, "pricing")?.seq, 0);
    // Kept by its first row, as a sitting's end is the same while the database is.
    const first = orderOf(store, schema);
    assertEquals(first.speakers({ start, end: start }), ["Ana"]);
    assertEquals(first.find({ start, end: start }, "first")?.seq, 0);
  });
});

Deno.test("screenpipe order: rows with no time or of a hidden speaker, inside a sitting, are left out", async () => {
  await withSource({}, (app) => {
    const [ana, omar, lena] = ["Ana", "Omar", "Lena"].map((name) => app.addSpeaker(name)) as [
      number,
      number,
      number,
    ];
    const ghost = app.addSpeaker("Ghost", true);
    for (let i = 0; i < 12; i++) {
      app.addChunk({
        device: DEVICES[i % 2]!,
        atMs: T0 + i * 10_000,
        // A stamp that sorts among the sitting's but is no time ("…:0x"), early on, and a
        // hidden speaker's row: neither is a segment, so neither names a speaker or a seq.
        ...(i === 1 ? { timestampText: `${screenpipeTimestamp(T0).slice(0, 18)}x` } : {}),
        segments: [{
          text: `pricing ${i} said`,
          speakerId: i === 1 ? omar : i === 2 ? ghost : i < 6 ? ana : lena,
          start: 12 - i,
        }],
      });
    }
  }, (reader, store, schema) => {
    assertAgreement(reader, 1);
    assertEquals(reader.listTranscripts(null, 1, {})[0]!.speakers, ["Ana", "Lena"]);
    // From the order itself, not from the segments read whole instead.
    const start = { id: 1, ts: screenpipeTimestamp(T0), ms: T0 };
    const end = { id: 12, ts: screenpipeTimestamp(T0 + 110_000), ms: T0 + 110_000 };
    assertEquals(orderOf(store, schema).speakers({ start, end }), ["Ana", "Lena"]);
    assertEquals(orderOf(store, schema).find({ start, end }, "pricing 3")?.seq, 1);
  });
});

/** A sitting order over `store`, as the reader makes one. */
function orderOf(store: Store, schema: ScreenpipeSchema): SittingOrder {
  const walker = new SittingWalker(store, schema, SCREENPIPE_SITTING_GAP_S);
  return new SittingOrder(store, schema, new ScreenpipeChanges(store, schema, walker));
}
