/**
 * Several sources served at once, through the real server: one store of ours, a screenpipe
 * database and a Meetily database. Listings merge newest first under one cursor, search
 * fuses the rankings so one source's strong match is not buried under another's weak ones,
 * ids are unique and read back, and a source that fails (at start, or deleted while served)
 * fails alone.
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../helpers/fixture_store.ts";
import { buildMeetilyFixture, meetingWith } from "../helpers/meetily_fixture.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { type Message, ROOMY_DEADLINE, runCli, startServer } from "../helpers/server_process.ts";
import { assertToolError } from "../helpers/tool_error.ts";
import type { Transcript } from "../../lib/store/model.ts";

/** A transcript of ours about budgets through and through: the strong match. */
function budgetTranscript(): Transcript {
  const [base] = fixtureTranscripts(1);
  return {
    ...base!,
    id: "b0dget00-0000-4000-8000-000000000000",
    title: "Budget review: the budget for next year",
    createdAt: "2025-06-01T09:00:00.000Z",
    segments: [{
      speaker: "Ana",
      startMs: 0,
      endMs: 9_000,
      text:
        "The budget, the budget and the budget again: budget lines, budget cuts, budget owners.",
    }],
  };
}

interface Sources {
  store: string;
  screenpipe: string;
  meetily: string;
  dir: string;
  cleanup: () => void;
}

/** The three databases: 8 transcripts of ours, 2 screenpipe sittings, 30 weak Meetily hits. */
function buildSources(): Sources {
  const store = buildFixtureStore({ transcripts: [...fixtureTranscripts(7), budgetTranscript()] });
  const weak = Array.from({ length: 30 }, (_, i) =>
    meetingWith(
      i + 1,
      new Date(Date.UTC(2025, 10, 1 + i, 9)).toISOString().replace("Z", "+00:00"),
      [`Notes ${i}: a long meeting about many things, the budget came up once.`],
    ));
  const meetily = buildMeetilyFixture({ meetings: weak });
  const screenpipe = join(store.dir, "db.sqlite");
  const app = createScreenpipeDb(screenpipe);
  const start = Date.UTC(2026, 10, 20, 14);
  for (const [i, atMs] of [start, start + 30_000, start + 3 * 3600_000].entries()) {
    app.addChunk({ device: "MacBook Pro Microphone", atMs, segments: [{ text: `standup ${i}` }] });
  }
  app.index();
  app.close();
  return {
    store: store.path,
    screenpipe,
    meetily: meetily.path,
    dir: store.dir,
    cleanup: () => {
      store.cleanup();
      meetily.cleanup();
    },
  };
}

const content = (result: Message) => result["structuredContent"];

/** Every page of a listing tool, following nextCursor. */
async function allPages(
  server: ReturnType<typeof startServer>,
  tool: string,
  key: string,
  args: Record<string, unknown>,
): Promise<Message[]> {
  const items: Message[] = [];
  let cursor: string | undefined;
  do {
    const page = content(await server.callTool(tool, { ...args, ...(cursor ? { cursor } : {}) }));
    assert(page !== undefined, `${tool} answers`);
    items.push(...page[key]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return items;
}

Deno.test("three sources: listings merge newest first under one cursor, ids read back", async () => {
  const sources = buildSources();
  const server = startServer([
    ...ROOMY_DEADLINE,
    "--source",
    sources.store,
    "--source",
    sources.screenpipe,
    "--source",
    `mt=${sources.meetily}`,
  ]);
  try {
    await server.initialize();
    const listed = content(await server.callTool("list_sources", {})).sources;
    assertEquals(listed.map((s: Message) => [s.name, s.kind, s.available]), [
      ["store", "transcript-mcp", true],
      ["screenpipe", "screenpipe", true],
      ["mt", "meetily", true],
    ]);
    const merged = await allPages(server, "list_transcripts", "transcripts", { limit: 3 });
    const perSource = new Map<string, Message[]>();
    for (const source of listed) {
      const own = await allPages(server, "list_transcripts", "transcripts", {
        sourceName: source.name,
        limit: 4,
      });
      assertEquals(own.length, source.transcripts, `${source.name}: list_sources counts it`);
      perSource.set(source.name, own);
    }
    assertEquals(merged.length, 8 + 2 + 30, "every transcript once");
    assertEquals(new Set(merged.map((t) => t.id)).size, merged.length, "ids unique");
    const times = merged.map((t) => Date.parse(t.createdAt));
    assertEquals(times, [...times].sort((a, b) => b - a), "newest first across sources");
    for (const [name, own] of perSource) {
      // Each source's items keep their own order inside the merge.
      assertEquals(
        merged.filter((t) => t.sourceName === name).map((t) => t.id),
        own.map((t) => t.id),
      );
    }
    for (const own of perSource.values()) {
      const got = content(await server.callTool("get_transcript", { id: own[0]!.id }));
      assertEquals([got.id, got.sourceName], [own[0]!.id, own[0]!.sourceName]);
    }
    const tasks = await allPages(server, "list_tasks", "tasks", { limit: 5 });
    assert(tasks.every((t) => typeof t.sourceName === "string"), "every task names its source");
  } finally {
    await server.kill();
    sources.cleanup();
  }
});

Deno.test("three sources: a strong match of one is not buried under another's weak ones", async () => {
  const sources = buildSources();
  const server = startServer([
    ...ROOMY_DEADLINE,
    "--source",
    sources.store,
    "--source",
    sources.screenpipe,
    "--source",
    sources.meetily,
  ]);
  try {
    await server.initialize();
    const found = content(
      await server.callTool("search_transcripts", { query: "budget", limit: 5 }),
    );
    const names = found.results.map((r: Message) => r.sourceName);
    assert(
      names.slice(0, 2).includes("store"),
      `the store's match is among the first two: ${names}`,
    );
    assertEquals(
      found.results.find((r: Message) => r.sourceName === "store").title,
      budgetTranscript().title,
    );
    // Paging the fused ranking shows every hit once.
    const all = [];
    let cursor: string | undefined;
    do {
      const page = content(
        await server.callTool("search_transcripts", {
          query: "budget",
          limit: 7,
          ...(cursor ? { cursor } : {}),
        }),
      );
      all.push(...page.results);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    assertEquals(all.length, 31);
    assertEquals(new Set(all.map((r) => r.id)).size, 31);
    const one = content(
      await server.callTool("search_transcripts", { query: "budget", sourceName: "meetily" }),
    );
    assert(one.results.every((r: Message) => r.sourceName === "meetily"), "sourceName narrows");
  } finally {
    await server.kill();
    sources.cleanup();
  }
});

Deno.test("a source that fails at start or while served fails alone", async () => {
  const sources = buildSources();
  const missing = join(sources.dir, "gone.db");
  const server = startServer([
    ...ROOMY_DEADLINE,
    "--source",
    sources.store,
    "--source",
    sources.meetily,
    "--source",
    `gone=${missing}`,
  ]);
  try {
    await server.initialize();
    const listed = content(await server.callTool("list_sources", {})).sources;
    const gone = listed.find((s: Message) => s.name === "gone");
    assertEquals([gone.available, gone.transcripts], [false, null]);
    assertMatch(gone.notes[0], /file not found/);
    const page = content(await server.callTool("list_transcripts", { limit: 50 }));
    assertEquals(page.unavailable.map((u: Message) => u.sourceName), ["gone"]);
    assertEquals(page.transcripts.length, 38, "the others answer in full");
    assertToolError(
      await server.callTool("list_transcripts", { sourceName: "gone" }),
      "unavailable",
      /Cannot read source gone/,
    );
    // Deleted while served: that source alone answers its error.
    Deno.removeSync(sources.meetily);
    assertToolError(
      await server.callTool("search_transcripts", { query: "budget", sourceName: "meetily" }),
      "unavailable",
      /Cannot read source meetily: its file is gone/,
    );
    const after = content(await server.callTool("search_transcripts", { query: "budget" }));
    assertEquals(after.results.map((r: Message) => r.sourceName), ["store"]);
    assertEquals(after.unavailable.map((u: Message) => u.sourceName).sort(), ["gone", "meetily"]);
    assert(!/\n\s+at /.test(server.stderr), "no stack trace");
  } finally {
    await server.kill();
    sources.cleanup();
  }
});

Deno.test("the command line refuses two sources with one name, and exits 2 when none opens", async () => {
  const first = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
  const second = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
  try {
    const twice = await runCli(["--source", first.path, "--source", second.path, "check"]);
    assertEquals(twice.code, 2);
    assertMatch(twice.stderr, /two sources are named 'store' \(.+ and .+\)/);
    const none = await runCli([
      "--source",
      join(first.dir, "a.db"),
      "--source",
      join(first.dir, "b.db"),
      "check",
    ]);
    assertEquals(none.code, 2);
    assertMatch(none.stderr, /no source could be opened: a: .*; b: /);
    const check = await runCli(["--source", first.path, "--source", `two=${second.path}`, "check"]);
    assertEquals(check.code, 0);
    assertMatch(
      check.stdout,
      /source: +store \(transcript-mcp\)[\s\S]*source: +two \(transcript-mcp\)/,
    );
  } finally {
    first.cleanup();
    second.cleanup();
  }
});
