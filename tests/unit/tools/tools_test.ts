/** The listing and reading tools in process: list_transcripts, get_transcript, list_tasks, page sizes. */
import { assert, assertEquals, assertNotEquals } from "../../helpers/assert.ts";
import {
  buildFixtureStore,
  fixtureTasks,
  fixtureTranscripts,
  longEmojiTranscript,
} from "../../helpers/fixture_store.ts";
import { assertToolError } from "../../helpers/tool_error.ts";
import { call, callError, type Json, newestFirst, withStore } from "../../helpers/tool_calls.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import { segmentsText } from "../../../lib/store/populate_store.ts";

Deno.test(
  "list_transcripts accepts omitted arguments and returns the newest 20",
  withStore((store, fixture) => {
    const page = call(store, "list_transcripts");
    assertEquals(page.transcripts.length, 20);
    const sorted = [...fixture.transcripts].sort(newestFirst);
    assertEquals(page.transcripts[0].id, sorted[0]!.id);
    const dates = page.transcripts.map((t: Json) => t.createdAt);
    assertEquals(dates, [...dates].sort().reverse());
    assertEquals(Object.keys(page.transcripts[0]).sort(), [
      "createdAt",
      "duration",
      "id",
      "language",
      "preview",
      "source",
      "sourceName",
      "speakers",
      "starred",
      "title",
    ]);
    const fixtureItem = fixture.transcripts.find((t) => t.id === page.transcripts[0].id)!;
    assertEquals(page.transcripts[0].speakers, [
      ...new Set(fixtureItem.segments.map((s) => s.speaker)),
    ]);
    assertEquals(typeof page.nextCursor, "string");
    assertEquals(call(store, "list_transcripts", {}).transcripts, page.transcripts);
  }),
);

Deno.test(
  "list_transcripts pages with a stable cursor, each transcript exactly once",
  withStore((store, fixture) => {
    for (const limit of [1, 7, 20, 200]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Json = call(
          store,
          "list_transcripts",
          cursor === null ? { limit } : { limit, cursor },
        );
        seen.push(...page.transcripts.map((t: Json) => t.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== null);
      assertEquals(seen.length, fixture.transcripts.length, `limit ${limit}`);
      assertEquals(new Set(seen).size, fixture.transcripts.length);
      assertEquals(pages, Math.ceil(fixture.transcripts.length / limit));
    }
  }),
);

Deno.test(
  "list_transcripts clamps out-of-range limits",
  withStore((store) => {
    assertEquals(call(store, "list_transcripts", { limit: 0 }).transcripts.length, 1);
    assertEquals(call(store, "list_transcripts", { limit: -4 }).transcripts.length, 1);
    assertEquals(call(store, "list_transcripts", { limit: 10_000 }).transcripts.length, 46);
  }),
);

Deno.test(
  "list_transcripts filters by starred, source and date range",
  withStore((store, fixture) => {
    const all = (args: Json) =>
      call(store, "list_transcripts", { limit: 200, ...args }).transcripts;
    const starred = all({ starred: true });
    assertEquals(starred.length, fixture.transcripts.filter((t) => t.starred).length);
    assert(starred.every((t: Json) => t.starred === true));
    assertEquals(
      all({ starred: false }).length,
      fixture.transcripts.filter((t) => !t.starred).length,
    );
    const chats = all({ source: "chat" });
    assertEquals(chats.length, fixture.transcripts.filter((t) => t.source === "chat").length);
    const since = "2026-10-01T08:30:00Z";
    const until = "2026-10-01T08:40:00.000Z";
    const ranged = all({ since, until });
    const expected = fixture.transcripts.filter((t) =>
      t.createdAt >= "2026-10-01T08:30:00.000Z" && t.createdAt < until
    );
    assertEquals(ranged.map((t: Json) => t.id).sort(), expected.map((t) => t.id).sort());
    assertEquals(all({ since: "2026-12-01" }).length, 1);
    assertEquals(all({ source: "nothing-like-this" }), []);
  }),
);

Deno.test(
  "get_transcript returns metadata and the first page",
  withStore((store, fixture) => {
    const source = fixture.transcripts[5]!;
    const got = call(store, "get_transcript", { id: source.id });
    const text = segmentsText(source.segments);
    assertEquals(got.text, text);
    assertEquals(got.totalChars, text.length);
    assertEquals(got.offset, 0);
    assertEquals(got.nextOffset, null);
    assertEquals(got.title, source.title);
    assertEquals(got.manualTags, source.manualTags);
    assertEquals(got.starred, source.starred);
    assertEquals(got.duration, source.segments.at(-1)!.endMs / 1000);
    assertEquals(got.modelId, source.modelId);
  }),
);

Deno.test(
  "get_transcript pages through a long text without splitting emoji",
  withStore((store) => {
    const long = longEmojiTranscript();
    const text = segmentsText(long.segments);
    let offset: number | null = 0;
    let joined = "";
    let pages = 0;
    while (offset !== null) {
      const page: Json = call(store, "get_transcript", { id: long.id, offset, maxChars: 1000 });
      assert(page.text.length <= 1000);
      assert(page.text.isWellFormed(), `page at ${offset} splits a surrogate pair`);
      assertEquals(page.totalChars, text.length);
      joined += page.text;
      offset = page.nextOffset;
      pages++;
    }
    assertEquals(joined, text);
    assert(pages > 50);
    const first = call(store, "get_transcript", { id: long.id });
    assertEquals(first.text.length <= 20_000, true);
    assertNotEquals(first.nextOffset, null);
    const clamped = call(store, "get_transcript", { id: long.id, maxChars: 5 });
    assert(clamped.text.length >= 999 && clamped.text.length <= 1000);
  }),
);

Deno.test(
  "get_transcript answers not_found for an unknown id and refuses offsets past the end",
  withStore((store, fixture) => {
    assertToolError(
      callError(store, "get_transcript", { id: "nope" }),
      "not_found",
      /^Transcript nope not found$/,
    );
    const id = fixture.transcripts[0]!.id;
    const total = call(store, "get_transcript", { id }).totalChars;
    assertEquals(call(store, "get_transcript", { id, offset: total }).text, "");
    assertToolError(
      callError(store, "get_transcript", { id, offset: total + 1 }),
      "invalid_arguments",
      /^offset: expected at most/,
    );
    assertToolError(
      callError(store, "get_transcript", { id, offset: -1 }),
      "invalid_arguments",
      /^offset: /,
    );
  }),
);

Deno.test(
  "list_tasks filters by bucket and done, and pages each task exactly once",
  withStore((store, fixture) => {
    const all = call(store, "list_tasks").tasks;
    assertEquals(all.length, fixture.tasks.length);
    const open = call(store, "list_tasks", { done: false }).tasks;
    assertEquals(open.length, fixture.tasks.filter((t) => !t.done).length);
    assert(open.every((t: Json) => t.done === false && t.doneAt === null));
    const today = call(store, "list_tasks", { bucket: "today" }).tasks;
    assertEquals(
      today.map((t: Json) => t.id).sort(),
      fixture.tasks.filter((t) => t.bucket === "today").map((t) => t.id).sort(),
    );
    const withParent = all.filter((t: Json) => t.parentTaskId !== null);
    assert(withParent.length > 0);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Json = call(store, "list_tasks", { limit: 4, ...(cursor ? { cursor } : {}) });
      seen.push(...page.tasks.map((t: Json) => t.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    assertEquals(seen, all.map((t: Json) => t.id));
    assertEquals(call(store, "list_tasks", { limit: 5000 }).tasks.length, fixture.tasks.length);
  }),
);

Deno.test("list_tasks on a store without tasks returns an empty page", () => {
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(3), tasks: [] });
  const store = openStore(fixture.path);
  try {
    assertEquals(call(store, "list_tasks"), { tasks: [], nextCursor: null });
    assertEquals(fixtureTasks([], 2)[0]!.transcriptId, null);
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test("page sizes default and clamp as documented, and tasks come newest first", () => {
  const transcripts = [...fixtureTranscripts(250), longEmojiTranscript(8_000)];
  const tasks = fixtureTasks(transcripts, 1_100);
  const fixture = buildFixtureStore({ transcripts, tasks });
  const store = openStore(fixture.path);
  try {
    const sizes = (name: string, key: string, args: Record<string, unknown>) =>
      call(store, name, args)[key].length;
    assertEquals(sizes("list_transcripts", "transcripts", {}), 20);
    assertEquals(sizes("list_transcripts", "transcripts", { limit: 500 }), 200);
    assertEquals(sizes("list_transcripts", "transcripts", { limit: 0 }), 1);
    assertEquals(sizes("search_transcripts", "results", { query: "fixture" }), 20);
    assertEquals(sizes("search_transcripts", "results", { query: "fixture", limit: 500 }), 100);
    assertEquals(sizes("list_tasks", "tasks", { limit: 5_000 }), 1_000);
    const page = call(store, "list_tasks").tasks;
    assertEquals(page.length, 200);
    const newest = [...tasks].sort((a, b) =>
      b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)
    ).slice(0, 200).map((t) => t.id);
    assertEquals(page.map((t: Json) => t.id), newest);
    // Pages of text end early rather than split a surrogate pair: one unit short at most.
    const long = transcripts.at(-1)!.id;
    const first = call(store, "get_transcript", { id: long }).text.length;
    assert(first === 20_000 || first === 19_999, `default page: ${first}`);
    const widest = call(store, "get_transcript", { id: long, maxChars: 10_000_000 }).text.length;
    assert(widest === 200_000 || widest === 199_999, `clamped page: ${widest}`);
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test(
  "list_sources answers a call past its deadline as timeout, not as sources that cannot be read",
  withStore((store) => {
    assertEquals(call(store, "list_sources").sources[0].available, true);
    store.setInterruptCheck(() => "timeout");
    assertToolError(callError(store, "list_sources", {}), "timeout");
  }),
);
