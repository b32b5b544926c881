/**
 * The Meetily kind over databases built from Meetily's own migrations: detection, mixed
 * times, segments, the folding scan, action items, drift, and secrets that are never read.
 */
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import {
  blockNoteResult,
  buildMeetilyFixture,
  completed,
  fixtureMeetings,
  legacyResult,
  markdownResult,
  MEETILY_DECOY_SECRETS,
  type MeetilyFixtureOptions,
  meetingWith,
} from "../../helpers/meetily_fixture.ts";
import { detectKind, openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { readTableColumns } from "../../../lib/sources/source_kind.ts";
import type { SegmentRecord, SourceReader } from "../../../lib/sources/source_reader.ts";
import { InvalidCursorError } from "../../../lib/sources/source_reader.ts";
import { assertSearchStops, readInZone } from "../../helpers/source_probes.ts";
import { SCHEMA_SQL } from "../../../lib/store/schema.ts";
import type { Store } from "../../../lib/store/store.ts";

type MeetilyReader = SourceReader & { segmentsOf(id: string): SegmentRecord[] };

function withMeetily(
  options: MeetilyFixtureOptions,
  run: (reader: MeetilyReader, store: Store) => void,
): void {
  const fixture = buildMeetilyFixture(options);
  const { kind, reader, store } = openDatabaseSource(fixture.path, { name: "mt" });
  try {
    assertEquals(kind.kind, "meetily");
    run(reader as MeetilyReader, store);
  } finally {
    store.close();
    fixture.cleanup();
  }
}

function localIso(text: string): string {
  const [date, time] = text.split(" ") as [string, string];
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi, s] = time.split(":").map(Number) as [number, number, number];
  return new Date(y, mo - 1, d, h, mi, s).toISOString();
}

Deno.test("meetily: detected from its tables and columns, and our own schema is not", () => {
  const fixture = buildMeetilyFixture();
  const db = new DatabaseSync(fixture.path, { readOnly: true });
  assertEquals(detectKind(readTableColumns(db))?.kind, "meetily");
  db.close();
  fixture.cleanup();
  const ours = new DatabaseSync(":memory:");
  ours.exec(SCHEMA_SQL);
  assertEquals(detectKind(readTableColumns(ours))?.kind, "transcript-mcp");
  ours.close();
});

Deno.test("meetily: still detected, and read, when an upgrade drops columns it never reads", () => {
  withMeetily({
    afterFill:
      "ALTER TABLE transcripts DROP COLUMN timestamp; ALTER TABLE meetings DROP COLUMN updated_at",
  }, (reader) => {
    assertEquals(reader.listTranscripts(null, 50, {}).length, fixtureMeetings().length);
    assert(reader.getTranscript("mt:meeting-0001")?.text.includes("ZEPPELIN"));
  });
});

Deno.test("meetily: every time is RFC 3339 UTC, newest first across mixed forms, pages by keyset", () => {
  withMeetily({}, (reader) => {
    const all = reader.listTranscripts(null, 50, {});
    const expected = new Map([
      ["mt:meeting-0001", "2025-11-19T07:07:05.123Z"],
      ["mt:meeting-0002", "2025-11-18T16:00:00.000Z"],
      ["mt:meeting-0003", "2025-11-18T09:15:30.988Z"],
      ["mt:meeting-0004", localIso("2025-11-18 12:30:00")],
      ["mt:meeting-0005", "2025-11-17T23:59:59.500Z"],
      ["mt:meeting-0006", "2025-11-17T08:00:00.000Z"],
      ["mt:meeting-0007", "2025-11-16T10:00:00.250Z"],
    ]);
    assertEquals(new Map(all.map((t) => [t.id, t.createdAt])), expected);
    const times = all.map((t) => t.createdAt);
    assertEquals(times, [...times].sort().reverse());
    const paged = [];
    let after = null;
    for (;;) {
      const page = reader.listTranscripts(after, 2, {});
      if (page.length === 0) break;
      paged.push(...page.map((t) => t.id));
      after = page[page.length - 1]!.position;
    }
    assertEquals(paged, all.map((t) => t.id));
    assertEquals(
      reader.listTranscripts(null, 50, { since: "2025-11-18T09:00:00Z" }).length,
      all.filter((t) => t.createdAt >= "2025-11-18T09:00:00Z").length,
    );
    assertEquals(reader.listTranscripts(null, 5, { starred: true }), []);
    let threw = false;
    try {
      reader.listTranscripts(["x"], 5, {});
    } catch (error) {
      threw = error instanceof InvalidCursorError;
    }
    assert(threw);
  });
});

Deno.test("meetily: a legacy local time is read in the machine's zone (TZ=Asia/Kolkata)", async () => {
  const fixture = buildMeetilyFixture();
  const answer = await readInZone(fixture.path, "mt", "mt:meeting-0004", "Asia/Kolkata");
  fixture.cleanup();
  assertEquals(answer.createdAt, "2025-11-18T07:00:00.000Z");
  assert(answer.notes.some((note: string) => note.includes("UTC+05:30")), answer.notes.join());
});

Deno.test("meetily: segments in start order, seconds as ms; legacy rows untimed in saved order", () => {
  const meeting = meetingWith(1, "2025-11-19T07:00:00+00:00", ["second", "first"]);
  meeting.segments[0]!.start = 10.5;
  meeting.segments[0]!.end = 12.25;
  meeting.segments[1]!.start = 0;
  meeting.segments[1]!.end = 3.5;
  const legacy = meetingWith(2, "2025-11-18 10:00:00", ["one", "two"], { legacy: true });
  withMeetily({ meetings: [meeting, legacy] }, (reader) => {
    assertEquals(reader.segmentsOf("meeting-0001"), [
      { seq: 0, startMs: 0, endMs: 3_500, speaker: null, text: "first" },
      { seq: 1, startMs: 10_500, endMs: 12_250, speaker: null, text: "second" },
    ]);
    const document = reader.getTranscript("mt:meeting-0001")!;
    assertEquals([document.text, document.duration, document.source], [
      "first\nsecond",
      12.25,
      "meeting",
    ]);
    assertEquals(reader.segmentsOf("meeting-0002").map((s) => [s.startMs, s.text]), [
      [null, "one"],
      [null, "two"],
    ]);
    assertEquals(reader.getTranscript("mt:meeting-0002")!.duration, null);
    assertEquals(reader.getTranscript("other:meeting-0001"), undefined);
    assert(reader.facts().turns);
  });
});

Deno.test("meetily: search folds case beyond ASCII, ranks titles and counts, marks the words", () => {
  const meetings = [
    meetingWith(1, "2025-11-19T07:00:00+00:00", ["L'ÉTÉ dernier, STRASSE und Überprüfung."], {
      title: "Réunion",
    }),
    meetingWith(2, "2025-11-18T07:00:00+00:00", ["ete sans accent", "budget budget"]),
    meetingWith(3, "2025-11-17T07:00:00+00:00", ["été et été", "budget"], { title: "Budget été" }),
    meetingWith(4, "2025-11-16T07:00:00+00:00", ["nothing to see; 100% of it_"]),
  ];
  withMeetily({ meetings }, (reader) => {
    const keys = (query: string) => reader.search(query, 10).hits.map((hit) => hit.key);
    assertEquals(keys("été").sort(), ["meeting-0001", "meeting-0003"]);
    assertEquals(keys("ÜBERPRÜFUNG"), ["meeting-0001"]);
    assertEquals(keys("Strasse"), ["meeting-0001"]);
    // Every word beats some words; a title counts more than a segment.
    assertEquals(keys("budget été")[0], "meeting-0003");
    assertEquals(keys('"BUDGET" OR nothing').includes("meeting-0004"), true);
    assertEquals(keys("100%"), ["meeting-0004"]);
    assertEquals(keys("it_"), ["meeting-0004"]);
    const ranking = reader.search("Budget ÉTÉ", 10);
    assertEquals([ranking.mode, ranking.match, ranking.partial], [
      "words",
      '"Budget" OR "ÉTÉ"',
      false,
    ]);
    const [hit] = reader.renderHits(["meeting-0001"], '"ÉTÉ"');
    assertEquals([hit!.id, hit!.title], ["mt:meeting-0001", "Réunion"]);
    assertMatch(hit!.window, /ÉTÉ/);
    assertEquals(reader.renderHits(["gone"], '"x"'), []);
    assertEquals(reader.search("   ", 10).hits, []);
  });
});

Deno.test("meetily: the scan stops when the call must (interrupt check says timeout)", () => {
  withMeetily({}, (reader, store) => {
    assertSearchStops(reader, store, "budget");
  });
});

Deno.test("meetily: action items of each result shape become tasks; malformed ones are skipped", () => {
  const item = (task: string, status?: string) => ({
    owner: "Dana",
    task,
    due: "Friday",
    ...(status ? { status } : {}),
  });
  const meetings = [
    meetingWith(1, "2025-11-19T07:00:00+00:00", ["a"], {
      summary: completed(markdownResult([item("Send budget")]), "2025-11-19T08:00:00+00:00"),
    }),
    meetingWith(2, "2025-11-18T07:00:00+00:00", ["b"], {
      summary: completed(
        markdownResult([item("Book venue"), item("Plan offsite")], "## Action Items"),
        "2025-11-18T08:00:00+00:00",
      ),
    }),
    meetingWith(3, "2025-11-17T07:00:00+00:00", ["c"], {
      summary: completed(blockNoteResult([item("Ship it", "Done")]), "2025-11-17T08:00:00+00:00"),
    }),
    meetingWith(4, "2025-11-16 07:00:00", ["d"], {
      legacy: true,
      summary: completed(legacyResult(["Ana: draft roadmap"]), "2025-11-16T08:00:00.123456"),
    }),
    meetingWith(5, "2025-11-15T07:00:00+00:00", ["e"], {
      summary: completed("{broken", "2025-11-15T08:00:00+00:00"),
    }),
    meetingWith(6, "2025-11-14T07:00:00+00:00", ["f"], {
      summary: completed('"just a string"', "2025-11-14T08:00:00+00:00"),
    }),
    meetingWith(7, "2025-11-13T07:00:00+00:00", ["g"], {
      summary: completed(markdownResult([]), "2025-11-13T08:00:00+00:00"),
    }),
  ];
  withMeetily({ meetings }, (reader) => {
    const tasks = reader.listTasks(null, 100, {});
    assertEquals(tasks.map((t) => [t.id, t.text, t.bucket, t.done, t.transcriptId, t.createdAt]), [
      [
        "mt:meeting-0001/action-1",
        "Dana: Send budget (due Friday)",
        "inbox",
        false,
        "mt:meeting-0001",
        "2025-11-19T08:00:00.000Z",
      ],
      [
        "mt:meeting-0002/action-1",
        "Dana: Book venue (due Friday)",
        "inbox",
        false,
        "mt:meeting-0002",
        "2025-11-18T08:00:00.000Z",
      ],
      [
        "mt:meeting-0002/action-2",
        "Dana: Plan offsite (due Friday)",
        "inbox",
        false,
        "mt:meeting-0002",
        "2025-11-18T08:00:00.000Z",
      ],
      [
        "mt:meeting-0003/action-1",
        "Dana: Ship it (due Friday)",
        "done",
        true,
        "mt:meeting-0003",
        "2025-11-17T08:00:00.000Z",
      ],
      [
        "mt:meeting-0004/action-1",
        "Ana: draft roadmap",
        "inbox",
        false,
        "mt:meeting-0004",
        "2025-11-16T08:00:00.123Z",
      ],
    ]);
    const paged = [];
    let after = null;
    for (;;) {
      const page = reader.listTasks(after, 1, {});
      if (page.length === 0) break;
      paged.push(page[0]!.id);
      after = page[0]!.position;
    }
    assertEquals(paged, tasks.map((t) => t.id));
    assertEquals(reader.listTasks(null, 100, { done: true }).map((t) => t.id), [
      "mt:meeting-0003/action-1",
    ]);
    assertEquals(reader.listTasks(null, 100, { bucket: "today" }), []);
    const facts = reader.facts();
    assertEquals(facts.tasks, 5);
    assert(
      facts.notes.some((note) => note.startsWith("2 summaries could not be read")),
      facts.notes.join(),
    );
  });
});

Deno.test("meetily: a dropped column or table turns its feature off with a note, never the call", () => {
  withMeetily({ afterFill: "ALTER TABLE transcripts DROP COLUMN audio_start_time" }, (reader) => {
    assert(reader.segmentsOf("meeting-0001").every((s) => s.startMs === null));
    assertEquals(reader.segmentsOf("meeting-0001")[0]!.endMs, 4_250);
    const facts = reader.facts();
    assertEquals(facts.turns, false);
    assert(facts.notes.some((note) => note.includes("audio_start_time is missing")));
    assertEquals(reader.search("zeppelin", 5).hits.map((h) => h.key), ["meeting-0001"]);
  });
  withMeetily({ afterFill: "DROP TABLE summary_processes" }, (reader) => {
    assertEquals(reader.listTasks(null, 10, {}), []);
    const facts = reader.facts();
    assertEquals([facts.tasks, facts.transcripts], [0, 7]);
    assert(facts.notes.some((note) => note.includes("summary_processes")));
    assertEquals(reader.listTranscripts(null, 10, {}).length, 7);
  });
});

Deno.test("meetily: the planted API keys never appear in any answer, and reading them is denied", () => {
  withMeetily({}, (reader, store) => {
    const answers: unknown[] = [
      reader.listTranscripts(null, 100, {}),
      reader.listTasks(null, 1_000, {}),
      reader.facts(),
      ...reader.listTranscripts(null, 100, {}).map((t) => reader.getTranscript(t.id)),
    ];
    for (const query of [...MEETILY_DECOY_SECRETS, "sk", "key", "api", "openai", "budget"]) {
      const ranking = reader.search(query, 50);
      // The ranking's match echoes the query itself: only what was read is checked.
      answers.push(ranking.hits, reader.renderHits(ranking.hits.map((h) => h.key), ranking.match));
    }
    for (const secret of MEETILY_DECOY_SECRETS) {
      assertEquals(reader.search(secret, 10).hits, [], secret);
    }
    const text = JSON.stringify(answers);
    for (const secret of MEETILY_DECOY_SECRETS) assert(!text.includes(secret), secret);
    for (
      const sql of [
        "SELECT groqApiKey FROM settings",
        "SELECT * FROM transcript_settings",
        "SELECT summary FROM transcripts",
        "SELECT updated_at FROM meetings",
      ]
    ) {
      let denied = false;
      try {
        store.get(sql);
      } catch (error) {
        denied = /not authorized|prohibited/i.test((error as Error).message);
      }
      assert(denied, sql);
    }
  });
});
