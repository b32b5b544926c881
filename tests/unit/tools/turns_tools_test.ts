/** get_turns, speakers and moments, and list_tasks' query, in process on fixture stores. */
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../../helpers/assert.ts";
import {
  buildFixtureStore,
  fixtureTasks,
  fixtureTranscripts,
  longEmojiTranscript,
} from "../../helpers/fixture_store.ts";
import { assertToolError } from "../../helpers/tool_error.ts";
import { call, callError, type Json, withStore } from "../../helpers/tool_calls.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import { groupTurns } from "../../../lib/sources/turns.ts";
import type { Transcript } from "../../../lib/store/model.ts";

const LONG = longEmojiTranscript();
const turnsOf = (transcript: Transcript) =>
  groupTurns(transcript.segments.map((s, seq) => ({ ...s, seq })));

/** Every page of get_turns for `args`, in order. */
function pages(store: Parameters<typeof call>[0], args: Record<string, unknown>): Json[] {
  const all: Json[] = [];
  let cursor: string | null | undefined;
  do {
    const page = call(store, "get_turns", cursor === undefined ? args : { ...args, cursor });
    all.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return all;
}

Deno.test(
  "get_turns pages a long recording as whole turns, each once, with speakers and times",
  withStore((store) => {
    const read = pages(store, { id: LONG.id, maxChars: 5_000 });
    assert(read.length > 5, `${read.length} pages`);
    const turns = read.flatMap((page) => page.turns);
    const expected = turnsOf(LONG);
    assertEquals(
      turns.map((t: Json) => [t.seq, t.speaker, t.text, t.startMs, t.endMs]),
      expected.map((t) => [t.seq, t.speaker, t.text, t.startMs, t.endMs]),
    );
    for (const page of read) {
      assertEquals(page.speakers, ["Ana", "Ben"]);
      assertEquals(page.segments, true);
      assertEquals(page.note, undefined);
      assert(page.turns.reduce((n: number, t: Json) => n + t.text.length, 0) <= 5_000);
    }
    assertEquals(turns[1].at, "0:00:03");
  }),
);

Deno.test(
  "get_turns: speaker, time span and aroundMs choose the turns; a cursor keeps its filters",
  withStore((store) => {
    const bens = pages(store, { id: LONG.id, speaker: "BEN", maxChars: 200_000 })
      .flatMap((page) => page.turns);
    assertEquals(bens.length, 1_000);
    assert(bens.every((t: Json) => t.speaker === "Ben"));
    // Turns every 3 s, each 2.5 s long: 10,000–16,000 ms overlaps turns 3 to 5.
    const span = call(store, "get_turns", { id: LONG.id, fromMs: 10_000, toMs: 16_000 });
    assertEquals(span.turns.map((t: Json) => t.seq), [3, 4, 5]);
    assertEquals(span.nextCursor, null);
    const around = call(store, "get_turns", { id: LONG.id, aroundMs: 300_000, maxChars: 1_000 });
    assertEquals(around.turns[0].seq, 97, "three turns before the one at 300 s (seq 100)");
    const next = call(store, "get_turns", {
      id: LONG.id,
      aroundMs: 300_000,
      maxChars: 1_000,
      cursor: around.nextCursor,
    });
    assertEquals(next.turns[0].seq, around.turns.at(-1).seq + 1);
    const other = callError(store, "get_turns", {
      id: LONG.id,
      speaker: "Ana",
      cursor: around.nextCursor,
    });
    assertEquals(
      assertToolError(other, "invalid_arguments"),
      "cursor: belongs to other arguments (id, speaker, fromMs, toMs)",
    );
    const past = call(store, "get_turns", { id: LONG.id, aroundMs: 99_000_000 });
    assertEquals([past.turns, past.nextCursor], [[], null]);
    assertToolError(callError(store, "get_turns", { id: "no-such-id" }), "not_found");
  }),
);

Deno.test("get_turns cuts a turn longer than a page at a word and marks both halves", () => {
  const talk: Transcript = {
    ...fixtureTranscripts(1)[0]!,
    id: "monologue",
    segments: [{ speaker: "Ana", startMs: 0, endMs: 60_000, text: "pricing ".repeat(600).trim() }],
  };
  const fixture = buildFixtureStore({ transcripts: [talk], tasks: [] });
  const store = openStore(fixture.path);
  try {
    const read = pages(store, { id: "monologue", maxChars: 1_000 });
    const pieces = read.map((page) => page.turns);
    assert(pieces.every((turns) => turns.length === 1));
    assertEquals(pieces[0][0].continues, true);
    assertEquals(pieces[0][0].continued, undefined);
    assertEquals(pieces.at(-1)![0].continued, true);
    assertEquals(pieces.at(-1)![0].continues, undefined);
    assertEquals(pieces.map((turns) => turns[0].text).join(""), talk.segments[0]!.text);
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test("get_turns answers a transcript without segments as its lines, and says so", () => {
  const [first] = fixtureTranscripts(1);
  const fixture = buildFixtureStore({
    transcripts: [first!],
    tasks: [],
    afterFill: "DELETE FROM segments",
  });
  const store = openStore(fixture.path);
  try {
    const page = call(store, "get_turns", { id: first!.id });
    assertEquals(page.segments, false);
    assert(page.note.includes("no segments"));
    assertEquals(page.speakers, []);
    assertEquals(page.turns.map((t: Json) => [t.seq, t.speaker, t.startMs, t.at]), [
      [0, null, null, null],
      [1, null, null, null],
    ]);
    assertEquals(
      page.turns.map((t: Json) => t.text).join("\n"),
      fixture.transcripts[0]!
        .segments.map((s) => `${s.speaker}: ${s.text}`).join("\n"),
    );
    // A moment cannot place a page of lines: the page starts at the first.
    const around = call(store, "get_turns", { id: first!.id, aroundMs: 4_000, fromMs: 3_000 });
    assertEquals([around.segments, around.turns], [false, page.turns]);
    // No segments, so no speakers on the listing either.
    assertEquals(call(store, "list_transcripts").transcripts[0].speakers, undefined);
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test("get_turns pages the lines of a transcript without segments by its cursor", () => {
  const segments = Array.from({ length: 30 }, (_, i) => ({
    speaker: "Ana",
    startMs: i * 1_000,
    endMs: i * 1_000 + 900,
    text: `line ${i} `.padEnd(100, "x"),
  }));
  const talk: Transcript = { ...fixtureTranscripts(1)[0]!, id: "lines", segments };
  const fixture = buildFixtureStore({
    transcripts: [talk],
    tasks: [],
    afterFill: "DELETE FROM segments",
  });
  const store = openStore(fixture.path);
  try {
    const read = pages(store, { id: "lines", maxChars: 1_000 });
    assert(read.length >= 3, `${read.length} pages`);
    assert(read.every((page) => page.segments === false && page.turns.length > 0));
    const turns = read.flatMap((page) => page.turns);
    assertEquals(turns.map((t: Json) => t.seq), segments.map((_, seq) => seq));
    assertEquals(turns.map((t: Json) => t.text), segments.map((s) => `Ana: ${s.text}`));
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test(
  "search results carry speakers and the moment of the snippet's first match",
  withStore((store, fixture) => {
    const found = call(store, "search_transcripts", { query: "discount", limit: 50 });
    assert(found.results.length > 0);
    for (const result of found.results) {
      const transcript = fixture.transcripts.find((t) => t.id === result.id)!;
      assertEquals(result.speakers, ["Ana", "Ben"]);
      const segment = transcript.segments[result.moment.seq]!;
      assert(segment.text.includes("discount"), "the moment's segment says the word");
      assertEquals(result.moment, {
        seq: 0,
        startMs: segment.startMs,
        endMs: segment.endMs,
        at: "0:00:00",
        speaker: "Ana",
      });
    }
    // "Thanks" is said by Ben: his segment is the moment.
    const thanks = call(store, "search_transcripts", { query: "thanks", limit: 1 }).results[0];
    assertEquals([thanks.moment.seq, thanks.moment.speaker, thanks.moment.at], [
      1,
      "Ben",
      "0:00:04",
    ]);
    // A match in the title only has no moment.
    const titled = call(store, "search_transcripts", { query: "title:fixture", limit: 1 });
    assertEquals(titled.results[0].moment, null);
  }),
);

Deno.test(
  "list_tasks with a query lists matching tasks best first and pages under its cursor",
  withStore((store) => {
    const all = call(store, "list_tasks", { query: "fixture task 7", limit: 1_000 }).tasks;
    // Words match anywhere in the text: "7" is in tasks 7, 17, 27 and 37 (of 0–36).
    const holding = all.map((t: Json) => t.text.includes("7"));
    assertEquals(holding, [true, true, true, ...Array(all.length - 3).fill(false)]);
    assertEquals(all.length, 37);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Json = call(
        store,
        "list_tasks",
        cursor === null ? { query: "fixture task 7", limit: 5 } : {
          query: "fixture task 7",
          limit: 5,
          cursor,
        },
      );
      seen.push(...page.tasks.map((t: Json) => t.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    assertEquals(seen, all.map((t: Json) => t.id));
    const done = call(store, "list_tasks", { query: "task", done: true }).tasks;
    assert(done.length > 0 && done.every((t: Json) => t.done));
    assertEquals(call(store, "list_tasks", { query: "zeppelin" }).tasks, []);
    const first = call(store, "list_tasks", { query: "task", limit: 1 });
    assertEquals(
      assertToolError(
        callError(store, "list_tasks", { query: "other", cursor: first.nextCursor }),
        "invalid_arguments",
      ),
      "cursor: belongs to a different query, filter or sourceName",
    );
    assertEquals(fixtureTasks([]).length, 37);
  }),
);

Deno.test("speakers kept by a connection follow the app's writes", () => {
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(3), tasks: [] });
  const store = openStore(fixture.path);
  const app = new DatabaseSync(fixture.path);
  try {
    const newest = call(store, "list_transcripts").transcripts[0];
    assertEquals(newest.speakers, ["Ana", "Ben"]);
    assertEquals(call(store, "get_turns", { id: newest.id }).speakers, ["Ana", "Ben"]);
    app.prepare(
      "INSERT INTO segments (transcript_id, seq, start_ms, end_ms, speaker, text) VALUES (?, 2, 9500, 9900, 'Cleo', 'Late.')",
    ).run(newest.id);
    assertEquals(call(store, "list_transcripts").transcripts[0].speakers, ["Ana", "Ben", "Cleo"]);
    assertEquals(call(store, "get_turns", { id: newest.id }).turns.at(-1).speaker, "Cleo");
  } finally {
    app.close();
    store.close();
    fixture.cleanup();
  }
});

Deno.test("get_turns from a time finds the first turn ending after it, overlaps included", () => {
  const segments = Array.from({ length: 3_000 }, (_, i) => ({
    speaker: i % 2 === 0 ? "Ana" : "Ben",
    startMs: i * 1_000,
    // Segment 1,980 overlaps the twenty after it: it ends after 2,000 s.
    endMs: i === 1_980 ? 2_005_000 : i * 1_000 + 500,
    text: `line ${i}`,
  }));
  const talk: Transcript = { ...fixtureTranscripts(1)[0]!, id: "overlaps", segments };
  const fixture = buildFixtureStore({ transcripts: [talk], tasks: [] });
  const store = openStore(fixture.path);
  try {
    const from = (fromMs: number) =>
      call(store, "get_turns", { id: "overlaps", fromMs, maxChars: 1_000 }).turns[0]?.seq;
    assertEquals(from(2_000_000), 1_980);
    assertEquals(from(1_000_200), 1_000);
    assertEquals(from(0), 0);
    assertEquals(from(2_999_400), 2_999);
    assertEquals(from(3_000_000), undefined);
  } finally {
    store.close();
    fixture.cleanup();
  }
});
