/**
 * Resources, prompts and completions end to end: the SDK's own Client against the real
 * server on a fixture store, which the Client checks against its result schemas. The store's
 * name is "store" (from its file name), so its URIs are transcript://store/ID.
 *
 * Each transcript's body lines are checked against its segments: one line per turn, which in
 * the fixtures is one per segment (the speakers alternate), `[h:mm:ss] Speaker: text` where
 * the source gives segments to the reads, `Speaker: text` where the text's lines stand in.
 */
// @ts-types="@modelcontextprotocol/sdk/types"
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import {
  buildFixtureStore,
  fixtureTranscripts,
  longEmojiTranscript,
} from "../helpers/fixture_store.ts";
import { SharedClient } from "../helpers/sdk_client.ts";
import type { Transcript } from "../../lib/store/model.ts";
import { clockTime } from "../../lib/sources/turns.ts";
import {
  COMPLETION_MAX_VALUES,
  PROMPT_EMBED_BYTES,
  RESOURCE_MAX_BYTES,
  RESOURCE_PAGE_SIZE,
} from "../../lib/config/limits.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const long = longEmojiTranscript(20_000);
const fixture = buildFixtureStore({ transcripts: [...fixtureTranscripts(60), long] });
globalThis.addEventListener("unload", () => fixture.cleanup());
/** Every test here only reads, so they share one client; the last one closes it. */
const shared = new SharedClient(["--db", fixture.path]);

const newestFirst = [...fixture.transcripts].reverse()
  .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
const uriOf = (t: Transcript) => `transcript://store/${t.id}`;
const bytes = (text: string) => new TextEncoder().encode(text).length;

/** The Markdown's body: its lines after the header, blank lines left out. */
function bodyLines(markdown: string): string[] {
  const [, body = ""] = markdown.split(/\n- Speakers: [^\n]*\n/);
  return body.split("\n").filter((line) => line !== "");
}

/** Asserts that `lines` are the turns of `transcript`'s first segments, one each, in order. */
function assertTurnLines(lines: readonly string[], transcript: Transcript): void {
  lines.forEach((line, i) => {
    const segment = transcript.segments[i]!;
    assert(line.endsWith(`${segment.speaker}: ${segment.text}`), `line ${i}: ${line}`);
    const at = /^\[(\d+:\d\d:\d\d)\] /.exec(line)?.[1];
    if (at !== undefined) assertEquals(at, clockTime(segment.startMs!));
  });
}

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    assert(error instanceof McpError, String(error));
    return error;
  }
  throw new Error("expected the request to fail");
}

Deno.test("resources: every transcript listed newest first, a page at a time", async () => {
  await shared.use(async (client) => {
    const capabilities = client.getServerCapabilities() ?? {};
    assert(capabilities.resources && capabilities.prompts && capabilities.completions);
    const listed: Json[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      assert(page.resources.length <= RESOURCE_PAGE_SIZE);
      listed.push(...page.resources);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    assertEquals(listed.map((r) => r.uri), newestFirst.map(uriOf));
    assertEquals(listed.map((r) => r.name), newestFirst.map((t) => t.title));
    assert(listed.every((r) => r.mimeType === "text/markdown"));
    // The size of each text, which our own store keeps in the row's header.
    for (const item of fixture.transcripts.slice(0, 3)) {
      const got: Json = await client.callTool({
        name: "get_transcript",
        arguments: { id: item.id },
      });
      const entry = listed.find((r) => r.uri === uriOf(item));
      assertEquals(entry.size, bytes(got.structuredContent.text));
    }

    const { resourceTemplates } = await client.listResourceTemplates();
    assertEquals(resourceTemplates.map((t) => t.uriTemplate), ["transcript://{source}/{id}"]);
  });
});

Deno.test("resources/read: title, date, source, speakers, then one line per turn", async () => {
  await shared.use(async (client) => {
    const item = fixture.transcripts[9]!;
    const { contents } = await client.readResource({ uri: uriOf(item) });
    assertEquals(contents.length, 1);
    const content = contents[0] as Json;
    assertEquals([content.uri, content.mimeType], [uriOf(item), "text/markdown"]);
    const text: string = content.text;
    assert(text.startsWith(`# ${item.title}\n\n- Date: ${item.createdAt}\n`), text);
    assert(text.includes(`\n- Source: store (${item.source})\n- Id: ${item.id}\n`), text);
    const lines = bodyLines(text);
    assertEquals(lines.length, item.segments.length);
    assertTurnLines(lines, item);

    for (const uri of ["transcript://store/nope", "transcript://nosuch/x", "file:///etc/hosts"]) {
      const error = await rejection(client.readResource({ uri }));
      assertEquals([error.code, error.data], [-32002, { uri }]);
      assertMatch(error.message, /Resource not found/);
    }
  });
});

Deno.test("resources/read cuts a transcript over 1 MiB at a turn, and says how to read on", async () => {
  await shared.use(async (client) => {
    const result = await client.readResource({ uri: uriOf(long) });
    const answer = bytes(JSON.stringify({ jsonrpc: "2.0", id: 1, result }));
    assert(answer <= RESOURCE_MAX_BYTES, `${answer} bytes`);
    const text = (result.contents[0] as Json).text as string;
    const lines = bodyLines(text);
    const last = lines.pop()!;
    const cut =
      /^_Cut here at [\d,]+ bytes: (\d+) of (\d+) turns shown\. Read on with get_turns (\{.*?\})/
        .exec(last);
    assert(cut !== null, last);
    const [shown, total, args] = [Number(cut[1]), Number(cut[2]), JSON.parse(cut[3]!)];
    assertEquals([shown, total], [lines.length, long.segments.length]);
    // Nearly full: only a turn and the read-on line may be missing.
    assert(answer > RESOURCE_MAX_BYTES - 1_000, `${answer} bytes`);
    assertTurnLines(lines, long);
    assertEquals(args.id, long.id);
    assertEquals(typeof args.cursor, "string");
  });
});

Deno.test("prompts: listed, a transcript embedded when it fits, paged when it does not", async () => {
  await shared.use(async (client) => {
    const { prompts } = await client.listPrompts();
    assertEquals(prompts.map((p) => [p.name, p.arguments?.map((a) => a.name)]), [
      ["summarize_transcript", ["id"]],
      ["action_items", ["id"]],
      ["prepare_for", ["topic"]],
    ]);
    const item = fixture.transcripts[4]!;
    const { contents } = await client.readResource({ uri: uriOf(item) });
    for (const name of ["summarize_transcript", "action_items"]) {
      const { messages } = await client.getPrompt({ name, arguments: { id: item.id } });
      assertEquals(messages.length, 2);
      const embedded = messages[0]!.content as Json;
      assertEquals(embedded.type, "resource");
      assertEquals(embedded.resource, { ...contents[0] });
      assertMatch((messages[1]!.content as Json).text, /\[h:mm:ss\]/);
    }
    assert(bytes((contents[0] as Json).text) <= PROMPT_EMBED_BYTES);

    const paged = await client.getPrompt({
      name: "summarize_transcript",
      arguments: { id: long.id },
    });
    assertEquals(paged.messages.length, 1);
    const words = (paged.messages[0]!.content as Json).text as string;
    assert(words.includes(`get_turns with ${JSON.stringify({ id: long.id })}`), words);
    assertMatch(words, /too long to include here/);

    const prepare = await client.getPrompt({
      name: "prepare_for",
      arguments: { topic: "pricing" },
    });
    const plan = (prepare.messages[0]!.content as Json).text as string;
    for (const tool of ["search_transcripts", "get_turns", "list_tasks"]) {
      assert(plan.includes(tool), `prepare_for names ${tool}`);
    }

    const refused = [
      { name: "nope" },
      { name: "action_items", arguments: {} },
      { name: "action_items", arguments: { id: "no such id" } },
      { name: "prepare_for", arguments: { topic: "x", extra: "y" } },
    ];
    for (const params of refused) {
      assertEquals((await rejection(client.getPrompt(params))).code, -32602);
    }
  });
});

Deno.test("completion: ids whose titles hold what was typed, newest first; source names", async () => {
  await shared.last(async (client) => {
    const prompt = { type: "ref/prompt", name: "summarize_transcript" } as const;
    const typed = await client.complete({
      ref: prompt,
      argument: { name: "id", value: "ricing REV" },
    });
    const expected = newestFirst.filter((t) => t.title.toLowerCase().includes("ricing rev"));
    assert(expected.length > 1);
    assertEquals(typed.completion.values, expected.map((t) => t.id));
    assertEquals(typed.completion.hasMore, false);

    const all = await client.complete({ ref: prompt, argument: { name: "id", value: "" } });
    assertEquals(
      all.completion.values,
      newestFirst.slice(0, COMPLETION_MAX_VALUES).map((t) => t.id),
    );
    assertEquals(all.completion.hasMore, true);

    const template = { type: "ref/resource", uri: "transcript://{source}/{id}" } as const;
    const sources = await client.complete({
      ref: template,
      argument: { name: "source", value: "st" },
    });
    assertEquals(sources.completion.values, ["store"]);
    const keys = await client.complete({
      ref: template,
      argument: { name: "id", value: "a very long" },
      context: { arguments: { source: "store" } },
    });
    assertEquals(keys.completion.values, [long.id]);
    const elsewhere = await client.complete({
      ref: template,
      argument: { name: "id", value: "" },
      context: { arguments: { source: "nosuch" } },
    });
    assertEquals(elsewhere.completion.values, []);

    const topic = await client.complete({
      ref: { type: "ref/prompt", name: "prepare_for" },
      argument: { name: "topic", value: "pri" },
    });
    assertEquals(topic.completion.values, []);
    for (
      const request of [
        { ref: prompt, argument: { name: "topic", value: "" } },
        { ref: { type: "ref/prompt", name: "nope" }, argument: { name: "id", value: "" } },
        { ref: { type: "ref/resource", uri: "file:///{x}" }, argument: { name: "x", value: "" } },
      ] as const
    ) {
      assertEquals((await rejection(client.complete(request))).code, -32602);
    }
  });
});
