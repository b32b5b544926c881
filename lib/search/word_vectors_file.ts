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
      loaded = { table: decodeWordVectorTable(Deno.readFileSync(url)) };
    } catch (error) {
      const why = error instanceof Deno.errors.NotFound
        ? `${WORD_VECTORS_FILE} is not beside the server's code`
        : (error as Error).message.replace(/^Cannot read the word-vector table: /, "");
      loaded = { failure: `Cannot read the word-vector table: ${why}` };
    }
  }
  return loaded;
}
