/**
 * A seeded wire fuzzer for the real server process. It writes the lines of fuzz_lines.ts in
 * random-sized chunks (so messages split across writes), and checks the server's promises: it
 * never exits early, every request with a valid id is answered exactly once (at most once if
 * cancelled), every output line is a well-formed JSON-RPC 2.0 response without a stack trace,
 * and the process exits 0 once its input ends. Lines of the shapes clients get wrong in small
 * ways (members JSON-RPC does not define, `null` for absent params or arguments, a request that
 * also carries a result) get unique ids, and their answers are checked for the right kind too.
 *
 * The expectations come with the lines, from fuzz_lines.ts's independent model of the wire rules
 * (docs/protocol.md, issue 2), not from the server's own code.
 */
import { startServer } from "../../helpers/server_process.ts";
import { concatBytes } from "../../../lib/transport/stdio.ts";
import { generateLines, seededRandom } from "./fuzz_lines.ts";

/** What a fuzz session saw. */
export interface FuzzReport {
  messages: number;
  answers: number;
  requestsAnswered: number;
  nullAnswers: number;
  byErrorCode: Record<string, number>;
  problems: string[];
  exitCode: number;
}

function checkAnswer(line: string, problems: string[]): Record<string, unknown> | null {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(line);
  } catch {
    problems.push(`not JSON: ${line.slice(0, 200)}`);
    return null;
  }
  const okShape = message["jsonrpc"] === "2.0" && "id" in message &&
    (("result" in message) !== ("error" in message));
  if (!okShape) problems.push(`not a JSON-RPC 2.0 response: ${line.slice(0, 200)}`);
  const error = message["error"] as { code?: unknown; message?: unknown } | undefined;
  if (error !== undefined) {
    if (!Number.isInteger(error.code) || typeof error.message !== "string") {
      problems.push(`bad error object: ${line.slice(0, 200)}`);
    } else if (/\n|\bat .+:\d+:\d+/.test(error.message)) {
      problems.push(`stack trace or multi-line message: ${line.slice(0, 300)}`);
    }
  }
  return message;
}

/**
 * Runs one seeded session of `count` generated messages against the server on `dbPath`,
 * after a normal initialize, and reports what it saw.
 */
export async function runFuzzSession(
  seed: number,
  count: number,
  dbPath: string,
): Promise<FuzzReport> {
  const lines = generateLines(seed, count);
  const server = startServer(["--db", dbPath]);
  const problems: string[] = [];
  try {
    await server.initialize();
    const random = seededRandom(seed ^ 0x5bd1e995);
    let buffer: Uint8Array[] = [];
    let buffered = 0;
    const flush = async () => {
      const chunk = concatBytes(buffer, buffered);
      // Random write sizes split messages across writes.
      for (let at = 0; at < chunk.length;) {
        const size = 1 + Math.floor(random() * 8192);
        await server.writeRaw(chunk.subarray(at, at + size));
        at += size;
      }
      buffer = [];
      buffered = 0;
    };
    for (const line of lines) {
      buffer.push(line.bytes, new Uint8Array([0x0a]));
      buffered += line.bytes.length + 1;
      if (buffered > 256 * 1024) await flush();
    }
    await flush();
    await server.send({ jsonrpc: "2.0", id: "sentinel", method: "ping" });
    const { code, rest } = await server.finish();
    const expected = new Map<string, number>();
    const cancelled = new Set<string>();
    let expectedNull = 0;
    for (const line of lines) {
      if (line.answeredId !== undefined) {
        expected.set(line.answeredId, (expected.get(line.answeredId) ?? 0) + 1);
      }
      if (line.cancels !== undefined) cancelled.add(line.cancels);
      if (line.answeredNull) expectedNull++;
    }
    expected.set('"sentinel"', 1);
    const expectations = new Map<string, "result" | number>();
    for (const line of lines) {
      if (line.expect !== undefined) expectations.set(line.answeredId!, line.expect);
    }
    const seen = new Map<string, number>();
    const byErrorCode: Record<string, number> = {};
    let nullAnswers = 0;
    for (const line of rest) {
      const message = checkAnswer(line, problems);
      if (message === null) continue;
      const error = message["error"] as { code?: number } | undefined;
      if (error !== undefined) {
        byErrorCode[String(error.code)] = (byErrorCode[String(error.code)] ?? 0) + 1;
      }
      const result = message["result"] as
        | { isError?: boolean; content?: { text?: string }[] }
        | undefined;
      let toolError: string | undefined;
      if (result?.isError) {
        toolError = JSON.parse(result.content?.[0]?.text ?? "{}")?.error?.code ?? "?";
        byErrorCode[`tool:${toolError}`] = (byErrorCode[`tool:${toolError}`] ?? 0) + 1;
      }
      if (message["id"] === null) {
        nullAnswers++;
        continue;
      }
      const key = JSON.stringify(message["id"]);
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const expect = expectations.get(key);
      // A call that ran out of time on a loaded machine was still read as a call.
      const got = error !== undefined
        ? error.code
        : toolError === undefined || toolError === "timeout"
        ? "result"
        : `tool:${toolError}`;
      if (expect !== undefined && got !== expect) {
        problems.push(`id ${key}: answered ${got}, expected ${expect}`);
      }
    }
    for (const [key, want] of expected) {
      const got = seen.get(key) ?? 0;
      const ok = cancelled.has(key) ? got <= want : got === want;
      if (!ok) {
        problems.push(
          `id ${key}: ${got} answers, expected ${want}${
            cancelled.has(key) ? " or fewer (cancelled)" : ""
          }`,
        );
      }
    }
    for (const [key, got] of seen) {
      if (!expected.has(key)) problems.push(`id ${key}: ${got} answers to no request`);
    }
    if (nullAnswers !== expectedNull) {
      problems.push(`${nullAnswers} answers with id null, expected ${expectedNull}`);
    }
    if (code !== 0) problems.push(`exit code ${code}`);
    return {
      messages: lines.length,
      answers: rest.length,
      requestsAnswered: [...seen.values()].reduce((a, b) => a + b, 0),
      nullAnswers,
      byErrorCode,
      problems,
      exitCode: code,
    };
  } finally {
    await server.kill();
  }
}
