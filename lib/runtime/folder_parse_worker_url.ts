/**
 * Where the folder parsing thread's entry is, for `index` (main.ts): folder_parse_worker.ts
 * beside this module, or in the release build its bundle beside the main bundle
 * (scripts/compile.ts). Not in the entry itself: importing that would run it.
 *
 * @module
 */

/**
 * The URL of the folder parsing thread's entry.
 *
 * @example
 * ```ts
 * import { FOLDER_PARSE_WORKER_URL } from "./folder_parse_worker_url.ts";
 * const worker = new Worker(FOLDER_PARSE_WORKER_URL, { type: "module" });
 * worker.terminate();
 * ```
 */
export const FOLDER_PARSE_WORKER_URL = new URL(
  import.meta.url.endsWith(".js") ? "./folder_parse_worker.js" : "./folder_parse_worker.ts",
  import.meta.url,
);
