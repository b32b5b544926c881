/**
 * Each limit, bound and code the docs state is the one the code enforces: docs/tools.md's
 * argument bounds, error codes and output caps, docs/protocol.md's error codes and limits,
 * docs/security.md's caps, docs/store.md's schema and rules, docs/performance.md's thresholds and
 * docs/build.md's count of start-ups, and any `NAME` (value) a page writes of a limit in
 * lib/config/limits.ts. Limits are read from tables and numbers, not whole
 * sentences, so the prose around them can be rewritten freely.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import {
  cell,
  docs,
  fencedBetween,
  type Json,
  numbersIn,
  quantities,
  quantity,
  section,
  stated,
  tableRows,
} from "../helpers/docs.ts";
import { SCHEMA_SQL } from "../../lib/store/schema.ts";
import { publishTool } from "../../lib/tools/call_tool.ts";
import { TOOLS } from "../../lib/tools/registry.ts";
import type { ToolErrorCode } from "../../lib/tools/tool.ts";
import { BM25_WEIGHTS } from "../../lib/tools/search_transcripts.ts";
import { STARTUP_RUNS } from "../../scripts/smoke.ts";
import { RPC_ERRORS } from "../../lib/transport/jsonrpc.ts";
import { REQUIRED_TABLES, STORE_SCHEMA_VERSION } from "../../lib/store/open_store.ts";
import {
  BUSY_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  FIELD_CAPS,
  INLINE_BUDGET_MS,
  INLINE_TEXT_BYTES,
  MAX_IDLE_WAL_COPY_BYTES,
  MAX_LINE_BYTES,
  MAX_NESTING,
  MAX_POOL_SIZE,
  MAX_TIMEOUT_MS,
  MIN_SPLIT_WORKERS,
  PAYLOAD_BUDGET_BYTES,
  PREVIEW_LENGTH,
  SKIP_AFTER_OVERRUN_MS,
  SNIPPET_SOURCE_CHARS,
} from "../../lib/config/limits.ts";

Deno.test("docs/tools.md documents each tool's arguments and answers with the code's bounds", () => {
  for (const tool of TOOLS.map(publishTool)) {
    const text = section(docs.tools, tool.name);
    const input = tool.inputSchema as Json;
    for (const [name, property] of Object.entries(input.properties as Record<string, Json>)) {
      assert(text.includes(`\`${name}\``), `${tool.name} documents the argument ${name}`);
      const range = /(\d[\d,]*)–(\d[\d,]*)/.exec(property.description ?? "");
      const expected = [
        ...(range === null ? [] : numbersIn(range[0])),
        ...(property.maxLength === undefined ? [] : [1, property.maxLength]),
        ...(typeof property.default === "number" ? [property.default] : []),
      ];
      const doc = new RegExp(`\`${name}\` \\(([^)]*)\\)`).exec(text.replace(/\s+/g, " "))?.[1];
      if (expected.length > 0) {
        assertEquals(numbersIn(doc ?? ""), expected, `${tool.name} states ${name}'s bounds`);
      }
      for (const value of property.enum ?? []) {
        assert(doc?.includes(`\`${value}\``), `${tool.name} names ${name} ${value}`);
      }
    }
    const output = tool.outputSchema as Json;
    const fields = Object.entries(output.properties as Record<string, Json>).flatMap((
      [name, property],
    ) => [name, ...Object.keys(property.items?.properties ?? {})]);
    for (const field of fields) {
      assert(text.includes(`\`${field}\``), `${tool.name} documents the answer's ${field}`);
    }
  }
  const listing = section(docs.tools, "list_transcripts");
  assertEquals(stated(listing, /(\d+)-character preview/), PREVIEW_LENGTH);
  const search = section(docs.tools, "search_transcripts");
  assertEquals(stated(search, /title weighted (\w+) times/), BM25_WEIGHTS[0] / BM25_WEIGHTS[1]);
});

Deno.test("docs/tools.md lists exactly the tool error codes, with the code's timeouts", () => {
  // A Record over the union fails to type-check when a code is added or removed.
  const codes: Record<ToolErrorCode, true> = {
    invalid_arguments: true,
    not_found: true,
    busy: true,
    unavailable: true,
    timeout: true,
    internal: true,
  };
  const errors = section(docs.tools, "Errors");
  const listed = [...tableRows(errors).keys()].filter((key) => key.startsWith("`"));
  assertEquals(listed.map((key) => key.slice(1, -1)).sort(), Object.keys(codes).sort());
  assertEquals(stated(cell(errors, "`busy`"), /past the (\d+ s)/), BUSY_TIMEOUT_MS);
  assertEquals(stated(cell(errors, "`timeout`"), /deadline \((\d+ s)/), DEFAULT_TIMEOUT_MS);
});

Deno.test("docs/tools.md's output bounds are the code's caps and budget", () => {
  const bounds = section(docs.tools, "Output bounds");
  const caps: [string, (keyof typeof FIELD_CAPS)[]][] = [
    ["Titles, previews and snippets", ["title", "preview", "snippet"]],
    ["Ids", ["id"]],
    ["Task texts", ["taskText"]],
    ["Labels (source, language, engine, model, template, bucket, each tag)", ["label"]],
    ["Timestamps", ["timestamp"]],
    ["Tag lists", ["tags"]],
  ];
  for (const [label, keys] of caps) {
    for (const key of keys) assertEquals(quantity(cell(bounds, label)), FIELD_CAPS[key], label);
  }
  assertEquals(caps.flatMap(([, keys]) => keys).sort(), Object.keys(FIELD_CAPS).sort());
  assertEquals(tableRows(bounds).size - 1, caps.length, "every cap is checked");
  // A result travels twice in its response, as structuredContent and as escaped JSON text.
  const response = stated(bounds, /No response passes (\d+ MiB)/);
  assert(3 * PAYLOAD_BUDGET_BYTES <= response, `${PAYLOAD_BUDGET_BYTES} bytes fit ${response}`);
});

Deno.test("docs/protocol.md lists exactly the JSON-RPC error codes the server answers with", () => {
  const listed = [...tableRows(section(docs.protocol, "Error codes")).keys()]
    .filter((key) => /^-\d+$/.test(key)).map(Number).sort();
  assertEquals(listed, Object.values(RPC_ERRORS).sort());
});

Deno.test("docs/protocol.md's limits and cheap tools are the code's", () => {
  const limits = section(docs.protocol, "Limits");
  const expected: [string, number[]][] = [
    ["Longest input line", [MAX_LINE_BYTES]],
    ["Deepest nesting of a message", [MAX_NESTING]],
    ["Deadline of one tool call (`--timeout-ms`)", [DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS]],
    ["Calls running at once", [MAX_POOL_SIZE]],
    ["Inline budget of a cheap call", [INLINE_BUDGET_MS]],
    ["Straight to a worker after an overrun, for", [SKIP_AFTER_OVERRUN_MS]],
    ["Inline text limit of `get_transcript`", [INLINE_TEXT_BYTES]],
    ["Wait for the app's write lock before `busy`", [BUSY_TIMEOUT_MS]],
  ];
  for (const [label, values] of expected) {
    assertEquals(quantities(cell(limits, label)), values, label);
  }
  assertEquals(tableRows(limits).size - 1, expected.length, "every limit is checked");
  const inFlight = section(docs.protocol, "Calls in flight").replace(/\s+/g, " ");
  assertEquals(stated(inFlight, /At most (\w+) calls run at once/), MAX_POOL_SIZE);
  const inline = TOOLS.filter((tool) => tool.cheap !== undefined && tool.cheap !== false)
    .map((tool) => `\`${tool.name}\``);
  assert(
    inFlight.includes(`The cheap calls (${inline.slice(0, -1).join(", ")} and ${inline.at(-1)},`),
    `docs/protocol.md names the cheap tools: ${inline.join(", ")}`,
  );
});

Deno.test("docs/security.md's caps are the code's", () => {
  const notes = section(docs.security, "Security notes");
  assertEquals(stated(notes, /capped at (\S+ MiB) a line/), MAX_LINE_BYTES);
  assertEquals(stated(notes, /(\d+) levels of nesting/), MAX_NESTING);
  assert(3 * PAYLOAD_BUDGET_BYTES <= stated(notes, /responses at (\S+ MiB)/));
  assertEquals(stated(notes, /calls at (\d+ s)/), DEFAULT_TIMEOUT_MS);
  assertEquals(stated(notes, /at most (\w+) run at once/), MAX_POOL_SIZE);
});

Deno.test("docs/store.md quotes lib/store/schema.sql exactly and states the store's rules", () => {
  const block = fencedBetween(docs.store, "<!-- schema -->", "<!-- /schema -->");
  assertEquals(block.trimEnd(), SCHEMA_SQL.trimEnd());
  assertEquals(stated(docs.store, /currently \*\*(\d+)\*\*/), STORE_SCHEMA_VERSION);
  const requires = section(docs.store, "What transcript-mcp requires");
  const tables = /^The tables (.*) must exist/m.exec(requires)?.[1] ?? "";
  assertEquals(
    [...tables.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort(),
    [...REQUIRED_TABLES].sort(),
  );
  assertEquals(stated(requires, /waits up to (\d+ seconds)/), BUSY_TIMEOUT_MS);
  const bad = section(docs.store, "Bad stores");
  const locked = [...tableRows(bad).keys()].find((key) => key.startsWith("Locked by the app"));
  assertEquals(stated(locked ?? "", /past (\d+ s)/), BUSY_TIMEOUT_MS);
});

Deno.test("docs/performance.md states the code's snippet window and split threshold", () => {
  const text = docs.performance.replace(/\s+/g, " ");
  assertEquals(stated(text, /from the first (\S+) characters of each hit/), SNIPPET_SOURCE_CHARS);
  assertEquals(stated(text, /machines with (\w+) or more cores/), MIN_SPLIT_WORKERS);
});

Deno.test("docs/build.md states how many start-ups the smoke check's median is over", () => {
  const startUp = section(docs.build, "Start-up").replace(/\s+/g, " ");
  assertEquals(stated(startUp, /the median of the (\w+) runs/), STARTUP_RUNS);
});

Deno.test("docs/cli.md states the largest closed WAL database discover copies", () => {
  const discover = section(docs.cli, "Finding your transcripts: `discover`");
  assertEquals(stated(discover, /copy in memory, up to (\d+ MiB)/), MAX_IDLE_WAL_COPY_BYTES);
});

Deno.test("a limit the docs name with its value, `NAME` (value), is the code's", async () => {
  const limits: Record<string, unknown> = await import("../../lib/config/limits.ts");
  let checked = 0;
  for (const [page, text] of Object.entries(docs)) {
    for (const [, name, value] of text.matchAll(/`([A-Z][A-Z0-9_]+)` \(([^,;)]*)/g)) {
      if (typeof limits[name!] !== "number") continue;
      assertEquals(quantity(value!), limits[name!], `docs/${page}.md: ${name} (${value})`);
      checked++;
    }
  }
  assert(checked >= 6, `${checked} limits named with their values`);
});
