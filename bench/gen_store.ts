/**
 * `deno task gen-store --count N --out PATH [--seed S] [--words AVG] [--force]`: writes a
 * synthetic transcript store for benchmarks, with the contract's schema (lib/store/schema.sql).
 *
 * Rows go in the way the owning app appends them over time: many small transactions, each
 * one transcript with its segments and tasks or a few of them (50–200 rows), each written
 * by one call of lib/store/populate_store.ts's populateStore, so the FTS index is left with many
 * segments, as a live store has. The FTS 'optimize' command is never run. The journal is WAL, which docs/store.md recommends to apps; it is
 * checkpointed at the end so the main file holds every row.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { populateStore } from "../lib/store/populate_store.ts";
import { SCHEMA_SQL } from "../lib/store/schema.ts";
import { removeDatabaseFiles } from "../lib/store/database_files.ts";
import { randomInt, seededRandom } from "./prng.ts";
import { ContentGenerator, type GeneratedItem } from "./transcript_gen.ts";

/** Options for {@link generateStore}. */
export interface GenerateOptions {
  /** How many transcripts to write. */
  count: number;
  /** Where to write the store. */
  out: string;
  /** The seed; the same seed and count give the same content. Default 1. */
  seed?: number;
  /** The mean transcript length in words. Default 6,000. */
  averageWords?: number;
  /** Replace a file already at `out`. Without it an existing file is an error. */
  force?: boolean;
  /** Called now and then with how many transcripts are written. */
  onProgress?: (written: number) => void;
}

/** What {@link generateStore} wrote. */
export interface GenerateSummary {
  transcripts: number;
  segments: number;
  tasks: number;
  transactions: number;
  /** Segments in the FTS index's b-tree, a sign of how fragmented it is. */
  ftsSegments: number;
  bytes: number;
  seconds: number;
}

const DEFAULT_SEED = 1;
// The stream of transaction sizes (see prng.ts seededRandom); content streams are 1–4.
const STREAM_BATCHES = 5;
const DEFAULT_AVERAGE_WORDS = 6_000;

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/**
 * Writes a store of `count` generated transcripts to `out` and reports what it wrote.
 *
 * @example
 * ```ts
 * import { generateStore } from "./gen_store.ts";
 * const summary = generateStore({ count: 100, out: "/tmp/bench.db", averageWords: 500 });
 * console.log(summary.bytes);
 * ```
 */
export function generateStore(options: GenerateOptions): GenerateSummary {
  const seed = options.seed ?? DEFAULT_SEED;
  const averageWords = options.averageWords ?? DEFAULT_AVERAGE_WORDS;
  if (exists(options.out)) {
    if (!options.force) throw new Error(`${options.out} exists; pass --force to replace it`);
    removeDatabaseFiles(options.out);
  }
  const started = performance.now();
  const generator = new ContentGenerator({ seed, averageWords, count: options.count });
  const batchRandom = seededRandom(seed, STREAM_BATCHES);
  const db = new DatabaseSync(options.out);
  try {
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec(SCHEMA_SQL);
    let segments = 0;
    let tasks = 0;
    let transactions = 0;
    let batch: GeneratedItem[] = [];
    let pendingRows = 0;
    let batchRows = randomInt(batchRandom, 50, 200);
    // One populateStore call is one transaction, as the app's own writes are.
    const commit = () => {
      populateStore(db, batch.map((item) => item.transcript), batch.flatMap((item) => item.tasks));
      transactions++;
      batch = [];
      pendingRows = 0;
    };
    for (let n = 0; n < options.count; n++) {
      const item = generator.item(n);
      batch.push(item);
      segments += item.transcript.segments.length;
      tasks += item.tasks.length;
      pendingRows += 1 + item.transcript.segments.length + item.tasks.length;
      if (pendingRows >= batchRows) {
        commit();
        batchRows = randomInt(batchRandom, 50, 200);
      }
      if ((n + 1) % 1000 === 0) options.onProgress?.(n + 1);
    }
    if (batch.length > 0) commit();
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const ftsSegments = Number(
      db.prepare("SELECT count(DISTINCT segid) AS n FROM transcripts_fts_idx").get()?.["n"] ?? 0,
    );
    db.close();
    return {
      transcripts: options.count,
      segments,
      tasks,
      transactions,
      ftsSegments,
      bytes: Deno.statSync(options.out).size,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    if (db.isOpen) db.close();
  }
}

/** A byte count for people: `1.2 GB`. */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

/**
 * A command-line option's positive integer: `fallback` when the option is absent, an error
 * naming the option when it is absent without a fallback or is not a positive integer.
 *
 * @example
 * ```ts
 * import { positiveInteger } from "./gen_store.ts";
 * positiveInteger("count", "100"); // 100
 * positiveInteger("seed", undefined, 1); // 1
 * ```
 */
export function positiveInteger(
  name: string,
  text: string | undefined,
  fallback?: number,
): number {
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`--${name}: expected a positive integer, got ${text ?? "nothing"}`);
  }
  return value;
}

function main(args: string[]): number {
  const { values } = parseArgs({
    args,
    options: {
      count: { type: "string" },
      out: { type: "string" },
      seed: { type: "string" },
      words: { type: "string" },
      force: { type: "boolean" },
    },
  });
  if (values.out === undefined) throw new Error("--out: required");
  const count = positiveInteger("count", values.count);
  const started = performance.now();
  const summary = generateStore({
    count,
    out: values.out,
    seed: positiveInteger("seed", values.seed, DEFAULT_SEED),
    averageWords: positiveInteger("words", values.words, DEFAULT_AVERAGE_WORDS),
    force: values.force ?? false,
    onProgress: (written) => {
      const seconds = (performance.now() - started) / 1000;
      console.error(`gen-store: ${written}/${count} transcripts, ${seconds.toFixed(0)} s`);
    },
  });
  console.log(
    `gen-store: wrote ${values.out}: ${summary.transcripts} transcripts, ` +
      `${summary.segments} segments, ${summary.tasks} tasks in ${summary.transactions} ` +
      `transactions; ${summary.ftsSegments} FTS segments; ${formatBytes(summary.bytes)} in ` +
      `${summary.seconds.toFixed(1)} s`,
  );
  return 0;
}

if (import.meta.main) {
  try {
    Deno.exit(main(Deno.args));
  } catch (error) {
    console.error(`gen-store: ${(error as Error).message}`);
    Deno.exit(2);
  }
}
