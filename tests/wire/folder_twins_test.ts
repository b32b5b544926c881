/**
 * Twins through the real process: a folder holding "café.vtt" written both in NFC and in
 * NFD (one id) answers the same item served directly and from the store `index` built of
 * it, and both name the other file as skipped.
 */
import { join } from "node:path";
import { assertEquals } from "../helpers/assert.ts";
import { buildFolderFixture } from "../helpers/folder_fixture.ts";
import { runCli } from "../helpers/server_process.ts";
import { fileTranscriptKey } from "../../lib/ingest/file_key.ts";

const COMPOSED = "caf\u00e9.vtt";
const DECOMPOSED = "cafe\u0301.vtt";
const vtt = (word: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>${word} wombat.\n`;

Deno.test("index and serving answer the same item for a name written in NFC and in NFD", async () => {
  const folder = buildFolderFixture();
  const out = join(Deno.makeTempDirSync({ prefix: "tmcp-twins-" }), "archive.db");
  try {
    // The NFD file is the older: index took the first by date, serving the last by path.
    const older = new Date(Date.UTC(2025, 0, 1));
    folder.write(DECOMPOSED, vtt("Decomposed"));
    Deno.utimeSync(join(folder.path, DECOMPOSED), older, older);
    folder.write(COMPOSED, vtt("Composed"));
    const id = `notes:${fileTranscriptKey(COMPOSED)}`;
    const answer = async (source: string) => {
      const call = await runCli([
        "call",
        "get_transcript",
        JSON.stringify({ id }),
        "--source",
        source,
      ]);
      assertEquals(call.code, 0, call.stderr);
      const { title, text } = JSON.parse(call.stdout);
      return { title, text };
    };
    const served = await answer(`notes=${folder.path}`);
    assertEquals(served, { title: "caf\u00e9", text: "Ann: Composed wombat." });
    const index = await runCli(["index", `notes=${folder.path}`, "--out", out]);
    assertEquals(index.code, 0, index.stderr);
    assertEquals(await answer(out), served);
    const why = "another file has the same name in another Unicode form (or with \\ for /), " +
      "and that one is read";
    assertEquals(
      index.stdout.includes(`skipped ${DECOMPOSED} (source notes): ${why}`),
      true,
      index.stdout,
    );
    const check = await runCli(["check", "--source", `notes=${folder.path}`]);
    assertEquals(check.stdout.includes(`  ${DECOMPOSED}: ${why}`), true, check.stdout);
  } finally {
    folder.cleanup();
    Deno.removeSync(join(out, ".."), { recursive: true });
  }
});
