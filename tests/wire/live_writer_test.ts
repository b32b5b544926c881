/**
 * The server reads a store while its app writes to it, in another process: in WAL mode
 * with inserts, updates and deletes going on, and in rollback-journal mode with a writer
 * that holds its lock past the busy timeout.
 */
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { type Message, runCli, startServer } from "../helpers/server_process.ts";
import { assertToolError } from "../helpers/tool_error.ts";
import { lines } from "../helpers/lines.ts";
import { checksum } from "./fixtures/checksum.ts";

const WRITER = fileURLToPath(new URL("./fixtures/app_writer.ts", import.meta.url));

function startWriter(path: string, mode: "churn" | "hold-lock", millis: number) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", WRITER, path, mode, String(millis)],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
}

/** How many calls the live-writer test makes at least. */
const MIN_CALLS = 1_000;

function toolErrorCode(result: Message): string | null {
  return result["isError"] ? JSON.parse(result["content"][0].text).error.code : null;
}

Deno.test("a live WAL writer: a thousand calls beside it, no torn rows, new rows visible without restart", async () => {
  const fixture = buildFixtureStore({ afterFill: "PRAGMA journal_mode = WAL" });
  const server = startServer(["--db", fixture.path]);
  try {
    await server.initialize();
    const writer = startWriter(fixture.path, "churn", 4_000);
    const summary = (async () => {
      let last = "";
      for await (const line of lines(writer.stdout)) last = line;
      return JSON.parse(last) as {
        inserted: number;
        updated: number;
        deleted: number;
        lastId: string;
      };
    })();
    let writing = true;
    void writer.status.then(() => (writing = false));
    const errors: Record<string, number> = {};
    let calls = 0;
    let callsWhileWriting = 0;
    let rowsChecked = 0;
    const note = (result: Message) => {
      calls++;
      if (writing) callsWhileWriting++;
      const code = toolErrorCode(result);
      if (code !== null) errors[code] = (errors[code] ?? 0) + 1;
      return code === null ? result["structuredContent"] : null;
    };
    // The writer's work is fixed, and how many calls fit beside it depends on the machine's
    // load; calls go on after it ends until there have been a thousand, so a busy machine
    // still checks as many rows.
    while (writing || calls < MIN_CALLS) {
      const page = note(await server.callTool("list_transcripts", { limit: 10 }));
      for (const item of page?.transcripts ?? []) {
        if (!String(item.id).startsWith("writer-")) continue;
        const got = note(await server.callTool("get_transcript", { id: item.id }));
        if (got === null) continue;
        const [, length, sum] = /len=(\d+) sum=(\w+)$/.exec(got.title) ?? [];
        assertEquals(got.text.length, Number(length), `torn row ${item.id}`);
        assertEquals(checksum(got.text), sum, `torn row ${item.id}`);
        rowsChecked++;
      }
      note(await server.callTool("search_transcripts", { query: "writer pricing", limit: 5 }));
      note(await server.callTool("list_tasks", { limit: 20 }));
    }
    const written = await summary;
    const newest = note(await server.callTool("list_transcripts", { limit: 1 }));
    assertEquals(newest.transcripts[0].id, written.lastId, "the last insert is visible");
    const found = note(
      await server.callTool("search_transcripts", { query: `"writer turn"`, limit: 1 }),
    );
    assert(found.results.length === 1, "the writer's rows are in the index");
    console.log(
      `live WAL writer: ${calls} calls (${callsWhileWriting} while writing), ${rowsChecked} rows checked whole, errors ${
        JSON.stringify(errors)
      }, writes ${JSON.stringify(written)}`,
    );
    assert(callsWhileWriting > 0, "calls were made while the writer wrote");
    assert(rowsChecked > 0);
    for (const code of Object.keys(errors)) {
      // not_found: a row listed a moment before its delete. busy: documented.
      assert(code === "busy" || code === "not_found", `unexpected error kind ${code}`);
    }
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});

Deno.test("a rollback-journal writer holding its lock past the busy timeout: the call answers busy", async () => {
  const fixture = buildFixtureStore();
  const server = startServer(["--db", fixture.path]);
  try {
    await server.initialize();
    assertEquals(toolErrorCode(await server.callTool("list_tasks", {})), null);
    const writer = startWriter(fixture.path, "hold-lock", 6_000);
    const events = lines(writer.stdout);
    assertEquals((await events.next()).value, "locked");
    assertToolError(await server.callTool("list_transcripts", {}), "busy", /locked by its app/);
    // The answer came while the lock was still held.
    assertEquals((await events.next()).value, "released");
    await writer.status;
    assertEquals(toolErrorCode(await server.callTool("list_transcripts", {})), null);
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});

Deno.test("a store the app holds locked at start: exit 2 after the busy timeout, saying so", async () => {
  const fixture = buildFixtureStore();
  try {
    const writer = startWriter(fixture.path, "hold-lock", 5_000);
    const events = lines(writer.stdout);
    assertEquals((await events.next()).value, "locked");
    const { code, stderr } = await runCli(["--db", fixture.path]);
    assertEquals(code, 2);
    assertMatch(stderr, /Cannot open store: .* is locked by its app; try again/);
    assertEquals((await events.next()).value, "released", "the answer came while it was held");
    await writer.status;
  } finally {
    fixture.cleanup();
  }
});
