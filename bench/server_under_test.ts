/**
 * The server under test: spawning a checkout's server as `deno task start` would run it, and
 * the facts about a store that the query classes need (page 200's cursor, the median and
 * largest transcripts).
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Store } from "../lib/store/store.ts";
import { McpClient, serverArgs } from "./mcp_client.ts";
import type { StoreFacts } from "./query_classes.ts";

/** The checkout's root, where deno.json and main.ts are. */
export const PROJECT_ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The start task (`deno task start`'s command) of the checkout at `checkout`. */
function startTaskOf(checkout: string): string {
  const config = JSON.parse(Deno.readTextFileSync(join(checkout, "deno.json")));
  return config.tasks.start;
}

/**
 * Spawns the server of the checkout at `checkout` (this one by default) on the store at `db`,
 * with that checkout's own start flags.
 *
 * @example
 * ```ts
 * import { startServer } from "./server_under_test.ts";
 * const client = startServer("/tmp/bench.db");
 * await client.initialize();
 * await client.close();
 * ```
 */
export function startServer(db: string, checkout: string = PROJECT_ROOT): McpClient {
  return new McpClient(Deno.execPath(), serverArgs(startTaskOf(checkout), db), checkout);
}

/**
 * Walks list_transcripts' cursor to the cursor of page 200, or of the deepest page.
 *
 * @example
 * ```ts
 * import { startServer, walkToPage200 } from "./server_under_test.ts";
 * const client = startServer("/tmp/bench.db");
 * await client.initialize();
 * const { cursor, page } = await walkToPage200(client);
 * ```
 */
export async function walkToPage200(client: McpClient): Promise<{ cursor: string; page: number }> {
  // Invariant: `cursor` fetches page `page` (undefined fetches page 1).
  let cursor: string | undefined;
  let page = 1;
  while (page < 200) {
    const answer = await client.callTool(
      "list_transcripts",
      cursor === undefined ? {} : { cursor },
    );
    const next = answer.message["result"].structuredContent.nextCursor as string | null;
    if (next === null) break;
    cursor = next;
    page++;
  }
  if (cursor === undefined) throw new Error("the store needs more than one page (20 transcripts)");
  return { cursor, page };
}

/**
 * The ids of the store's median and largest transcripts, by text length.
 *
 * @example
 * ```ts
 * import { storeFacts } from "./server_under_test.ts";
 * import { openEngine } from "./engine_sql.ts";
 * const { medianId, largestId } = storeFacts(openEngine("/tmp/bench.db"));
 * ```
 */
export function storeFacts(engine: Store): Omit<StoreFacts, "page200Cursor"> {
  const lengths = engine.all("SELECT id, length(text) AS n FROM transcripts")
    .map((row) => ({ id: String(row["id"]), n: Number(row["n"]) }))
    .sort((a, b) => a.n - b.n || (a.id < b.id ? -1 : 1));
  return {
    medianId: lengths[Math.floor(lengths.length / 2)]!.id,
    largestId: lengths.at(-1)!.id,
  };
}
