/**
 * search_transcripts ranked by passages, in process: the passages a result cites, its moment
 * in the best of them, everyday questions, the speaker named, non-speech marks, and the
 * since, until and speaker filters.
 */
import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import { call, callError, type Json, withTranscripts } from "../../helpers/tool_calls.ts";
import { MEETING_FIELDS } from "../../helpers/fixture_store.ts";
import { assertToolError } from "../../helpers/tool_error.ts";
import type { Store } from "../../../lib/store/store.ts";
import type { Transcript } from "../../../lib/store/model.ts";

/** A meeting of `lines` ([speaker, text]), one segment a line, 10 s each. */
function meeting(n: number, title: string, lines: [string, string][], day = 1): Transcript {
  return {
    id: `meet-${n}`,
    title,
    createdAt: new Date(Date.UTC(2026, 10, day, 9)).toISOString(),
    ...MEETING_FIELDS,
    segments: lines.map(([speaker, text], i) => ({
      speaker,
      startMs: i * 10_000,
      endMs: i * 10_000 + 9_000,
      text,
    })),
  };
}

/** `count` lines of talk that holds none of the tests' words. */
function smallTalk(count: number, speaker = "Ana"): [string, string][] {
  return Array.from({ length: count }, (_, i) => [
    speaker,
    `We went over item ${i} of the agenda {vocalsound} and moved on to the next one quickly.`,
  ]);
}

const MEETINGS: Transcript[] = [
  // Long, with a stretch on the remote's casing said by the Industrial Designer.
  meeting(1, "Design review", [
    ...smallTalk(5),
    // Said in passing before the discussion: the first match is not the moment.
    ["Ana", "We get to the casing later."],
    ...smallTalk(35),
    ["Industrial Designer", "For the casing I would use rubber, a soft rubber casing."],
    ["Marketing", "Rubber feels good. And the buttons?"],
    ["Industrial Designer", "Plastic buttons, and the casing in two colours."],
    ...smallTalk(40, "Marketing"),
  ], 1),
  // Mentions each word once, far apart.
  meeting(2, "Weekly sync", [
    ["Ana", "The casing came up once."],
    ...smallTalk(30),
    ["Ana", "Rubber, someone said."],
  ], 10),
  // Every transcript talks about pricing; this one about the team plan too.
  meeting(3, "Pricing of the team plan", [
    ["Ben", "The team plan pricing is six dollars a seat."],
    ["Ana", "Pricing for teams should stay simple. [laughter]"],
  ], 20),
  meeting(4, "Pricing notes", [["Ben", "Pricing, again."], ["Ana", "(inaudible)"]], 25),
];

function withMeetings(fn: (store: Store) => void): () => void {
  return withTranscripts(MEETINGS, fn);
}

Deno.test(
  "search cites the passage where the question is discussed: its moment, speaker and text",
  withMeetings((store) => {
    const found = call(store, "search_transcripts", {
      query: "What did the Industrial Designer say about the materials for the remote casing?",
      mode: "words",
    });
    const [first] = found.results;
    assertEquals(first.id, "meet-1");
    // The moment is the best passage's strongest segment, 41 lines in, not the first match.
    assertEquals(first.moment, {
      seq: 41,
      startMs: 410_000,
      endMs: 419_000,
      at: "0:06:50",
      speaker: "Industrial Designer",
    });
    assert(first.passages.length >= 1 && first.passages.length <= 3);
    const { text, ...moment } = first.passages[0];
    assertEquals(moment, first.moment);
    assertMatch(text, /«casing»/);
    assert(text.length <= 200, text);
    // The speaker's name is who spoke, never the passage or snippet shown.
    assert(!/«Industrial»|«Designer»/.test(first.snippet + text), first.snippet);
    assertMatch(first.snippet, /^Industrial Designer: /);
  }),
);

Deno.test(
  "search answers everyday words with none required, and never a label or a mark",
  withMeetings((store) => {
    // Every transcript holds "pricing"; none holds every word of the question.
    const found = call(store, "search_transcripts", {
      query: "pricing for the team plan",
      mode: "words",
    });
    assertEquals(found.queryMode, "words");
    assertEquals(found.results[0].id, "meet-3");
    assert(found.results.length >= 2);
    for (const result of found.results) {
      const shown = [result.snippet, ...(result.passages ?? []).map((p: Json) => p.text)];
      for (const text of shown) {
        assert(!/\{vocalsound\}|\[laughter\]|\(inaudible\)/.test(text), text);
        assert(!/^\w+: ?$/.test(text.trim()), `a bare label: ${text}`);
      }
    }
  }),
);

Deno.test(
  "search filters by since, until and speaker, and keeps its filters in its cursor",
  withMeetings((store) => {
    const since = call(store, "search_transcripts", {
      query: "rubber casing pricing",
      since: "2026-11-10",
      mode: "words",
    });
    assert(since.results.length > 0);
    assert(since.results.every((r: Json) => r.createdAt >= "2026-11-10T00:00:00.000Z"));
    assert(!since.results.some((r: Json) => r.id === "meet-1"));
    const until = call(store, "search_transcripts", {
      query: "rubber casing pricing",
      until: "2026-11-10",
    });
    assertEquals(until.results.map((r: Json) => r.id), ["meet-1"]);
    // Only Marketing's passages: Marketing says "rubber" in meet-1 and nothing of it elsewhere.
    const spoken = call(store, "search_transcripts", {
      query: "rubber",
      speaker: "marketing",
      mode: "words",
    });
    assertEquals(spoken.results.map((r: Json) => r.id), ["meet-1"]);
    assertEquals(spoken.results[0].moment.speaker, "Marketing");
    assert(spoken.results[0].passages.every((p: Json) => p.speaker === "Marketing"));
    const none = call(store, "search_transcripts", { query: "rubber", speaker: "Nobody" });
    assertEquals(none.results, []);
    // A cursor of a filtered search is refused by another filter.
    const paged = call(store, "search_transcripts", {
      query: "pricing",
      since: "2026-11-01",
      limit: 1,
      mode: "words",
    });
    assert(typeof paged.nextCursor === "string");
    assertToolError(
      callError(store, "search_transcripts", {
        query: "pricing",
        since: "2026-11-02",
        limit: 1,
        mode: "words",
        cursor: paged.nextCursor,
      }),
      "invalid_arguments",
      /cursor: belongs to a different query/,
    );
    const next = call(store, "search_transcripts", {
      query: "pricing",
      since: "2026-11-01",
      limit: 1,
      mode: "words",
      cursor: paged.nextCursor,
    });
    assert(next.results[0].id !== paged.results[0].id);
  }),
);

Deno.test(
  "search in mode both answers as mode words where the words found what was asked",
  withMeetings((store) => {
    const query = "What did the Industrial Designer say about the remote casing?";
    const words = call(store, "search_transcripts", { query, mode: "words" });
    const both = call(store, "search_transcripts", { query, mode: "both" });
    assertEquals(
      both.results.slice(0, words.results.length).map((r: Json) => r.id),
      words.results.map((r: Json) => r.id),
    );
  }),
);
