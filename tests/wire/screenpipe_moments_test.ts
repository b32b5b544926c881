/**
 * screenpipe over the wire: a search hit's speakers and moment, read from its sitting's
 * order (screenpipe_order.ts), agree with what list_transcripts, get_transcript and
 * get_turns show of the same sitting, on sittings long enough that no hit reads its
 * sitting whole: two devices whose speech overlaps, rows without start times, named,
 * unnamed and hallucinated speakers.
 */
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { assert, assertEquals } from "../helpers/assert.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { PROJECT_ROOT } from "../helpers/server_process.ts";
import { SCREENPIPE_SITTING_GAP_S } from "../../lib/config/limits.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const T0 = Date.UTC(2026, 4, 12, 8, 0, 0);
const WORDS = ["budget", "hiring", "roadmap"];

/** Two sittings of 30 chunks each on the mic and, overlapping it, system audio. */
function build(path: string): void {
  const app = createScreenpipeDb(path);
  const speakers = [
    app.addSpeaker("Lena"),
    app.addSpeaker(null),
    app.addSpeaker(null, true),
    app.addSpeaker("Omar"),
    null,
  ];
  for (const [s, startMs] of [T0, T0 + 2 * SCREENPIPE_SITTING_GAP_S * 1000 + 3_600_000].entries()) {
    for (let c = 0; c < 30; c++) {
      for (const [d, device] of ["MacBook Pro Microphone", "Display Audio"].entries()) {
        app.addChunk({
          device,
          input: d === 0,
          atMs: startMs + c * 30_000 + d * 4_000,
          segments: [0, 1].map((n) => ({
            text: `${WORDS[(c + n + s) % 3]} item ${c}.${n} on ${device}`,
            speakerId: speakers[(c * 2 + n + d + s) % speakers.length]!,
            // Later rows of a chunk may start first; some have no times.
            start: (c + n) % 7 === 0 ? null : (1 - n) * 12 + d,
            end: (c + n) % 7 === 0 ? null : (1 - n) * 12 + d + 5,
          })),
        });
      }
    }
  }
  app.index();
  app.close();
}

Deno.test("screenpipe over the wire: a hit's speakers and moment agree with its turns", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "db.sqlite");
  build(path);
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "start", "--source", path],
    cwd: PROJECT_ROOT,
    stderr: "pipe",
  });
  const client = new Client({ name: "screenpipe-moments-test", version: "1.0.0" });
  await client.connect(transport);
  const call = async (name: string, args: Json): Promise<Json> => {
    const result: Json = await client.callTool({ name, arguments: args });
    assert(!result.isError, `${name}: ${result.content?.[0]?.text}`);
    return result.structuredContent;
  };
  try {
    const listed = (await call("list_transcripts", {})).transcripts;
    assertEquals(listed.length, 2);
    let moments = 0;
    for (const word of WORDS) {
      const results = (await call("search_transcripts", { query: word, mode: "words" })).results;
      assertEquals(results.length, 2, word);
      for (const hit of results) {
        const turns = await call("get_turns", { id: hit.id, maxChars: 200_000 });
        assertEquals(turns.nextCursor, null);
        const doc = await call("get_transcript", { id: hit.id });
        const item = listed.find((one: Json) => one.id === hit.id);
        assertEquals(hit.speakers, turns.speakers, `${word} ${hit.id}`);
        assertEquals([doc.speakers, item.speakers], [turns.speakers, turns.speakers]);
        assert(!hit.speakers.includes("Speaker 3"), "a hallucinated speaker is hidden");
        // The moment's segment is in the turn that starts at or before its seq: the first
        // turn that says what the snippet marks (its line, from the first mark on).
        const marked = hit.snippet.slice(hit.snippet.indexOf("«")).split("\n")[0];
        const said = marked.replace(/[«»]/g, "").replace(/…$/, "").trim();
        const at = turns.turns.findLastIndex((turn: Json) => turn.seq <= hit.moment.seq);
        const turn = turns.turns[at];
        assertEquals(hit.moment.speaker, turn.speaker, `${word} ${hit.id}`);
        assert(turn.text.includes(said), `${said}: ${turn.text}`);
        assert(turns.turns.slice(0, at).every((t: Json) => !t.text.includes(said)), said);
        if (turn.speaker === null) assertEquals(hit.moment.startMs, turn.startMs);
        moments++;
      }
    }
    assertEquals(moments, 6);
  } finally {
    await client.close();
    await Deno.remove(dir, { recursive: true });
  }
});
