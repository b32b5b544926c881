/**
 * A served folder holding transcripts that Windows tools wrote as UTF-16 without a byte
 * order mark (read like any other), beside binary files under transcript names (skipped,
 * each named on stderr).
 */
import { assertEquals } from "../helpers/assert.ts";
import { binarySamples } from "../helpers/binary_fixtures.ts";
import { buildFolderFixture } from "../helpers/folder_fixture.ts";
import { startServer } from "../helpers/server_process.ts";
import { foundIds, until } from "../helpers/served_folder.ts";
import { standardSrt, teamsVtt, utf16Bytes } from "../helpers/subtitle_fixtures.ts";
import { fileTranscriptKey } from "../../lib/ingest/file_key.ts";

const SAID = [
  { speaker: "Ann Lee", startMs: 1_000, endMs: 2_500, text: "The marmot café opens." },
  { speaker: "Omar", startMs: 2_500, endMs: 4_000, text: "Naïve marmots, all of them." },
];

Deno.test("a served folder reads unmarked UTF-16 transcripts and skips binary files", async () => {
  const folder = buildFolderFixture();
  const texts: Record<string, Uint8Array> = {
    "windows le.vtt": utf16Bytes(teamsVtt(SAID), true, false),
    "windows be.srt": utf16Bytes(standardSrt(SAID), false, false),
    "exported.txt": utf16Bytes("Marmot notes.\r\n\r\nThe café plan.", true, false),
  };
  const binaries = (await binarySamples()).map(([what, bytes], i) => [`bin ${i}.vtt`, what, bytes]);
  for (const [name, bytes] of Object.entries(texts)) {
    Deno.writeFileSync(`${folder.path}/${name}`, bytes);
  }
  for (const [name, , bytes] of binaries) {
    Deno.writeFileSync(`${folder.path}/${name as string}`, bytes as Uint8Array);
  }
  const server = startServer(["--source", `notes=${folder.path}`]);
  try {
    await server.initialize();
    const found = () => foundIds(server, "marmot");
    const names = Object.keys(texts);
    await until("the UTF-16 files indexed", async () => (await found()).length >= names.length);
    assertEquals(await found(), names.map((name) => `notes:${fileTranscriptKey(name)}`).sort());
    const vtt = await server.callTool("get_transcript", {
      id: `notes:${fileTranscriptKey("windows le.vtt")}`,
    });
    assertEquals(
      vtt["structuredContent"].text,
      "Ann Lee: The marmot café opens.\nOmar: Naïve marmots, all of them.",
    );
    const exit = await server.finish();
    const skipped = exit.stderr.split("\n").filter((line) => line.includes(": skipped bin "));
    assertEquals(
      skipped,
      binaries.map(([name]) =>
        `transcript-mcp: source notes: skipped ${name}: the file holds binary data, not text`
      ),
    );
  } finally {
    await server.kill();
    folder.cleanup();
  }
});
