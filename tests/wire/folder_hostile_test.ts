/**
 * A hostile folder served by the real process, built here: a FIFO and a device link under
 * transcripts' names, a name that is not UTF-8, JSON whose fault quotes a terminal escape,
 * a cue that is only a speaker prefix. `check` names each skipped file on one line with its
 * reason, and the good files beside them are served as they are.
 */
import { assertEquals } from "../helpers/assert.ts";
import { buildFolderFixture } from "../helpers/folder_fixture.ts";
import { runCli } from "../helpers/server_process.ts";
import { fileTranscriptKey } from "../../lib/ingest/file_key.ts";

Deno.test("check over a hostile folder: each odd file skipped on one line with why, the rest served", async () => {
  const folder = buildFolderFixture();
  try {
    folder.write(
      "diarized.vtt",
      "WEBVTT\n\n00:00.000 --> 00:01.000\n[SPEAKER_00]:\n\n00:01.000 --> 00:02.000\n" +
        "[SPEAKER_00]: The heron budget.\n",
    );
    folder.write("broken.json", '{"segments": [\n\u001b[31m oops');
    const made = new Deno.Command("sh", {
      args: [
        "-c",
        'mkfifo "$1/pipe.vtt" && ln -s /dev/zero "$1/zero.srt" && printf x > "$1/$(printf \'bad\\377.vtt\')"',
        "sh",
        folder.path,
      ],
    }).outputSync();
    if (!made.success) throw new Error("the folder was not made");
    const check = await runCli(["check", "--source", `notes=${folder.path}`]);
    assertEquals(check.code, 0, check.stderr);
    const listed = check.stdout.split("\n").filter((line) => line.startsWith("  "));
    assertEquals(listed, [
      "  bad\uFFFD.vtt: cannot be read: its name is not valid UTF-8 (rename it to read it)",
      // V8's own words, quoting the file escaped.
      listed.find((line) =>
        line.startsWith("  broken.json: the JSON is cut short or malformed (") &&
        line.includes('[\\n\\u001b[31m oops"')
      ),
      "  empty.txt: the file is empty",
      "  pipe.vtt: not a regular file",
      "  zero.srt: not a regular file",
    ]);
    assertEquals(/transcripts: +3\n/.test(check.stdout), true, check.stdout);
    const call = await runCli([
      "call",
      "get_turns",
      JSON.stringify({ id: `notes:${fileTranscriptKey("diarized.vtt")}` }),
      "--source",
      `notes=${folder.path}`,
    ]);
    const turns = JSON.parse(call.stdout).turns;
    assertEquals(
      turns.map((turn: { speaker: string; text: string }) => [turn.speaker, turn.text]),
      [
        ["SPEAKER_00", "The heron budget."],
      ],
    );
  } finally {
    folder.cleanup();
  }
});
