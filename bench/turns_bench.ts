/**
 * `deno task bench-turns --db PATH [--iterations N]`: the cost of turns and moments on a
 * store from bench/gen_store.ts, as medians of one run with every side interleaved.
 *
 * - get_turns pages, over the server's stdio, against a ping and against the engine (the
 *   same statements on node:sqlite alone, segments read as arrays as the server reads them:
 *   the head and exactly the page's segments and the one after them, plus the moment's
 *   lookup and look-back for `aroundMs`). The speakers
 *   are read once per transcript and kept while the store is unchanged, so a page read
 *   again does not read them; what reading them costs the engine is a row of its own. The
 *   bar: server p50 within ping p50 + 1.3 × engine p50 + 0.3 ms.
 * - search_transcripts in process with moments and without (the reader's findSegment and
 *   findSegments answering null at once), per query class. The bar: under 1.1×.
 * - speakers: the engine's list page 1 with and without the page's speakers statement, and
 *   the server's list page 1 against a ping.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { SourceSet } from "../lib/sources/source_set.ts";
import { openStore } from "../lib/store/open_store.ts";
import type { Store } from "../lib/store/store.ts";
import { callTool } from "../lib/tools/call_tool.ts";
import { decodeCursor } from "../lib/tools/cursor.ts";
import { findTool } from "../lib/tools/registry.ts";
import { HEAD_SQL } from "../lib/sources/contract/contract_reader.ts";
import {
  scanStart,
  SEGMENTS_FROM_MS_SQL,
  SEGMENTS_SQL,
  speakersByTranscript,
} from "../lib/sources/contract/contract_segments.ts";
import { PAGE_SIZES, TURN_LOOKBACK_SEGMENTS } from "../lib/config/limits.ts";
import { LIST_TRANSCRIPTS_SQL, openEngine } from "./engine_sql.ts";
import { positiveInteger } from "./gen_store.ts";
import { startServer } from "./server_under_test.ts";
import { median } from "./stats.ts";
import { COMMON_WORD, PHRASE, RARE_WORD, TICKET } from "./planted_terms.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** One get_turns page to time: its arguments and what the engine reads for the same rows. */
interface TurnsCase {
  label: string;
  args: Record<string, unknown>;
  onEngine: (engine: Store) => void;
}

/** The engine's reads for the page `args` answers: head, speakers, its segments and one more. */
function pageOnEngine(store: Store, args: Record<string, unknown>): (engine: Store) => void {
  const answer: Json = callTool(findTool("get_turns")!, SourceSet.ofStore(store), args);
  const page = JSON.parse(answer.structuredJson);
  const id = String(args["id"]);
  const first = page.turns[0].seq as number;
  const next = page.nextCursor === null
    ? Number.MAX_SAFE_INTEGER
    : decodeCursor("get_turns", page.nextCursor, [
      "number",
      "number",
      "number",
      "number",
    ])[1] as number;
  const count = Math.min(next, first + 100_000) - first + 1;
  const around = args["aroundMs"] as number | undefined;
  return (engine) => {
    engine.get(HEAD_SQL, id);
    if (around !== undefined) {
      const start = scanStart(engine, id, 0, around);
      const [target] = engine.rows(SEGMENTS_FROM_MS_SQL, id, start, around, 1);
      const seq = Number(target![0]);
      const from = Math.max(0, seq - TURN_LOOKBACK_SEGMENTS);
      engine.rows(SEGMENTS_SQL, id, from, seq - from + 1);
    }
    engine.rows(SEGMENTS_SQL, id, first, count);
  };
}

/** The median transcript by size, the largest, and the largest's length in ms. */
function pickTranscripts(engine: Store): { median: string; largest: string; largestMs: number } {
  const sizes = engine.all("SELECT id, octet_length(text) AS n FROM transcripts")
    .map((row) => ({ id: String(row["id"]), n: Number(row["n"]) }))
    .sort((a, b) => a.n - b.n || (a.id < b.id ? -1 : 1));
  const largest = sizes.at(-1)!.id;
  const end = engine.get(
    "SELECT max(end_ms) AS e FROM segments WHERE transcript_id = ?",
    largest,
  )?.["e"];
  return { median: sizes[sizes.length >> 1]!.id, largest, largestMs: Number(end) };
}

/**
 * The arguments of the page in the middle of the transcript `id`, found by walking its
 * pages: of the default size, or of 1,000 characters when it holds one such page only.
 */
function middlePage(store: Store, id: string): Record<string, unknown> {
  for (const size of [undefined, 1_000]) {
    const cursors: string[] = [];
    for (let cursor: string | null = null;;) {
      const args = { id, ...(size ? { maxChars: size } : {}), ...(cursor ? { cursor } : {}) };
      const answer: Json = callTool(findTool("get_turns")!, SourceSet.ofStore(store), args);
      cursor = JSON.parse(answer.structuredJson).nextCursor;
      if (cursor === null) break;
      cursors.push(cursor);
    }
    const middle = cursors[cursors.length >> 1];
    if (middle !== undefined) return { id, ...(size ? { maxChars: size } : {}), cursor: middle };
  }
  throw new Error(`${id} has one page of turns only`);
}

/** Times `fn` in milliseconds. */
function timed(fn: () => void): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

/** get_turns pages over the server against ping and the engine. */
async function turnsRows(
  db: string,
  store: Store,
  engine: Store,
  iterations: number,
): Promise<string[]> {
  const picked = pickTranscripts(engine);
  const cases: TurnsCase[] = [
    { label: "first page, median transcript", args: { id: picked.median } },
    {
      label: "middle page, largest transcript (cursor)",
      args: middlePage(store, picked.largest),
    },
    {
      label: "around 3/4 of the largest transcript (aroundMs)",
      args: { id: picked.largest, aroundMs: Math.floor(picked.largestMs * 0.75) },
    },
  ].map((c) => ({ ...c, onEngine: pageOnEngine(store, c.args) }));
  const client = startServer(db);
  const rows: string[] = [];
  try {
    await client.initialize();
    // A call that overruns the inline budget (a first one, while the server's code and the
    // store's pages are cold, may) sends its arguments' shape to the workers for 30 s: each
    // case is called first with its page size spelled out, a shape of its own.
    for (const c of cases) {
      await client.callTool("get_turns", { ...c.args, maxChars: PAGE_SIZES.turnChars.fallback });
    }
    for (const c of cases) {
      const ping: number[] = [];
      const server: number[] = [];
      const engineMs: number[] = [];
      let chars = 0;
      for (let i = 0; i < iterations + 5; i++) {
        const pinged = (await client.request("ping")).elapsedMs;
        const answer = await client.callTool("get_turns", c.args);
        const spent = timed(() => c.onEngine(engine));
        if (i < 5) continue;
        ping.push(pinged);
        server.push(answer.elapsedMs);
        engineMs.push(spent);
        chars = answer.message["result"].structuredContent.turns
          .reduce((n: number, t: Json) => n + t.text.length, 0);
      }
      const bar = median(ping) + 1.3 * median(engineMs) + 0.3;
      rows.push(
        `| get_turns ${c.label} | ${chars.toLocaleString("en-US")} chars | ${
          ms(median(server))
        } | ${ms(median(ping))} | ${ms(median(engineMs))} | ${ms(bar)} | ${
          median(server) <= bar ? "met" : "**not met**"
        } |`,
      );
    }
    const ping: number[] = [];
    const list: number[] = [];
    for (let i = 0; i < iterations + 5; i++) {
      const pinged = (await client.request("ping")).elapsedMs;
      const listed = (await client.callTool("list_transcripts", {})).elapsedMs;
      if (i < 5) continue;
      ping.push(pinged);
      list.push(listed);
    }
    rows.push(
      `| list_transcripts page 1 (with speakers) | 20 items | ${ms(median(list))} | ${
        ms(median(ping))
      } | | | |`,
    );
  } finally {
    await client.close();
  }
  return rows;
}

/** search in process with moments and without, per query, alternating which goes first. */
function momentRows(store: Store, iterations: number): string[] {
  const sources = SourceSet.ofStore(store);
  const reader = sources.reader(sources.all[0]!);
  const find = reader.findSegment!.bind(reader);
  const findAll = reader.findSegments!.bind(reader);
  const search = findTool("search_transcripts")!;
  const queries = [
    COMMON_WORD,
    RARE_WORD,
    `"${PHRASE.join(" ")}"`,
    `what's the plan for ${TICKET}?`,
  ];
  return queries.map((query) => {
    const first: Json = callTool(search, sources, { query });
    if (!first.ok) {
      return `| search \`${query}\` | ${first.code}: ${first.message.slice(0, 40)}… | | | | |`;
    }
    const withMoments: number[] = [];
    const without: number[] = [];
    let found = "";
    const run = (moments: boolean) => {
      reader.findSegment = moments ? find : () => null;
      reader.findSegments = moments ? findAll : (sought) => sought.map(() => null);
      let answer: Json;
      const spent = timed(() => answer = callTool(search, sources, { query }));
      (moments ? withMoments : without).push(spent);
      // Read after the clock stops: parsing the answer is the bench's work, not the search's.
      if (moments) {
        const results = JSON.parse(answer.structuredJson).results;
        found = `${results.filter((r: Json) => r.moment).length} of ${results.length}`;
      }
    };
    for (let i = 0; i < iterations + 5; i++) {
      if (i % 2 === 0) [true, false].forEach(run);
      else [false, true].forEach(run);
    }
    reader.findSegment = find;
    reader.findSegments = findAll;
    const ratio = median(withMoments.slice(5)) / median(without.slice(5));
    return `| search \`${query}\` | ${found} | ${ms(median(withMoments.slice(5)))} | ${
      ms(median(without.slice(5)))
    } | ${ratio.toFixed(3)}× | ${ratio < 1.1 ? "met" : "**not met**"} |`;
  });
}

/** The engine's list page 1 with and without its speakers' statements, and one transcript's. */
function speakerRows(engine: Store, iterations: number): string[] {
  const picked = pickTranscripts(engine);
  const one = (id: string) =>
    median(
      Array.from({ length: iterations }, () => timed(() => speakersByTranscript(engine, [id]))),
    );
  const alone: number[] = [];
  const withSpeakers: number[] = [];
  for (let i = 0; i < iterations + 5; i++) {
    alone.push(timed(() => engine.all(LIST_TRANSCRIPTS_SQL, 21)));
    withSpeakers.push(timed(() => {
      const ids = engine.all(LIST_TRANSCRIPTS_SQL, 21).map((row) => String(row["id"]));
      speakersByTranscript(engine, ids);
    }));
  }
  return [
    `| engine: list page 1 | ${ms(median(alone.slice(5)))} | with the page's speakers | ${
      ms(median(withSpeakers.slice(5)))
    } |`,
    `| engine: speakers of the median transcript | ${ms(one(picked.median))} | of the largest | ${
      ms(one(picked.largest))
    } |`,
  ];
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

if (import.meta.main) {
  const { values } = parseArgs({
    options: { db: { type: "string" }, iterations: { type: "string", default: "60" } },
  });
  if (values.db === undefined) throw new Error("--db PATH is required");
  const iterations = positiveInteger("--iterations", values.iterations);
  const store = openStore(values.db);
  const engine = openEngine(values.db);
  console.log(`### ${values.db}\n`);
  console.log("| get_turns page | text | server p50 | ping p50 | engine p50 | bar | |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const row of await turnsRows(values.db, store, engine, iterations)) console.log(row);
  console.log("\n| search, in process | hits with a moment | with p50 | without p50 | ratio | |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const row of momentRows(store, iterations)) console.log(row);
  console.log("\n| speakers | p50 | | p50 |");
  console.log("| --- | --- | --- | --- |");
  for (const row of speakerRows(engine, iterations)) console.log(row);
  store.close();
  engine.close();
}
