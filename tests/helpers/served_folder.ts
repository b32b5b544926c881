/**
 * Waiting on a served folder from a wire test: polls with a generous timeout, so nothing
 * depends on how fast a loaded machine follows a change.
 */
import type { Message, ServerProcess } from "./server_process.ts";

/** How long {@link until} polls before failing, in ms. */
export const WAIT_MS = 30_000;

/**
 * Polls `check` until it holds, failing with `what` after {@link WAIT_MS}.
 *
 * @example
 * ```ts
 * import { until } from "./served_folder.ts";
 * await until("always", () => Promise.resolve(true));
 * ```
 */
export async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not seen within ${WAIT_MS} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first source `list_sources` gives, as its structured answer has it. */
export async function folderSource(server: ServerProcess): Promise<Message> {
  return (await server.callTool("list_sources", {}))["structuredContent"].sources[0];
}

/**
 * The ids `search_transcripts` finds for `query` (up to 20), sorted.
 *
 * @example
 * ```ts
 * import { foundIds } from "./served_folder.ts";
 * import { startServer } from "./server_process.ts";
 * const server = startServer(["--source", "notes=/tmp/notes"]);
 * await server.initialize();
 * await foundIds(server, "marmot"); // the ids of the files that say "marmot"
 * ```
 */
export async function foundIds(server: ServerProcess, query: string): Promise<string[]> {
  const result = await server.callTool("search_transcripts", { query, limit: 20 });
  return result["structuredContent"].results.map((hit: Message) => hit["id"]).sort();
}
