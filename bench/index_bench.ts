/**
 * `deno task bench-index [--count N] [--words AVG] [--runs R] [--cache DIR]`: how long
 * `transcript-mcp index` takes, against SQLite's own FTS5 build of the same text on disk.
 *
 * - The source: a store of ours from bench/gen_store.ts (1,000 transcripts of about 10,000
 *   words, about 60 MB of text, by default), made once in the cache directory.
 *   With `--folder DIR` (a folder from `deno task gen-folder`), the source is that folder of
 *   transcript files, and the floor builds the same titles and texts as the files read.
 * - The floor: the same titles and texts, read into memory beforehand, inserted in one
 *   transaction into a new on-disk database holding only an FTS5 table with the store's
 *   tokenizer. SQLite's own work, with nothing of ours around it.
 * - The full run: the real command, `deno run <the binary's flags> main.ts index SRC --out OUT`,
 *   from spawn to exit, into a new file each time.
 * - The reruns: the same command again over the store it built, with nothing changed: once
 *   as is (the source's files are as at the last run, so it is not read), once with the
 *   source's modification time moved (so it is read in full and every item's hash compared).
 *
 * Floor and full runs alternate, and medians are compared, so that load on a shared machine
 * hits both alike.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { readTranscriptFile } from "../lib/ingest/read_transcript_file.ts";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateStore } from "./gen_store.ts";
import { median } from "./stats.ts";
import { removeDatabaseFiles } from "../lib/store/database_files.ts";
import { readStartPermissionFlags } from "../scripts/permission_flags.ts";

const ROOT = new URL("../", import.meta.url).pathname;

const { values } = parseArgs({
  args: Deno.args,
  options: {
    count: { type: "string", default: "1000" },
    words: { type: "string", default: "10000" },
    runs: { type: "string", default: "3" },
    cache: { type: "string", default: "/work/bench-cache" },
    folder: { type: "string" },
  },
});
const count = Number(values.count);
const words = Number(values.words);
const runs = Number(values.runs);

Deno.mkdirSync(values.cache, { recursive: true });
const source = values.folder ?? join(values.cache, `index-src-${count}x${words}.db`);
try {
  Deno.statSync(source);
} catch {
  console.error(`generating ${source} …`);
  generateStore({ count, out: source, averageWords: words });
}

/** The titles and texts of a folder's transcript files, as the folder source reads them. */
function folderTexts(dir: string): { title: string; text: string }[] {
  const texts: { title: string; text: string }[] = [];
  const walk = (at: string) => {
    for (const entry of Deno.readDirSync(at)) {
      const path = join(at, entry.name);
      if (entry.isDirectory) walk(path);
      else if (entry.isFile) {
        const outcome = readTranscriptFile(Deno.readFileSync(path), entry.name);
        if (outcome.kind === "transcript") texts.push(outcome.transcript);
      }
    }
  };
  walk(dir);
  return texts;
}
const scratch = Deno.makeTempDirSync({ dir: values.cache, prefix: "index-bench-" });

function readTexts(): { title: string; text: string }[] {
  if (values.folder !== undefined) return folderTexts(values.folder);
  const db = new DatabaseSync(source, { readOnly: true });
  try {
    return db.prepare("SELECT title, text FROM transcripts").all().map((row) => ({
      title: String(row["title"]),
      text: String(row["text"]),
    }));
  } finally {
    db.close();
  }
}

const texts = readTexts();
const textBytes = texts.reduce((sum, t) => sum + t.title.length + t.text.length, 0);

function floor(): number {
  const out = join(scratch, "floor.db");
  removeDatabaseFiles(out);
  const started = performance.now();
  const db = new DatabaseSync(out);
  db.exec(
    "CREATE VIRTUAL TABLE t USING fts5(title, text, tokenize = 'porter unicode61 remove_diacritics 2')",
  );
  const insert = db.prepare("INSERT INTO t (title, text) VALUES (?, ?)");
  db.exec("BEGIN");
  for (const { title, text } of texts) insert.run(title, text);
  db.exec("COMMIT");
  db.close();
  return performance.now() - started;
}

async function index(out: string): Promise<{ ms: number; summary: string }> {
  const started = performance.now();
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...readStartPermissionFlags(), "main.ts", "index", source, "--out", out],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const ms = performance.now() - started;
  const said = new TextDecoder().decode(result.stdout).trim();
  if (!result.success) throw new Error(new TextDecoder().decode(result.stderr));
  return { ms, summary: said };
}

const floors: number[] = [];
const fulls: number[] = [];
const reruns: number[] = [];
const rereads: number[] = [];
const out = join(scratch, "archive.db");
let summary = "";
try {
  for (let i = 0; i < runs; i++) {
    floors.push(floor());
    removeDatabaseFiles(out);
    const full = await index(out);
    fulls.push(full.ms);
    summary = full.summary;
  }
  let rerunSummary = "";
  let rereadSummary = "";
  for (let i = 0; i < Math.max(runs, 5); i++) {
    const rerun = await index(out);
    reruns.push(rerun.ms);
    rerunSummary = rerun.summary;
    // Another time in the past each round: the stamp differs, the content does not.
    const past = new Date(Date.now() - 3_600_000 - i * 60_000);
    if (values.folder === undefined) Deno.utimeSync(source, past, past);
    const reread = await index(out);
    rereads.push(reread.ms);
    rereadSummary = reread.summary;
  }
  const mb = textBytes / 1e6;
  const f = median(floors);
  const full = median(fulls);
  console.log(`source: ${texts.length} transcripts, ${mb.toFixed(1)} MB of text (${source})`);
  console.log(`full run: ${summary}`);
  console.log(`rerun:    ${rerunSummary.replaceAll("\n", " / ")}`);
  console.log(`reread:   ${rereadSummary}`);
  console.log("");
  console.log("| Step (median) | Time | MB/s | Ratio to the floor |");
  console.log("| --- | ---: | ---: | ---: |");
  console.log(
    `| FTS5 build on disk (floor) | ${f.toFixed(0)} ms | ${(mb / f * 1000).toFixed(1)} | 1.00 |`,
  );
  console.log(
    `| index, full (spawn to exit) | ${full.toFixed(0)} ms | ${(mb / full * 1000).toFixed(1)} | ${
      (full / f).toFixed(2)
    } |`,
  );
  console.log(`| index, nothing changed (spawn to exit) | ${median(reruns).toFixed(0)} ms | | |`);
  console.log(
    `| index, nothing changed, read in full (spawn to exit) | ${
      median(rereads).toFixed(0)
    } ms | | |`,
  );
  const bare = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await new Deno.Command(Deno.execPath(), {
      args: ["run", ...readStartPermissionFlags(), "main.ts", "--version"],
      cwd: ROOT,
      stdout: "null",
    }).output();
    bare.push(performance.now() - started);
  }
  console.log(
    `| transcript-mcp --version (spawn to exit, for scale) | ${median(bare).toFixed(0)} ms | | |`,
  );
} finally {
  Deno.removeSync(scratch, { recursive: true });
}
