import { assert, assertEquals, assertMatch, assertNotEquals } from "../../helpers/assert.ts";
import {
  buildFixtureStore,
  fixtureTasks,
  fixtureTranscripts,
  longEmojiTranscript,
} from "../../helpers/fixture_store.ts";
import { assertToolError } from "../../helpers/tool_error.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import type { Store } from "../../../lib/store/store.ts";
import { callTool, publishTool } from "../../../lib/tools/call_tool.ts";
import { toolCallResult } from "../../../lib/protocol/tool_result.ts";
import { findTool, TOOLS } from "../../../lib/tools/registry.ts";
import { segmentsText } from "../../../lib/store/populate_store.ts";
import { SNIPPET_SOURCE_CHARS } from "../../../lib/tools/search_transcripts.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

function withStore(fn: (store: Store, fixture: ReturnType<typeof buildFixtureStore>) => void) {
  return () => {
    const fixture = buildFixtureStore({
      transcripts: [...fixtureTranscripts(), longEmojiTranscript()],
    });
    const store = openStore(fixture.path);
    try {
      fn(store, fixture);
    } finally {
      store.close();
      fixture.cleanup();
    }
  };
}

function call(store: Store, name: string, args?: unknown): Json {
  const result = toolCallResult(callTool(findTool(name)!, store, args));
  if (result.isError) throw new Error(`unexpected error: ${result.content[0]?.text}`);
  assertEquals(JSON.parse(result.content[0]!.text), result.structuredContent);
  return result.structuredContent;
}

function callError(store: Store, name: string, args: unknown) {
  return toolCallResult(callTool(findTool(name)!, store, args));
}

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

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
      "starred",
      "title",
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

const RFC_3339 = "an RFC 3339 date or date-time such as 2026-11-02 or 2026-11-02T09:30:00Z";
const NOT_A_CURSOR = "not a cursor from this tool; pass nextCursor unchanged or start without one";

/**
 * Bad values for every argument of every published tool, and the whole message each gets.
 * Every argument must appear: a new one without its row fails the test below.
 */
const BAD_ARGUMENTS: Record<string, Record<string, [unknown, string][]>> = {
  list_transcripts: {
    limit: [
      ["twenty", 'expected number, got "twenty"'],
      [2.5, "expected an integer, got 2.5"],
      [null, "expected number, got null"],
    ],
    cursor: [[7, "expected string, got 7"], ["garbage", NOT_A_CURSOR]],
    starred: [["yes", 'expected boolean, got "yes"'], [1, "expected boolean, got 1"]],
    source: [[["meeting"], "expected string, got Array"]],
    since: [
      ["yesterday", `expected ${RFC_3339}, got "yesterday"`],
      ["2026-02-30", `expected ${RFC_3339}, got "2026-02-30"`],
      [20261102, "expected string, got 20261102"],
    ],
    until: [
      ["2026-11-02T24:00:00Z", `expected ${RFC_3339}, got "2026-11-02T24:00:00Z"`],
      ["", `expected ${RFC_3339}, got ""`],
    ],
  },
  get_transcript: {
    id: [[42, "expected string, got 42"], [null, "expected string, got null"]],
    offset: [
      [-1, "expected at least 0, got -1"],
      [0.5, "expected an integer, got 0.5"],
      ["10", 'expected number, got "10"'],
    ],
    maxChars: [[1000.5, "expected an integer, got 1000.5"], [true, "expected number, got true"]],
  },
  search_transcripts: {
    query: [
      ["", 'expected a non-blank query, got ""'],
      // The tab comes back escaped: messages are one line.
      ["  \t", 'expected a non-blank query, got "  \\t"'],
      ["x".repeat(1001), "expected at most 1000 characters, got 1001"],
      [5, "expected string, got 5"],
    ],
    limit: [[-0.5, "expected an integer, got -0.5"], ["5", 'expected number, got "5"']],
    cursor: [[{}, "expected string, got Object"], ["WyJ4Il0", NOT_A_CURSOR]],
  },
  list_tasks: {
    bucket: [
      ["tomorrow", 'expected ("inbox" | "today" | "week" | "someday" | "done"), got "tomorrow"'],
    ],
    done: [["no", 'expected boolean, got "no"']],
    limit: [[1e400, "expected an integer, got Infinity"]],
    cursor: [[[], "expected string, got Array"]],
  },
};

/** The arguments each tool needs besides the one under test. */
const REQUIRED: Record<string, Record<string, unknown>> = {
  get_transcript: { id: "no-such-id" },
  search_transcripts: { query: "pricing" },
};

Deno.test(
  "every argument's bad values answer invalid_arguments in the house style",
  withStore((store) => {
    for (const tool of TOOLS) {
      const table = BAD_ARGUMENTS[tool.name] ?? {};
      const published = Object.keys(publishTool(tool).inputSchema["properties"] as object);
      assertEquals(Object.keys(table).sort(), published.sort(), `${tool.name}: every argument`);
      for (const [name, cases] of Object.entries(table)) {
        for (const [value, expected] of cases) {
          const args = { ...REQUIRED[tool.name], [name]: value };
          const message = assertToolError(
            callError(store, tool.name, args),
            "invalid_arguments",
          );
          assertEquals(message, `${name}: ${expected}`, `${tool.name} ${JSON.stringify(args)}`);
          // valibot's own wording ("Invalid value: Expected >=0 but received -1") never shows.
          assert(!/Invalid \w+:|Expected|[Rr]eceived/.test(message), message);
        }
      }
    }
  }),
);

Deno.test(
  "missing, unknown and non-object arguments are named",
  withStore((store) => {
    const cases: [string, unknown, string][] = [
      ["get_transcript", {}, "id: required"],
      ["search_transcripts", {}, "query: required"],
      ["list_transcripts", { query: "x" }, "query: unknown argument"],
      ["list_tasks", "all", 'arguments: expected Object, got "all"'],
    ];
    for (const [tool, args, expected] of cases) {
      assertEquals(assertToolError(callError(store, tool, args), "invalid_arguments"), expected);
    }
  }),
);

Deno.test(
  "a cursor from one tool is refused by another",
  withStore((store) => {
    const tasksCursor = call(store, "list_tasks", { limit: 1 }).nextCursor;
    assertToolError(
      callError(store, "list_transcripts", { cursor: tasksCursor }),
      "invalid_arguments",
      /^cursor: /,
    );
    const searchCursor =
      call(store, "search_transcripts", { query: "fixture", limit: 1 }).nextCursor;
    assertToolError(
      callError(store, "search_transcripts", { query: "pricing", cursor: searchCursor }),
      "invalid_arguments",
      /different query/,
    );
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
  "search_transcripts ranks matches and marks them in the snippet",
  withStore((store, fixture) => {
    const found = call(store, "search_transcripts", { query: "pricing", limit: 100 });
    assertEquals(found.queryMode, "fts5");
    const expected = fixture.transcripts.filter((t) =>
      /pricing/i.test(t.title) || /pricing/i.test(segmentsText(t.segments))
    );
    assertEquals(found.results.length, expected.length);
    assertEquals(found.nextCursor, null);
    // Title matches weigh more: every transcript titled "Pricing review" ranks first.
    const titled = expected.filter((t) => /pricing/i.test(t.title)).length;
    assert(found.results.slice(0, titled).every((r: Json) => /pricing/i.test(r.title)));
    for (const result of found.results) {
      assertMatch(result.snippet, /«[Pp]ricing»/);
      assert(result.rank > 0);
    }
    const ranks = found.results.map((r: Json) => r.rank);
    assertEquals(ranks, [...ranks].sort((a: number, b: number) => b - a));
  }),
);

Deno.test(
  "search_transcripts supports FTS5 syntax: phrases, NOT, OR, prefix",
  withStore((store, fixture) => {
    const count = (query: string) =>
      call(store, "search_transcripts", { query, limit: 100 }).results.length;
    const body = (t: (typeof fixture.transcripts)[number]) =>
      `${t.title} ${segmentsText(t.segments)}`;
    assertEquals(count('"sync conflict"'), 7);
    assertEquals(count('"conflict sync"'), 0);
    const pricingNotDiscount = fixture.transcripts.filter((t) =>
      /pricing/i.test(body(t)) && !/discount/i.test(body(t))
    ).length;
    assert(pricingNotDiscount > 0);
    assertEquals(count("pricing NOT discount"), pricingNotDiscount);
    assertEquals(count("launch OR conflict"), 8);
    assert(count("pric*") >= count("pricing"));
    assertEquals(call(store, "search_transcripts", { query: "pric*" }).queryMode, "fts5");
  }),
);

Deno.test(
  "search_transcripts runs invalid FTS5 as plain words",
  withStore((store) => {
    for (const query of ["what's the plan?", "zoom.us", "POL-358", 'unbalanced "quote']) {
      const found = call(store, "search_transcripts", { query });
      assertEquals(found.queryMode, "words", query);
    }
    assertEquals(
      call(store, "search_transcripts", { query: "what's the plan?" }).results.length,
      1,
    );
    assertEquals(call(store, "search_transcripts", { query: "POL-358" }).results.length, 7);
    assertEquals(call(store, "search_transcripts", { query: "zoom.us" }).results.length, 7);
    assertEquals(call(store, "search_transcripts", { query: "?!" }).results, []);
  }),
);

Deno.test(
  "search_transcripts in words mode falls back to any term when none has all",
  withStore((store) => {
    const pricing = call(store, "search_transcripts", { query: "pricing", limit: 100 }).results;
    const loose = call(store, "search_transcripts", { query: "pricing zzzqx?", limit: 100 });
    assertEquals(loose.queryMode, "words");
    assertEquals(
      loose.results.map((r: Json) => r.id).sort(),
      pricing.map((r: Json) => r.id).sort(),
    );
  }),
);

Deno.test(
  "search_transcripts pages with a cursor through every match once",
  withStore((store) => {
    const all = call(store, "search_transcripts", { query: "fixture", limit: 100 }).results.map((
      r: Json,
    ) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Json = call(store, "search_transcripts", {
        query: "fixture",
        limit: 6,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.results.map((r: Json) => r.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    assertEquals(seen, all);
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

Deno.test(
  "dates that do not exist are refused, not rolled over",
  withStore((store) => {
    for (
      const since of ["2026-02-30", "2026-13-01", "2026-11-02T24:00:00Z", "2026-11-02T10:61:00Z"]
    ) {
      assertToolError(
        callError(store, "list_transcripts", { since }),
        "invalid_arguments",
        /^since: /,
      );
    }
    assertEquals(callError(store, "list_transcripts", { since: "2024-02-29" }).isError, undefined);
  }),
);

Deno.test("search snippets come from the whole text when the match lies past the head read first", () => {
  const base = fixtureTranscripts(3);
  const late = {
    ...base[0]!,
    id: "c0000000-0000-4000-8000-00000000late",
    title: "Quarterly review",
    segments: [
      { speaker: "Ana", startMs: 0, endMs: 1_000, text: "filler talk ".repeat(3_000) },
      { speaker: "Ben", startMs: 1_000, endMs: 2_000, text: "and the zeppelin budget at last" },
    ],
  };
  const fixture = buildFixtureStore({ transcripts: [...base, late], tasks: [] });
  const store = openStore(fixture.path);
  try {
    const text = String(store.get("SELECT text FROM transcripts WHERE id = ?", late.id)?.["text"]);
    assert(text.indexOf("zeppelin") > SNIPPET_SOURCE_CHARS, "the match lies past the head");
    const [hit] = call(store, "search_transcripts", { query: "zeppelin" }).results;
    assertEquals(hit.id, late.id);
    assertMatch(hit.snippet, /the «zeppelin» budget/);
    assertMatch(hit.preview, /^Ana: filler talk/);
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
