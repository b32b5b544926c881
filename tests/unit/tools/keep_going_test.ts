/**
 * Every statement a tool runs that may walk many rows of transcripts, transcripts_fts or tasks
 * carries the per-row check KEEP_GOING_SQL, without which a call past its deadline, or
 * cancelled, could not be stopped. The store records every statement it prepares; every tool
 * is run here through calls that take each of its branches, and each statement is checked:
 * it carries the check, or SQLite's own plan shows it reads at most one row.
 */
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../../helpers/assert.ts";
import {
  buildFixtureStore,
  fixtureTranscripts,
  longEmojiTranscript,
} from "../../helpers/fixture_store.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import { KEEP_GOING_SQL, type Store } from "../../../lib/store/store.ts";
import { callTool } from "../../../lib/tools/call_tool.ts";
import { toolCallResult } from "../../../lib/protocol/tool_result.ts";
import { encodeCursor } from "../../../lib/tools/cursor.ts";
import { TOOLS } from "../../../lib/tools/registry.ts";
import { INTERNAL_TOOLS } from "../../../lib/tools/search_parts.ts";
import type { AnyTool } from "../../../lib/tools/tool.ts";

/** The tables whose reads must be stoppable. */
const GUARDED_TABLES = /\b(?:FROM|JOIN)\s+(transcripts|transcripts_fts|tasks|segments)\b/i;

/**
 * Plan steps that read one row: by the integer key, by a unique key, or a max()/min() (a
 * SEARCH through an index with no constraint: SQLite's min/max optimisation seeks one end).
 */
const ONE_ROW_STEP =
  /^SEARCH \w+(?: USING (?:INTEGER PRIMARY KEY \(rowid=\?\)|(?:COVERING )?INDEX sqlite_autoindex_\w+ \(\w+=\?\)|COVERING INDEX \w+))?$/;

/**
 * Why `sql` escapes the check, or null when it does not: it reads a guarded table, lacks
 * KEEP_GOING_SQL, and its plan may read more than one row. An FTS match with LIMIT 1 hands
 * SQLite's loop one row at most, so a per-row check would have nothing to stop.
 */
function unguarded(db: DatabaseSync, sql: string): string | null {
  if (!GUARDED_TABLES.test(sql) || sql.includes(KEEP_GOING_SQL)) return null;
  const statement = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const plan = statement.all(...Array.from(sql.matchAll(/\?/g), () => null))
    .map((row) => String(row["detail"]));
  if (plan.every((step) => ONE_ROW_STEP.test(step))) return null;
  const oneMatch = /\bMATCH \?/.test(sql) && /\bLIMIT 1\s*$/.test(sql) &&
    plan.every((step) => /^SCAN \w+ VIRTUAL TABLE INDEX/.test(step));
  // Any one row of a table: the first the scan meets.
  const anyRow = /^SELECT 1 AS found FROM \w+ LIMIT 1$/.test(sql.trim());
  return oneMatch || anyRow
    ? null
    : `${sql.replace(/\s+/g, " ").trim()} (plan: ${plan.join("; ")})`;
}

/** Every statement the store prepared that escapes the check. */
function unguardedStatements(store: Store, path: string): string[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return store.preparedSql().flatMap((sql) => unguarded(db, sql) ?? []);
  } finally {
    db.close();
  }
}

interface Call {
  tool: string;
  args: Record<string, unknown>;
  /** Whether the call is meant to answer with an error (it still runs its statements). */
  error?: boolean;
}

const LONG_ID = longEmojiTranscript().id;
const TRANSCRIPTS = encodeCursor.bind(null, "list_transcripts");
const TASKS = encodeCursor.bind(null, "list_tasks");

/** Calls that between them take every branch of every tool that reads the store. */
function representativeCalls(store: Store): Call[] {
  const first = (tool: string, args: Record<string, unknown>) => {
    const result = toolCallResult(callTool(findAny(tool), SourceSet.ofStore(store), args));
    return result.structuredContent as Record<string, unknown>;
  };
  const transcriptsCursor = first("list_transcripts", { limit: 2 })["nextCursor"];
  const tasksCursor = first("list_tasks", { limit: 2 })["nextCursor"];
  const searchCursor = first("search_transcripts", { query: "pricing", limit: 2 })["nextCursor"];
  const turnsCursor = first("get_turns", { id: LONG_ID, maxChars: 1_000 })["nextCursor"];
  const taskQueryCursor = first("list_tasks", { query: "fixture", limit: 1 })["nextCursor"];
  const rank = first("search_transcripts.rank", {
    search: { query: "pricing", limit: 2 },
    from: 0,
    to: 1_000,
  });
  assert(typeof transcriptsCursor === "string" && typeof tasksCursor === "string");
  assert(typeof searchCursor === "string");
  return [
    { tool: "list_transcripts", args: {} },
    { tool: "list_transcripts", args: { limit: 2, cursor: transcriptsCursor } },
    // A cursor whose created_at was too long to carry: it is looked up by key.
    { tool: "list_transcripts", args: { cursor: TRANSCRIPTS(["", "5"]) } },
    { tool: "list_transcripts", args: { starred: true, source: "meeting", sourceName: "store" } },
    { tool: "list_transcripts", args: { since: "2026-10-01", until: "2026-10-02" } },
    {
      tool: "list_transcripts",
      args: { starred: false, source: "chat", since: "2026-10-01", cursor: transcriptsCursor },
    },
    { tool: "get_transcript", args: { id: LONG_ID } },
    { tool: "get_transcript", args: { id: LONG_ID, offset: 1_000, maxChars: 1_000 } },
    { tool: "get_transcript", args: { id: "missing" }, error: true },
    { tool: "search_transcripts", args: { query: "pricing", sourceName: "store" } },
    // Filters: a time range and a speaker's passages.
    {
      tool: "search_transcripts",
      args: { query: "pricing", since: "2026-01-01", until: "2027-01-01", speaker: "ana" },
    },
    // By meaning: the neighbours' counts, the count of transcripts, the passages.
    { tool: "search_transcripts", args: { query: "what did the project cost?", mode: "both" } },
    { tool: "search_transcripts", args: { query: "budget", mode: "meaning" } },
    { tool: "search_transcripts", args: { query: "pricing", limit: 2, cursor: searchCursor } },
    // Prefixes read the vocabulary by range; plain words take the fallback and its probe.
    { tool: "search_transcripts", args: { query: "pric* OR disc*" } },
    { tool: "search_transcripts", args: { query: "pricing (annual" } },
    { tool: "search_transcripts", args: { query: "((" } },
    // A word only deep in a long text: its snippet needs the whole text.
    { tool: "search_transcripts", args: { query: "1999" } },
    { tool: "get_turns", args: { id: LONG_ID, fromMs: 30_000, toMs: 90_000, speaker: "ana" } },
    { tool: "get_turns", args: { id: LONG_ID, aroundMs: 600_000, maxChars: 1_000 } },
    { tool: "get_turns", args: { id: LONG_ID, maxChars: 1_000, cursor: turnsCursor } },
    { tool: "get_turns", args: { id: "missing" }, error: true },
    { tool: "list_tasks", args: { query: "fixture task", bucket: "inbox", done: false } },
    { tool: "list_tasks", args: { query: "fixture", limit: 1, cursor: taskQueryCursor } },
    { tool: "list_tasks", args: {} },
    { tool: "list_tasks", args: { limit: 2, cursor: tasksCursor } },
    { tool: "list_tasks", args: { cursor: TASKS(["", "", "3"]) } },
    { tool: "list_tasks", args: { bucket: "done", done: true, sourceName: "store" } },
    { tool: "list_sources", args: {} },
    { tool: "list_tasks", args: { done: false, cursor: tasksCursor } },
    { tool: "search_transcripts.span", args: {} },
    { tool: "search_transcripts.rank", args: { search: { query: "pricing" }, from: 0, to: 1_000 } },
    {
      tool: "search_transcripts.render",
      // The render step takes the search asked and the parts' merged candidates.
      args: {
        search: { query: "pricing", limit: 2 },
        hits: rank["hits"],
        match: rank["match"],
        queryMode: rank["queryMode"],
        limit: rank["limit"],
        offset: rank["offset"],
      },
    },
  ];
}

const EVERY_TOOL: readonly AnyTool[] = [...TOOLS, ...INTERNAL_TOOLS];

function findAny(name: string): AnyTool {
  const tool = EVERY_TOOL.find((t) => t.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool;
}

function withFixtureStore(fn: (store: Store, path: string) => void): () => void {
  return () => {
    const fixture = buildFixtureStore({
      transcripts: [...fixtureTranscripts(), longEmojiTranscript()],
    });
    const store = openStore(fixture.path);
    try {
      fn(store, fixture.path);
    } finally {
      store.close();
      fixture.cleanup();
    }
  };
}

Deno.test(
  "every statement the tools run over many rows carries the per-row check",
  withFixtureStore((store, path) => {
    const calls = representativeCalls(store);
    for (const call of calls) {
      const tool = findAny(call.tool);
      if (typeof tool.cheap === "function") tool.cheap(SourceSet.ofStore(store), call.args);
      const result = toolCallResult(callTool(tool, SourceSet.ofStore(store), call.args));
      assertEquals(result.isError ?? false, call.error ?? false, JSON.stringify(call));
    }
    // Every tool, and every argument of each, is exercised: a new one needs a call here.
    for (const tool of EVERY_TOOL) {
      const given = new Set(
        calls.filter((c) => c.tool === tool.name).flatMap((c) => Object.keys(c.args)),
      );
      const entries = Object.keys((tool.inputSchema as { entries: object }).entries);
      assertEquals(
        entries.filter((name) => !given.has(name)),
        [],
        `${tool.name} arguments untried`,
      );
      assert(calls.some((c) => c.tool === tool.name), `${tool.name} is never called`);
    }
    const prepared = store.preparedSql();
    assert(prepared.filter((sql) => GUARDED_TABLES.test(sql)).length >= 10, prepared.join("\n"));
    assertEquals(unguardedStatements(store, path), []);
  }),
);

Deno.test(
  "a planted statement that walks rows without the per-row check is caught",
  withFixtureStore((store, path) => {
    store.all("SELECT id FROM transcripts WHERE starred = ?", 1);
    store.all("SELECT t.id FROM tasks AS t JOIN transcripts ON transcripts.id = t.transcript_id");
    store.get("SELECT 1 AS found FROM transcripts_fts WHERE transcripts_fts MATCH ? LIMIT 2", "x");
    store.get("SELECT id FROM transcripts WHERE pk = ?", 1); // One row by key: allowed.
    store.all(`SELECT id FROM transcripts WHERE starred = ? AND ${KEEP_GOING_SQL}`, 1);
    const caught = unguardedStatements(store, path);
    assertEquals(caught.length, 3, caught.join("\n"));
    assert(caught[0]!.startsWith("SELECT id FROM transcripts WHERE starred = ? (plan: SCAN"));
    assert(caught[1]!.startsWith("SELECT t.id FROM tasks AS t JOIN"));
    assert(caught[2]!.includes("MATCH ? LIMIT 2"));
  }),
);
