/**
 * Turns and moments end to end: the SDK's Client over stdio against the real server reading
 * our store, a screenpipe database and a Meetily database at once. The Client checks every
 * answer against the tool's published outputSchema.
 */
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { assert, assertEquals } from "../helpers/assert.ts";
import {
  buildFixtureStore,
  fixtureTranscripts,
  longEmojiTranscript,
} from "../helpers/fixture_store.ts";
import { buildMeetilyFixture, meetingWith } from "../helpers/meetily_fixture.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { PROJECT_ROOT } from "../helpers/server_process.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

async function withClient(
  args: string[],
  fn: (call: (name: string, a: Json) => Promise<Json>) => Promise<void>,
) {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "start", ...args],
    cwd: PROJECT_ROOT,
    stderr: "pipe",
  });
  const client = new Client({ name: "turns-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    await fn(async (name, a) => {
      const result: Json = await client.callTool({ name, arguments: a });
      assert(!result.isError, `${name}: ${result.content?.[0]?.text}`);
      return result.structuredContent;
    });
  } finally {
    await client.close();
  }
}

Deno.test("turns and moments over the wire, from our store, screenpipe and Meetily", async () => {
  const long = longEmojiTranscript();
  const store = buildFixtureStore({ transcripts: [...fixtureTranscripts(5), long] });
  const meetily = buildMeetilyFixture({
    meetings: [
      meetingWith(1, "2025-11-19T07:07:05+00:00", [
        "Kick-off for the zeppelin review.",
        "Dana will send the revised budget by Friday.",
      ], { title: "Kick-off" }),
    ],
  });
  const screenpipePath = join(store.dir, "db.sqlite");
  const app = createScreenpipeDb(screenpipePath);
  const lena = app.addSpeaker("Lena");
  const at = Date.UTC(2026, 10, 20, 14);
  app.addChunk({
    device: "MacBook Pro Microphone",
    atMs: at,
    segments: [
      { text: "morning, the quarterly numbers first", speakerId: lena, start: 1, end: 4 },
      { text: "then the hovercraft budget", speakerId: null, start: 5, end: 8 },
    ],
  });
  app.index();
  app.close();
  try {
    await withClient(
      ["--source", store.path, "--source", screenpipePath, "--source", `mt=${meetily.path}`],
      async (call) => {
        // Our store: a search hit's moment, then the turns around it.
        const hit = (await call("search_transcripts", { query: "1999", sourceName: "store" }))
          .results[0];
        assertEquals(hit.id, long.id);
        assertEquals(hit.speakers, ["Ana", "Ben"]);
        assertEquals([hit.moment.seq, hit.moment.speaker], [1999, "Ben"]);
        assertEquals(hit.moment.at, "1:39:57");
        const around = await call("get_turns", {
          id: hit.id,
          aroundMs: hit.moment.startMs,
          maxChars: 1_000,
        });
        assertEquals(around.turns[0].seq, 1996);
        assert(around.turns.some((t: Json) => t.seq === 1999 && t.text.includes("1999")));
        assertEquals(around.nextCursor, null, "the last turns of the recording");

        // screenpipe: named and numbered speakers, times from the sitting's start.
        const sitting = (await call("list_transcripts", { sourceName: "screenpipe" }))
          .transcripts[0];
        assertEquals(sitting.speakers, ["Lena"]);
        const spoken = await call("get_turns", { id: sitting.id });
        assertEquals(spoken.turns.map((t: Json) => [t.speaker, t.at]), [
          ["Lena", "0:00:01"],
          [null, "0:00:05"],
        ]);
        const found = (await call("search_transcripts", { query: "hovercraft" })).results[0];
        assertEquals([found.id, found.moment.seq, found.moment.startMs], [sitting.id, 1, 5_000]);

        // Meetily: segments without speakers, one turn each.
        const meeting = (await call("search_transcripts", { query: "budget Friday" })).results
          .find((r: Json) => r.sourceName === "mt");
        assertEquals(meeting.speakers, []);
        assertEquals([meeting.moment.seq, meeting.moment.at], [1, "0:00:05"]);
        const turns = await call("get_turns", { id: meeting.id, fromMs: 5_000 });
        assertEquals(turns.turns.map((t: Json) => t.text), [
          "Dana will send the revised budget by Friday.",
        ]);

        // Tasks: our store's scan and Meetily's action items, fused.
        const tasks = await call("list_tasks", { query: "fixture task 3" });
        assert(tasks.tasks.length > 0 && tasks.tasks.every((t: Json) => t.sourceName === "store"));
      },
    );
  } finally {
    store.cleanup();
    meetily.cleanup();
  }
});
