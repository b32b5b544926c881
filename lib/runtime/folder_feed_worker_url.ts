/**
 * Where `index`'s folder parsing thread's entry is (main.ts): folder_feed_worker.ts beside
 * this module, or in the release build its bundle beside the main bundle
 * (scripts/compile.ts). Not in the entry itself: importing that would run it.
 *
 * @module
 */

/**
 * The URL of `index`'s folder parsing thread's entry.
 *
 * @example
 * ```ts
 * import { FOLDER_FEED_WORKER_URL } from "./folder_feed_worker_url.ts";
 * const worker = new Worker(FOLDER_FEED_WORKER_URL, { type: "module" });
 * worker.terminate();
 * ```
 */
export const FOLDER_FEED_WORKER_URL = new URL(
  import.meta.url.endsWith(".js") ? "./folder_feed_worker.js" : "./folder_feed_worker.ts",
  import.meta.url,
);
