/**
 * Search by meaning through the real server: a paraphrase found in mode meaning and not in
 * mode words, mode words unchanged by the new argument, the default mode, a query in another
 * language marked as run on its own words, and tools/list publishing the mode.
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../helpers/fixture_store.ts";
import type { Json } from "../helpers/tool_calls.ts";
import { session } from "../helpers/wire_session.ts";
import type { Transcript } from "../../lib/store/model.ts";
import { DEFAULT_SEARCH_MODE } from "../../lib/tools/search_transcripts.ts";

/** A transcript that says "attorney" and "lawsuit", never "lawyer". */
const LEGAL: Transcript = {
  ...fixtureTranscripts(1)[0]!,
  id: "1e9a1000-0000-4000-8000-000000000001",
  title: "Call with Maya",
  createdAt: "2026-02-01T09:00:00.000Z",
  segments: [{
    speaker: "Maya",
    startMs: 0,
    endMs: 9_000,
    text: "Our attorney filed the lawsuit on Monday; the court hearing is next month.",
  }],
};

Deno.test("a paraphrase is found in mode meaning and both, not in mode words", async () => {
  const fixture = buildFixtureStore({ transcripts: [...fixtureTranscripts(20), LEGAL] });
  try {
    await session(fixture.path, async (server) => {
      const search = async (args: Json) =>
        (await server.callTool("search_transcripts", args))["structuredContent"];
      const words = await search({ query: "lawyer", mode: "words" });
      assertEquals(words.results.length, 0);
      for (const mode of ["meaning", "both"]) {
        const found = await search({ query: "lawyer", mode });
        assertEquals(found.results[0]?.id, LEGAL.id, JSON.stringify(found));
        assert(found.expandedTerms.includes("attorney"), found.expandedTerms.join());
        assertEquals(found.results[0].matchedTerms, ["attorney"]);
        assertMatch(found.results[0].snippet, /«attorney»/);
      }
      // Left out, the mode is the default, and the answer is that mode's.
      const byDefault = await search({ query: "lawyer" });
      assertEquals(byDefault, await search({ query: "lawyer", mode: DEFAULT_SEARCH_MODE }));
      // A literal query in mode words answers as ever: no field of the meaning modes.
      const literal = await search({ query: "attorney", mode: "words" });
      assertEquals(literal.results.map((r: Json) => r.id), [LEGAL.id]);
      assertEquals(Object.keys(literal).sort(), ["nextCursor", "queryMode", "results"]);
      assert(!("matchedTerms" in literal.results[0]));
      // Another language: searched as written, and the answer says so.
      const german = await search({ query: "Anwalt und Klage", mode: "meaning" });
      assertMatch(german.literalOnly, /English/);
      assertEquals(german.expandedTerms, undefined);
      // A cursor of one mode is refused by another.
      const paged = await search({ query: "pricing", mode: "both", limit: 1 });
      assert(paged.nextCursor !== null, "the fixture has several pricing transcripts");
      const other = await server.callTool("search_transcripts", {
        query: "pricing",
        mode: "words",
        cursor: paged.nextCursor,
      });
      assertEquals(other["isError"], true);
      assertMatch(other["content"][0].text, /cursor/);
      const listed = await server.request("tools/list");
      const tool = listed["result"]["tools"].find((t: Json) => t.name === "search_transcripts");
      assertEquals(tool.inputSchema.properties.mode.enum, ["words", "meaning", "both"]);
    });
  } finally {
    fixture.cleanup();
  }
});
