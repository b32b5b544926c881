/**
 * Serving a folder of 1,000 VTT files (bench/gen_folder.ts, about 60 MB): the time from
 * spawning the server until the whole folder is searchable, against the floor, SQLite's own
 * FTS5 build of the same text in memory (same tokenizer, one transaction, nothing else), and
 * the server's memory while it serves the folder. Rounds interleave the two so a noisy
 * machine affects both alike; medians. Bars: within 2x the floor, RSS under 250 MB.
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-run --allow-env bench/folder_bench.ts /work/bench-cache/folder-1000
 * ```
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { ContentGenerator } from "./transcript_gen.ts";
import { FOLDER_AVERAGE_WORDS, generateFolder } from "./gen_folder.ts";
import { startServer } from "./server_under_test.ts";
import { median } from "./stats.ts";
import { readProcFile } from "./proc.ts";
import { COMMON_WORD, EVERY_WORD, RARE_WORD } from "./planted_terms.ts";

const COUNT = 1_000;
const ROUNDS = 3;
const RATIO_BAR = 2;
const RSS_BAR_MB = 250;
const POLL_MS = 25;

/** The texts the server indexes: each file's title and its turns as `Speaker: text` lines. */
function sameTexts(count: number): { title: string; text: string }[] {
  const generator = new ContentGenerator({ seed: 1, averageWords: FOLDER_AVERAGE_WORDS, count });
  return Array.from({ length: count }, (_, n) => {
    const { transcript } = generator.item(n);
    return {
      title: transcript.title,
      text: transcript.segments.map((s) => `${s.speaker}: ${s.text}`).join("\n"),
    };
  });
}

/** SQLite's own FTS5 build of `texts`, in memory, in ms. */
function floorMs(texts: readonly { title: string; text: string }[]): number {
  const started = performance.now();
  const db = new DatabaseSync(":memory:");
  db.exec(
    "CREATE VIRTUAL TABLE t USING fts5 (title, text, " +
      "tokenize = 'porter unicode61 remove_diacritics 2')",
  );
  const insert = db.prepare("INSERT INTO t (title, text) VALUES (?, ?)");
  db.exec("BEGIN");
  for (const { title, text } of texts) insert.run(title, text);
  db.exec("COMMIT");
  const ms = performance.now() - started;
  db.close();
  return ms;
}

/** A line of /proc/PID/status in MB (VmRSS, VmHWM), or NaN off Linux. */
function procMb(pid: number, field: string): number {
  const status = readProcFile(`/proc/${pid}/status`) ?? "";
  const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
  return kib === undefined ? NaN : Number(kib) / 1024;
}

interface ServerRound {
  initializeMs: number;
  searchableMs: number;
  transcripts: number;
  rssMb: number;
  peakMb: number;
}

/** Spawns the server on `folder` and times it until list_sources says indexing is done. */
async function serverRound(folder: string): Promise<ServerRound> {
  const client = startServer(folder);
  try {
    const init = await client.initialize();
    const initializeMs = init.message ? performance.now() - client.spawnedAt : NaN;
    let source: { transcripts: number; notes: string[] };
    for (;;) {
      const answer = await client.callTool("list_sources", {});
      source = answer.message["result"].structuredContent.sources[0];
      if (!source.notes.some((note) => note.startsWith("indexing"))) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const searchableMs = performance.now() - client.spawnedAt;
    for (const query of [EVERY_WORD, COMMON_WORD, RARE_WORD, `${EVERY_WORD} ${RARE_WORD}`]) {
      await client.callTool("search_transcripts", { query, limit: 20 });
    }
    const page = await client.callTool("list_transcripts", { limit: 5 });
    const first = page.message["result"].structuredContent.transcripts[0];
    if (first !== undefined) await client.callTool("get_transcript", { id: first.id });
    return {
      initializeMs,
      searchableMs,
      transcripts: source.transcripts,
      rssMb: procMb(client.pid, "VmRSS"),
      peakMb: procMb(client.pid, "VmHWM"),
    };
  } finally {
    await client.close();
  }
}

if (import.meta.main) {
  const folder = Deno.args[0] ?? "/work/bench-cache/folder-1000";
  try {
    Deno.statSync(folder);
  } catch {
    console.error(`folder-bench: generating ${folder}`);
    generateFolder({ count: COUNT, out: folder });
  }
  const texts = sameTexts(COUNT);
  const bytes = texts.reduce((sum, t) => sum + t.text.length + t.title.length, 0);
  const floors: number[] = [];
  const rounds: ServerRound[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    floors.push(floorMs(texts));
    rounds.push(await serverRound(folder));
  }
  const floor = median(floors);
  const searchable = median(rounds.map((r) => r.searchableMs));
  const rss = median(rounds.map((r) => r.rssMb));
  const peak = median(rounds.map((r) => r.peakMb));
  const ratio = searchable / floor;
  const indexed = rounds[0]!.transcripts;
  console.log(`folder-bench: ${COUNT} VTT files, ${(bytes / 1e6).toFixed(1)} MB of text`);
  console.log(
    `  floor (SQLite FTS5 build in memory)  ${floor.toFixed(0)} ms ` +
      `(${(bytes / 1e6 / (floor / 1000)).toFixed(1)} MB/s)`,
  );
  console.log(
    `  initialize answered, from spawn       ${
      median(rounds.map((r) => r.initializeMs)).toFixed(0)
    } ms`,
  );
  console.log(
    `  searchable, from spawn                ${searchable.toFixed(0)} ms = ` +
      `${ratio.toFixed(2)}x the floor (bar ${RATIO_BAR}x): ${ratio <= RATIO_BAR ? "pass" : "FAIL"}`,
  );
  console.log(`  transcripts indexed                   ${indexed} of ${COUNT}`);
  console.log(
    `  RSS serving (VmRSS), peak (VmHWM)     ${rss.toFixed(0)} MB, ${peak.toFixed(0)} MB ` +
      `(bar ${RSS_BAR_MB} MB): ${rss < RSS_BAR_MB ? "pass" : "FAIL"}`,
  );
  if (indexed !== COUNT) {
    console.log("  (the folder was not read whole: is the VTT reader in lib/ingest/ merged?)");
  }
}
