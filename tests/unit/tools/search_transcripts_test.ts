/** search_transcripts in process: ranking, FTS5 syntax, the plain-words fallback, paging, snippets. */
import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import { call, type Json, withStore } from "../../helpers/tool_calls.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import { segmentsText } from "../../../lib/store/populate_store.ts";
import { SNIPPET_SOURCE_CHARS } from "../../../lib/config/limits.ts";

Deno.test(
  "search_transcripts ranks matches and marks them in the snippet",
  withStore((store, fixture) => {
    const found = call(store, "search_transcripts", { query: "pricing", limit: 100 });
    // Plain words run as plain words: ranked by passages, none required.
    assertEquals(found.queryMode, "words");
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
