/**
 * A rousseau session store for the benchmark, deterministic for a seed and count. Each
 * session is a transcript of bench/transcript_gen.ts (so the planted words mean what they
 * mean for our own store) saved as rousseau saves a chat: its turns alternate user and
 * assistant messages, a few turns at a time joined by line breaks in one text block (so
 * words follow `\n` in the JSON, as in real chats), one session in four has a tool call
 * and its result, one in fifty a small image; `updated_at` follows the last message.
 *
 * ```sh
 * deno run --allow-read --allow-write bench/gen_rousseau.ts --out /work/bench-cache/rousseau-10000.db --count 10000
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { ContentGenerator } from "./transcript_gen.ts";
import { removeDatabaseFiles } from "../lib/store/database_files.ts";
import { chance, seededRandom } from "./prng.ts";
import { formatBytes, positiveInteger } from "./gen_store.ts";
import {
  openRousseauDb,
  type RousseauMessage,
  type RousseauSession,
  saveSession,
} from "../tests/helpers/rousseau_fixture.ts";

/** The mean session length in words. */
export const ROUSSEAU_AVERAGE_WORDS = 800;
const STREAM_SHAPE = 71;
const IMAGE = "iVBORw0KGgoAAAANSUhEUgAA" + "QUFBQUFB".repeat(250);

/** Session `n` of a generated store. */
export function generatedSession(
  generator: ContentGenerator,
  seed: number,
  n: number,
): RousseauSession {
  const { transcript } = generator.item(n);
  const random = seededRandom(seed, STREAM_SHAPE, n);
  const messages: RousseauMessage[] = [];
  const start = Date.parse(transcript.createdAt);
  let at = start;
  for (let i = 0; i < transcript.segments.length; i += 3) {
    const text = transcript.segments.slice(i, i + 3).map((s) => s.text).join("\n");
    const user = messages.length % 2 === 0;
    at += 20_000;
    messages.push({
      role: user ? "user" : "assistant",
      blocks: [{ text }],
      at: user ? new Date(at).toISOString() : null,
    });
  }
  if (chance(random, 0.25)) {
    messages.push(
      {
        role: "assistant",
        blocks: [{ toolUse: { name: "search", input: { q: transcript.title } } }],
        at: null,
      },
      { role: "user", blocks: [{ toolResult: `results for ${transcript.title}` }], at: null },
    );
  }
  if (chance(random, 0.02)) {
    messages.unshift({ role: "user", blocks: [{ imageBase64: IMAGE }], at: transcript.createdAt });
  }
  return {
    id: transcript.id,
    title: transcript.title,
    createdAt: transcript.createdAt,
    updatedAt: new Date(at).toISOString(),
    messages,
  };
}

/** Writes a store of `count` sessions at `out` (replaced). */
export function generateRousseau(options: { count: number; out: string; seed?: number }): void {
  const seed = options.seed ?? 1;
  removeDatabaseFiles(options.out);
  const db = openRousseauDb(options.out);
  const generator = new ContentGenerator({
    seed,
    averageWords: ROUSSEAU_AVERAGE_WORDS,
    count: options.count,
  });
  db.exec("BEGIN");
  for (let n = 0; n < options.count; n++) saveSession(db, generatedSession(generator, seed, n));
  db.exec("COMMIT");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { out: { type: "string" }, count: { type: "string" }, seed: { type: "string" } },
  });
  const out = values.out ?? "/work/bench-cache/rousseau-10000.db";
  const count = positiveInteger("count", values.count, 10_000);
  generateRousseau({ count, out, seed: Number(values.seed ?? 1) });
  console.log(`${out}: ${count} sessions, ${formatBytes(Deno.statSync(out).size)}`);
}
