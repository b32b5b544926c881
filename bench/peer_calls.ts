/**
 * `deno task bench-peers --db PATH --peer "COMMAND"… [--baseline DIR] [--rounds N] [--searches]`: the
 * per-call classes the peers can run, side by side. Each round calls every server in turn
 * (starting from another one each round): a ping, list_transcripts' first page, and
 * get_transcript of the store's median transcript; each peer runs the same two statements
 * through its SQL tool (bench/peer.ts). After the rounds, each server's peak RSS (VmHWM):
 * the peers' work is these calls alone, so ours is read after the same calls, before any
 * search starts a worker. With `--searches`, rounds of the benchmark's search classes
 * (query_classes.ts) follow: ours in mode `words`, each peer running the ranking a SQL user
 * would write, with a snippet per hit and again without ({@link peerSearchSql}). With
 * `--baseline DIR`, another checkout's server (an older commit, from `git worktree add DIR
 * COMMIT`) takes its turns too, for before and after figures from one run.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { isAbsolute, resolve } from "node:path";
import { DOCUMENT_SQL } from "../lib/sources/contract/contract_reader.ts";
import { openEngine } from "./engine_sql.ts";
import type { McpClient } from "./mcp_client.ts";
import { type Peer, startPeer } from "./peer.ts";
import { processMemory } from "./proc.ts";
import { positiveInteger } from "./gen_store.ts";
import { PROJECT_ROOT, startServer, storeFacts } from "./server_under_test.ts";
import { median } from "./stats.ts";
import { searchClasses } from "./query_classes.ts";
import { BM25_WEIGHTS, withPlainWordsFallback } from "../lib/sources/contract/contract_search.ts";

/** One server's medians and peak RSS. */
export interface PeerCallsRow {
  server: string;
  pingMs: number;
  listMs: number;
  getMs: number;
  /** VmHWM in bytes, or null where /proc is missing. */
  peakRss: number | null;
  /** Each search class's median, by label, when searches were run. */
  searchMs: Record<string, number>;
}

// A page of search results, one more row to know whether more follow, as ours reads.
const PEER_SEARCH_ROWS = 21;

/**
 * A search as a peer runs it through its SQL tool: the page of best rows for an FTS5 query
 * by the weights ours ranks with, each with its id, title and date, and with `snippets`
 * an FTS5 snippet of each (the nearest a SQL tool comes to our passages), the query written
 * in. It is the statement a careful SQL user writes: `rank MATCH` sets the weights so that
 * FTS5 orders by rank itself and makes snippets for the page's rows only.
 *
 * @example
 * ```ts
 * import { peerSearchSql } from "./peer_calls.ts";
 * peerSearchSql("it's", true).includes("MATCH 'it''s'"); // true
 * peerSearchSql("zeppelin", false).includes("snippet("); // false
 * ```
 */
export function peerSearchSql(match: string, snippets: boolean): string {
  const snippet = snippets ? `, snippet(transcripts_fts, -1, '[', ']', '…', 16) AS snippet` : "";
  return `SELECT t.id, t.title, t.created_at${snippets ? ", f.snippet" : ""} FROM ` +
    `(SELECT rowid, rank${snippet} FROM transcripts_fts ` +
    `WHERE transcripts_fts MATCH ${sqlString(match)} ` +
    `AND rank MATCH 'bm25(${
      BM25_WEIGHTS.join(", ")
    })' ORDER BY rank LIMIT ${PEER_SEARCH_ROWS}) f ` +
    `JOIN transcripts t ON t.pk = f.rowid ORDER BY f.rank`;
}

/** One search class for the rounds: ours as the tool call, a peer's as its SQL. */
interface SearchCall {
  label: string;
  args: Record<string, unknown>;
  peerSql: string;
}

/** `text` as a SQL string literal, for statements a peer's SQL tool takes whole. */
function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * get_transcript's statement as a peer runs it: the id written in, as a SQL tool takes it.
 *
 * @example
 * ```ts
 * import { peerGetSql } from "./peer_calls.ts";
 * peerGetSql("it's").endsWith("WHERE id = 'it''s'"); // true
 * ```
 */
export function peerGetSql(id: string): string {
  return DOCUMENT_SQL.replace("?", sqlString(id)).replace(/\s+/g, " ").trim();
}

interface Turn {
  server: string;
  client: McpClient;
  list: () => Promise<unknown>;
  get: () => Promise<unknown>;
  search: (call: SearchCall) => Promise<unknown>;
}

function failed(answer: { message: Record<string, unknown> }): boolean {
  const result = answer.message["result"] as { isError?: boolean } | undefined;
  return result === undefined || result.isError === true;
}

/**
 * Runs the rounds and returns each server's row, ours (and the baseline's) first.
 *
 * @example
 * ```ts
 * import { measurePeerCalls } from "./peer_calls.ts";
 * const rows = await measurePeerCalls("/tmp/bench.db", ["node mcp-sqlite-server.js"], 200);
 * ```
 */
export async function measurePeerCalls(
  db: string,
  peerCommands: readonly string[],
  rounds: number,
  baseline?: string,
  searches = false,
): Promise<PeerCallsRow[]> {
  const engine = openEngine(db);
  const { medianId } = storeFacts(engine);
  // A query that is not FTS5 is run by a peer as the plain words ours falls back to. Each
  // class is run twice: the peers with snippets, then the ranking alone (ours the same call).
  const searchCalls: SearchCall[] = !searches ? [] : searchClasses().flatMap((c) => {
    const query = c.args["query"] as string;
    const match = withPlainWordsFallback(engine, query, (match) => ({ match })).run.match;
    return [
      { label: c.label, args: c.args, peerSql: peerSearchSql(match, true) },
      {
        label: `${c.label} (peers: ranking only)`,
        args: c.args,
        peerSql: peerSearchSql(match, false),
      },
    ];
  });
  engine.close();
  const turns: Turn[] = [];
  const peers: Peer[] = [];
  try {
    for (const [server, checkout] of [["transcript-mcp", PROJECT_ROOT], ["baseline", baseline]]) {
      if (checkout === undefined) continue;
      const client = startServer(db, checkout);
      turns.push({
        server: server!,
        client,
        list: () => client.callTool("list_transcripts", {}),
        get: () => client.callTool("get_transcript", { id: medianId }),
        search: async (call) => {
          const answer = await client.callTool("search_transcripts", call.args);
          if (failed(answer)) {
            throw new Error(`${server} failed: ${JSON.stringify(answer.message)}`);
          }
          return answer;
        },
      });
      await client.initialize();
    }
    for (const command of peerCommands) {
      const peer = await startPeer(command, db);
      peers.push(peer);
      const argument = Object.keys(peer.args)[0]!;
      const call = async (sql: string) => {
        const answer = await peer.client.callTool(peer.tool, { [argument]: sql });
        if (failed(answer)) throw new Error(`${command} failed: ${JSON.stringify(answer.message)}`);
        return answer;
      };
      turns.push({
        server: command,
        client: peer.client,
        list: () => call(peer.args[argument] as string),
        get: () => call(peerGetSql(medianId)),
        search: (search) => call(search.peerSql),
      });
    }
    const times = turns.map(() => ({
      ping: [] as number[],
      list: [] as number[],
      get: [] as number[],
    }));
    const warmup = Math.min(20, rounds);
    for (let i = 0; i < warmup + rounds; i++) {
      for (let k = 0; k < turns.length; k++) {
        const j = (i + k) % turns.length;
        const turn = turns[j]!;
        const ping = (await turn.client.request("ping")).elapsedMs;
        const list = (await turn.list() as { elapsedMs: number }).elapsedMs;
        const get = (await turn.get() as { elapsedMs: number }).elapsedMs;
        if (i < warmup) continue;
        times[j]!.ping.push(ping);
        times[j]!.list.push(list);
        times[j]!.get.push(get);
      }
    }
    // Read before the searches: a peer's memory is that of lists and reads alone.
    const peakRss = turns.map((turn) => processMemory(turn.client.pid)?.peakRss ?? null);
    const searchTimes = turns.map(() => searchCalls.map(() => [] as number[]));
    for (let i = 0; i < warmup + rounds && searchCalls.length > 0; i++) {
      for (let k = 0; k < turns.length; k++) {
        const j = (i + k) % turns.length;
        for (const [c, call] of searchCalls.entries()) {
          const answer = await turns[j]!.search(call) as { elapsedMs: number };
          if (i >= warmup) searchTimes[j]![c]!.push(answer.elapsedMs);
        }
      }
    }
    return turns.map((turn, j) => ({
      server: turn.server,
      pingMs: median(times[j]!.ping),
      listMs: median(times[j]!.list),
      getMs: median(times[j]!.get),
      peakRss: peakRss[j]!,
      searchMs: Object.fromEntries(
        searchCalls.map((call, c) => [call.label, median(searchTimes[j]![c]!)]),
      ),
    }));
  } finally {
    await Promise.all(turns.map((turn) => turn.client.close().catch(() => {})));
  }
}

/**
 * The rows as a markdown table, each ratio against the fastest peer's median (the
 * smallest peer's RSS).
 *
 * @example
 * ```ts
 * import { formatPeerCalls } from "./peer_calls.ts";
 * formatPeerCalls([
 *   { server: "transcript-mcp", pingMs: 0.3, listMs: 1.2, getMs: 0.9, peakRss: 90e6, searchMs: {} },
 *   { server: "node peer.js", pingMs: 0.4, listMs: 1.4, getMs: 1.0, peakRss: 80e6, searchMs: {} },
 * ]).split("\n").length; // 4
 * ```
 */
export function formatPeerCalls(rows: readonly PeerCallsRow[]): string {
  const peers = rows.filter((row) => row.server !== "transcript-mcp" && row.server !== "baseline");
  const least = (pick: (row: PeerCallsRow) => number | null) =>
    Math.min(...peers.map((row) => pick(row) ?? Infinity));
  const [list, get, rss] = [least((r) => r.listMs), least((r) => r.getMs), least((r) => r.peakRss)];
  const ratio = (value: number | null, best: number) =>
    value === null || !Number.isFinite(best) ? "" : ` (${(value / best).toFixed(2)}×)`;
  const mib = (bytes: number | null) => bytes === null ? "unknown" : (bytes / 2 ** 20).toFixed(1);
  const labels = Object.keys(rows[0]?.searchMs ?? {});
  const searchTable = labels.length === 0 ? [] : [
    "",
    `| Search p50 ms | ${rows.map((row) => `\`${row.server}\``).join(" | ")} |`,
    `| --- |${" ---: |".repeat(rows.length)}`,
    ...labels.map((label) => {
      const best = Math.min(...peers.map((row) => row.searchMs[label] ?? Infinity));
      const cells = rows.map((row) => {
        const ms = row.searchMs[label] ?? null;
        return ms === null ? "" : `${ms.toFixed(3)}${ratio(ms, best)}`;
      });
      return `| ${label} | ${cells.join(" | ")} |`;
    }),
  ];
  return [
    "| Server | Ping p50 ms | List p50 ms | Get p50 ms | Peak RSS MiB |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...rows.map((row) =>
      `| \`${row.server}\` | ${row.pingMs.toFixed(3)} | ${row.listMs.toFixed(3)}${
        ratio(row.listMs, list)
      } | ${row.getMs.toFixed(3)}${ratio(row.getMs, get)} | ${mib(row.peakRss)}${
        ratio(row.peakRss, rss)
      } |`
    ),
    ...searchTable,
  ].join("\n");
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      db: { type: "string" },
      peer: { type: "string", multiple: true },
      baseline: { type: "string" },
      rounds: { type: "string", default: "300" },
      searches: { type: "boolean", default: false },
    },
  });
  if (values.db === undefined) throw new Error("--db PATH is required");
  const baseline = values.baseline === undefined
    ? undefined
    : (isAbsolute(values.baseline) ? values.baseline : resolve(values.baseline)) + "/";
  const rows = await measurePeerCalls(
    values.db,
    values.peer ?? [],
    positiveInteger("--rounds", values.rounds),
    baseline,
    values.searches,
  );
  console.log(formatPeerCalls(rows));
}
