/**
 * `index` stopped by a signal (Ctrl-C's SIGINT, a service manager's SIGTERM) through the real
 * process: it says so in one line, exits 128 + the signal's number, removes the building file
 * it made, and leaves a store already at --out as it was, readable.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { runCli } from "../helpers/server_process.ts";
import { exists, stoppedIndex } from "../helpers/stopped_index.ts";
import { writeVttFolder } from "../helpers/vtt_folder.ts";

/** Enough files that a run takes a while after its building file is made (0.5 s here). */
const FILES = 4_000;

/** The store's transcripts, and whether SQLite finds it whole. */
function storeState(path: string): { ids: string[]; integrity: string } {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const ids = db.prepare("SELECT id FROM transcripts ORDER BY id").all().map((r) => `${r.id}`);
    const integrity = String(db.prepare("PRAGMA integrity_check").get()?.["integrity_check"]);
    return { ids, integrity };
  } finally {
    db.close();
  }
}

/** The one line the run's stop leaves on stderr, checked to hold no stack trace. */
function stopLine(stderr: string, signal: string): string {
  assert(!/\n\s+at /.test(stderr), `no stack trace: ${stderr}`);
  const stopped = stderr.split("\n").filter((line) => line.includes("Stopped"));
  assertEquals(stopped.length, 1, stderr);
  assertMatch(stopped[0]!, new RegExp(`^transcript-mcp: Stopped: .*${signal}`));
  return stopped[0]!;
}

for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  Deno.test(`index: a new store stopped by ${signal} exits ${code} and leaves no building file`, async () => {
    const dir = Deno.makeTempDirSync({ prefix: "tmcp-index-stop-" });
    const folder = join(dir, "calls");
    const out = join(dir, "archive.db");
    try {
      writeVttFolder(folder, FILES);
      const run = await stoppedIndex(folder, out, "calls", signal);
      assert(run.sawBuilding, "the building file was there when the signal was sent");
      assertEquals(run.code, code, run.stderr);
      assertMatch(stopLine(run.stderr, signal), /nothing was written/);
      assert(!exists(`${out}-building`), "the building file is removed");
      assert(!exists(out), "no store at --out");
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  });
}

Deno.test("index: a store already at --out, its run stopped by SIGINT, is as it was and readable", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "tmcp-index-stop-" });
  const small = join(dir, "calls");
  const big = join(dir, "big");
  const out = join(dir, "archive.db");
  try {
    writeVttFolder(small, 3);
    const first = await runCli(["index", small, "--out", out]);
    assertEquals(first.code, 0, first.stderr);
    const before = storeState(out);
    assertEquals(before.ids.length, 3);
    writeVttFolder(big, FILES);
    const run = await stoppedIndex(big, out, "big", "SIGINT");
    assertEquals(run.code, 130, run.stderr);
    assertMatch(stopLine(run.stderr, "SIGINT"), /as it was before this run/);
    assertEquals(storeState(out), { ...before, integrity: "ok" });
    assert(!exists(`${out}-building`), "no building file");
    const check = await runCli(["check", "--source", out]);
    assertEquals(check.code, 0, check.stdout + check.stderr);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
