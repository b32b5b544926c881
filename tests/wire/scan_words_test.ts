/**
 * A source searched by scan (Meetily) matches words as our store's full-text index does:
 * whole words with the index's stems, not letters inside words. Through the real server,
 * the same query finds the same items in a store of ours and in a Meetily database holding
 * the same texts. The one difference: a scan keeps accents ("ete" does not find "été").
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../helpers/fixture_store.ts";
import { buildMeetilyFixture, meetingWith } from "../helpers/meetily_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";

const TEXTS = [
  "We plan the launch for Monday.",
  "Our plans changed; planning took weeks.",
  "A planet is far away.",
  "Banana bread and apples at the bakery.",
  "Ticket POL-358 is still open.",
  "The happiness of a happy team.",
  "Possibility and possible outcomes.",
  "L'ÉTÉ dernier, un été en France.",
  "Airplanes, an airplane and aircraft.",
  "Agreed: we agree on the data.",
];

const QUERIES = [
  "a",
  "plan",
  "plans",
  "planning",
  "planet",
  "happy",
  "happiness",
  "possibility",
  "POL-358",
  "pol",
  "banana",
  "ÉTÉ",
  "air",
  "airplane",
  "agreeing",
  "an",
  "ap",
];

Deno.test("scanned search finds the words our store's index finds, not letters inside words", async () => {
  const base = fixtureTranscripts(TEXTS.length);
  const transcripts = TEXTS.map((text, n) => ({
    ...base[n]!,
    title: `Note ${n + 1}`,
    segments: [{ speaker: "Ana", startMs: 0, endMs: 4_000, text }],
  }));
  const ours = buildFixtureStore({ transcripts, tasks: [] });
  const meetily = buildMeetilyFixture({
    meetings: TEXTS.map((text, n) =>
      meetingWith(n + 1, `2025-11-${String(n + 1).padStart(2, "0")}T07:00:00+00:00`, [text], {
        title: `Note ${n + 1}`,
      })
    ),
  });
  const server = startServer(["--source", `ours=${ours.path}`, "--source", `mt=${meetily.path}`]);
  const titles = async (query: string, sourceName: string) => {
    const answer = await server.callTool("search_transcripts", {
      query,
      sourceName,
      mode: "words",
      limit: 50,
    });
    assertEquals(answer["isError"], undefined, JSON.stringify(answer));
    return answer["structuredContent"].results.map((hit: Message) => hit.title).sort();
  };
  try {
    await server.initialize();
    const sources = (await server.callTool("list_sources", {}))["structuredContent"].sources;
    assertEquals(sources.map((s: Message) => [s.name, s.search]), [["ours", "fts"], [
      "mt",
      "scan",
    ]]);
    for (const query of QUERIES) {
      const indexed = await titles(query, "ours");
      assertEquals(await titles(query, "mt"), indexed, query);
    }
    // Not equal by finding nothing: the word "a" is in two notes, the letter in nine.
    const withWordA = TEXTS.flatMap((text, n) =>
      /(^|\W)a(\W|$)/i.test(text) ? [`Note ${n + 1}`] : []
    );
    assertEquals(await titles("a", "mt"), withWordA.sort());
    assert(TEXTS.filter((text) => /a/i.test(text)).length > withWordA.length);
    for (const query of ["plan", "happy", "possibility", "POL-358", "ÉTÉ", "airplane"]) {
      assert((await titles(query, "mt")).length > 0, query);
    }
    // The one difference, documented: a scan keeps accents, which our index drops.
    assertEquals(await titles("ete", "mt"), []);
    assertEquals(await titles("ete", "ours"), await titles("été", "mt"));
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    ours.cleanup();
    meetily.cleanup();
  }
});
