/**
 * Edge cases an audit of search and the list tools found, driven through the real server:
 * each test names the input that once failed.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { buildMeetilyFixture } from "../helpers/meetily_fixture.ts";
import { buildRousseauFixture } from "../helpers/rousseau_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";

/** Runs `fn` against a server on `args`, then ends it. */
async function served(
  args: string[],
  fn: (call: (a: unknown) => Promise<Message>) => Promise<void>,
) {
  const server = startServer(args);
  try {
    await server.initialize();
    await fn((a) => server.callTool("search_transcripts", a));
  } finally {
    await server.kill();
  }
}

Deno.test("a prefix query on a rousseau source is searched, not an internal error", async () => {
  const fixture = buildRousseauFixture();
  try {
    await served(["--source", fixture.path], async (call) => {
      for (const mode of ["words", "both"]) {
        const result = await call({ query: "migr*", mode });
        assert(!result["isError"], result["content"][0].text);
        assertEquals(result["structuredContent"].queryMode, "fts5");
        assert(result["structuredContent"].results.length > 0, "a session says migration");
      }
    });
  } finally {
    fixture.cleanup();
  }
});

Deno.test("a search cursor belongs to its sourceName: reused over other sources it is refused", async () => {
  const store = buildFixtureStore();
  const rousseau = buildRousseauFixture();
  try {
    await served(["--source", store.path, "--source", rousseau.path], async (call) => {
      for (const mode of ["words", "meaning", "both"]) {
        const one = await call({ query: "review", mode, limit: 1, sourceName: "store" });
        const all = await call({ query: "review", mode, limit: 1 });
        for (
          const [cursor, sourceName] of [
            [one["structuredContent"].nextCursor, undefined],
            [all["structuredContent"].nextCursor, "store"],
          ]
        ) {
          assert(typeof cursor === "string", `${mode}: a second page`);
          const next = await call({ query: "review", mode, cursor, sourceName });
          assert(next["isError"], `${mode}: a cursor of another ranking is refused`);
          assertEquals(
            JSON.parse(next["content"][0].text).error.code,
            "invalid_arguments",
          );
        }
        const own = await call({
          query: "review",
          mode,
          cursor: one["structuredContent"].nextCursor,
          sourceName: "store",
        });
        assert(!own["isError"], own["content"][0].text);
      }
    });
  } finally {
    store.cleanup();
    rousseau.cleanup();
  }
});

Deno.test("a list_tasks query cursor belongs to its filters and sourceName", async () => {
  const store = buildFixtureStore();
  const rousseau = buildRousseauFixture();
  const server = startServer(["--source", store.path, "--source", rousseau.path]);
  try {
    await server.initialize();
    const tasks = (args: unknown) => server.callTool("list_tasks", args);
    const one = await tasks({ query: "task", limit: 1, sourceName: "store" });
    const all = await tasks({ query: "task", limit: 1 });
    for (
      const asked of [
        { cursor: one["structuredContent"].nextCursor },
        { cursor: all["structuredContent"].nextCursor, sourceName: "store" },
        { cursor: all["structuredContent"].nextCursor, done: true },
        { cursor: all["structuredContent"].nextCursor, bucket: "inbox" },
      ]
    ) {
      assert(typeof asked.cursor === "string", "a second page");
      const next = await tasks({ query: "task", ...asked });
      assert(next["isError"], `a cursor of another listing is refused: ${JSON.stringify(asked)}`);
      assertEquals(JSON.parse(next["content"][0].text).error.code, "invalid_arguments");
    }
    const own = await tasks({ query: "task", cursor: all["structuredContent"].nextCursor });
    assert(!own["isError"], own["content"][0].text);
  } finally {
    await server.kill();
    store.cleanup();
    rousseau.cleanup();
  }
});

Deno.test("a query in decomposed Unicode (NFD) finds on a scanned source what its composed form finds", async () => {
  const meetily = buildMeetilyFixture();
  try {
    await served(["--source", meetily.path], async (call) => {
      const ids = async (query: string) => {
        const result = await call({ query, mode: "words" });
        assert(!result["isError"], result["content"][0].text);
        return result["structuredContent"].results.map((hit: Message) => hit.id);
      };
      const composed = await ids("café");
      assert(composed.length > 0, "the fixture says café");
      assertEquals(await ids("cafe\u0301"), composed);
    });
  } finally {
    meetily.cleanup();
  }
});
