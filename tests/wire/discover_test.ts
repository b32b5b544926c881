/**
 * `discover` through the real process and its permission flags: it finds screenpipe's and
 * Meetily's databases where those apps keep them on Linux, names what it did not find, leaves
 * no file behind, and prints a client config whose arguments serve what it found.
 */
import { appLocations } from "../../lib/config/app_locations.ts";
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildMeetilyFixture } from "../helpers/meetily_fixture.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { isolatedHome, runCli } from "../helpers/server_process.ts";

/** Every file under `dir`, relative, sorted. */
function listing(dir: string): string[] {
  const files: string[] = [];
  const walk = (at: string, prefix: string) => {
    for (const entry of Deno.readDirSync(at)) {
      const path = `${prefix}${entry.name}`;
      if (entry.isDirectory) walk(join(at, entry.name), `${path}/`);
      else files.push(path);
    }
  };
  walk(dir, "");
  return files.sort();
}

Deno.test({
  name: "discover finds the apps' databases, leaves nothing behind, and its config serves them",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const home = Deno.makeTempDirSync({ prefix: "transcript-mcp-home-" });
    const meetily = buildMeetilyFixture();
    try {
      Deno.mkdirSync(join(home, ".screenpipe"));
      const app = createScreenpipeDb(join(home, ".screenpipe", "db.sqlite"));
      app.addChunk({
        device: "Microphone",
        atMs: Date.UTC(2026, 10, 3, 9),
        segments: [{ text: "hi" }],
      });
      app.index();
      app.close();
      const meetilyDir = join(home, ".local", "share", "com.meetily.ai");
      Deno.mkdirSync(meetilyDir, { recursive: true });
      Deno.copyFileSync(meetily.path, join(meetilyDir, "meeting_minutes.sqlite"));
      const env = isolatedHome(home);
      const before = listing(home);
      const found = await runCli(["discover"], env);
      assertEquals(found.code, 0, found.stderr);
      assertEquals(listing(home), before, "nothing written beside the databases");
      assertMatch(found.stdout, /^Found 2 transcript sources:/);
      assertMatch(
        found.stdout,
        /screenpipe \(screenpipe\)\n {2}path: +\S+\.screenpipe\/db\.sqlite/,
      );
      assertMatch(found.stdout, /meetily \(meetily\)\n {2}path: +\S+com\.meetily\.ai/);
      assertMatch(found.stdout, /not found +\S+transcript-mcp\/store\.db \(transcript-mcp\)/);
      const config = JSON.parse(found.stdout.slice(found.stdout.indexOf("{")));
      const args: string[] = config.mcpServers.transcripts.args;
      const sourceArgs = args.slice(args.indexOf("--source"));
      assertEquals(sourceArgs.filter((arg) => arg === "--source").length, 2);
      const served = await runCli([...sourceArgs, "call", "list_sources"], env);
      assertEquals(served.code, 0, served.stderr);
      const sources = JSON.parse(served.stdout).sources;
      assertEquals(sources.map((s: { name: string }) => s.name), ["screenpipe", "meetily"]);
      assert(sources.every((s: { available: boolean }) => s.available), served.stdout);
    } finally {
      Deno.removeSync(home, { recursive: true });
      meetily.cleanup();
    }
  },
});

Deno.test({
  name: "discover with nothing to find says where it looked and exits 0",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const home = Deno.makeTempDirSync({ prefix: "transcript-mcp-home-" });
    try {
      const env = isolatedHome(home);
      const found = await runCli(["discover"], env);
      assertEquals(found.code, 0, found.stderr);
      assertMatch(found.stdout, /^No transcript sources found/);
      const looked = appLocations({
        env: (name) => (env as Record<string, string>)[name] || undefined,
        os: "linux",
        cwd: home,
      });
      assertEquals((found.stdout.match(/not found /g) ?? []).length, looked.length);
      assertMatch(found.stdout, /--source PATH/);
    } finally {
      Deno.removeSync(home, { recursive: true });
    }
  },
});
