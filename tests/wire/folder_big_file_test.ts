/**
 * A served folder's largest readable file: one of `MAX_TRANSCRIPT_FILE_BYTES` is read,
 * served and its turns paged, inside the heap the server runs with (deno.json's `start`);
 * one byte more is skipped with that reason, never read. The server stays up throughout.
 */
import { assertEquals } from "../helpers/assert.ts";
import { buildFolderFixture } from "../helpers/folder_fixture.ts";
import { startServer } from "../helpers/server_process.ts";
import { folderSource, until } from "../helpers/served_folder.ts";
import { fileTranscriptKey } from "../../lib/ingest/file_key.ts";
import { MAX_TRANSCRIPT_FILE_BYTES } from "../../lib/config/limits.ts";
import { join } from "node:path";

/** A WebVTT file of exactly `bytes`, short cues of a few words, the last naming `last`. */
function writeVtt(path: string, bytes: number, last: string): void {
  const cue = (n: number) => {
    const at = new Date(n * 10).toISOString().slice(11, 23);
    const end = new Date(n * 10 + 9).toISOString().slice(11, 23);
    return `${at} --> ${end}\n<v S${n % 3}>alpha beta quarterly budget review plan</v>\n\n`;
  };
  const encoder = new TextEncoder();
  const tail = encoder.encode(`23:59:59.000 --> 23:59:59.500\n${last}\n`);
  const file = Deno.openSync(path, { write: true, create: true, truncate: true });
  try {
    let written = file.writeSync(encoder.encode("WEBVTT\n\n"));
    let n = 0;
    // Whole cues while they fit (ASCII: a character is a byte), then blank lines to the size.
    for (let room = bytes - tail.length - written; room > 0; room = bytes - tail.length - written) {
      const cues: string[] = [];
      let size = 0;
      while (cues.length < 10_000) {
        const next = cue(n);
        if (size + next.length > room) break;
        cues.push(next);
        size += next.length;
        n++;
      }
      const text = cues.length > 0 ? cues.join("") : "\n".repeat(room);
      written += file.writeSync(encoder.encode(text));
    }
    file.writeSync(tail);
  } finally {
    file.close();
  }
}

Deno.test("a file of the size cap is served; one byte more is skipped; the server stays up", async () => {
  const folder = buildFolderFixture();
  writeVtt(join(folder.path, "long.vtt"), MAX_TRANSCRIPT_FILE_BYTES, "zeppelin");
  const over = Deno.openSync(join(folder.path, "over.vtt"), { write: true, create: true });
  over.truncateSync(MAX_TRANSCRIPT_FILE_BYTES + 1);
  over.close();
  // What is tested is the cap, not how fast: the host writes the whole file into its index
  // in one step, and calls to the folder wait for it, which on a busy machine can pass the
  // default deadline.
  const server = startServer(["--source", `notes=${folder.path}`, "--timeout-ms", "120000"]);
  try {
    await server.initialize();
    await until("the folder indexed whole", async () => {
      const source = await folderSource(server);
      return !source.notes.some((note: string) => note.startsWith("indexing"));
    });
    const id = `notes:${fileTranscriptKey("long.vtt")}`;
    const found = await server.callTool("search_transcripts", { query: "zeppelin" });
    assertEquals(found["structuredContent"].results.map((hit: { id: string }) => hit.id), [id]);
    const turns = await server.callTool("get_turns", { id });
    assertEquals(turns["structuredContent"].turns[0].text.startsWith("alpha beta"), true);
    const exit = await server.finish();
    assertEquals(exit.code, 0, exit.stderr);
    const cap = `${MAX_TRANSCRIPT_FILE_BYTES / 1024 / 1024} MiB`;
    assertEquals(exit.stderr.includes(`skipped over.vtt: larger than ${cap}`), true, exit.stderr);
  } finally {
    await server.kill();
    folder.cleanup();
  }
});
