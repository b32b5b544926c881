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
 * @module
 */
import { decodeWordVectorTable, type WordVectorTable } from "./word_vector_table.ts";

/** The table's file name, beside this module or beside the worker bundle. */
export const WORD_VECTORS_FILE = "word_vectors.bin";

let loaded: { table: WordVectorTable } | { failure: string } | undefined;
let shared: SharedArrayBuffer | undefined;
let onRead: ((bytes: SharedArrayBuffer) => void) | undefined;

/**
 * Gives this thread the table's bytes, read by another thread, so it need not read its own
 * copy: each worker of the pool would otherwise hold one (8.5 MB). Decoded on first use.
 *
 * @example
 * ```ts
 * import { useWordVectors } from "./word_vectors_file.ts";
 * useWordVectors(new SharedArrayBuffer(0)); // then wordVectors() decodes these bytes
 * ```
 */
export function useWordVectors(bytes: SharedArrayBuffer): void {
  shared ??= bytes;
}

/**
 * Asks to be told, once, when this thread reads the table from its file, with bytes other
 * threads can use ({@link useWordVectors}).
 *
 * @example
 * ```ts
 * import { shareWordVectors } from "./word_vectors_file.ts";
 * shareWordVectors((bytes) => console.log(bytes.byteLength));
 * ```
 */
export function shareWordVectors(tell: (bytes: SharedArrayBuffer) => void): void {
  onRead = tell;
}

/** The file's bytes, read into memory that other threads can share. */
function readShared(url: URL): SharedArrayBuffer {
  const file = Deno.openSync(url);
  try {
    const bytes = new SharedArrayBuffer(file.statSync().size);
    const view = new Uint8Array(bytes);
    let at = 0;
    while (at < view.length) {
      const read = file.readSync(view.subarray(at));
      if (read === null || read === 0) {
        throw new Error("Cannot read the word-vector table: cut short");
      }
      at += read;
    }
    return bytes;
  } finally {
    file.close();
  }
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
      let bytes = shared;
      if (bytes === undefined) {
        bytes = readShared(url);
        onRead?.(bytes);
      }
      loaded = { table: decodeWordVectorTable(new Uint8Array(bytes)) };
    } catch (error) {
      const why = error instanceof Deno.errors.NotFound
        ? `${WORD_VECTORS_FILE} is not beside the server's code`
        : (error as Error).message.replace(/^Cannot read the word-vector table: /, "");
      loaded = { failure: `Cannot read the word-vector table: ${why}` };
    }
  }
  return loaded;
}
