/**
 * What a page of search_transcripts weighs: a result names its first few speakers and says
 * there are more, and past the page's weight results lose their passages after the best,
 * the lowest results first.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { call, type Json, withTranscripts } from "../../helpers/tool_calls.ts";
import { MEETING_FIELDS } from "../../helpers/fixture_store.ts";
import type { Transcript } from "../../../lib/store/model.ts";
import { SEARCH_RESULT_BYTES, SEARCH_SPEAKERS } from "../../../lib/config/limits.ts";
import { jsonBytes } from "../../../lib/tools/response_budget.ts";

/** A sitting's member, named as a parliament's record names them. */
function member(n: number): string {
  return `Mr. Member ${n} (Somewhere North ${n}, Party)`;
}

/**
 * A sitting of `speakers` members, discussing the harbour in three stretches far apart, so
 * each holds three passages worth citing.
 */
function sitting(n: number, speakers: number): Transcript {
  const lines: string[] = [];
  for (let stretch = 0; stretch < 3; stretch++) {
    lines.push(
      `The harbour dredging budget for year ${n} needs a vote before the harbour closes.`,
    );
    for (let i = 0; i < 40; i++) {
      lines.push(`We went over item ${i} of the agenda and moved on to the next one quickly.`);
    }
  }
  return {
    id: `sitting-${n}`,
    title: `Sitting ${n}`,
    createdAt: new Date(Date.UTC(2026, 10, 1 + n, 9)).toISOString(),
    ...MEETING_FIELDS,
    segments: lines.map((text, i) => ({
      speaker: member(i % speakers),
      startMs: i * 10_000,
      endMs: i * 10_000 + 9_000,
      text,
    })),
  };
}

const SITTINGS = [
  ...Array.from({ length: 12 }, (_, n) => sitting(n, SEARCH_SPEAKERS + 3)),
  sitting(12, 3),
];

Deno.test(
  "search names a result's first speakers and says when more speak; get_turns names all",
  withTranscripts(SITTINGS, (store) => {
    const found = call(store, "search_transcripts", { query: "harbour dredging", limit: 20 });
    const many = found.results.find((r: Json) => r.id === "sitting-0");
    assertEquals(many.speakers, Array.from({ length: SEARCH_SPEAKERS }, (_, i) => member(i)));
    assertEquals(many.moreSpeakers, true);
    const few = found.results.find((r: Json) => r.id === "sitting-12");
    assertEquals(few.speakers, [member(0), member(1), member(2)]);
    assert(!("moreSpeakers" in few));
    const turns = call(store, "get_turns", { id: "sitting-0" });
    assertEquals(turns.speakers.length, SEARCH_SPEAKERS + 3);
  }),
);

Deno.test(
  "search keeps a page within its weight by leaving out later passages, lowest results first",
  withTranscripts(SITTINGS, (store) => {
    const query = "harbour dredging budget";
    const page = call(store, "search_transcripts", { query, limit: 10, mode: "words" });
    // A page of 30 has room for every passage: what each result would show untrimmed.
    const roomy = call(store, "search_transcripts", { query, limit: 30, mode: "words" });
    const whole = new Map<string, Json[]>(roomy.results.map((r: Json) => [r.id, r.passages]));
    assertEquals(page.results.length, 10);
    assert(jsonBytes(page.results) <= SEARCH_RESULT_BYTES * 10, `${jsonBytes(page.results)}`);
    const untrimmed = page.results.map((r: Json) => ({ ...r, passages: whole.get(r.id) }));
    assert(jsonBytes(untrimmed) > SEARCH_RESULT_BYTES * 10, "the page needs no trimming");
    const lost = page.results.map((r: Json, i: number) => {
      const all = whole.get(r.id)!;
      assertEquals(all.length, 3, r.id);
      assert(r.passages.length >= 1, r.id);
      // What is kept is the best passages, as they were.
      assertEquals(r.passages, all.slice(0, r.passages.length), `${i}`);
      return all.length - r.passages.length;
    });
    // Lower results lose at least as much as higher ones.
    lost.forEach((n: number, i: number) => assert(i === 0 || n >= lost[i - 1]!, `${lost}`));
    assert(lost.some((n: number) => n > 0));
  }),
);
