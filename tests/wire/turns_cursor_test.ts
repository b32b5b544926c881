/**
 * get_turns cursors when the transcript changes between pages, through the real server: a
 * served file rewritten under a cursor is refused with one clear error (whole turns and a
 * cut turn alike), a screenpipe sitting that grows at its end pages on to its new end with
 * every turn once, an unchanged item pages as before, and an altered cursor is refused.
 */
import { join } from "node:path";
import { assert, assertEquals } from "../helpers/assert.ts";
import { assertToolError } from "../helpers/tool_error.ts";
import { buildFolderFixture } from "../helpers/folder_fixture.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { type Message, type ServerProcess, startServer } from "../helpers/server_process.ts";
import { folderSource, until } from "../helpers/served_folder.ts";
import { fileTranscriptKey } from "../../lib/ingest/file_key.ts";

const CHANGED = /^cursor: the transcript changed since that page was read; call get_turns again/;

/** A WebVTT file of `cues` cues, spoken by `voice(n)`, each saying `said(n)`. */
function vtt(cues: number, voice: (n: number) => string, said: (n: number) => string): string {
  const at = (ms: number) => new Date(ms).toISOString().slice(11, 23);
  const lines = Array.from(
    { length: cues },
    (_, n) => `${at(n * 2_000)} --> ${at(n * 2_000 + 1_900)}\n<v ${voice(n)}>${said(n)}</v>\n`,
  );
  return `WEBVTT\n\n${lines.join("\n")}`;
}

/** A server started on `folder`, once it has indexed its `files` transcripts. */
async function servedFolder(folder: string, files: number): Promise<ServerProcess> {
  const server = startServer(["--source", `notes=${folder}`]);
  try {
    await server.initialize();
    await until("the folder indexed", async () => {
      const source = await folderSource(server);
      return source.transcripts >= files &&
        !source.notes.some((n: string) => n.startsWith("index"));
    });
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

/** A tool's structured answer; a tool error fails the test, naming the call. */
async function answer(server: ServerProcess, args: Message): Promise<Message> {
  const result = await server.callTool("get_turns", args);
  assert(!result["isError"], `get_turns ${JSON.stringify(args)}: ${JSON.stringify(result)}`);
  return result["structuredContent"];
}

/** Pages joined into whole turns, `[seq, speaker, text]`: a continued piece joins its turn. */
function joined(pages: readonly Message[]): [number, string | null, string][] {
  const turns: [number, string | null, string][] = [];
  for (const turn of pages.flatMap((page) => page.turns)) {
    if (turn.continued) turns.at(-1)![2] += turn.text;
    else turns.push([turn.seq, turn.speaker, turn.text]);
  }
  return turns;
}

/** A cursor's JSON values, and the cursor of other values: what a client could forge. */
const decoded = (cursor: string): unknown[] =>
  JSON.parse(atob(cursor.replaceAll("-", "+").replaceAll("_", "/")));
const encoded = (values: unknown[]): string =>
  btoa(JSON.stringify(values)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

Deno.test("get_turns: a served file rewritten between pages refuses the cursor; unchanged, it pages on", async () => {
  const folder = buildFolderFixture();
  const voice = (n: number) => (n % 2 === 0 ? "Ann" : "Ben");
  const first = (n: number) => `cue ${n} of the first take, on the quarterly budget`;
  folder.write("talk.vtt", vtt(60, voice, first));
  // One speaker throughout: a single turn, cut at every page.
  const monologue = (word: string) => (n: number) => `${word} ${n} goes on about the plan`;
  folder.write("long.vtt", vtt(80, () => "Ann", monologue("alpha")));
  const server = await servedFolder(folder.path, 4);
  try {
    const id = `notes:${fileTranscriptKey("talk.vtt")}`;
    const whole = await answer(server, { id, maxChars: 200_000 });
    const one = await answer(server, { id, maxChars: 1_000 });
    assert(one.nextCursor !== null && one.nextCursor.length < 120, one.nextCursor);
    // Unchanged: the cursor goes on where the page stopped, every turn once.
    const pages = [one];
    while (pages.at(-1)!.nextCursor !== null) {
      pages.push(await answer(server, { id, maxChars: 1_000, cursor: pages.at(-1)!.nextCursor }));
    }
    assert(pages.length >= 3, `${pages.length} pages`);
    assertEquals(joined(pages), joined([whole]));
    // Rewritten with a cue put first: every seq now holds the turn before it.
    folder.write("talk.vtt", vtt(61, (n) => voice(n + 1), (n) => first(n - 1)));
    const stale = await server.callTool("get_turns", {
      id,
      maxChars: 1_000,
      cursor: one.nextCursor,
    });
    assertToolError(stale, "invalid_arguments", CHANGED);
    // Asked again without the cursor, the new text is read from its start.
    const fresh = await answer(server, { id, maxChars: 1_000 });
    assertEquals(fresh.turns[0].text, first(-1));

    // A cut turn: its text before the cut rewritten, same length, same segments.
    const longId = `notes:${fileTranscriptKey("long.vtt")}`;
    const cut = await answer(server, { id: longId, maxChars: 1_000 });
    assertEquals([cut.turns.length, cut.turns[0].continues], [1, true]);
    const goesOn = await answer(server, { id: longId, maxChars: 1_000, cursor: cut.nextCursor });
    assertEquals(goesOn.turns[0].continued, true);
    folder.write("long.vtt", vtt(80, () => "Ann", monologue("omega")));
    const recut = await server.callTool("get_turns", {
      id: longId,
      maxChars: 1_000,
      cursor: cut.nextCursor,
    });
    assertToolError(recut, "invalid_arguments", CHANGED);

    // Altered cursors: another place with the same check, other arguments, not a cursor.
    const values = decoded(fresh.nextCursor);
    assertEquals(values[0], "get_turns");
    const moved = encoded([values[0], values[1], (values[2] as number) + 1, ...values.slice(3)]);
    assertToolError(
      await server.callTool("get_turns", { id, maxChars: 1_000, cursor: moved }),
      "invalid_arguments",
      CHANGED,
    );
    assertToolError(
      await server.callTool("get_turns", { id, speaker: "Ann", cursor: fresh.nextCursor }),
      "invalid_arguments",
      /^cursor: belongs to other arguments/,
    );
    assertToolError(
      await server.callTool("get_turns", { id, cursor: `${fresh.nextCursor}x` }),
      "invalid_arguments",
      /^cursor: not a cursor from this tool/,
    );
    // The server is none the worse: the untouched cursor still reads.
    assert((await answer(server, { id, maxChars: 1_000, cursor: fresh.nextCursor })).turns.length);
    const exit = await server.finish();
    assertEquals(exit.code, 0, exit.stderr);
  } finally {
    await server.kill();
    folder.cleanup();
  }
});

Deno.test("resources/read: the read-on cursor of a cut resource reads on, and is refused once the file is rewritten", async () => {
  const folder = buildFolderFixture();
  const voice = (n: number) => (n % 2 === 0 ? "Ann" : "Ben");
  const said = (n: number) =>
    `cue ${n} ${"of the hovercraft budget and its review plan ".repeat(2)}`;
  folder.write("big.vtt", vtt(12_000, voice, said));
  const server = await servedFolder(folder.path, 3);
  try {
    const key = fileTranscriptKey("big.vtt");
    const read = await server.request("resources/read", { uri: `transcript://notes/${key}` });
    const text: string = read["result"].contents[0].text;
    const readOn = /Read on with get_turns (\{.*?\}) \(/.exec(text.trimEnd().split("\n").at(-1)!);
    assert(readOn !== null, text.slice(-400));
    const args = JSON.parse(readOn[1]!);
    const shown = text.split("\n").filter((line) => line.startsWith("[")).length;
    const next = await answer(server, { ...args, maxChars: 1_000 });
    assertEquals(next.turns[0].text, said(shown).trim());
    folder.write("big.vtt", vtt(12_000, voice, (n) => said(n + 1)));
    assertToolError(
      await server.callTool("get_turns", args),
      "invalid_arguments",
      CHANGED,
    );
    const exit = await server.finish();
    assertEquals(exit.code, 0, exit.stderr);
  } finally {
    await server.kill();
    folder.cleanup();
  }
});

Deno.test("get_turns: a screenpipe sitting that grows between pages pages on to its new end", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "db.sqlite");
  const app = createScreenpipeDb(path);
  const lena = app.addSpeaker("Lena");
  const omar = app.addSpeaker("Omar");
  const at = Date.UTC(2026, 10, 20, 14);
  const said = (n: number) => `segment ${n} about the hovercraft budget and the review plan`;
  // Turns of one segment each, then a long turn of Lena's that the pages cut.
  const segments = Array.from({ length: 40 }, (_, n) => ({
    text: said(n),
    speakerId: n < 20 && n % 2 === 1 ? omar : lena,
    start: n * 0.7,
    end: n * 0.7 + 0.6,
  }));
  const [firstRow] = app.addChunk({ device: "MacBook Pro Microphone", atMs: at, segments });
  const server = startServer(["--source", path]);
  try {
    await server.initialize();
    const id = `screenpipe:${firstRow}`;
    const pages = [await answer(server, { id, maxChars: 1_000 })];
    // Page on until a page cuts Lena's last turn, then the app appends to the sitting.
    while (!pages.at(-1)!.turns.at(-1).continues) {
      const cursor = pages.at(-1)!.nextCursor;
      assert(cursor !== null, "a page cuts the last turn");
      pages.push(await answer(server, { id, maxChars: 1_000, cursor }));
    }
    app.addChunk({
      device: "MacBook Pro Microphone",
      atMs: at + 30_000,
      segments: [40, 41, 42, 43].map((n) => ({
        text: said(n),
        speakerId: n < 42 ? lena : omar,
        start: (n - 40) * 0.7,
        end: (n - 40) * 0.7 + 0.6,
      })),
    });
    while (pages.at(-1)!.nextCursor !== null) {
      pages.push(await answer(server, { id, maxChars: 1_000, cursor: pages.at(-1)!.nextCursor }));
    }
    const whole = await answer(server, { id, maxChars: 200_000 });
    assert(whole.turns.at(-1).text.includes(said(43)), "the appended segments are read");
    // Every turn once, and the cut turn whole with what was appended to it.
    assertEquals(joined(pages), joined([whole]));
    assert(joined(pages).some(([, , text]) => text.includes(said(39)) && text.includes(said(41))));
    const exit = await server.finish();
    assertEquals(exit.code, 0, exit.stderr);
  } finally {
    app.close();
    await server.kill();
    await Deno.remove(dir, { recursive: true });
  }
});
