/**
 * No response passes 1 MiB, whatever the store holds: big values are capped with "…",
 * and pages end early with a cursor or offset instead of growing.
 */
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import type { Task, Transcript } from "../../../lib/store/model.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import type { Store } from "../../../lib/store/store.ts";
import { callTool } from "../../../lib/tools/call_tool.ts";
import { toolCallResult } from "../../../lib/protocol/tool_result.ts";
import { findTool } from "../../../lib/tools/registry.ts";
import { segmentsText } from "../../../lib/store/populate_store.ts";
import { capText, fitJsonText, utf8Length } from "../../../lib/tools/response_budget.ts";
import { assertToolError } from "../../helpers/tool_error.ts";
import { FIELD_CAPS } from "../../../lib/config/limits.ts";

const MIB = 1024 * 1024;
// deno-lint-ignore no-explicit-any
type Json = any;

function wireBytes(result: unknown): number {
  return utf8Length(JSON.stringify({ jsonrpc: "2.0", id: 1, result }));
}

/** `text` was cut to exactly `cap` characters, the cut marked with "…". */
function assertCapped(text: string, cap: number): void {
  assertEquals(text.length, cap);
  assert(text.endsWith("…"), `a cut is marked: …${text.slice(-20)}`);
}

function call(store: Store, name: string, args: Record<string, unknown>): Json {
  const result = toolCallResult(callTool(findTool(name)!, SourceSet.ofStore(store), args));
  assert(wireBytes(result) < MIB, `${name} ${JSON.stringify(args)}: ${wireBytes(result)} bytes`);
  assert(!result.isError, result.content[0]?.text);
  return result.structuredContent;
}

const ESCAPE_HEAVY = '"\\\u0001'.repeat(30_000) + "😀".repeat(30_000);

function hostileTranscripts(): Transcript[] {
  return fixtureTranscripts(60).map((t, n) => ({
    ...t,
    title: n % 2 === 0 ? `${"T".repeat(3 * MIB)} pricing` : t.title,
    manualTags: n % 3 === 0
      ? Array.from({ length: 5_000 }, (_, i) => `tag-${i}-${"x".repeat(500)}`)
      : [],
    // The contract names a few sources; a store may still hold anything.
    source: (n % 5 === 0 ? "s".repeat(MIB) : t.source) as Transcript["source"],
    segments: [
      ...t.segments,
      {
        speaker: "Zed",
        startMs: 10_000,
        endMs: 11_000,
        text: `pricing ${ESCAPE_HEAVY} ${"w".repeat(200_000)}`,
      },
    ],
  }));
}

function hostileTasks(transcripts: Transcript[]): Task[] {
  return Array.from({ length: 1_000 }, (_, n) => ({
    id: `task-${n.toString().padStart(4, "0")}`,
    text: `${'"'.repeat(5_000)} ${n}`,
    bucket: "inbox",
    done: false,
    doneAt: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    parentTaskId: null,
    transcriptId: transcripts[0]!.id,
  }));
}

Deno.test("no response passes 1 MiB on a store of huge titles, tags, texts and tasks", () => {
  const transcripts = hostileTranscripts();
  const fixture = buildFixtureStore({ transcripts, tasks: hostileTasks(transcripts) });
  const store = openStore(fixture.path);
  try {
    for (const limit of [undefined, 200]) {
      const args = limit === undefined ? {} : { limit };
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Json = call(store, "list_transcripts", cursor ? { ...args, cursor } : args);
        for (const t of page.transcripts) {
          assert(t.title.length <= FIELD_CAPS.title && t.preview.length <= FIELD_CAPS.preview);
          assert(t.source.length <= FIELD_CAPS.label, `source: ${t.source.length}`);
        }
        seen.push(...page.transcripts.map((t: Json) => t.id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      assertEquals(new Set(seen).size, transcripts.length);
    }
    const titled = call(store, "get_transcript", { id: transcripts[0]!.id });
    assertCapped(titled.title, FIELD_CAPS.title);
    assertCapped(titled.source, FIELD_CAPS.label);

    const tasks: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Json = call(
        store,
        "list_tasks",
        cursor ? { limit: 1000, cursor } : { limit: 1000 },
      );
      tasks.push(...page.tasks.map((t: Json) => t.id));
      for (const t of page.tasks) assertCapped(t.text, FIELD_CAPS.taskText);
      cursor = page.nextCursor;
    } while (cursor !== null);
    assertEquals(tasks.length, 1_000);
    assertEquals(new Set(tasks).size, 1_000);

    const found: string[] = [];
    let next: string | null = null;
    do {
      const page: Json = call(
        store,
        "search_transcripts",
        next ? { query: "pricing", limit: 100, cursor: next } : { query: "pricing", limit: 100 },
      );
      found.push(...page.results.map((r: Json) => r.id));
      for (const r of page.results) {
        assert(r.snippet.length <= FIELD_CAPS.snippet && r.preview.length <= FIELD_CAPS.preview);
      }
      next = page.nextCursor;
    } while (next !== null);
    assertEquals(new Set(found).size, transcripts.length);

    for (const source of [transcripts[0]!, transcripts[3]!]) {
      const text = segmentsText(source.segments);
      let offset: number | null = 0;
      let joined = "";
      while (offset !== null) {
        const page: Json = call(store, "get_transcript", {
          id: source.id,
          offset,
          maxChars: 200_000,
        });
        assert(page.manualTags.length <= 100);
        joined += page.text;
        offset = page.nextOffset;
      }
      assertEquals(joined, text, "budget-limited pages still join up exactly");
    }
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test("capText marks a cut and keeps surrogate pairs whole", () => {
  assertEquals(capText("abcdef", 4), "abc…");
  assertEquals(capText("abc", 4), "abc");
  assertEquals(capText(null, 4), null);
  assertEquals(capText("ab😀cd", 4), "ab…");
});

Deno.test("fitJsonText counts JSON escapes and never splits a pair", () => {
  assertEquals(fitJsonText('ab"cd', 0, 5, 4), 3);
  assertEquals(fitJsonText("😀😀", 0, 4, 5), 2);
  assertEquals(fitJsonText("\u0001x", 0, 2, 6), 1);
  assertEquals(fitJsonText("plain", 1, 5, 100), 5);
});

Deno.test("huge ids and timestamps are capped, and cursors past them stay small", () => {
  const huge = (tag: string) => `${tag}-${"k".repeat(2 * MIB)}`;
  const transcripts = fixtureTranscripts(30).map((t, n) =>
    n % 10 === 3 ? { ...t, id: huge(`t${n}`), createdAt: `${t.createdAt}${"9".repeat(MIB)}` } : t
  );
  const tasks = hostileTasks(transcripts).slice(0, 30).map((task, n) =>
    n % 10 === 3
      ? { ...task, id: huge(`k${n}`), createdAt: `${task.createdAt}${"9".repeat(MIB)}` }
      : task
  );
  const fixture = buildFixtureStore({ transcripts, tasks });
  const store = openStore(fixture.path);
  try {
    for (
      const [tool, key] of [["list_transcripts", "transcripts"], ["list_tasks", "tasks"]] as const
    ) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Json = call(store, tool, cursor ? { limit: 3, cursor } : { limit: 3 });
        seen.push(...page[key].map((item: Json) => item.id));
        assert(cursor === null || cursor.length < 2_000, "cursors stay small");
        cursor = page.nextCursor;
      } while (cursor !== null);
      assertEquals(seen.length, 30, tool);
      assertEquals(new Set(seen).size, 30, tool);
      assert(seen.every((id) => id.length <= FIELD_CAPS.id));
    }
    const page: Json = call(store, "list_transcripts", { limit: 30 });
    const hugeOnes = page.transcripts.filter((t: Json) => t.id.includes("-kkk"));
    assertEquals(hugeOnes.length, 3);
    for (const t of hugeOnes) {
      assertCapped(t.id, FIELD_CAPS.id);
      assertCapped(t.createdAt, FIELD_CAPS.timestamp);
    }
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test("a forged cursor is refused as invalid_arguments, not a server failure", () => {
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(3) });
  const store = openStore(fixture.path);
  try {
    const forge = (values: unknown[]) =>
      btoa(JSON.stringify(values)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
    for (
      const [tool, values] of [
        ["list_transcripts", ["list_transcripts", "2026-01-01", "abc"]],
        ["list_transcripts", ["list_transcripts", "", "999999"]],
        ["list_tasks", ["list_tasks", "", "", "1e5"]],
      ] as const
    ) {
      const result = toolCallResult(
        callTool(findTool(tool)!, SourceSet.ofStore(store), { cursor: forge([...values]) }),
      );
      assertToolError(result, "invalid_arguments", /^cursor: /);
    }
  } finally {
    store.close();
    fixture.cleanup();
  }
});
