/**
 * KuraDB's tool names over KuraDB sources: list_rag's {loaded, registered}, search_rag's
 * chunks grouped by file with KuraDB's limit rule, `semantic` refused, unknown databases named,
 * output matching the published schema, and both tools read-only.
 */
import * as v from "valibot";
import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import {
  buildKuraDbFolder,
  type KuraDbFixture,
  researchFiles,
  upsertKuraDbFiles,
} from "../../helpers/kuradb_fixture.ts";
import { buildFixtureStore } from "../../helpers/fixture_store.ts";
import { KURADB_TOOLS } from "../../../lib/tools/kuradb/kuradb_tools.ts";
import { callTool, type ToolOutcome } from "../../../lib/tools/call_tool.ts";
import { createRegistry } from "../../../lib/tools/registry.ts";
import { planSources } from "../../../lib/sources/served_sources.ts";
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { nameFromLabel } from "../../../lib/config/source_name.ts";
import type { AnyTool } from "../../../lib/tools/tool.ts";

const [listRag, searchRag] = KURADB_TOOLS as [AnyTool, AnyTool];

function withSources(run: (sources: SourceSet, fixture: KuraDbFixture) => void): void {
  const fixture = buildKuraDbFolder([
    { name: "research", files: [] },
    { name: "研究_notes", files: [] },
    { name: "gone", files: null },
  ]);
  const store = buildFixtureStore();
  for (const name of ["research", "研究_notes"]) {
    const { files, changed } = researchFiles(fixture.folder, name);
    upsertKuraDbFiles(fixture.databasePath(name), [...files, changed]);
  }
  const planned = planSources([
    { name: null, path: fixture.folder },
    { name: "mine", path: store.path },
  ]);
  const sources = SourceSet.open(planned.map((source) => source.spec));
  try {
    run(sources, fixture);
  } finally {
    sources.close();
    store.cleanup();
    fixture.cleanup();
  }
}

function answer(outcome: ToolOutcome, tool: AnyTool): Record<string, unknown> {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  const value = JSON.parse(outcome.structuredJson);
  v.parse(tool.outputSchema, value);
  return value;
}

function failure(outcome: ToolOutcome): string {
  assert(!outcome.ok, "expected a tool error");
  return `${outcome.code}: ${outcome.message}`;
}

interface Group {
  source: string;
  id: string;
  matches: { chunk: number; content: string }[];
}

Deno.test("kuradb tools: read-only, and named as KuraDB names them", () => {
  assertEquals(createRegistry(KURADB_TOOLS).map((tool) => tool.name), ["list_rag", "search_rag"]);
});

Deno.test("list_rag: loaded databases and every registered one, with their source names", () => {
  withSources((sources) => {
    assertEquals(answer(callTool(listRag, sources, {}), listRag), {
      loaded: ["research", "研究_notes"],
      registered: [
        { db: "research", createAt: "2026-01-15T08:00:00Z", sourceName: "research" },
        {
          db: "研究_notes",
          createAt: "2026-02-15T08:00:00Z",
          sourceName: nameFromLabel("研究_notes"),
        },
        { db: "gone", createAt: "2026-03-15T08:00:00Z", sourceName: "gone" },
      ],
    });
    assertMatch(failure(callTool(listRag, sources, { x: 1 })), /^invalid_arguments: /);
  });
});

Deno.test("search_rag: matching chunks grouped by file, any case, dismissed chunks never", () => {
  withSources((sources) => {
    const search = (args: Record<string, unknown>) =>
      answer(callTool(searchRag, sources, args), searchRag);
    const found = search({ db: "研究_notes", q: "ØRSTEDVIK quasarwhistle" });
    const groups = found["keyword"] as Group[];
    assertEquals(found["sourceName"], nameFromLabel("研究_notes"));
    assertEquals(found["partial"], false);
    assertEquals(
      groups.map((group) => [group.source, group.matches.map((match) => match.chunk)]).sort(),
      [["long.txt", [50]], ["wind.md", [1]]],
    );
    assert(groups.every((group) => group.id.startsWith(`${nameFromLabel("研究_notes")}:`)));
    assertMatch(groups.find((g) => g.source === "long.txt")!.matches[0]!.content, /quasarwhistle/);
    const same = search({ db: nameFromLabel("研究_notes"), q: "ørstedvik", mode: "keyword" });
    assertEquals((same["keyword"] as Group[]).map((group) => group.source), ["wind.md"]);
    assertEquals(search({ db: "research", q: "obsoletedword" })["keyword"], []);
    // Every chunk of the long file holds "coastal": the limit counts chunks, 10 by default.
    const chunks = (q: string, limit?: unknown) =>
      (search({ db: "research", q, ...(limit === undefined ? {} : { limit }) })[
        "keyword"
      ] as Group[]).flatMap((group) => group.matches).length;
    assertEquals(chunks("coastal"), 10);
    assertEquals(chunks("coastal", 3), 3);
    assertEquals(chunks("coastal", 100), 50);
    assertEquals(chunks("coastal", 0), 10, "out of range falls back to 10");
    assertEquals(chunks("coastal", 500), 10, "out of range falls back to 10");
  });
});

Deno.test("search_rag: semantic finds a chunk by a word of the same meaning, which keyword does not", () => {
  withSources((sources) => {
    const ask = (mode: string) =>
      answer(callTool(searchRag, sources, { db: "research", q: "harbor", mode }), searchRag);
    assertEquals(ask("keyword")["keyword"], []);
    const semantic = ask("semantic")["semantic"] as { source: string; matches: unknown[] }[];
    assertEquals(semantic.map((group) => [group.source, group.matches]), [
      ["wind.md", [{ chunk: 1, content: "Site survey at Ørstedvik harbour." }]],
    ]);
  });
});

Deno.test("search_rag: unknown modes, databases and bad arguments are clear errors", () => {
  withSources((sources) => {
    const error = (args: Record<string, unknown>) => failure(callTool(searchRag, sources, args));
    assertMatch(
      error({ db: "research", q: "Ørstedvik", mode: "semantic" }),
      /^invalid_arguments: q: cannot be searched by meaning/,
    );
    assertEquals(
      error({ db: "research", q: "wind", mode: "fuzzy" }),
      'invalid_arguments: mode: expected "keyword" or "semantic", got "fuzzy"',
    );
    assertEquals(
      error({ db: "mine", q: "wind" }),
      "invalid_arguments: db: no KuraDB database named 'mine'; databases: research, 研究_notes, gone",
    );
    assertMatch(error({ db: "gone", q: "wind" }), /^unavailable: Cannot read source gone: /);
    assertMatch(error({ db: "research", q: "  " }), /^invalid_arguments: q: /);
    assertMatch(error({ db: "research", q: "x", limit: "twenty" }), /^invalid_arguments: limit: /);
    assertMatch(error({ q: "wind" }), /^invalid_arguments: db: /);
  });
});
