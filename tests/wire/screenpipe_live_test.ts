/**
 * The server reads a screenpipe database while the app writes to it, in another process:
 * audio appended in transactions, its search index filled behind it now and then.
 */
import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../helpers/assert.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { type Message, ROOMY_DEADLINE, startServer } from "../helpers/server_process.ts";
import { lines } from "../helpers/lines.ts";

const WRITER = fileURLToPath(new URL("./fixtures/screenpipe_writer.ts", import.meta.url));
const TURNS = 24;

/** A turn the writer committed. */
interface Turn {
  n: number;
  word: string;
  ids: [number, number];
}

/** A tool's answer; a tool error fails the test, naming the call. */
async function answer(
  server: ReturnType<typeof startServer>,
  name: string,
  args: unknown,
): Promise<Message> {
  const result = await server.callTool(name, args);
  assert(!result["isError"], `${name} ${JSON.stringify(args)}: ${JSON.stringify(result)}`);
  return result["structuredContent"];
}

/** The turns whose rows a text holds: each must hold both of its rows. */
function turnsIn(text: string, why: string): Set<number> {
  const alpha = new Set([...text.matchAll(/live(\d+) alpha/g)].map((m) => Number(m[1])));
  const omega = new Set([...text.matchAll(/live(\d+) omega/g)].map((m) => Number(m[1])));
  assertEquals([...alpha].sort(), [...omega].sort(), `half a turn read (${why})`);
  return alpha;
}

Deno.test("screenpipe live: calls answer while the app appends; what it said is found at once", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/db.sqlite`;
  const app = createScreenpipeDb(path);
  const past = Date.now() - 2 * 86_400_000;
  for (const [i, text] of ["an old planning talk", "a later review"].entries()) {
    app.addChunk({ device: "Display Audio", atMs: past + i * 3_600_000, segments: [{ text }] });
  }
  app.index();
  app.close();
  const server = startServer(["--source", path, ...ROOMY_DEADLINE]);
  try {
    await server.initialize();
    const writer = new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--allow-write", WRITER, path, String(TURNS), "250"],
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    const committed: Turn[] = [];
    const read = (async () => {
      for await (const line of lines(writer.stdout)) committed.push(JSON.parse(line));
    })();
    let writing = true;
    const done = writer.status.then((status) => {
      writing = false;
      return status;
    });
    let rounds = 0;
    let sawUnindexed = false;
    while (writing || rounds === 0) {
      // What was committed before this round's calls: each must see all of it.
      const known = committed.slice();
      const latest = known.at(-1);
      const sitting = known.length > 0 ? `screenpipe:${known[0]!.ids[0]}` : undefined;
      const listed = await answer(server, "list_transcripts", { limit: 3 });
      // The oldest sitting's turns, kept through the appends, read as they are.
      const oldest = listed.transcripts.at(-1).id;
      const oldestTurns = await answer(server, "get_turns", { id: oldest });
      assertEquals(oldestTurns.turns.map((t: Message) => t.text), ["an old planning talk"]);
      const sources = await answer(server, "list_sources", {});
      const [source] = sources.sources;
      sawUnindexed ||= source.notes.some((note: string) => note.includes("not yet in"));
      if (latest !== undefined) {
        assertEquals(listed.transcripts[0].id, sitting, "the app's sitting is listed newest");
        assertEquals(source.transcripts, 3);
        // Said a moment ago, after the index's mark: found by the scan.
        const found = await answer(server, "search_transcripts", { query: latest.word });
        assertEquals(found.results.map((r: Message) => r.id), [sitting], latest.word);
        assert(found.results[0].snippet.includes(latest.word), found.results[0].snippet);
        const doc = await answer(server, "get_transcript", { id: sitting, maxChars: 100_000 });
        const seen = turnsIn(doc.text, sitting!);
        for (const turn of known) assert(seen.has(turn.n), `turn ${turn.n} committed, not read`);
        // Segments are kept per sitting through appends: the growing one's are read again.
        const turns = await answer(server, "get_turns", { id: sitting, maxChars: 100_000 });
        const said = turnsIn(turns.turns.map((turn: Message) => turn.text).join("\n"), "turns");
        for (const turn of known) assert(said.has(turn.n), `turn ${turn.n} committed, no turn`);
      }
      rounds++;
    }
    assertEquals((await done).code, 0);
    await read;
    assertEquals(committed.length, TURNS);
    assert(sawUnindexed, "some rows were read before the index had them");
    // Every word said, indexed or not, is found in the one sitting.
    const sitting = `screenpipe:${committed[0]!.ids[0]}`;
    for (const turn of committed) {
      const found = await answer(server, "search_transcripts", { query: turn.word, limit: 5 });
      assertEquals(found.results.map((r: Message) => r.id), [sitting], turn.word);
    }
    console.log(`screenpipe live writer: ${rounds} rounds of calls over ${TURNS} turns`);
    const exit = await server.finish();
    assertEquals(exit.code, 0);
    // Nothing went wrong on the way, as the log would say.
    assert(!/Cannot|error|\n\s+at /i.test(exit.stderr), exit.stderr);
  } finally {
    await server.kill();
    await Deno.remove(dir, { recursive: true });
  }
});
