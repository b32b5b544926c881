/**
 * The seed tool sets through the real server: `--tools rousseau` publishes rousseau's four
 * tool names beside ours, each answers the examples rousseau's own tests give
 * (internal/mcp/tools_test.go) in rousseau's text rendering, an unknown set is a usage
 * error, and without a rousseau source the tools answer `unavailable`.
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildRousseauFixture, sessionId } from "../helpers/rousseau_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";
import { buildMeetilyFixture } from "../helpers/meetily_fixture.ts";

const ROUSSEAU_NAMES = [
  "rousseau_search_sessions",
  "rousseau_list_sessions",
  "rousseau_read_session",
  "rousseau_cron_list",
];

const text = (answer: Message): string => answer["content"][0].text;

async function toolNames(args: string[]): Promise<string[]> {
  const server = startServer(args);
  try {
    await server.initialize();
    const listed = await server.request("tools/list", {});
    assertEquals((await server.finish()).code, 0);
    return listed["result"].tools.map((tool: Message) => tool.name);
  } finally {
    await server.kill();
  }
}

Deno.test("seed tools: --tools rousseau adds rousseau's names beside the native tools", async () => {
  const fixture = buildRousseauFixture();
  try {
    const native = await toolNames(["--source", fixture.path]);
    assert(!native.some((name) => name.startsWith("rousseau_")));
    const both = await toolNames(["--source", fixture.path, "--tools", "rousseau"]);
    assertEquals(both, [...native, ...ROUSSEAU_NAMES]);
    assertEquals(await toolNames(["--source", fixture.path, "--tools", "rousseau,rousseau"]), both);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("seed tools: rousseau's documented examples answer in rousseau's rendering", async () => {
  const fixture = buildRousseauFixture();
  const server = startServer(["--source", fixture.path, "--tools", "rousseau"]);
  try {
    await server.initialize();
    // TestSearchSessionsTool_HappyPath: {"query":"pod"} names the session and its title.
    const search = await server.callTool("rousseau_search_sessions", { query: "pod" });
    assertMatch(text(search), /^session rousseau:\S+ \(rank -?\d+\.\d\d\)\n {4}title: {3}/);
    assert(text(search).includes(`session rousseau:${sessionId(1)}`));
    assert(text(search).includes("Kubernetes pod stuck"));
    assert(text(search).includes("snippet: ") && text(search).toLowerCase().includes("pod"));
    assertEquals(search["structuredContent"].results[0].id, `rousseau:${sessionId(1)}`);
    // TestSearchSessionsTool_NoHits and _EmptyQuery.
    const none = await server.callTool("rousseau_search_sessions", { query: "nothing" });
    assertEquals(text(none), "(no matches)");
    assertEquals(
      (await server.callTool("rousseau_search_sessions", { query: "" }))["isError"],
      true,
    );
    // FTS5 syntax, as the description says.
    const syntax = await server.callTool("rousseau_search_sessions", {
      query: '"liveness probe" OR lisbon',
      limit: 5,
    });
    assertEquals(syntax["structuredContent"].results.length, 2);
    // TestListSessionsTool: {} lists ids with msgs=.
    const list = await server.callTool("rousseau_list_sessions", {});
    const lines = text(list).split("\n");
    assertEquals(lines.length, 5);
    assertEquals(
      lines[0],
      `rousseau:${sessionId(2)}  Old trip planning  msgs=4  updated=2026-07-20T18:00:00.000Z`,
    );
    assertEquals(
      text(await server.callTool("rousseau_list_sessions", { limit: 2 })).split("\n").length,
      2,
    );
    // TestReadSessionTool_HappyPath: the title and each text block; a bare uuid works too.
    for (const id of [`rousseau:${sessionId(1)}`, sessionId(1)]) {
      const read = text(await server.callTool("rousseau_read_session", { id }));
      assert(read.startsWith(`id: rousseau:${sessionId(1)}\ntitle: Kubernetes pod stuck\n`));
      assert(read.includes("messages: 4\n\n[0] user\n    My pod is stuck in CrashLoopBackOff.\n"));
      assert(read.includes("[2] user\n[3] assistant\n    Check the liveness probe timeout."));
    }
    const undated = text(await server.callTool("rousseau_read_session", { id: sessionId(4) }));
    assert(undated.includes("created: unknown\n"), undated);
    // TestReadSessionTool_MissingID and _LoadError.
    assertEquals((await server.callTool("rousseau_read_session", {}))["isError"], true);
    const missing = await server.callTool("rousseau_read_session", { id: "missing" });
    assertEquals(JSON.parse(text(missing)).error.code, "not_found");
    // TestCronListTool: names, on/off, schedule and prompt; the delivery target withheld.
    const cron = text(await server.callTool("rousseau_cron_list", {}));
    assertEquals(cron.split("\n"), [
      `weekly-review [off] 0 17 * * 5 → (withheld)  prompt="Summarise the week's sessions."  deliver=(withheld)`,
      `morning [on] 0 8 * * * → (withheld)  prompt="Brief me on today's calendar."  deliver=(withheld)`,
    ]);
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    fixture.cleanup();
  }
});

Deno.test("seed tools: empty answers, no rousseau source, and an unknown set", async () => {
  const empty = buildRousseauFixture({ sessions: [], cronJobs: [] });
  const other = buildMeetilyFixture();
  const server = startServer(["--source", empty.path, "--tools", "rousseau"]);
  const without = startServer(["--source", other.path, "--tools", "rousseau"]);
  const unknown = startServer(["--source", other.path, "--tools", "slack"]);
  try {
    await server.initialize();
    assertEquals(text(await server.callTool("rousseau_list_sessions", {})), "(no sessions)");
    assertEquals(text(await server.callTool("rousseau_cron_list", {})), "(no jobs)");
    assertEquals((await server.finish()).code, 0);
    await without.initialize();
    const answer = await without.callTool("rousseau_list_sessions", {});
    assertEquals(answer["isError"], true);
    assertMatch(
      JSON.parse(text(answer)).error.message,
      /^Cannot list sessions: no rousseau source/,
    );
    assertEquals((await without.finish()).code, 0);
    const exit = await unknown.finish();
    assertEquals(exit.code, 2);
    assertMatch(exit.stderr, /--tools: no tool set 'slack'; sets: rousseau/);
  } finally {
    await Promise.all([server.kill(), without.kill(), unknown.kill()]);
    empty.cleanup();
    other.cleanup();
  }
});
