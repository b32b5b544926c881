/**
 * `deno task smoke`, the release binaries' check over stdio: it passes against the source,
 * and it fails, naming the deviation, against a command that is not the server or that is
 * wrong in one way (tests/wire/fixtures/faulty_server.ts).
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { PROJECT_ROOT } from "../helpers/server_process.ts";
import { median, serverCommand } from "../../scripts/smoke.ts";
import { fileURLToPath } from "node:url";

const FAULTY_SERVER = fileURLToPath(new URL("./fixtures/faulty_server.ts", import.meta.url));

/** Runs `deno task --quiet smoke ARGS` as a release job does. */
async function smoke(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "smoke", ...args],
    cwd: PROJECT_ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

function faultyServer(fault: string): string[] {
  return [Deno.execPath(), "run", "--allow-read", "--allow-run", FAULTY_SERVER, fault];
}

Deno.test("deno task smoke passes against the source and reports the start-up median", async () => {
  const { code, stdout, stderr } = await smoke([]);
  assertEquals(code, 0, stderr);
  assertMatch(stdout, /ok {2}demo store/);
  assertMatch(stdout, /ok {2}store file/);
  const startup = /median (\d+) ms of 5 runs \((\d+), (\d+), (\d+), (\d+), (\d+) ms\)/.exec(stdout);
  assert(startup !== null, stdout);
  const runs = startup.slice(2).map(Number);
  // Rounding keeps the order of five values, so the printed median is the middle printed run.
  assertEquals(Number(startup[1]), median(runs));
  assert(runs.every((ms) => ms > 0), stdout);
  assertMatch(stdout, /smoke: passed\n$/);
  assertEquals(stderr, "");
});

Deno.test("deno task smoke fails with one clear line when the command is not the server", async () => {
  const { code, stdout, stderr } = await smoke(faultyServer("echo"));
  assertEquals(code, 1);
  assert(!stdout.includes("passed"), stdout);
  assertMatch(stderr, /^smoke: FAILED \(demo store\): initialize serverInfo: expected /);
  assert(!/\n\s+at /.test(stderr), `no stack trace: ${stderr}`);
});

Deno.test("deno task smoke fails on each single deviation from the protocol", async (t) => {
  const cases: [string, RegExp][] = [
    ["version", /initialize serverInfo: .*"version":"0\.0\.0-wrong"/],
    ["text", /list_transcripts: content\[0\]\.text is not the same JSON as structuredContent/],
    ["parse-error", /a line that is not JSON: expected -32700 with id null, got .*"id":0/],
    ["trailing", /unexpected output after the last answer: .*notifications\/goodbye/],
    ["exit-code", /exit code 3 at end of input, expected 0/],
  ];
  for (const [fault, pattern] of cases) {
    await t.step(fault, async () => {
      const { code, stderr } = await smoke(faultyServer(fault));
      assertEquals(code, 1, stderr);
      assertMatch(stderr, /^smoke: FAILED \(demo store\): /);
      assertMatch(stderr, pattern);
    });
  }
});

Deno.test("deno task smoke names a command it cannot start", async () => {
  const { code, stderr } = await smoke(["dist/no-such-binary"]);
  assertEquals(code, 1);
  assertMatch(stderr, /^smoke: FAILED \(demo store\): cannot start .*no-such-binary/);
});

/** docs/install.md's shell check, read back: what it pipes in and what it expects out. */
function documentedCiCheck() {
  // A Windows checkout may have CRLF line ends; the check reads lines either way.
  const page = Deno.readTextFileSync(new URL("../../docs/install.md", import.meta.url))
    .replaceAll("\r\n", "\n");
  const from = page.indexOf("<!-- ci-check -->");
  const section = page.slice(from, page.indexOf("<!-- /ci-check -->", from));
  const [script, answers] = [...section.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!);
  assert(from !== -1 && script !== undefined && answers !== undefined, "the ci-check section");
  const serverArgs = /\| \.\/transcript-mcp ((?:--?[\w-]+ ?)*)>/.exec(script)?.[1]?.trim();
  assert(serverArgs !== undefined, script);
  return {
    input: [...script.matchAll(/^ {2}'(.*)' \\$/gm)].map((m) => `${m[1]}\n`).join(""),
    serverArgs: serverArgs.split(" "),
    lineCount: Number(/wc -l < answers\.jsonl\)" -eq (\d+)/.exec(script)?.[1]),
    greps: [...script.matchAll(/^grep -qF '(.*)' answers\.jsonl$/gm)].map((m) => m[1]!),
    abridged: answers.trimEnd().split("\n"),
  };
}

/** Whether `line` holds the pieces of `abridged` between its `…` cuts, in order. */
function matchesAbridged(line: string, abridged: string): boolean {
  let at = 0;
  for (const piece of abridged.split("…")) {
    const found = line.indexOf(piece, at);
    if (found === -1) return false;
    at = found + piece.length;
  }
  return true;
}

Deno.test("docs/install.md's shell check in CI passes against the server, as shown", async () => {
  const check = documentedCiCheck();
  assertEquals(check.serverArgs, ["--demo"]);
  assertEquals(check.input.split("\n").length, 6, check.input);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "start", ...check.serverArgs],
    cwd: PROJECT_ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(check.input));
  await writer.close();
  const { code, stdout } = await child.output();
  assertEquals(code, 0);
  const lines = new TextDecoder().decode(stdout).trimEnd().split("\n");
  assertEquals(lines.length, check.lineCount);
  assertEquals(check.greps.length, 4);
  for (const pattern of check.greps) {
    assert(lines.some((line) => line.includes(pattern)), `grep -qF '${pattern}'`);
  }
  // The shown answers: each actual line matches exactly one abridged line, in any order.
  assertEquals(check.abridged.length, lines.length);
  for (const abridged of check.abridged) {
    const matches = lines.filter((line) => matchesAbridged(line, abridged));
    assertEquals(matches.length, 1, `one answer matches ${abridged}`);
  }
});

Deno.test("an abridged line matches only a line with its pieces in order", () => {
  assert(matchesAbridged('{"a":1,"b":[1,2],"c":3}', '{"a":1,…"c":3}'));
  assert(!matchesAbridged('{"c":3,"a":1}', '{"a":1,…"c":3}'));
  assert(!matchesAbridged('{"a":2}', '{"a":1…'));
});

Deno.test("the smoke command is the source by default, else the command given", () => {
  assertEquals(serverCommand([]), [Deno.execPath(), "task", "--quiet", "start"]);
  assertEquals(serverCommand(["deno", "run", "main.ts"]), ["deno", "run", "main.ts"]);
  const [binary] = serverCommand(["dist/transcript-mcp"]);
  assert(binary !== "dist/transcript-mcp" && /dist[\\/]transcript-mcp$/.test(binary!), binary);
});

Deno.test("median takes the middle value, or the mean of the middle two", () => {
  assertEquals(median([130, 90, 500, 110, 120]), 120);
  assertEquals(median([4, 1, 3, 2]), 2.5);
});
