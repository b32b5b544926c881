/**
 * `deno task bench-wire [--bytes N] [--iterations N]`: what the wire alone costs an answer
 * line of N bytes (70,000 by default, a 20,000-character get_turns page), against a ping.
 *
 * The server is this file run with `--serve`: the project's own line transport on stdin
 * and stdout, answering `ping` as the real server does and `big` with a tools/call answer
 * line built once at start (ASCII text, its JSON twice as the real answer carries it). It
 * reads no store and computes nothing per call, so big's time over ping's is the floor a
 * line of that size puts under any server on this machine, as the bench client sees it.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { StdioLineTransport } from "../lib/transport/stdio.ts";
import { structuredAnswerLine } from "../lib/protocol/answer_line.ts";
import type { RpcId } from "../lib/transport/jsonrpc.ts";
import { positiveInteger } from "./gen_store.ts";
import { McpClient } from "./mcp_client.ts";
import { median } from "./stats.ts";

/** Structured content whose answer line takes about `bytes` bytes. */
function contentOfSize(bytes: number): string {
  const text = "and then we said the plan is fine for now, ".repeat(3);
  const turns: Record<string, unknown>[] = [];
  for (;;) {
    const content = JSON.stringify({ turns });
    if (structuredAnswerLine(1, content).length >= bytes) return content;
    turns.push({ seq: turns.length, startMs: 0, endMs: 0, at: "0:00:00", speaker: "Ana", text });
  }
}

/** Serves pings and `big` on stdio until stdin ends. */
async function serve(bytes: number): Promise<void> {
  const encoder = new TextEncoder();
  const content = contentOfSize(bytes);
  const transport = new StdioLineTransport(Deno.stdin.readable, Deno.stdout.writable);
  transport.onmessage = (message) => {
    if (!("id" in message) || !("method" in message)) return;
    const id = message.id as RpcId;
    void transport.sendBytes(
      message.method === "big"
        ? structuredAnswerLine(id, content)
        : encoder.encode(`{"result":{},"jsonrpc":"2.0","id":${JSON.stringify(id)}}\n`),
    );
  };
  const closed = new Promise<void>((resolve) => transport.onclose = resolve);
  await transport.start();
  await closed;
}

/** Pings and big lines interleaved: medians of each and of big over ping. */
async function measure(bytes: number, iterations: number): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const client = new McpClient(
    Deno.execPath(),
    ["run", "--no-prompt", "--allow-read", self, "--serve", "--bytes", String(bytes)],
    fileURLToPath(new URL("../", import.meta.url)),
  );
  const ping: number[] = [];
  const big: number[] = [];
  let lineBytes = 0;
  try {
    for (let i = 0; i < iterations + 20; i++) {
      const pinged = (await client.request("ping")).elapsedMs;
      const answer = await client.request("big");
      if (i < 20) continue;
      ping.push(pinged);
      big.push(answer.elapsedMs);
      lineBytes = answer.bytes;
    }
  } finally {
    await client.close();
  }
  const [p, b] = [median(ping), median(big)];
  console.log(
    `| ${lineBytes.toLocaleString("en-US")} bytes | ${p.toFixed(3)} ms | ${b.toFixed(3)} ms | ${
      (b - p).toFixed(3)
    } ms |`,
  );
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      serve: { type: "boolean", default: false },
      bytes: { type: "string", default: "70000" },
      iterations: { type: "string", default: "300" },
    },
  });
  const bytes = positiveInteger("--bytes", values.bytes);
  if (values.serve) {
    await serve(bytes);
  } else {
    console.log("| answer line | ping p50 | line p50 | line over ping |");
    console.log("| --- | --- | --- | --- |");
    await measure(bytes, positiveInteger("--iterations", values.iterations));
  }
}
