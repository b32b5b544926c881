/**
 * Peers: other MCP servers that run SQL on a SQLite file (for instance `mcp-sqlite`,
 * `mcp-server-sqlite-npx` or dbhub from npm), given to `deno task bench` as `--peer
 * "<command>"`. Each runs list_transcripts' first page as plain SQL through its own SQL
 * tool, over stdio, called by turns with this server, so the per-call cost of one and the
 * other is measured on the same machine at the same moment. Nothing in the repository
 * depends on a peer; without `--peer` the comparison is skipped.
 *
 * @module
 */
import { KEEP_GOING_SQL } from "../lib/store/store.ts";
import { LIST_TRANSCRIPTS_SQL } from "./engine_sql.ts";
import { McpClient } from "./mcp_client.ts";

/** Where a peer command takes the store's path; without it the path is appended. */
export const DB_PLACEHOLDER = "{db}";

// list_transcripts reads one row more than it shows, to know whether more follow.
const LIST_ROWS = 21;

/**
 * list_transcripts' first page as plain SQL: the tool's own statement without its per-row
 * deadline check (a function of this server's connection), its limit written in.
 */
export const PEER_LIST_SQL = LIST_TRANSCRIPTS_SQL
  .replace(`WHERE ${KEEP_GOING_SQL}`, "")
  .replace("LIMIT ?", `LIMIT ${LIST_ROWS}`)
  .replace(/\s+/g, " ")
  .trim();

/** The argument names, in order of preference, under which a SQL tool takes its statement. */
const SQL_ARGUMENTS = ["sql", "query"] as const;

/** A tool as `tools/list` describes it. */
export interface ListedTool {
  name: string;
  inputSchema?: { properties?: Record<string, { type?: unknown }> };
}

/**
 * The tool a peer runs SQL with, and the argument that takes the statement: the first tool
 * with a string argument named `sql`, or else the first with one named `query`.
 *
 * @example
 * ```ts
 * import { findSqlTool } from "./peer.ts";
 * findSqlTool([{ name: "read_query", inputSchema: { properties: { query: { type: "string" } } } }]);
 * // { tool: "read_query", argument: "query" }
 * ```
 */
export function findSqlTool(
  tools: readonly ListedTool[],
): { tool: string; argument: string } | undefined {
  for (const argument of SQL_ARGUMENTS) {
    const found = tools.find((t) => t.inputSchema?.properties?.[argument]?.type === "string");
    if (found !== undefined) return { tool: found.name, argument };
  }
  return undefined;
}

/**
 * A peer's command line, split at spaces, with the store's path for {@link DB_PLACEHOLDER}
 * or, without one, after the last word.
 *
 * @example
 * ```ts
 * import { peerCommandLine } from "./peer.ts";
 * peerCommandLine("node server.js", "/tmp/s.db"); // ["node", "server.js", "/tmp/s.db"]
 * peerCommandLine("deno run -A dbhub.js --dsn=sqlite://{db}", "/tmp/s.db").at(-1);
 * // "--dsn=sqlite:///tmp/s.db"
 * ```
 */
export function peerCommandLine(command: string, db: string): string[] {
  const words = command.trim().split(/\s+/).filter((word) => word !== "");
  if (words.length === 0) throw new Error("--peer needs a command");
  if (!command.includes(DB_PLACEHOLDER)) return [...words, db];
  return words.map((word) => word.replaceAll(DB_PLACEHOLDER, db));
}

/** A started peer: its client, and the call that lists the newest transcripts. */
export interface Peer {
  command: string;
  client: McpClient;
  tool: string;
  args: Record<string, unknown>;
}

/**
 * Starts `command` on the store at `db`, initializes it and finds its SQL tool.
 *
 * @example
 * ```ts
 * import { startPeer } from "./peer.ts";
 * const peer = await startPeer("node mcp-sqlite-server.js", "/tmp/bench.db");
 * await peer.client.callTool(peer.tool, peer.args);
 * await peer.client.close();
 * ```
 */
export async function startPeer(command: string, db: string): Promise<Peer> {
  const [program, ...args] = peerCommandLine(command, db);
  const client = new McpClient(program!, args, Deno.cwd());
  try {
    await client.initialize();
    const listed = await client.request("tools/list");
    const tools = (listed.message["result"]?.tools ?? []) as ListedTool[];
    const found = findSqlTool(tools);
    if (found === undefined) {
      throw new Error(`peer ${command} has no tool with a "sql" or "query" string argument`);
    }
    return { command, client, tool: found.tool, args: { [found.argument]: PEER_LIST_SQL } };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}
