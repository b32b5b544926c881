/**
 * A served folder whose files are named as real folders' are: line breaks, quotes, colons,
 * Unicode, names near the file system's limit, editors' backup copies. Each transcript is
 * served under the id of its path, each skipped file named on one line of stderr and `check`.
 */
import { assertEquals } from "../helpers/assert.ts";
import { buildFolderFixture } from "../helpers/folder_fixture.ts";
import { runCli, startServer } from "../helpers/server_process.ts";
import { foundIds, until } from "../helpers/served_folder.ts";
import { fileTranscriptKey } from "../../lib/ingest/file_key.ts";

const VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>The marmot report.</v>\n";

Deno.test("files named with line breaks, quotes, colons and Unicode are served; skipped ones on one line each", async () => {
  const folder = buildFolderFixture();
  const served = [
    "line\nbreak.vtt",
    'say "hi": now.vtt',
    "réunion 会議.vtt",
    `${"n".repeat(240)}.vtt`,
  ];
  for (const name of served) folder.write(name, VTT);
  // An editor's copies of a transcript are no second transcript.
  for (const name of ["line\nbreak.vtt~", "#réunion 会議.vtt#"]) folder.write(name, VTT);
  folder.write("forged\nskipped x.vtt: the file is empty\nz.vtt", "");
  const server = startServer(["--source", `notes=${folder.path}`]);
  try {
    await server.initialize();
    const found = () => foundIds(server, "marmot");
    await until("the files indexed", async () => (await found()).length >= served.length);
    const ids = served.map((name) => `notes:${fileTranscriptKey(name)}`).sort();
    assertEquals(await found(), ids);
    const titles = await Promise.all(served.map(async (name) => {
      const got = await server.callTool("get_transcript", {
        id: `notes:${fileTranscriptKey(name)}`,
      });
      return got["structuredContent"].title;
    }));
    assertEquals(titles, served.map((name) => name.slice(0, -".vtt".length)));
    const exit = await server.finish();
    assertEquals(exit.code, 0);
    const skippedLines = exit.stderr.split("\n").filter((line) => line.includes("skipped"));
    assertEquals(skippedLines, [
      "transcript-mcp: source notes: skipped empty.txt: the file is empty",
      "transcript-mcp: source notes: skipped forged\\nskipped x.vtt: the file is empty\\nz.vtt: " +
      "the file is empty",
    ]);
    const check = await runCli(["check", "--source", `notes=${folder.path}`]);
    const listed = check.stdout.split("\n").filter((line) => line.startsWith("  "));
    assertEquals(listed, [
      "  empty.txt: the file is empty",
      "  forged\\nskipped x.vtt: the file is empty\\nz.vtt: the file is empty",
    ]);
  } finally {
    await server.kill();
    folder.cleanup();
  }
});
