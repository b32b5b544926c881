/**
 * screenpipe keeps what was on screen beside what was said: OCR text, accessibility text,
 * UI events (keystrokes, clipboard), frames' window names, speakers' metadata. Through the
 * real server, no tool answer and no log line ever shows any of it, whatever is searched.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { createScreenpipeDb, SCREENPIPE_SECRETS } from "../helpers/screenpipe_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";

const SECRETS = Object.values(SCREENPIPE_SECRETS);
const T0 = Date.UTC(2026, 3, 7, 10, 0, 0);

/** Words planted beside the secrets, some of them said aloud too, and query syntax. */
const AROUND = [
  "password",
  "audio",
  "typed",
  "copied",
  "inbox",
  "Bank",
  "Browser",
  "Notes",
  "Secrets",
  "Mail",
  "monitor_1",
  "note",
  "zebra",
  "secret",
  "ocrsecret*",
  "password ocrsecretzebra",
  `"typed ${SCREENPIPE_SECRETS.uiEvents}"`,
  `${SCREENPIPE_SECRETS.clipboard} OR inbox`,
  "NEAR(password audio)",
];

/** Every tool's calls; a tool the server lists that is missing here fails the test. */
const CALLS: Record<string, (ids: string[]) => unknown[]> = {
  list_sources: () => [{}],
  list_transcripts: () => [{ limit: 100 }, { limit: 100, sourceName: "screenpipe" }],
  get_transcript: (ids) => ids.map((id) => ({ id, maxChars: 100_000 })),
  get_turns: (ids) => ids.map((id) => ({ id, maxChars: 100_000 })),
  search_transcripts: () =>
    [...SECRETS, ...AROUND].flatMap((query) => [
      { query, limit: 50 },
      { query, limit: 50, sourceName: "screenpipe" },
    ]),
  list_tasks: () => [{}, { limit: 100 }, { query: "password inbox" }],
};

Deno.test("screenpipe privacy: no answer or log line shows screen text, whatever is searched", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/db.sqlite`;
  const app = createScreenpipeDb(path);
  const ana = app.addSpeaker("Ana");
  const said = [
    "I typed the password into the bank form",
    "then copied the inbox notes for the audio review",
    "the browser showed the mail secrets page",
    "a zebra crossing on the monitor",
  ];
  said.forEach((text, i) =>
    app.addChunk({
      device: "MacBook Pro Microphone",
      atMs: T0 + i * 30_000,
      segments: [{ text, speakerId: ana, start: 0, end: 3 }],
    })
  );
  app.plantSecrets(T0 + 45_000);
  app.index(2);
  app.addChunk({
    device: "Display Audio",
    input: false,
    atMs: T0 + 3_600_000,
    segments: [{ text: "a later password talk, not indexed yet" }],
  });
  app.close();
  const server = startServer(["--source", path]);
  try {
    await server.initialize();
    const tools = (await server.request("tools/list")).result.tools.map((t: Message) => t.name);
    assertEquals(tools.filter((name: string) => CALLS[name] === undefined), []);
    const listed = await server.callTool("list_transcripts", { limit: 100 });
    const ids = listed.structuredContent.transcripts.map((t: Message) => t.id);
    assertEquals(ids.length, 2);
    let found = 0;
    for (const name of tools) {
      for (const args of CALLS[name]!(ids)) {
        const result = await server.callTool(name, args);
        const shown = JSON.stringify(result).toLowerCase();
        for (const secret of SECRETS) {
          assert(!shown.includes(secret), `${name} ${JSON.stringify(args)} showed ${secret}`);
        }
        found += result.structuredContent?.results?.length ?? 0;
      }
    }
    // The searches around the secrets did find what was said there, and rendered it.
    assert(found > 0, "no search found the spoken words");
    const exit = await server.finish();
    assertEquals(exit.code, 0);
    for (const secret of SECRETS) assert(!exit.stderr.includes(secret), `stderr: ${secret}`);
  } finally {
    await server.kill();
    await Deno.remove(dir, { recursive: true });
  }
});
