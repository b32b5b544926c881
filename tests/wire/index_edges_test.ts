/**
 * `index` where a user can trip it, through the real process (the binary's flags): an --out
 * that is a source under another name, and output that goes nowhere.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { PROJECT_ROOT, runCli } from "../helpers/server_process.ts";
import { readStartPermissionFlags } from "../../scripts/permission_flags.ts";

/** A folder of `count` small WebVTT files. */
function writeCalls(folder: string, count: number): void {
  Deno.mkdirSync(folder, { recursive: true });
  for (let i = 0; i < count; i++) {
    Deno.writeTextFileSync(
      join(folder, `call-${i}.vtt`),
      `WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann>Call ${i} opens the budget.\n`,
    );
  }
}

function count(store: string, table: string): number {
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    return Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.["n"]);
  } finally {
    db.close();
  }
}

Deno.test("index: refuses an --out that is a hard link to its source store", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "index-edges-" });
  try {
    writeCalls(join(dir, "calls"), 3);
    const store = join(dir, "archive.db");
    assertEquals((await runCli(["index", join(dir, "calls"), "--out", store])).code, 0);
    const link = join(dir, "link.db");
    Deno.linkSync(store, link);
    const before = Deno.readFileSync(store);
    const result = await runCli(["index", store, "--out", link]);
    assertEquals(result.code, 2, result.stdout + result.stderr);
    assertMatch(result.stderr, /Cannot index: --out .*link\.db is the source archive; /);
    assert(!/\n\s+at /.test(result.stderr), "no stack trace");
    assertEquals(Deno.readFileSync(store), before, "the source untouched");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("index: a run whose stderr is closed (`2>&1 | head -1`) still indexes every item", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "index-edges-" });
  try {
    // Past the first progress line (one per 100 items), which meets the closed pipe.
    writeCalls(join(dir, "calls"), 250);
    const out = join(dir, "archive.db");
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", ...readStartPermissionFlags(), "main.ts", "index", join(dir, "calls")]
        .concat(["--out", out]),
      cwd: PROJECT_ROOT,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    // The reader goes away after the first line, as `head -1` does.
    const reader = child.stderr.getReader();
    await reader.read();
    await reader.cancel();
    const stdout = await new Response(child.stdout).text();
    assertEquals((await child.status).code, 0, stdout);
    assertEquals(count(out, "transcripts"), 250);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
