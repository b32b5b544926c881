/**
 * A served folder searched by passages over the wire: a meeting with 30 voices (past the 20
 * a source lists) is found for the speaker a question names, and its moment and passages
 * are the cues where the question is discussed, with their times.
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFolderFixture } from "../helpers/folder_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";
import { foundIds, until } from "../helpers/served_folder.ts";
import { fileTranscriptKey } from "../../lib/ingest/file_key.ts";

/** A WebVTT of `cues` ([voice, text]), 4 s each. */
function vtt(cues: [string, string][]): string {
  const clock = (s: number) =>
    `00:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
  return "WEBVTT\n\n" +
    cues.map(([voice, text], i) => `${clock(i * 4)} --> ${clock(i * 4 + 4)}\n<v ${voice}>${text}\n`)
      .join("\n");
}

Deno.test("a folder's meeting is found for the speaker a question names, at the cue they said it", async () => {
  const folder = buildFolderFixture();
  const voices = Array.from({ length: 30 }, (_, i) => `Member ${String.fromCharCode(65 + i)}x`);
  const talk: [string, string][] = voices.map((voice, i) => [voice, `Item ${i} noted, thank you.`]);
  folder.write(
    "sitting.vtt",
    vtt([
      ...talk,
      ["Huw David", "The heathland budget must rise, heathland needs care."],
      ["Member Ax", "Agreed on the heathland."],
      ...talk,
    ]),
  );
  // Another sitting says the word, but not the speaker named.
  folder.write("other.vtt", vtt([["Ann Lee", "Heathland, once."], ...talk.slice(0, 5)]));
  const id = `notes:${fileTranscriptKey("sitting.vtt")}`;
  const server = startServer(["--source", `notes=${folder.path}`]);
  try {
    await server.initialize();
    await until(
      "both files indexed",
      async () => (await foundIds(server, "heathland")).length === 2,
    );
    const answer = (await server.callTool("search_transcripts", {
      query: "What did Huw David say about the heathland budget?",
      mode: "words",
    }))["structuredContent"];
    const [first] = answer.results as Message[];
    assertEquals(first!["id"], id);
    assertEquals(first!["moment"], {
      seq: 30,
      startMs: 120_000,
      endMs: 124_000,
      at: "0:02:00",
      speaker: "Huw David",
    });
    const passages = first!["passages"] as Message[];
    assertEquals(passages[0]!["seq"], 30);
    assertMatch(String(passages[0]!["text"]), /«heathland budget»/);
    assert(!String(first!["snippet"]).includes("«Huw"), "a speaker's name is not a match");
  } finally {
    await server.kill();
    folder.cleanup();
  }
});
