/**
 * search_transcripts by meaning, in process: the expanded ranking, the re-ranking by passage
 * cosine fused with it, matchedTerms, and mode words left as it was.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { DatabaseSync } from "node:sqlite";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import { populateStore } from "../../../lib/store/populate_store.ts";
import { FIELD_CAPS, MEANING_INDEX_ITEMS } from "../../../lib/config/limits.ts";
import { call, type Json, withTranscripts } from "../../helpers/tool_calls.ts";
import type { Store } from "../../../lib/store/store.ts";
import type { Transcript } from "../../../lib/store/model.ts";
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { rankByPassages } from "../../../lib/tools/search_passages.ts";
import { anyOf, planMeaning } from "../../../lib/search/meaning_query.ts";
import { wordVectors } from "../../../lib/search/word_vectors_file.ts";
import { fuseRankings, renderSearchPage } from "../../../lib/tools/search_transcripts.ts";
import { callTool } from "../../../lib/tools/call_tool.ts";
import { findTool } from "../../../lib/tools/registry.ts";
import { buildMeetilyFixture, meetingWith } from "../../helpers/meetily_fixture.ts";

function said(id: string, title: string, text: string, day: number): Transcript {
  const [base] = fixtureTranscripts(1);
  return {
    ...base!,
    id,
    title,
    createdAt: new Date(Date.UTC(2026, 0, day, 9)).toISOString(),
    segments: [{ speaker: "Ana", startMs: 0, endMs: 9_000, text }],
  };
}

const ABOUT_COSTS = said(
  "c0575000-0000-4000-8000-000000000001",
  "Hosting review",
  "We went over next year's plan: the expenses for servers, the price of the licences, " +
    "what the hosting bill will be per month and which invoices we can cut.",
  1,
);
const REPEATS_A_NEIGHBOUR = said(
  "c0575000-0000-4000-8000-000000000002",
  "Weekend",
  "Spending time outside: we were spending the weekend at the lake, spending hours " +
    "swimming, and spending the evenings by the fire with the kids.",
  2,
);
const LITERAL = said(
  "c0575000-0000-4000-8000-000000000003",
  "Quick note",
  "The costs went up again this quarter.",
  3,
);

function withMeaningStore(fn: (store: Store) => void): () => void {
  return withTranscripts(
    [...fixtureTranscripts(10), ABOUT_COSTS, REPEATS_A_NEIGHBOUR, LITERAL],
    fn,
  );
}

Deno.test(
  "a passage about the meaning outranks one that repeats a neighbour word",
  withMeaningStore((store) => {
    const loaded = wordVectors();
    if (!("table" in loaded)) throw new Error(loaded.failure);
    const plan = planMeaning(loaded.table, "costs");
    assert(plan.expand);
    const neighbours = plan.expansions.map((e) => e.word);
    assert(neighbours.includes("expenses") && neighbours.includes("spending"), neighbours.join());
    // The expanded ranking alone puts the repetition first (BM25 counts the repeats) …
    const sources = SourceSet.ofStore(store);
    const expanded = sources.reader(sources.all[0]!).search(anyOf(neighbours), 10);
    const byKey = (id: string) => store.get("SELECT pk FROM transcripts WHERE id = ?", id)!["pk"];
    assertEquals(expanded.hits[0]!.key, String(byKey(REPEATS_A_NEIGHBOUR.id)));
    // … and the re-ranking by passage cosine, fused with it, puts the passage about costs first.
    const found = call(store, "search_transcripts", { query: "costs", mode: "meaning" });
    const ids = found.results.map((r: Json) => r.id);
    assert(
      ids.indexOf(ABOUT_COSTS.id) !== -1 &&
        ids.indexOf(ABOUT_COSTS.id) < ids.indexOf(REPEATS_A_NEIGHBOUR.id),
      JSON.stringify(found.results.map((r: Json) => r.title)),
    );
  }),
);

const ABOUT_A_GARDEN = said(
  "c0575000-0000-4000-8000-000000000004",
  "Saturday",
  "Caterpillars and moths got into the cucumber beds; the insects ate half of them.",
  4,
);
const SAYS_PATCH = said(
  "c0575000-0000-4000-8000-000000000005",
  "Release",
  "The release patch went out on Friday.",
  5,
);

Deno.test(
  "mode both ranks what the words barely found below what the meaning found, and keeps it",
  withTranscripts([...fixtureTranscripts(10), ABOUT_A_GARDEN, SAYS_PATCH], (store) => {
    // No transcript holds every word, and only one holds any: "patch", a fraction of the ask.
    const query = "beetles eating my tomato patch";
    const sources = SourceSet.ofStore(store);
    const words = rankByPassages(sources.reader(sources.all[0]!), "store", { query }, 10);
    assertEquals(words.hits.length, 1);
    assert(words.hits[0]!.found!.coverage < 0.25, `${words.hits[0]!.found!.coverage}`);
    const found = call(store, "search_transcripts", { query, mode: "both" });
    const ids = found.results.map((r: Json) => r.id);
    assertEquals(ids[0], ABOUT_A_GARDEN.id, JSON.stringify(found.expandedTerms));
    // The words found it, so it is shown: a query whose words exist never answers empty.
    assert(ids.includes(SAYS_PATCH.id), ids.join());
    sources.close();
  }),
);

Deno.test(
  "matchedTerms tells a literal hit from an expanded one",
  withMeaningStore((store) => {
    // Mode meaning: in mode both the literal hit alone would answer (its words found it).
    const found = call(store, "search_transcripts", { query: "costs", mode: "meaning" });
    const byId = new Map(found.results.map((r: Json) => [r.id, r]));
    assert(found.expandedTerms.includes("expenses"), found.expandedTerms.join());
    assert(byId.has(LITERAL.id), "the transcript saying the word itself is found");
    assert((byId.get(LITERAL.id) as Json).matchedTerms.includes("costs"));
    const expandedHit = byId.get(ABOUT_COSTS.id) as Json;
    assert(!expandedHit.matchedTerms.includes("costs"));
    assert(expandedHit.matchedTerms.includes("expenses"), expandedHit.matchedTerms.join());
    // A transcript found by its topic alone may hold none of them: matchedTerms is then empty.
    for (const result of found.results) {
      assert(
        result.matchedTerms.every((t: string) => ["costs", ...found.expandedTerms].includes(t)),
      );
    }
  }),
);

const LONG_TITLE = said(
  "c0575000-0000-4000-8000-000000000006",
  `${"Weekly sync and notes ".repeat(100)}expenses`,
  "The costs of the venue came in today.",
  6,
);

Deno.test(
  "matchedTerms reads a title as the answer shows it, not past its cap",
  withTranscripts([...fixtureTranscripts(10), LONG_TITLE, ABOUT_COSTS], (store) => {
    assert(LONG_TITLE.title.length > FIELD_CAPS.title);
    const found = call(store, "search_transcripts", { query: "costs", mode: "meaning" });
    assert(found.expandedTerms.includes("expenses"), found.expandedTerms.join());
    const hit = found.results.find((r: Json) => r.id === LONG_TITLE.id);
    assert(hit !== undefined, JSON.stringify(found.results.map((r: Json) => r.id)));
    assertEquals(hit.title.length, FIELD_CAPS.title);
    assert(hit.matchedTerms.includes("costs"), hit.matchedTerms.join());
    // "expenses" ends the stored title, past what the answer shows of it.
    assert(!hit.matchedTerms.includes("expenses"), hit.matchedTerms.join());
  }),
);

Deno.test(
  "mode words answers the one ranking by passages, with no meaning fields",
  withMeaningStore((store) => {
    const sources = SourceSet.ofStore(store);
    const [source] = sources.all;
    for (const query of ["costs", "spending", "pricing OR budget", "what about the budget?"]) {
      const ranking = rankByPassages(sources.reader(source!), source!.name, { query }, 21);
      const found = new Map(ranking.hits.map((hit) => [hit.key, hit.found]));
      const expected = renderSearchPage(
        sources,
        query,
        fuseRankings([{ source: source!, value: ranking }]).map((hit) => ({
          ...hit,
          found: found.get(hit.key),
        })),
        { queryMode: ranking.mode, partial: false, unavailable: [], limit: 20, offset: 0 },
      );
      const answer = call(store, "search_transcripts", { query, mode: "words" });
      assertEquals(answer, JSON.parse(JSON.stringify(expected)));
      assertEquals(answer.expandedTerms, undefined);
      assert(answer.results.every((r: Json) => !("matchedTerms" in r)));
    }
  }),
);

Deno.test(
  "a query in another language runs on its own words and says so",
  withMeaningStore((store) => {
    const found = call(store, "search_transcripts", {
      query: "Kosten für das Hosting im nächsten Jahr",
      mode: "both",
    });
    assert(typeof found.literalOnly === "string" && /English/.test(found.literalOnly));
    assertEquals(found.expandedTerms, undefined);
    const words = call(store, "search_transcripts", {
      query: "Kosten für das Hosting im nächsten Jahr",
      mode: "words",
    });
    assertEquals(found.results.map((r: Json) => r.id), words.results.map((r: Json) => r.id));
  }),
);

Deno.test("a source that scans (Meetily) is searched by meaning through its own search", () => {
  const meetily = buildMeetilyFixture({
    meetings: [
      meetingWith(1, "2025-11-01T09:00:00+00:00", ["Our attorney filed the lawsuit on Monday."]),
      meetingWith(2, "2025-11-02T09:00:00+00:00", ["The roadmap review ran long again."]),
    ],
  });
  const sources = SourceSet.open([
    { kind: "path", name: "meetily", path: meetily.path, detected: "meetily" },
  ]);
  try {
    const search = (mode: string) => {
      const out = callTool(findTool("search_transcripts")!, sources, { query: "lawyer", mode });
      assert(out.ok);
      return JSON.parse(out.structuredJson);
    };
    assertEquals(search("words").results, []);
    const found = search("meaning");
    assertEquals(found.results.length, 1);
    assertEquals(found.results[0].matchedTerms, ["attorney"]);
  } finally {
    sources.close();
    meetily.cleanup();
  }
});

const CHEST = said(
  "c0575000-0000-4000-8000-000000000006",
  "Thursday",
  "The GP listened to my chest, gave me antibiotics and said to stay in bed for three days.",
  6,
);
const PHYSICIAN_QUESTION = "what did the physician prescribe for my cough?";
const LISBON = said(
  "c0575000-0000-4000-8000-000000000007",
  "Friday",
  "Our flight to Lisbon was cancelled at the gate, so the airline rebooked us for Friday.",
  7,
);
const PORTUGAL_QUESTION = "when is our trip to Portugal now?";

Deno.test(
  "mode both finds a transcript that shares no word, and no word's neighbour, with the question",
  withTranscripts([...fixtureTranscripts(10), ABOUT_A_GARDEN, LITERAL, CHEST], (store) => {
    const loaded = wordVectors();
    if (!("table" in loaded)) throw new Error(loaded.failure);
    const plan = planMeaning(loaded.table, PHYSICIAN_QUESTION);
    assert(plan.expand);
    const text = CHEST.segments[0]!.text.toLowerCase();
    for (const word of [...plan.literal, ...plan.expansions.map((e) => e.word)]) {
      assert(!new RegExp(`\\b${word}`).test(text), `the transcript says "${word}"`);
    }
    for (const mode of ["both", "meaning"]) {
      const found = call(store, "search_transcripts", { query: PHYSICIAN_QUESTION, mode });
      assertEquals(found.results[0]?.id, CHEST.id, JSON.stringify(found.results));
    }
    assertEquals(
      call(store, "search_transcripts", { query: PHYSICIAN_QUESTION, mode: "words" }).results
        .map((r: Json) => r.id).includes(CHEST.id),
      false,
    );
  }),
);

Deno.test("search by meaning follows a live writer: a transcript written later is found", () => {
  const fixture = buildFixtureStore({ transcripts: [...fixtureTranscripts(10), LITERAL] });
  const sources = SourceSet.ofStore(openStore(fixture.path));
  const app = new DatabaseSync(fixture.path);
  const search = findTool("search_transcripts")!;
  const ids = () => {
    const outcome = callTool(search, sources, { query: PORTUGAL_QUESTION, mode: "both" });
    if (!outcome.ok) throw new Error(outcome.message);
    return JSON.parse(outcome.structuredJson).results.map((r: Json) => r.id as string);
  };
  try {
    assert(!ids().includes(LISBON.id));
    populateStore(app, [LISBON], []);
    assertEquals(ids()[0], LISBON.id);
    app.exec(`DELETE FROM transcripts WHERE id = '${LISBON.id}'`);
    assert(!ids().includes(LISBON.id));
  } finally {
    app.close();
    sources.close();
    fixture.cleanup();
  }
});

Deno.test("our store's item samples page from the latest written, each once, cut in SQLite", () => {
  const long = "Sam: " + "word ".repeat(3_000).trim();
  // Cut by bytes: a character cut in two at an edge must not break the sample.
  const accented = "Sam: " + "café 😀 ".repeat(2_000).trim();
  const fixture = buildFixtureStore({
    transcripts: [
      ...fixtureTranscripts(25),
      said("c0575000-0000-4000-8000-00000000000a", "Long", long, 9),
      said("c0575000-0000-4000-8000-00000000000b", "Accented", accented, 10),
    ],
  });
  const sources = SourceSet.ofStore(openStore(fixture.path));
  try {
    const reader = sources.reader(sources.all[0]!);
    const keys: string[] = [];
    const texts = new Map<string, string>();
    for (let page = reader.itemSamples!(null, 10, 600); page.length > 0;) {
      for (const item of page) keys.push(item.key), texts.set(item.title, item.text);
      page = reader.itemSamples!(page.at(-1)!.key, 10, 600);
    }
    const store = sources.store(sources.all[0]!)!;
    const pks = store.rows("SELECT pk FROM transcripts ORDER BY pk DESC").map(([pk]) => String(pk));
    assertEquals(keys, pks);
    // A short text comes whole; a long one as a third of the characters from each of its
    // start, middle and end.
    const short = store.get(
      "SELECT title, text FROM transcripts WHERE pk = ?",
      BigInt(pks.at(-1)!),
    )!;
    assertEquals(texts.get(String(short["title"])), short["text"]);
    const sample = texts.get("Long")!.split("\n");
    assertEquals(sample.map((part) => part.length), [200, 200, 200]);
    assert(sample[0]!.startsWith("Ana: Sam: word") && sample[2]!.endsWith("word"), sample[0]);
    const cut = texts.get("Accented")!;
    assert(cut.split("\n").length === 3 && cut.includes("café 😀 café"), cut.slice(0, 40));
  } finally {
    sources.close();
    fixture.cleanup();
  }
});

Deno.test(
  "the topic list waits until every transcript of the source is read, whatever the machine's pace",
  withTranscripts([...fixtureTranscripts(MEANING_INDEX_ITEMS + 100), CHEST], (store) => {
    const sources = SourceSet.ofStore(store);
    const search = findTool("search_transcripts")!;
    const ids = () => {
      const outcome = callTool(search, sources, { query: PHYSICIAN_QUESTION, mode: "both" });
      if (!outcome.ok) throw new Error(outcome.message);
      return JSON.parse(outcome.structuredJson).results.map((r: Json) => r.id as string);
    };
    // The first search reads the newest 1,000 (CHEST among them) but not the rest.
    assert(!ids().includes(CHEST.id));
    assertEquals(ids()[0], CHEST.id);
    sources.close();
  }),
);
