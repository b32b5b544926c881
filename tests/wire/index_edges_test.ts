/**
 * `index` where a user can trip it, through the real process (the binary's flags): an --out
 * that is a source under another name, output that goes nowhere, and a folder that goes away
 * during the run.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { denoDir, PROJECT_ROOT, runCli } from "../helpers/server_process.ts";
import { readStartPermissionFlags } from "../../scripts/permission_flags.ts";

/** A folder of `count` WebVTT files, each of `cues` cues. */
function writeCalls(folder: string, count: number, cues = 1): void {
  Deno.mkdirSync(folder, { recursive: true });
  for (let i = 0; i < count; i++) {
    const body = Array.from(
      { length: cues },
      (_, c) =>
        `00:00:${String(c % 60).padStart(2, "0")}.000 --> 00:00:${
          String(c % 60).padStart(2, "0")
        }.900\n<v Ann>Call ${i} opens the budget, part ${c}.\n`,
    );
    Deno.writeTextFileSync(join(folder, `call-${i}.vtt`), `WEBVTT\n\n${body.join("\n")}`);
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

/** `index SOURCE --out OUT` under the start task's flags, its output piped. */
function spawnIndex(source: string, out: string): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", ...readStartPermissionFlags(), "main.ts", "index", source, "--out", out],
    cwd: PROJECT_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
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
    const child = spawnIndex(join(dir, "calls"), out);
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

Deno.test("index: a folder that goes away mid-run (a drive unplugged) keeps its items in the store", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "index-edges-" });
  try {
    const calls = join(dir, "calls");
    const files = 600;
    writeCalls(calls, files, 200);
    const out = join(dir, "archive.db");
    assertEquals((await runCli(["index", calls, "--out", out])).code, 0);
    // Every file read again (changed since the last run), so the run is long enough to
    // lose the folder part-way; it goes at once, as an unplugged drive's would.
    for (let i = 0; i < files; i++) {
      Deno.writeTextFileSync(join(calls, `call-${i}.vtt`), "\n", { append: true });
    }
    const child = spawnIndex(calls, out);
    const stderr = child.stderr.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    while (!/\d+\/\d+ items/.test(seen)) {
      const { value, done } = await stderr.read();
      if (done) break;
      seen += decoder.decode(value);
    }
    Deno.renameSync(calls, join(dir, "gone"));
    await stderr.cancel();
    const stdout = await new Response(child.stdout).text();
    const code = (await child.status).code;
    assertEquals(count(out, "transcripts"), files, stdout);
    // Read in full before the folder went: a run like any other; else its items kept.
    if (code !== 0) {
      assertEquals(code, 1, stdout);
      assertMatch(stdout, /kept \d+ items of source calls as they were: .*calls/);
    }
    const check = await runCli(["check", "--source", out]);
    assertEquals(check.code, 0, check.stdout + check.stderr);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("index: refuses an --out that is not a file (a device, a FIFO), leaving nothing beside it", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "index-edges-" });
  try {
    writeCalls(join(dir, "calls"), 2);
    const fifo = join(dir, "pipe");
    new Deno.Command("mkfifo", { args: [fifo] }).outputSync();
    for (const out of ["/dev/null", fifo]) {
      const result = await runCli(["index", join(dir, "calls"), "--out", out]);
      assertEquals(result.code, 2, result.stderr);
      assertMatch(result.stderr, /Cannot index: --out .* is not a regular file/);
      assertEquals(result.stderr.trim().split("\n").at(-1)!.startsWith("transcript-mcp: "), true);
    }
    assertEquals([...Deno.readDirSync(dir)].map((entry) => entry.name).sort(), ["calls", "pipe"]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("index: a leading ~ in --out is the home folder, as in SOURCE (clients pass no shell)", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "index-edges-" });
  try {
    writeCalls(join(dir, "calls"), 2);
    const env = { HOME: dir, DENO_DIR: denoDir() };
    const result = await runCli(["index", "~/calls", "--out", "~/archive.db"], env);
    assertEquals(result.code, 0, result.stderr);
    assertEquals(count(join(dir, "archive.db"), "transcripts"), 2);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("index: an --out in a folder that does not exist is named as such, in one line", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "index-edges-" });
  try {
    writeCalls(join(dir, "calls"), 1);
    const out = join(dir, "missing", "archive.db");
    const result = await runCli(["index", join(dir, "calls"), "--out", out]);
    assertEquals(result.code, 2, result.stderr);
    assertEquals(
      result.stderr.trim().split("\n").at(-1),
      `transcript-mcp: Cannot index: --out ${out} is in a folder that does not exist ` +
        `(${join(dir, "missing")}); make it first`,
    );
    assertEquals([...Deno.readDirSync(dir)].map((entry) => entry.name), ["calls"]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
