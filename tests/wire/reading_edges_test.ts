/**
 * Edges of the reading surface beyond plain tool calls, found by an adversarial audit: the
 * SDK's Client against the real server on a fixture store. Each test holds one rule that
 * once failed.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../helpers/fixture_store.ts";
import { withClient } from "../helpers/sdk_client.ts";
import type { Transcript } from "../../lib/store/model.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const base = fixtureTranscripts(1)[0]!;
const transcript = (id: string, title: string, text: string): Transcript => ({
  ...base,
  id,
  title,
  segments: [{ speaker: "Ana", startMs: 0, endMs: 60_000, text }],
});

/** Words apart by a space, two spaces, a tab or a line break. */
const spaced = Array.from({ length: 1_500 }, (_, i) => `w${i}`).reduce(
  (text, word, i) => text + ["  ", "\t", "\n", " "][i % 4] + word,
);
/** Chinese: no spaces at all. */
const unspaced = "定价会议讨论了年度折扣。".repeat(400);

Deno.test("get_turns: the pieces of a turn cut across pages put together give its text", async () => {
  const items = [
    transcript("f0000000-0000-4000-8000-0000000000f1", "Spaced monologue", spaced),
    transcript("f0000000-0000-4000-8000-0000000000f2", "Unspaced monologue", unspaced),
  ];
  const fixture = buildFixtureStore({ transcripts: items, tasks: [] });
  try {
    await withClient(["--db", fixture.path], async (client) => {
      for (const item of items) {
        for (const maxChars of [1_000, 1_001, 1_003]) {
          const pieces: Json[] = [];
          let cursor: string | undefined;
          do {
            const args = { id: item.id, maxChars, ...(cursor === undefined ? {} : { cursor }) };
            const result: Json = await client.callTool({ name: "get_turns", arguments: args });
            assert(!result.isError, result.content[0].text);
            pieces.push(...result.structuredContent.turns);
            cursor = result.structuredContent.nextCursor ?? undefined;
          } while (cursor !== undefined);
          assert(pieces.length > 3, `${pieces.length} pieces`);
          assert(pieces.every((piece) => piece.text.length <= maxChars));
          assertEquals(pieces.map((piece) => piece.text).join(""), item.segments[0]!.text);
        }
      }
    });
  } finally {
    fixture.cleanup();
  }
});
