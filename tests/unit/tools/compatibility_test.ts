/**
 * With one store in our own schema, every field and id a tool answered before there were
 * sources stays exactly as it was; only new fields are added. The answers in
 * fixtures/answers_before_sources.json were made by the release before sources (commit
 * 70dc5bf) for the same calls on the same fixture store; each answer now must equal it once
 * the fields added since (`sourceName`; `speakers` and `moment` with turns) are taken out,
 * and every item must carry `sourceName`. search_transcripts is called in mode `words`, the
 * search there was then: its default is now `both` (docs/tools.md, "Search by meaning").
 * Since search ranks by passages (issue #25), a search finds the same transcripts with the
 * same fields and cursors, in an order of its own, with snippets, ranks and previews from
 * its passages and `queryMode` "words" for plain words: those are compared as found.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildFixtureStore } from "../../helpers/fixture_store.ts";
import type { Json } from "../../helpers/tool_calls.ts";
import { toolCallResult } from "../../../lib/protocol/tool_result.ts";
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import { callTool } from "../../../lib/tools/call_tool.ts";
import { findTool } from "../../../lib/tools/registry.ts";

const BEFORE = JSON.parse(
  Deno.readTextFileSync(new URL("./fixtures/answers_before_sources.json", import.meta.url)),
) as {
  calls: [string, Record<string, unknown>, string?][];
  answers: { isError: boolean; answer: Json }[];
};

/** The answer without the fields added since, counting the items that carried them. */
function withoutNewFields(value: Json, seen: { items: number }): Json {
  if (Array.isArray(value)) return value.map((item) => withoutNewFields(item, seen));
  if (typeof value !== "object" || value === null) return value;
  const copy: Json = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === "sourceName") {
      assertEquals(field, "store", "the one store's name");
      seen.items++;
      continue;
    }
    // Added with turns (issue #14): who speaks, and a search hit's moment.
    if (key === "speakers" || key === "moment" || key === "passages") continue;
    copy[key] = withoutNewFields(field, seen);
  }
  return copy;
}

/** What a search answer keeps from before passages: the transcripts found and its cursor. */
function foundBySearch(answer: Json): Json {
  const results = answer.results as Json[];
  const heads = results.map(({ id, title, createdAt, source }: Json) => ({
    id,
    title,
    createdAt,
    source,
  }));
  // A page of a longer ranking holds others now; a whole ranking holds the same.
  return {
    nextCursor: answer.nextCursor,
    results: answer.nextCursor === null
      ? heads.sort((a: Json, b: Json) => a.id < b.id ? -1 : 1)
      : heads.length,
  };
}

Deno.test("one store of ours answers every call exactly as before sources, plus sourceName", () => {
  const fixture = buildFixtureStore();
  const sources = SourceSet.ofStore(openStore(fixture.path), "store");
  try {
    const byCall = new Map<string, Json>();
    BEFORE.calls.forEach(([tool, args, cursorFrom], i) => {
      // Since issue #15 a search names its mode; these answers were made by mode words.
      const filled: Record<string, unknown> = tool === "search_transcripts"
        ? { mode: "words", ...args }
        : { ...args };
      if (cursorFrom !== undefined) filled["cursor"] = byCall.get(cursorFrom)?.nextCursor;
      const result = toolCallResult(callTool(findTool(tool)!, sources, filled));
      const answer = result.structuredContent ?? JSON.parse(result.content[0]!.text);
      const key = `${tool} ${JSON.stringify(args)}${cursorFrom ? ` after ${cursorFrom}` : ""}`;
      byCall.set(key, answer);
      const seen = { items: 0 };
      const expected = BEFORE.answers[i]!;
      assertEquals(result.isError ?? false, expected.isError, key);
      const now = withoutNewFields(answer, seen);
      if (tool === "search_transcripts" && !expected.isError) {
        assertEquals(foundBySearch(now), foundBySearch(expected.answer), key);
      } else {
        assertEquals(now, expected.answer, key);
      }
      const items = [answer.transcripts, answer.results, answer.tasks].find(Array.isArray) ??
        (answer.id === undefined ? [] : [answer]);
      assertEquals(seen.items, items.length, `${key}: every item carries sourceName`);
    });
    assert(BEFORE.calls.length >= 20, "the calls cover every tool and its branches");
  } finally {
    sources.close();
    fixture.cleanup();
  }
});
