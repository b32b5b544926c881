/**
 * A served folder's WebVTT cue that holds several voices: get_turns names each speaker,
 * in order, at the cue's time, and the transcript lists them all.
 */
import { assertEquals } from "../helpers/assert.ts";
import { buildFolderFixture } from "../helpers/folder_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";
import { foundIds, until } from "../helpers/served_folder.ts";
import { fileTranscriptKey } from "../../lib/ingest/file_key.ts";

const VTT = "WEBVTT\n\n" +
  "00:00:01.000 --> 00:00:03.000\n<v Anna>The marmot budget?</v> <v Ben>Approved.</v>\n\n" +
  "00:00:03.000 --> 00:00:05.000\n<v Ben>And hiring.\n<v Cleo>Next week.\n\n" +
  "00:00:05.000 --> 00:00:06.000\n<v Cleo>Thanks.</v>\n";

Deno.test("get_turns on a folder names each voice of a cue, in order, at the cue's time", async () => {
  const folder = buildFolderFixture();
  folder.write("voices.vtt", VTT);
  const id = `notes:${fileTranscriptKey("voices.vtt")}`;
  const server = startServer(["--source", `notes=${folder.path}`]);
  try {
    await server.initialize();
    await until("the file indexed", async () => (await foundIds(server, "marmot")).includes(id));
    const answer = (await server.callTool("get_turns", { id }))["structuredContent"];
    assertEquals(answer.speakers, ["Anna", "Ben", "Cleo"]);
    assertEquals(
      answer.turns.map((
        turn: Message,
      ) => [turn["at"], turn["startMs"], turn["endMs"], turn["speaker"], turn["text"]]),
      [
        ["0:00:01", 1000, 3000, "Anna", "The marmot budget?"],
        ["0:00:01", 1000, 5000, "Ben", "Approved. And hiring."],
        ["0:00:03", 3000, 6000, "Cleo", "Next week. Thanks."],
      ],
    );
    const ben = (await server.callTool("get_turns", { id, speaker: "ben" }))["structuredContent"];
    assertEquals(ben.turns.map((turn: Message) => turn["text"]), ["Approved. And hiring."]);
  } finally {
    await server.kill();
    folder.cleanup();
  }
});
