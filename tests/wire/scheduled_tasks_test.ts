/**
 * list_tasks' `bucket: "scheduled"`: rousseau's cron jobs alone, through the real server,
 * beside sources that keep no such tasks and answer none.
 */
import { assertEquals } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { buildMeetilyFixture } from "../helpers/meetily_fixture.ts";
import { buildRousseauFixture, fixtureCronJobs } from "../helpers/rousseau_fixture.ts";
import { type Message, startServer } from "../helpers/server_process.ts";

Deno.test("list_tasks lists rousseau's scheduled jobs by bucket; other sources answer none", async () => {
  const rousseau = buildRousseauFixture();
  const ours = buildFixtureStore();
  const meetily = buildMeetilyFixture();
  const server = startServer([
    "--source",
    `rousseau=${rousseau.path}`,
    "--source",
    `ours=${ours.path}`,
    "--source",
    `meetily=${meetily.path}`,
  ]);
  const tasks = async (args: Record<string, unknown>) => {
    const answer = await server.callTool("list_tasks", args);
    assertEquals(answer["isError"], undefined, JSON.stringify(answer));
    return answer["structuredContent"].tasks as Message[];
  };
  try {
    await server.initialize();
    const jobs = fixtureCronJobs().toSorted((a, b) => b.createdAt.localeCompare(a.createdAt));
    const scheduled = await tasks({ bucket: "scheduled" });
    assertEquals(
      scheduled.map((t) => [t.id, t.text, t.bucket, t.schedule, t.enabled, t.sourceName]),
      jobs.map((job) => [
        `rousseau:${job.id}`,
        job.prompt,
        "scheduled",
        job.cronExpr,
        job.enabled,
        "rousseau",
      ]),
    );
    assertEquals(await tasks({ bucket: "scheduled", done: false }), scheduled);
    assertEquals(await tasks({ bucket: "scheduled", done: true }), []);
    assertEquals(await tasks({ bucket: "scheduled", sourceName: "ours" }), []);
    assertEquals(await tasks({ bucket: "scheduled", sourceName: "meetily" }), []);
    const word = jobs[0]!.prompt.split(" ").at(-1)!.replace(/\W/g, "");
    assertEquals(
      (await tasks({ bucket: "scheduled", query: word })).map((t) => t.id),
      [`rousseau:${jobs[0]!.id}`],
    );
    // Our store's own buckets still list only its tasks.
    const today = await tasks({ bucket: "today", limit: 100 });
    assertEquals(
      today.map((t) => t.id).sort(),
      ours.tasks.filter((t) => t.bucket === "today").map((t) => `${t.id}`).sort(),
    );
    const listed = await server.request("tools/list", {});
    const tool = listed["result"].tools.find((t: Message) => t.name === "list_tasks");
    assertEquals(tool.inputSchema.properties.bucket.enum.includes("scheduled"), true);
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    rousseau.cleanup();
    ours.cleanup();
    meetily.cleanup();
  }
});
