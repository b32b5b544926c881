/**
 * What serving a KuraDB database costs in memory: the server started as users start it
 * (deno.json's `start` task) on a generated database (bench/gen_kuradb.ts), its resident
 * set read by `ps` after start and after each round of searches. A round sends one search per
 * tool worker at once (`--at-once 1`: one, which the first free worker takes), so every worker
 * reads the text it keeps (lib/sources/adapters/kuradb_texts.ts); the rounds go on until each
 * worker holds what it will hold, and a little past.
 *
 * ```sh
 * deno task bench-kuradb-memory /work/bench-cache/kuradb/bench/data.db [--at-once N]
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { COMMON_WORD, RARE_WORD } from "./planted_terms.ts";
import { generateKuraDb, KURADB_NON_ASCII_WORD } from "./gen_kuradb.ts";
import { positiveInteger } from "./gen_store.ts";
import { PROJECT_ROOT, ServerProcess } from "../tests/helpers/server_process.ts";
import { DEFAULT_POOL_SIZE } from "../lib/runtime/worker_pool.ts";

const ROUNDS = 8;

/** The `start` task's command, run directly so its process is the server's. */
function startCommand(): string[] {
  const config = JSON.parse(Deno.readTextFileSync(`${PROJECT_ROOT}deno.json`));
  const [deno, ...args] = String(config.tasks.start).split(" ");
  if (deno !== "deno") throw new Error(`Cannot read the start task: ${config.tasks.start}`);
  return args;
}

/** A process's resident set in MB, as `ps` reads it (Deno asks for every permission to read /proc). */
function rssOf(pid: number): number {
  const output = new Deno.Command("ps", { args: ["-o", "rss=", "-p", String(pid)] }).outputSync();
  return Number(new TextDecoder().decode(output.stdout).trim()) / 1024;
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    args: Deno.args,
    allowPositionals: true,
    options: { "at-once": { type: "string" } },
  });
  const path = positionals[0] ?? "/work/bench-cache/kuradb/bench/data.db";
  const atOnce = positiveInteger("--at-once", values["at-once"], DEFAULT_POOL_SIZE);
  try {
    Deno.statSync(path);
  } catch {
    console.error(`kuradb-memory: generating ${path}`);
    generateKuraDb({ out: path, chunks: 50_000 });
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: [...startCommand(), "--source", `bench=${path}`],
    cwd: PROJECT_ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const server = new ServerProcess(child);
  const words = [RARE_WORD, COMMON_WORD, KURADB_NON_ASCII_WORD.toLowerCase(), "budget"];
  try {
    await server.initialize();
    const sources = await server.callTool("list_sources", {});
    console.log(
      `${path}: ${sources["structuredContent"].sources[0].transcripts} files, ` +
        `${DEFAULT_POOL_SIZE} tool workers, ${atOnce} searches at once`,
    );
    const rows: [string, number][] = [["started", rssOf(child.pid)]];
    for (let round = 1; round <= ROUNDS; round++) {
      const started = performance.now();
      // Sent together, so the pool hands each to its own worker; answered in any order.
      for (let i = 0; i < atOnce; i++) {
        await server.send({
          jsonrpc: "2.0",
          id: round * 100 + i,
          method: "tools/call",
          params: {
            name: "search_transcripts",
            arguments: { query: words[(round + i) % words.length], limit: 20 },
          },
        });
      }
      const answers = [];
      for (let i = 0; i < atOnce; i++) answers.push(await server.next());
      const ms = performance.now() - started;
      if (answers.some((answer) => answer["result"]?.isError !== undefined || answer["error"])) {
        throw new Error(JSON.stringify(answers));
      }
      rows.push([`round ${round} (${ms.toFixed(0)} ms)`, rssOf(child.pid)]);
    }
    const notes = await server.callTool("list_sources", {});
    console.log(`notes: ${notes["structuredContent"].sources[0].notes[0]}`);
    console.log("| after | RSS MB |\n| ----- | -----: |");
    for (const [label, rss] of rows) console.log(`| ${label} | ${rss.toFixed(0)} |`);
  } finally {
    await server.kill();
  }
}
