/**
 * A KuraDB database for the benchmark, deterministic for a seed and chunk count: files whose
 * text is a transcript of bench/transcript_gen.ts (so the planted words mean what they mean
 * for our own store), cut into chunks of about {@link KURADB_CHUNK_CHARS_BENCH} characters as
 * KuraDB's chunker leaves them, written by the app's upsert (tests/helpers/kuradb_fixture.ts).
 * One file in ten was changed once, so its first version's chunks lie dismissed beside the
 * live ones; one in fifty holds the planted non-ASCII word, capitalised.
 *
 * ```sh
 * deno task gen-kuradb --out /work/bench-cache/kuradb/bench/data.db --chunks 50000
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { dirname } from "node:path";
import { ContentGenerator } from "./transcript_gen.ts";
import { seededRandom } from "./prng.ts";
import { formatBytes, positiveInteger } from "./gen_store.ts";
import { type KuraDbFile, upsertKuraDbFiles } from "../tests/helpers/kuradb_fixture.ts";

/** The non-ASCII word planted in about one file in fifty, capitalised. */
export const KURADB_NON_ASCII_WORD = "Ørstedvik";
/** The mean chunk length in characters. */
export const KURADB_CHUNK_CHARS_BENCH = 1_000;
/** The mean file length in words: about 20 chunks. */
const AVERAGE_WORDS = 3_000;
const STREAM_KURADB = 13;

/** Cuts `text` into chunks of about `size` characters, at spaces. */
function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + size);
    const space = text.indexOf(" ", end);
    if (end < text.length && space !== -1 && space - end < 200) end = space;
    chunks.push(text.slice(at, end).trim());
    at = end;
  }
  return chunks.filter((chunk) => chunk !== "");
}

/** What {@link generateKuraDb} wrote. */
export interface KuraDbCounts {
  files: number;
  live: number;
  dismissed: number;
  bytes: number;
}

/**
 * Writes a KuraDB data.db at `out` with about `chunks` live chunks.
 *
 * @example
 * ```ts
 * import { generateKuraDb } from "./gen_kuradb.ts";
 * generateKuraDb({ out: "/tmp/kuradb/bench/data.db", chunks: 1_000 });
 * ```
 */
export function generateKuraDb(
  options: { out: string; chunks: number; seed?: number },
): KuraDbCounts {
  const seed = options.seed ?? 1;
  Deno.mkdirSync(dirname(options.out), { recursive: true });
  const generator = new ContentGenerator({
    seed,
    averageWords: AVERAGE_WORDS,
    count: Math.ceil(options.chunks / 20),
  });
  const counts = { files: 0, live: 0, dismissed: 0, bytes: 0 };
  let batch: KuraDbFile[] = [];
  for (let n = 0; counts.live < options.chunks; n++) {
    const random = seededRandom(seed, STREAM_KURADB, n);
    const { transcript } = generator.item(n);
    let text = transcript.segments.map((segment) => segment.text).join(" ");
    if (random() < 0.02) {
      const at = Math.floor(random() * text.length);
      text = `${text.slice(0, at)} the ${KURADB_NON_ASCII_WORD} survey ${text.slice(at)}`;
    }
    const chunks = chunksOf(text, KURADB_CHUNK_CHARS_BENCH).slice(0, options.chunks - counts.live);
    const createdAt = new Date(transcript.createdAt).toISOString().slice(0, 19).replace("T", " ");
    const source = `/Users/ada/.config/kuradb/bench/inbox/notes/${n}-${transcript.title}.md`;
    if (random() < 0.1) {
      // An earlier version, two chunks longer: its rows are dismissed by the next upsert.
      const first = [...chunks, chunks[0]!, chunks[0]!];
      batch.push({ source, chunks: first, createdAt });
      counts.dismissed += 2;
    }
    batch.push({ source, chunks, createdAt });
    counts.files++;
    counts.live += chunks.length;
    counts.bytes += chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    if (batch.length >= 200) {
      upsertKuraDbFiles(options.out, batch);
      batch = [];
    }
  }
  upsertKuraDbFiles(options.out, batch);
  return counts;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { out: { type: "string" }, chunks: { type: "string" }, seed: { type: "string" } },
  });
  const out = values.out ?? "/work/bench-cache/kuradb/bench/data.db";
  const chunks = positiveInteger("--chunks", values.chunks, 50_000);
  const started = performance.now();
  const counts = generateKuraDb({
    out,
    chunks,
    seed: positiveInteger("--seed", values.seed, 1),
  });
  console.log(
    `${out}: ${counts.files} files, ${counts.live} live chunks, ${counts.dismissed} dismissed, ` +
      `${formatBytes(counts.bytes)} of text in ${
        ((performance.now() - started) / 1000).toFixed(1)
      } s`,
  );
}
