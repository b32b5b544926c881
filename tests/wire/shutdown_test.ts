/**
 * Wire tests: the process ends with its input, on SIGTERM and SIGHUP, and when its client stops
 * reading, leaving nothing behind.
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";
import { PROJECT_ROOT, type ServerProcess, startServer } from "../helpers/server_process.ts";
import { INIT_PARAMS } from "../helpers/wire_session.ts";

const fixture = buildFixtureStore();
globalThis.addEventListener("unload", () => fixture.cleanup());

Deno.test("after every odd shape, the end of input exits 0 within the deadline plus a second", async () => {
  const timeoutMs = 1_000;
  const server = startServer(["--db", fixture.path, "--timeout-ms", String(timeoutMs)]);
  try {
    await server.initialize();
    const lines = [
      { jsonrpc: "2.0", id: 56, method: "ping", extra: 1 },
      { jsonrpc: "2.0", id: 57, method: "tools/list", extra: 1 },
      { jsonrpc: "2.0", id: 58, method: "initialize", params: INIT_PARAMS, extra: 1 },
      { jsonrpc: "2.0", id: 59, method: "tools/call", params: { name: "list_tasks" }, extra: 1 },
      { jsonrpc: "2.0", id: 52, method: "ping", result: {} },
      { jsonrpc: "2.0", id: 53, method: "ping", params: null },
      {
        jsonrpc: "2.0",
        id: 54,
        method: "tools/call",
        params: { name: "list_tasks", arguments: null },
      },
      {
        jsonrpc: "2.0",
        id: 55,
        method: "ping",
        params: { _meta: { "io.modelcontextprotocol/related-task": 1 } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized", extra: 1 },
    ];
    await server.writeRaw(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    const { code, rest, elapsedMs } = await server.finish();
    assertEquals(code, 0);
    const answers = new Map(rest.map((line) => [JSON.parse(line)["id"], JSON.parse(line)]));
    assertEquals(rest.length, 8, "one answer per request");
    assertEquals([...answers.keys()].sort(), [52, 53, 54, 55, 56, 57, 58, 59]);
    for (const id of [53, 54, 56, 57, 59]) assert("result" in answers.get(id)!, String(id));
    for (const id of [52, 58]) assertEquals(answers.get(id)!["error"].code, -32600);
    assertEquals(answers.get(55)!["error"].code, -32602);
    // The bound the README states; what it guards against is a server that never exits.
    assert(
      elapsedMs < timeoutMs + 1_000,
      `exited ${Math.round(elapsedMs)} ms after its input ended`,
    );
  } finally {
    await server.kill();
  }
});

/**
 * Starts a server with a worker thread busy, lets the client leave as `leave` does (stdin
 * stays open), and checks the server exits 0 with `log` on stderr. exited() also waits for
 * stdout and stderr to close, so no process of the server's is left holding them.
 */
async function assertLeftCleanly(
  leave: (server: ServerProcess) => Promise<void>,
  log: RegExp,
): Promise<void> {
  const server = startServer(["--db", fixture.path]);
  try {
    await server.initialize();
    // search_transcripts always runs in the pool, so a worker thread is running.
    await server.callTool("search_transcripts", { query: "pricing" });
    await leave(server);
    const { code, stderr } = await server.exited();
    assertEquals(code, 0);
    assertMatch(stderr, log);
  } finally {
    await server.kill();
  }
}

for (const signal of ["SIGTERM", "SIGHUP"] as const) {
  Deno.test({
    name: `${signal} stops the server, its workers included, with exit code 0`,
    // Deno on Windows listens for SIGINT and SIGBREAK only.
    ignore: Deno.build.os === "windows",
    fn: () =>
      assertLeftCleanly(
        (server) => Promise.resolve(server.signal(signal)),
        new RegExp(`received ${signal}: shutting down`),
      ),
  });
}

Deno.test("a client that stops reading stdout (broken pipe) ends the server with code 0", async () => {
  await assertLeftCleanly(async (server) => {
    await server.closeStdout();
    // A read already waiting on the pipe may still take an answer; a later write fails,
    // and that alone must end the session. Once it has, stdin refuses writes.
    for (let id = 1; id <= 20; id++) {
      const sent = await server.send({ jsonrpc: "2.0", id, method: "ping" }).then(() => true)
        .catch(() => false);
      if (!sent) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, /Cannot write to the client: .*; shutting down/);
});

for (const inputEnded of [false, true]) {
  Deno.test({
    name: `SIGTERM ends the server while its client has stopped reading stdout${
      inputEnded ? ", its input ended" : ""
    }`,
    // Deno on Windows listens for SIGINT and SIGBREAK only.
    ignore: Deno.build.os === "windows",
    fn: async () => {
      const child = new Deno.Command(Deno.execPath(), {
        args: ["task", "--quiet", "start", "--db", fixture.path],
        cwd: PROJECT_ROOT,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const input = child.stdin.getWriter();
      const output = child.stdout.getReader();
      let stderr = "";
      const stderrRead = (async () => {
        for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
          stderr += chunk;
        }
      })();
      try {
        const encode = (message: unknown) =>
          new TextEncoder().encode(`${JSON.stringify(message)}\n`);
        await input.write(
          encode({ jsonrpc: "2.0", id: 0, method: "initialize", params: INIT_PARAMS }),
        );
        await output.read(); // The answer to initialize; stdout is not read again.
        // Answers of about 17 KB each: far more than a pipe holds, so the server's writes block.
        for (let id = 1; id <= 400; id++) {
          await input.write(encode({ jsonrpc: "2.0", id, method: "tools/list" }));
        }
        // A response is logged as it is read: once it shows, every request before it was read.
        await input.write(encode({ jsonrpc: "2.0", id: "marker", result: {} }));
        while (!stderr.includes('"marker"')) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        if (inputEnded) {
          // Then the server has answered everything and waits on the writes. The pause lets it
          // read the end; should load delay that, the signal meets the case above instead, which
          // must end the same way.
          await input.close();
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
        child.kill("SIGTERM");
        let timer: ReturnType<typeof setTimeout> | undefined;
        const hung = new Promise<"hung">((resolve) => {
          timer = setTimeout(() => resolve("hung"), 60_000);
        });
        const status = await Promise.race([child.status, hung]).finally(() => clearTimeout(timer));
        assert(status !== "hung", `the server did not exit after SIGTERM; stderr: ${stderr}`);
        assertEquals(status.code, 0);
        assertMatch(stderr, /received SIGTERM: shutting down/);
      } finally {
        try {
          child.kill("SIGKILL");
        } catch {
          // Already exited.
        }
        await output.cancel().catch(() => {});
        await input.close().catch(() => {});
        await child.status;
        await stderrRead.catch(() => {});
      }
    },
  });
}
