/**
 * The word-vector table of search by meaning, read on first use, once per thread.
 *
 * Only a search in mode `meaning` or `both` asks for it, and searches run on worker threads
 * (search_transcripts is not `cheap`, so lib/runtime/inline_calls.ts never runs it on the
 * main thread): start-up and the main thread never read it. It is found beside the module
 * that reads it: lib/search/word_vectors.bin when run from source; in the release build the
 * worker is bundled to dist/bundle/tool_worker.js, and scripts/compile.ts copies the table
 * beside that bundle and embeds it in the binary.
 *
 * The workers of a pool share one copy: the pool gives each the same shared memory
 * ({@link SHARED_TABLE_BYTES}, which takes no memory until written), and the first worker to
 * need the table reads the file into it while any other that needs it waits; each then
 * builds its own small index over the shared bytes.
 *
 * @module
 */
import { decodeWordVectorTable, type WordVectorTable } from "./word_vector_table.ts";

/** The table's file name, beside this module or beside the worker bundle. */
export const WORD_VECTORS_FILE = "word_vectors.bin";

/**
 * The size of the shared memory a pool gives its workers for the table: the table (8.5 MB)
 * and room to grow. A larger table is read by each worker on its own.
 */
export const SHARED_TABLE_BYTES = 16 * 1024 * 1024;

// The shared memory's first two int32s: its state, and the table's length in bytes.
const STATE = 0;
const LENGTH = 1;
const HEADER_BYTES = 8;
const EMPTY = 0;
const READING = 1;
const READY = 2;
const FAILED = 3;
/** How long a worker waits for another to read the table before reading it itself. */
const WAIT_MS = 10_000;

let loaded: { table: WordVectorTable } | { failure: string } | undefined;
let shared: SharedArrayBuffer | undefined;

/**
 * Gives this thread the pool's shared memory for the table: the first thread to need the
 * table reads it there, the others use it.
 *
 * @example
 * ```ts
 * import { SHARED_TABLE_BYTES, useWordVectors } from "./word_vectors_file.ts";
 * useWordVectors(new SharedArrayBuffer(SHARED_TABLE_BYTES));
 * ```
 */
export function useWordVectors(memory: SharedArrayBuffer): void {
  shared ??= memory;
}

/**
 * The table, read and decoded on the first call in this thread; `{ failure }` saying why
 * when it cannot be read (the search then runs on the query's own words and says so).
 *
 * @example
 * ```ts
 * import { wordVectors } from "./word_vectors_file.ts";
 * const loaded = wordVectors();
 * if ("table" in loaded) loaded.table.neighboursOf("budget");
 * ```
 */
export function wordVectors(): { table: WordVectorTable } | { failure: string } {
  if (loaded === undefined) {
    const url = new URL(`./${WORD_VECTORS_FILE}`, import.meta.url);
    try {
      loaded = {
        table: decodeWordVectorTable(
          shared === undefined ? Deno.readFileSync(url) : sharedBytes(shared, url),
        ),
      };
    } catch (error) {
      const why = error instanceof Deno.errors.NotFound
        ? `${WORD_VECTORS_FILE} is not beside the server's code`
        : (error as Error).message.replace(/^Cannot read the word-vector table: /, "");
      loaded = { failure: `Cannot read the word-vector table: ${why}` };
    }
  }
  return loaded;
}

/**
 * The table's bytes in the shared memory: read there by this thread if it is the first,
 * else as another thread read them; read privately if that failed or did not fit.
 */
function sharedBytes(memory: SharedArrayBuffer, url: URL): Uint8Array {
  const flags = new Int32Array(memory, 0, 2);
  if (Atomics.compareExchange(flags, STATE, EMPTY, READING) === EMPTY) {
    let length = -1;
    try {
      length = readInto(url, new Uint8Array(memory, HEADER_BYTES));
    } finally {
      Atomics.store(flags, LENGTH, length);
      Atomics.store(flags, STATE, length === -1 ? FAILED : READY);
      Atomics.notify(flags, STATE);
    }
    if (length === -1) return Deno.readFileSync(url); // Too large to share.
  } else {
    Atomics.wait(flags, STATE, READING, WAIT_MS);
  }
  if (Atomics.load(flags, STATE) !== READY) return Deno.readFileSync(url);
  return new Uint8Array(memory, HEADER_BYTES, Atomics.load(flags, LENGTH));
}

/** Reads the file at `url` into `into`; its length, or -1 when it does not fit. */
function readInto(url: URL, into: Uint8Array): number {
  const file = Deno.openSync(url);
  try {
    const size = file.statSync().size;
    if (size > into.length) return -1;
    let at = 0;
    while (at < size) {
      const read = file.readSync(into.subarray(at, size));
      if (read === null || read === 0) {
        throw new Error("Cannot read the word-vector table: cut short");
      }
      at += read;
    }
    return size;
  } finally {
    file.close();
  }
}
