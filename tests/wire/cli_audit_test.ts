/**
 * The command line as a user runs it beside serving: `check` on an app's database, the
 * client config `discover` prints, and `call`'s one-line errors.
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { isolatedHome, PROJECT_ROOT, runCli } from "../helpers/server_process.ts";
import { TOOL_SETS } from "../../lib/tools/tool_sets.ts";

Deno.test("check on a healthy screenpipe database reports the file ok and exits 0", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-check-" });
  try {
    const path = join(dir, "db.sqlite");
    // screenpipe keeps FTS5 tables of OCR text and UI events the server may not read.
    const app = createScreenpipeDb(path);
    app.addChunk({
      device: "Microphone",
      atMs: Date.UTC(2026, 10, 3, 9),
      segments: [{ text: "hi" }],
    });
    app.index();
    app.close();
    const check = await runCli(["check", "--source", path]);
    assertMatch(check.stdout, /file: +ok\n/);
    assertEquals(check.code, 0, check.stdout);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test({
  name:
    "discover run from a checkout whose path has a space and non-ASCII prints a config that runs",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const root = Deno.makeTempDirSync({ prefix: "transcript-mcp-checkout-" });
    try {
      const checkout = join(root, "my checkout ü");
      Deno.mkdirSync(checkout);
      for (const entry of ["main.ts", "deno.json", "deno.lock", "lib"]) {
        const copied = new Deno.Command("cp", {
          args: ["-r", join(PROJECT_ROOT, entry), checkout],
        });
        assertEquals((await copied.output()).code, 0);
      }
      const home = join(root, "home");
      Deno.mkdirSync(join(home, ".screenpipe"), { recursive: true });
      const app = createScreenpipeDb(join(home, ".screenpipe", "db.sqlite"));
      app.close();
      const run = (command: string, args: string[], cwd: string) =>
        new Deno.Command(command, {
          args,
          cwd,
          env: isolatedHome(home),
          stdin: "null",
          stdout: "piped",
          stderr: "piped",
        }).output();
      const found = await run(Deno.execPath(), ["task", "--quiet", "start", "discover"], checkout);
      const stdout = new TextDecoder().decode(found.stdout);
      assertEquals(found.code, 0, stdout);
      const server = JSON.parse(stdout.slice(stdout.indexOf("{"))).mcpServers.transcripts;
      // A client starts the command from a folder of its own.
      const served = await run(server.command, [...server.args, "check"], root);
      const stderr = new TextDecoder().decode(served.stderr);
      assertEquals(served.code, 0, stderr);
      // Deno's own "Task start deno run …" line, coloured, would land in the client's log.
      assertEquals(/Task\b/.test(stderr), false, stderr);
    } finally {
      Deno.removeSync(root, { recursive: true });
    }
  },
});

Deno.test("call's argument errors are one short line on stderr, however long or multi-line", async () => {
  const long = "a".repeat(30_000);
  const cases = [
    `{"query":\n"standup",\n`,
    `{"query":"${long}`,
    `[${`"${long}",`.repeat(3)}1]`,
    "[\n1\n]",
  ];
  for (const args of cases) {
    const answer = await runCli(["--demo", "call", "search_transcripts", args]);
    assertEquals(answer.code, 2);
    const lines = answer.stderr.trimEnd().split("\n");
    assertEquals(lines.length, 1, answer.stderr.slice(0, 200));
    assertMatch(lines[0]!, /^transcript-mcp: .*(not valid JSON|must be a JSON object)/);
    assert(lines[0]!.length < 200, lines[0]!.slice(0, 200));
  }
});

Deno.test("call of a seed tool whose set is not enabled names the --tools that adds it", async () => {
  for (const [tool, set] of [["list_rag", "kuradb"], ["rousseau_cron_list", "rousseau"]]) {
    const answer = await runCli(["--demo", "call", tool!]);
    assertEquals(answer.code, 2);
    assertMatch(
      answer.stderr,
      new RegExp(`^transcript-mcp: unknown tool '${tool}'.*--tools ${set}`),
    );
    assertEquals(answer.stderr.trimEnd().split("\n").length, 1, answer.stderr);
  }
});

Deno.test({
  name: "discover: app folders that hold no database are not found, not unreadable; exit 0",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const home = Deno.makeTempDirSync({ prefix: "transcript-mcp-home-" });
    try {
      // The apps are installed but have written no database yet.
      for (const folder of [".screenpipe", ".config/kuradb", ".local/share/com.meetily.ai"]) {
        Deno.mkdirSync(join(home, folder), { recursive: true });
      }
      const env = isolatedHome(home);
      const found = await runCli(["discover"], env);
      assertEquals(found.code, 0, found.stderr);
      assertMatch(found.stdout, /^No transcript sources found/);
      assertEquals(/unreadable/.test(found.stdout), false, found.stdout);
      assertMatch(found.stdout, /not found +\S+\/\.config\/kuradb\/db\.json \(kuradb\)/);
    } finally {
      Deno.removeSync(home, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "a stdout that cannot take the output (a full disk) is one plain line, not an internal error",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    for (const args of ["--demo call list_tasks", "tools", "--version"]) {
      const shell = `exec "$0" task --quiet start ${args} > /dev/full`;
      const output = await new Deno.Command("sh", {
        args: ["-c", shell, Deno.execPath()],
        cwd: PROJECT_ROOT,
        stdin: "null",
        stderr: "piped",
      }).output();
      const stderr = new TextDecoder().decode(output.stderr).trimEnd().split("\n");
      assertEquals(output.code, 1, args);
      assertMatch(stderr.at(-1)!, /^transcript-mcp: Cannot write the output: No space left/);
    }
  },
});

Deno.test("an unknown --tools set is a usage error for every command, named with the sets", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-tools-" });
  try {
    const out = join(dir, "out.db");
    const sets = Object.keys(TOOL_SETS).join(", ");
    const commands = [
      ["--demo"],
      ["tools"],
      ["--demo", "call", "list_sources"],
      ["--demo", "check"],
      ["discover"],
      ["index", "--demo", "--out", out],
    ];
    for (const command of commands) {
      for (
        const tools of [["--tools", "bogus"], ["--tools", `${Object.keys(TOOL_SETS)[0]},bogus`]]
      ) {
        const args = [...tools, ...command];
        const run = await runCli(args, isolatedHome(dir));
        assertEquals(run.code, 2, args.join(" "));
        assertEquals(run.stdout, "", args.join(" "));
        assertEquals(
          run.stderr.split("\n").filter((line) => line.startsWith("transcript-mcp:")),
          [`transcript-mcp: --tools: no tool set 'bogus'; sets: ${sets} (see --help)`],
          args.join(" "),
        );
      }
    }
    assertEquals([...Deno.readDirSync(dir)], [], "index wrote nothing");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
