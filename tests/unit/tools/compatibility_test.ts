/**
 * With one store in our own schema, every field and id a tool answered before there were
 * sources stays exactly as it was; only new fields are added. The answers in
 * fixtures/answers_before_sources.json were made by the release before sources (commit
 * 70dc5bf) for the same calls on the same fixture store; each answer now must equal it once
 * the fields added since (`sourceName`; `speakers` and `moment` with turns) are taken out,
 * and every item must carry `sourceName`. search_transcripts is called in mode `words`, the
 * search there was then: its default is now `both` (docs/tools.md, "Search by meaning").
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
    if (key === "speakers" || key === "moment") continue;
    copy[key] = withoutNewFields(field, seen);
  }
  return copy;
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
      assertEquals(withoutNewFields(answer, seen), expected.answer, key);
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
