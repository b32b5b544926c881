/**
 * `index` when the disk cannot take the store: the real process under the start task's
 * flags, with the file size it may write capped (`ulimit -f`, SIGXFSZ ignored, so a write
 * past the cap fails as on a full disk). The run says why in one line and exits 1; a new
 * store leaves nothing behind, an existing one is left as it was.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { PROJECT_ROOT, runCli } from "../helpers/server_process.ts";
import { readStartPermissionFlags } from "../../scripts/permission_flags.ts";

/** Writes `count` WebVTT calls of about 2 KB from number `from` on into `folder`. */
function writeCalls(folder: string, from: number, count: number): void {
  Deno.mkdirSync(folder, { recursive: true });
  for (let i = from; i < from + count; i++) {
    const cues = Array.from(
      { length: 20 },
      (_, cue) =>
        `00:00:${String(cue).padStart(2, "0")}.000 --> 00:00:${
          String(cue).padStart(2, "0")
        }.900\n` +
        `<v Ann>Call ${i} cue ${cue} weighs budget${i} against plan${cue}.\n`,
    );
    Deno.writeTextFileSync(join(folder, `call-${i}.vtt`), `WEBVTT\n\n${cues.join("\n")}`);
  }
}

/** Runs `index` with the files it writes capped at `kib` KiB. */
async function indexCapped(folder: string, out: string, kib: number) {
  const output = await new Deno.Command("bash", {
    args: [
      "-c",
      `trap "" XFSZ; ulimit -f ${kib}; exec "$@"`,
      "index-capped",
      Deno.execPath(),
      "run",
      ...readStartPermissionFlags(),
      "main.ts",
      "index",
      folder,
      "--out",
      out,
    ],
    cwd: PROJECT_ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: output.code,
    stdout: new TextDecoder().decode(output.stdout),
    stderr: new TextDecoder().decode(output.stderr),
  };
}

function transcriptCount(path: string): number {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return Number(db.prepare("SELECT count(*) AS n FROM transcripts").get()?.["n"]);
  } finally {
    db.close();
  }
}

/** Runs `body` with a folder and a store path in a temporary directory it then removes. */
async function inTempDir(
  body: (paths: { dir: string; folder: string; out: string }) => Promise<void>,
): Promise<void> {
  const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "tmcp-index-full-" }));
  try {
    await body({ dir, folder: join(dir, "calls"), out: join(dir, "archive.db") });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

const FULL = /Cannot index into .*: the disk (is full|could not be written: full, or failing)/;
const onWindows = Deno.build.os === "windows";

Deno.test({
  name: "index: a new store that the disk cannot take leaves nothing behind and says why",
  ignore: onWindows,
  fn: () =>
    inTempDir(async ({ dir, folder, out }) => {
      writeCalls(folder, 0, 300);
      const run = await indexCapped(folder, out, 256);
      assertEquals(run.code, 1, run.stderr);
      assertMatch(run.stderr, FULL);
      assertMatch(run.stderr, /; nothing was written\n$/);
      assert(!run.stderr.includes("internal error"), run.stderr);
      assertEquals(run.stdout, "");
      assertEquals([...Deno.readDirSync(dir)].map((entry) => entry.name), ["calls"]);

      const again = await runCli(["index", folder, "--out", out]);
      assertEquals(again.code, 0, again.stderr);
      assertEquals(transcriptCount(out), 300);
    }),
});

Deno.test({
  name: "index: a refresh that the disk cannot take leaves the store as it was and says why",
  ignore: onWindows,
  fn: () =>
    inTempDir(async ({ folder, out }) => {
      writeCalls(folder, 0, 20);
      const first = await runCli(["index", folder, "--out", out]);
      assertEquals(first.code, 0, first.stderr);
      writeCalls(folder, 20, 300);
      const run = await indexCapped(folder, out, 128);
      assertEquals(run.code, 1, run.stderr);
      assertMatch(run.stderr, FULL);
      assertMatch(run.stderr, /; the store is as it was before this run\n$/);
      assertEquals(transcriptCount(out), 20);
      const check = await runCli(["check", "--source", out]);
      assertEquals(check.code, 0, check.stdout + check.stderr);
      assertMatch(check.stdout, /search index: +in sync/);

      const again = await runCli(["index", folder, "--out", out]);
      assertEquals(again.code, 0, again.stderr);
      assertEquals(transcriptCount(out), 320);
    }),
});
