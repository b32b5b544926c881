/**
 * End to end: the SDK's own Client over StdioClientTransport, against the real server.
 * The Client validates every structuredContent against the tool's published outputSchema.
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { withClient } from "../helpers/sdk_client.ts";
import { assertToolError } from "../helpers/tool_error.ts";
import { TOOLS } from "../../lib/tools/registry.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

Deno.test("the SDK Client lists the tools and calls each one against a fixture store", async () => {
  const fixture = buildFixtureStore();
  try {
    await withClient(["--db", fixture.path], async (client) => {
      assertEquals(client.getServerVersion()?.name, "transcript-mcp");
      assertMatch(client.getInstructions() ?? "", /read-only/);
      const { tools } = await client.listTools();
      assertEquals(tools.map((t) => t.name), TOOLS.map((t) => t.name));

      const list: Json = await client.callTool({
        name: "list_transcripts",
        arguments: { limit: 5 },
      });
      assertEquals(list.structuredContent.transcripts.length, 5);
      const id = list.structuredContent.transcripts[0].id;

      const got: Json = await client.callTool({ name: "get_transcript", arguments: { id } });
      assertEquals(got.structuredContent.id, id);

      const found: Json = await client.callTool({
        name: "search_transcripts",
        arguments: { query: "sync conflict" },
      });
      assert(found.structuredContent.results.length > 0);
      assertMatch(found.structuredContent.results[0].snippet, /«sync conflict»/);

      const tasks: Json = await client.callTool({ name: "list_tasks", arguments: { done: false } });
      assert(tasks.structuredContent.tasks.every((t: Json) => !t.done));

      const missing: Json = await client.callTool({
        name: "get_transcript",
        arguments: { id: "nope" },
      });
      assertToolError(missing, "not_found");
    });
  } finally {
    fixture.cleanup();
  }
});

Deno.test("the SDK Client works against the built-in demo store", async () => {
  await withClient(["--demo"], async (client) => {
    const found: Json = await client.callTool({
      name: "search_transcripts",
      arguments: { query: "what's the plan?" },
    });
    assertEquals(found.structuredContent.queryMode, "words");
    assert(found.structuredContent.results.length > 0);
    const tasks: Json = await client.callTool({ name: "list_tasks", arguments: {} });
    assertEquals(tasks.structuredContent.tasks.length, 12);
  });
});
