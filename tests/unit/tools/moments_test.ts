/** Search hits' moments found for a whole page at once answer as found one at a time. */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { type Json, withStore } from "../../helpers/tool_calls.ts";
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { callTool } from "../../../lib/tools/call_tool.ts";
import { findTool } from "../../../lib/tools/registry.ts";

const QUERIES = ["discount", "thanks", "pricing", "title:fixture", "POL-358", "zoom.us", "launch"];

Deno.test(
  "search moments found for a page at once equal those found one at a time",
  withStore((store) => {
    const sources = SourceSet.ofStore(store);
    const reader = sources.reader(sources.all[0]!);
    assert(reader.findSegments !== undefined, "our store finds a page's segments at once");
    const search = (query: string): Json => {
      const outcome = callTool(findTool("search_transcripts")!, sources, { query, limit: 50 });
      assert(outcome.ok, `${query}: ${JSON.stringify(outcome)}`);
      return JSON.parse(outcome.structuredJson);
    };
    const together = QUERIES.map(search);
    // Shadowed on the instance, the reader answers moments one findSegment at a time.
    let oneAtATime = 0;
    const findSegment = reader.findSegment!.bind(reader);
    Object.defineProperties(reader, {
      findSegments: { value: undefined, configurable: true },
      findSegment: {
        value: (...args: Parameters<typeof findSegment>) => (oneAtATime++, findSegment(...args)),
        configurable: true,
      },
    });
    try {
      assertEquals(QUERIES.map(search), together);
    } finally {
      delete (reader as { findSegments?: unknown }).findSegments;
      delete (reader as { findSegment?: unknown }).findSegment;
    }
    assert(oneAtATime > 20, `${oneAtATime} moments found one at a time`);
    const moments = together.flatMap((answer: Json) => answer.results.map((r: Json) => r.moment));
    assert(moments.filter((m: Json) => m !== null).length > 20, "most hits have a moment");
    assert(moments.includes(null), "a match in a title alone has none");
  }),
);
