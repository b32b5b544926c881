/**
 * Edges of the reading surface beyond plain tool calls, found by an adversarial audit: the
 * SDK's Client against the real server on a fixture store. Each test holds one rule that
 * once failed.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../helpers/fixture_store.ts";
import { withClient } from "../helpers/sdk_client.ts";
import { buildRousseauFixture, sessionId } from "../helpers/rousseau_fixture.ts";
import type { Transcript } from "../../lib/store/model.ts";
import { FIELD_CAPS, PROMPT_EMBED_BYTES, RESOURCE_MAX_BYTES } from "../../lib/config/limits.ts";

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

Deno.test("resources/read shows part of a first turn over 1 MiB that has no spaces", async () => {
  const item = transcript(
    "f0000000-0000-4000-8000-0000000000f3",
    "Unspaced and huge",
    "定价会议讨论了年度折扣。".repeat(40_000), // 1.44 MB of UTF-8
  );
  const fixture = buildFixtureStore({ transcripts: [item], tasks: [] });
  try {
    await withClient(["--db", fixture.path], async (client) => {
      const { contents } = await client.readResource({ uri: `transcript://store/${item.id}` });
      const text = (contents[0] as Json).text as string;
      const bytes = new TextEncoder().encode(text).length;
      assert(bytes <= RESOURCE_MAX_BYTES, `${bytes} bytes`);
      const line = text.split("\n").find((shown) => shown.startsWith("[0:00:00] Ana: "))!;
      const part = line.slice("[0:00:00] Ana: ".length, -" …".length);
      assert(item.segments[0]!.text.startsWith(part) && part.length > 300_000, line.slice(0, 80));
      assert(text.includes("0 of 1 turns shown, and turn 1 in part"), text.slice(-300));
    });
  } finally {
    fixture.cleanup();
  }
});

Deno.test("resources/read's answer stays within 1 MiB as JSON, escapes and line breaks counted", async () => {
  // 60,000 short turns with quotes: about 1.6 MB of Markdown, which JSON makes larger still.
  const item: Transcript = {
    ...base,
    id: "f0000000-0000-4000-8000-0000000000f5",
    segments: Array.from({ length: 60_000 }, (_, i) => ({
      speaker: i % 2 === 0 ? "Ana" : "Ben",
      startMs: i * 1_000,
      endMs: i * 1_000 + 900,
      text: `"ok" \\ ${i}`,
    })),
  };
  const fixture = buildFixtureStore({ transcripts: [item], tasks: [] });
  try {
    await withClient(["--db", fixture.path], async (client) => {
      const result = await client.readResource({ uri: `transcript://store/${item.id}` });
      const line = JSON.stringify({ jsonrpc: "2.0", id: 999_999, result });
      const bytes = new TextEncoder().encode(line).length;
      assert(bytes <= RESOURCE_MAX_BYTES, `${bytes} bytes`);
      const text = (result.contents[0] as Json).text as string;
      assert(text.includes("turns shown. Read on with get_turns"), text.slice(-300));
    });
  } finally {
    fixture.cleanup();
  }
});

Deno.test("get_turns: a speaker matches in any case, as Unicode folds it", async () => {
  const speakers = ["Straße", "ΟΔΥΣΣΕΑΣ", "Ana"];
  const item: Transcript = {
    ...base,
    id: "f0000000-0000-4000-8000-0000000000f4",
    segments: speakers.map((speaker, i) => ({
      speaker,
      startMs: i * 1_000,
      endMs: i * 1_000 + 900,
      text: `turn ${i}`,
    })),
  };
  const fixture = buildFixtureStore({ transcripts: [item], tasks: [] });
  try {
    await withClient(["--db", fixture.path], async (client) => {
      const asked = [["STRASSE", "Straße"], ["strasse", "Straße"], ["οδυσσεας", "ΟΔΥΣΣΕΑΣ"], [
        "aNA",
        "Ana",
      ]];
      for (const [speaker, expected] of asked) {
        const result: Json = await client.callTool({
          name: "get_turns",
          arguments: { id: item.id, speaker },
        });
        const turns = result.structuredContent.turns.map((turn: Json) => turn.speaker);
        assertEquals(turns, [expected], `speaker ${speaker}`);
      }
    });
  } finally {
    fixture.cleanup();
  }
});

Deno.test("resources/read over 1 MiB: get_turns as its last line says reads on from the next turn", async () => {
  // Contiguous segments, as a recording has them: each turn ends where the next starts.
  const item: Transcript = {
    ...base,
    id: "f0000000-0000-4000-8000-0000000000f5",
    title: "Contiguous and long",
    segments: Array.from({ length: 3_000 }, (_, i) => ({
      speaker: i % 2 === 0 ? "Ana" : "Ben",
      startMs: i * 1_000,
      endMs: (i + 1) * 1_000,
      text: `Turn ${i} ${"says more and more ".repeat(20)}`.trim(),
    })),
  };
  const fixture = buildFixtureStore({ transcripts: [item], tasks: [] });
  try {
    await withClient(["--db", fixture.path], async (client) => {
      const { contents } = await client.readResource({ uri: `transcript://store/${item.id}` });
      const text = (contents[0] as Json).text as string;
      const lines = text.split("\n").filter((line) => line.startsWith("["));
      const readOn = /Read on with get_turns (\{.*?\})/.exec(text.slice(-500))!;
      let args: Json = JSON.parse(readOn[1]!);
      const rest: string[] = [];
      for (;;) {
        const result: Json = await client.callTool({ name: "get_turns", arguments: args });
        assert(!result.isError, result.content[0].text);
        rest.push(...result.structuredContent.turns.map((turn: Json) => turn.text));
        if (result.structuredContent.nextCursor === null) break;
        args = { ...args, cursor: result.structuredContent.nextCursor };
      }
      const shown = lines.map((line) => line.replace(/^\[[^\]]*\] \w+: /, ""));
      assert(shown.length > 1_000 && rest.length > 100, `${shown.length} + ${rest.length}`);
      assertEquals([...shown, ...rest], item.segments.map((segment) => segment.text));
    });
  } finally {
    fixture.cleanup();
  }
});

Deno.test("get_turns aroundMs a search hit's moment starts 3 turns before it, segments contiguous", async () => {
  const words = ["alpha", "bravo", "charlie", "delta", "echo", "zeppelin", "golf", "hotel"];
  const item: Transcript = {
    ...base,
    id: "f0000000-0000-4000-8000-0000000000f6",
    title: "Contiguous turns",
    segments: words.map((word, i) => ({
      speaker: i % 2 === 0 ? "Ana" : "Ben",
      startMs: i * 1_000,
      endMs: (i + 1) * 1_000, // each ends where the next starts
      text: `the word ${word}`,
    })),
  };
  const fixture = buildFixtureStore({ transcripts: [item], tasks: [] });
  try {
    await withClient(["--db", fixture.path], async (client) => {
      const search: Json = await client.callTool({
        name: "search_transcripts",
        arguments: { query: "zeppelin" },
      });
      const { moment } = search.structuredContent.results[0];
      assertEquals([moment.seq, moment.startMs], [5, 5_000]);
      const page: Json = await client.callTool({
        name: "get_turns",
        arguments: { id: item.id, aroundMs: moment.startMs },
      });
      assertEquals(page.structuredContent.turns[0].seq, moment.seq - 3);
    });
  } finally {
    fixture.cleanup();
  }
});

Deno.test("get_turns: a speaker's name of 60,000 characters does not shrink a page", async () => {
  const said = "hello world ".repeat(100).trim();
  const item: Transcript = {
    ...base,
    id: "f0000000-0000-4000-8000-0000000000f7",
    segments: [
      { speaker: "S".repeat(60_000), startMs: 0, endMs: 1_000, text: said },
      { speaker: "Ben", startMs: 1_000, endMs: 2_000, text: "end" },
    ],
  };
  const fixture = buildFixtureStore({ transcripts: [item], tasks: [] });
  try {
    await withClient(["--db", fixture.path], async (client) => {
      const page: Json = await client.callTool({ name: "get_turns", arguments: { id: item.id } });
      const { turns, nextCursor } = page.structuredContent;
      assertEquals([turns.map((turn: Json) => turn.text), nextCursor], [[said, "end"], null]);
    });
  } finally {
    fixture.cleanup();
  }
});

Deno.test("resources/list and prompts show a title of 2 MB cut, as the tools do", async () => {
  const items = [1, 2, 3].map((n): Transcript => ({
    ...base,
    id: `f0000000-0000-4000-8000-00000000010${n}`,
    title: `${n} ${"T".repeat(2_000_000)}`,
  }));
  const fixture = buildFixtureStore({ transcripts: items, tasks: [] });
  try {
    await withClient(["--db", fixture.path], async (client) => {
      const { resources, nextCursor } = await client.listResources();
      assertEquals([resources.length, nextCursor], [3, undefined]);
      assert(resources.every((resource) => resource.name.length <= FIELD_CAPS.title));
      const prompt = await client.getPrompt({
        name: "summarize_transcript",
        arguments: { id: items[0]!.id },
      });
      const size = JSON.stringify(prompt).length;
      assert(size < PROMPT_EMBED_BYTES + 2 * FIELD_CAPS.title + 2_000, `${size} characters`);
    });
  } finally {
    fixture.cleanup();
  }
});

Deno.test("get_turns aroundMs among turns without times starts 3 turns before the timed one", async () => {
  // rousseau times a person's messages and not the replies: every other turn has no time.
  const rousseau = buildRousseauFixture();
  try {
    await withClient(["--source", rousseau.path], async (client) => {
      const id = `rousseau:${sessionId(5)}`;
      const turns = async (args: Json): Promise<Json[]> => {
        const result: Json = await client.callTool({
          name: "get_turns",
          arguments: { id, maxChars: 200_000, ...args },
        });
        assert(!result.isError, result.content[0].text);
        return result.structuredContent.turns;
      };
      const all = await turns({});
      const timed = all.map((turn, i) => [turn, i]).filter(([turn]) => turn.startMs !== null);
      assert(timed.length > 5 && timed.length < all.length, `${timed.length} of ${all.length}`);
      for (const [turn, i] of timed.slice(4, 7)) {
        const page = await turns({ aroundMs: turn.startMs });
        assertEquals(page[0].seq, all[i - 3].seq, `aroundMs ${turn.startMs}`);
      }
    });
  } finally {
    rousseau.cleanup();
  }
});
