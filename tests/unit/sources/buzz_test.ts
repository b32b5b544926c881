/**
 * The Buzz kind over databases laid out as Buzz's schema (current, before `name`, first):
 * detection, completed transcriptions only, local times, titles, segments and translations,
 * the folding scan, notes, and drift.
 */
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import {
  buildBuzzFixture,
  BUZZ_DECOY_SECRET,
  type BuzzFixtureOptions,
  buzzSchemaSql,
  fixtureTranscriptions,
  transcriptionWith,
} from "../../helpers/buzz_fixture.ts";
import { MEETILY_SCHEMA_SQL } from "../../helpers/meetily_fixture.ts";
import { brokenDatabase } from "../../helpers/broken_sources.ts";
import { detectKind, openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { readTableColumns } from "../../../lib/sources/source_kind.ts";
import type { SourceReader } from "../../../lib/sources/source_reader.ts";
import { InvalidCursorError } from "../../../lib/sources/source_reader.ts";
import { assertSearchStops, readInZone } from "../../helpers/source_probes.ts";
import { SCHEMA_SQL } from "../../../lib/store/schema.ts";
import type { Store } from "../../../lib/store/store.ts";

function withBuzz(
  options: BuzzFixtureOptions,
  run: (reader: SourceReader, store: Store) => void,
): void {
  const fixture = buildBuzzFixture(options);
  const { kind, reader, store } = openDatabaseSource(fixture.path, { name: "bz" });
  try {
    assertEquals(kind.kind, "buzz");
    run(reader, store);
  } finally {
    store.close();
    fixture.cleanup();
  }
}

/** A zone-less local time, as this process's zone reads it, in RFC 3339 UTC. */
function localIso(text: string): string {
  const [date, time] = text.split(/[T ]/) as [string, string];
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi, s] = time.split(":").map(Number) as [number, number, number];
  return new Date(y, mo - 1, d, h, mi, Math.floor(s), Math.round((s % 1) * 1000)).toISOString();
}

const kindOf = (sql: string) => {
  const db = new DatabaseSync(":memory:");
  db.exec(sql);
  const kind = detectKind(readTableColumns(db))?.kind;
  db.close();
  return kind;
};

Deno.test("buzz: detected in each of its schemas; our own schema and Meetily's are not Buzz", () => {
  for (const schema of ["current", "before-name", "first"] as const) {
    assertEquals(kindOf(buzzSchemaSql(schema)), "buzz", schema);
  }
  assertEquals(kindOf(SCHEMA_SQL), "transcript-mcp");
  assertEquals(kindOf(MEETILY_SCHEMA_SQL), "meetily");
});

Deno.test("buzz: completed transcriptions only, newest first, local times as UTC, paged", () => {
  withBuzz({}, (reader) => {
    const all = reader.listTranscripts(null, 50, {});
    const completed = fixtureTranscriptions().filter((t) => t.status === "completed");
    const expected = completed.map((t) => [`bz:${t.id}`, localIso(t.timeQueued)])
      .sort((a, b) => b[1]!.localeCompare(a[1]!));
    assertEquals(all.map((t) => [t.id, t.createdAt]), expected);
    assertEquals(all.map((t) => t.title), [
      "Budget review",
      "Garden memo.m4a",
      "recording-3.mp3",
      "recording-4.mp3",
    ]);
    assertEquals(
      all[0]!.preview,
      "Welcome to the budget review.\nL'ÉTÉ dernier, Ørstedvik a signé.",
    );
    assertEquals([all[0]!.duration, all[0]!.language, all[0]!.source], [7.5, "en", "audio"]);
    const paged = [];
    for (let after = null;;) {
      const page = reader.listTranscripts(after, 1, {});
      if (page.length === 0) break;
      paged.push(page[0]!.id);
      after = page[0]!.position;
    }
    assertEquals(paged, all.map((t) => t.id));
    const since = localIso("2025-11-18T12:00:00");
    assertEquals(
      reader.listTranscripts(null, 50, { since }).map((t) => t.id),
      all.filter((t) => t.createdAt >= since).map((t) => t.id),
    );
    assertEquals(reader.listTranscripts(null, 50, { starred: true }), []);
    assertEquals(reader.listTranscripts(null, 50, { label: "meeting" }), []);
    let threw = false;
    try {
      reader.listTranscripts(["x", 1], 5, {});
    } catch (error) {
      threw = error instanceof InvalidCursorError;
    }
    assert(threw);
  });
});

Deno.test("buzz: time_queued is read in the serving machine's zone (TZ=Asia/Kolkata)", async () => {
  const fixture = buildBuzzFixture();
  const answer = await readInZone(fixture.path, "bz", "bz:tr-0002", "Asia/Kolkata");
  fixture.cleanup();
  assertEquals(answer.createdAt, "2025-11-18T11:30:00.000Z");
  assert(answer.notes.some((note: string) => note.includes("UTC+05:30")), answer.notes.join());
});

Deno.test("buzz: get reads the whole text with translations; segments page by seq and time", () => {
  withBuzz({}, (reader) => {
    const seqs = (range: { fromSeq: number; limit: number; fromMs?: number }) =>
      reader.readSegments!("bz:tr-0003", range)?.map((s) => s.seq);
    const document = reader.getTranscript("bz:tr-0003")!;
    assertEquals(
      document.text,
      "Hola a todos. [translation: Hello everyone.]\nGracias por venir. [translation: Thanks for coming.]",
    );
    assertEquals([document.language, document.engine, document.modelId, document.duration], [
      "es",
      "Whisper",
      "tiny",
      5.25,
    ]);
    assertEquals(reader.readSegments!("bz:tr-0003", { fromSeq: 0, limit: 10 }), [
      {
        seq: 0,
        startMs: 0,
        endMs: 2_000,
        speaker: null,
        text: "Hola a todos. [translation: Hello everyone.]",
      },
      {
        seq: 1,
        startMs: 2_000,
        endMs: 5_250,
        speaker: null,
        text: "Gracias por venir. [translation: Thanks for coming.]",
      },
    ]);
    assertEquals(seqs({ fromSeq: 1, limit: 10 }), [1]);
    assertEquals(seqs({ fromSeq: 0, limit: 1 }), [0]);
    assertEquals(seqs({ fromSeq: 0, limit: 10, fromMs: 3_000 }), [1]);
    assertEquals(reader.readSegments!("bz:tr-0003", { fromSeq: 5, limit: 10 }), []);
    for (
      const id of [
        "bz:tr-0005",
        "bz:tr-0006",
        "bz:tr-0007",
        "bz:tr-0009",
        "other:tr-0001",
        "tr-0001",
      ]
    ) {
      assertEquals(reader.getTranscript(id), undefined, id);
      assertEquals(reader.readSegments!(id, { fromSeq: 0, limit: 10 }), undefined, id);
    }
  });
});

Deno.test("buzz: search folds case, reads translations and titles, never rows Buzz did not complete", () => {
  const deep = "Filler words about nothing in particular. ".repeat(2_500);
  const transcriptions = [
    ...fixtureTranscriptions(),
    transcriptionWith(20, "2025-10-01T10:00:00", [
      deep,
      deep,
      "The quokkaword is said at the end.",
    ]),
  ];
  withBuzz({ transcriptions }, (reader) => {
    const keys = (query: string) => reader.search(query, 10).hits.map((hit) => hit.key);
    assert(reader.getTranscript("bz:tr-0020")!.text.length > 200_000);
    assertEquals(keys("QUOKKAWORD"), ["tr-0020"]);
    assertEquals(keys("ØRSTEDVIK"), ["tr-0001"]);
    assertEquals(keys("été"), ["tr-0001"]);
    assertEquals(keys("thanks"), ["tr-0003"]);
    assertEquals(keys("garden memo"), ["tr-0002"]);
    // The title holds it too: tr-0001 ranks above tr-0004.
    assertEquals(keys("budget"), ["tr-0001", "tr-0004"]);
    for (const hidden of ["zeppelin", BUZZ_DECOY_SECRET, "secret", "in_progress"]) {
      assertEquals(keys(hidden), [], hidden);
    }
    const ranking = reader.search("quokkaword", 10);
    assertEquals([ranking.mode, ranking.match, ranking.partial], ["words", '"quokkaword"', false]);
    const [hit] = reader.renderHits(["tr-0020"], ranking.match);
    assertMatch(hit!.window, /quokkaword/);
    assertEquals([hit!.id, hit!.title], ["bz:tr-0020", "recording-20.mp3"]);
    assertEquals(reader.renderHits(["tr-0005", "gone"], '"zeppelin"'), []);
    assertEquals(reader.search("   ", 10).hits, []);
  });
});

Deno.test("buzz: the scan stops when the call must (interrupt check says timeout)", () => {
  withBuzz({}, (reader, store) => {
    assertSearchStops(reader, store, "budget");
  });
});

Deno.test("buzz: facts count completed ones and say what is left out and how times are read", () => {
  withBuzz({}, (reader) => {
    const facts = reader.facts();
    assertEquals([facts.transcripts, facts.tasks, facts.search, facts.turns], [4, 0, "scan", true]);
    assertEquals(facts.newest, localIso("2025-11-19T08:07:05.123456"));
    assert(
      facts.notes.includes(
        "5 transcriptions Buzz did not complete are not listed (1 canceled, 1 failed, 1 in_progress, 1 queued, 1 skipped)",
      ),
      facts.notes.join("\n"),
    );
    assert(facts.notes.some((note) => note.startsWith("times are Buzz's local times")));
    assertEquals(reader.listTasks(null, 10, {}), []);
  });
});

Deno.test("buzz: an old schema without name or translation opens with file-name titles", () => {
  for (const schema of ["first", "before-name"] as const) {
    withBuzz({ schema }, (reader) => {
      const titles = reader.listTranscripts(null, 10, {}).map((t) => t.title);
      assertEquals(titles[0], "recording-1.mp3", schema);
      const notes = reader.facts().notes;
      assert(notes.some((note) => note.startsWith("transcription.name is missing")), schema);
      const translated = reader.getTranscript("bz:tr-0003")!.text;
      if (schema === "first") {
        assertEquals(translated, "Hola a todos.\nGracias por venir.");
        assert(notes.some((note) => note.startsWith("transcription_segment.translation")));
        assertEquals(reader.search("thanks", 10).hits, []);
      } else {
        assertMatch(translated, /\[translation: Hello everyone\.\]/);
      }
      assertEquals(reader.search("hola", 10).hits.map((hit) => hit.key), ["tr-0003"]);
    });
  }
});

Deno.test("buzz: a dropped language, model_type or whisper_model_size is named in the notes", () => {
  for (const column of ["language", "model_type", "whisper_model_size"]) {
    const db = brokenDatabase(
      "buzz",
      (db) => db.exec(`ALTER TABLE transcription DROP COLUMN ${column}`),
    );
    const { reader, store } = openDatabaseSource(db.path, { name: "bz" });
    try {
      const notes = reader.facts().notes;
      assert(
        notes.some((note) => note.startsWith(`transcription.${column} is missing`)),
        notes.join("\n"),
      );
    } finally {
      store.close();
      db.cleanup();
    }
  }
});
