/**
 * `index` of a folder into a new store through the real process (the binary's flags): the
 * store is built beside its target and moved into place whole, so a run killed mid-way
 * leaves no store at the target, and the next run builds it complete.
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { runCli } from "../helpers/server_process.ts";
import { killedIndex } from "../helpers/killed_index.ts";
import { writeVttFolder } from "../helpers/vtt_folder.ts";

const FILES = 1_500;

const exists = (path: string) => {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
};

Deno.test("index: a new store killed mid-build leaves nothing at --out; the next run builds it whole", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "tmcp-index-new-" });
  const folder = join(dir, "calls");
  const out = join(dir, "archive.db");
  try {
    writeVttFolder(folder, FILES);
    const { progress, success } = await killedIndex(folder, out, "calls");
    assertMatch(progress, new RegExp(`index: calls: \\d+/${FILES} items`));
    assertEquals(success, false);
    assert(!exists(out), "no store at --out, half-built or not");

    const run = await runCli(["index", folder, "--out", out]);
    assertEquals(run.code, 0, run.stderr);
    assertMatch(run.stdout, new RegExp(`: ${FILES} added, 0 updated, 0 removed, 0 unchanged`));
    const check = await runCli(["check", "--source", out]);
    assertEquals(check.code, 0, check.stdout + check.stderr);
    assertMatch(check.stdout, /search index: +in sync/);
    const left = [...Deno.readDirSync(dir)].map((entry) => entry.name).sort();
    assertEquals(left.filter((name) => name !== "archive.db-wal" && name !== "archive.db-shm"), [
      "archive.db",
      "calls",
    ]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
