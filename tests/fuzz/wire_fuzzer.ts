/**
 * A seeded wire fuzzer for the real server process. It generates valid, malformed and
 * mutated JSON-RPC lines, writes them in random-sized chunks (so messages split across
 * writes), and checks the server's promises: it never exits early, every request with a
 * valid id is answered exactly once (at most once if cancelled), and every output line is
 * a well-formed JSON-RPC 2.0 response without a stack trace.
 *
 * The expectations come from an independent model of the wire rules (docs/protocol.md, issue 2),
 * not from the server's own code.
 */
import { startServer } from "../helpers/server_process.ts";
import { isRpcId, MAX_NESTING, nestsDeeperThan } from "../../lib/jsonrpc.ts";
import { concatBytes } from "../../lib/stdio.ts";

/** A small, fast, seeded PRNG (xorshift32); the same seed gives the same session. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const encoder = new TextEncoder();

const TOOL_ARGS: Record<string, unknown[]> = {
  list_transcripts: [
    {},
    { limit: 3 },
    { limit: "twenty" },
    { limit: 1e308 },
    { starred: true },
    {
      since: "2026-10-01",
    },
    { cursor: "zzz" },
    { source: null },
    { nope: 1 },
  ],
  get_transcript: [{ id: "a0000-0000-4000-8000-000000000000" }, { id: 5 }, {}, {
    id: "x",
    offset: -1,
  }, { id: "a0000-0000-4000-8000-000000000000", maxChars: 2 ** 64 }],
  search_transcripts: [
    { query: "pricing" },
    { query: "what's the plan?" },
    { query: "" },
    {
      query: '"unbalanced',
    },
    { query: "POL-358", limit: 0 },
    { query: "pric*" },
    { query: "\u0000\ud800" },
  ],
  list_tasks: [{}, { bucket: "today" }, { bucket: 7 }, { done: "no" }, { limit: -5 }],
  no_such_tool: [{}],
  "list\ntasks": [{}],
};

const WEIRD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 64,
  "",
  "x".repeat(1000),
  "\u0000",
  [],
  {},
  [[[[]]]],
  { a: { b: { c: {} } } },
];

const IDS: unknown[] = [0, 1, -7, 2 ** 53 + 2, 1e21, "a", "", "🦊", null, true, 1.5, {}, []];

function deep(levels: number): string {
  return "[".repeat(levels) + "]".repeat(levels);
}

/** One generated line: its bytes, and what the model expects of the answer. */
interface Line {
  bytes: Uint8Array;
  /** The id (as a JSON key) an answer must carry, if the line must be answered. */
  answeredId?: string | undefined;
  /** The id of a request a cancellation targets. */
  cancels?: string | undefined;
  /** Whether the answer must have id null. */
  answeredNull?: boolean;
}

/** The wire rules as docs/protocol.md states them: which lines get which answer. */
function model(bytes: Uint8Array): Omit<Line, "bytes"> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { answeredNull: true };
  }
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { answeredNull: true };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { answeredNull: true };
  }
  const message = value as Record<string, unknown>;
  const hasId = "id" in message;
  const id = hasId && isRpcId(message["id"]) ? JSON.stringify(message["id"]) : undefined;
  const answer = id === undefined ? { answeredNull: true } : { answeredId: id };
  if (message["jsonrpc"] !== "2.0") return answer;
  if (hasId && id === undefined) return { answeredNull: true };
  if (nestsDeeperThan(message, MAX_NESTING)) return answer;
  if ("method" in message) {
    const paramsOk = !("params" in message) ||
      (typeof message["params"] === "object" && message["params"] !== null &&
        !Array.isArray(message["params"]));
    if (typeof message["method"] !== "string" || !paramsOk) return answer;
    if (id !== undefined) return { answeredId: id };
    if (message["method"] === "notifications/cancelled") {
      const target = (message["params"] as Record<string, unknown> | undefined)?.["requestId"];
      return isRpcId(target) ? { cancels: JSON.stringify(target) } : {};
    }
    return {};
  }
  if (id !== undefined && ("result" in message || "error" in message)) return {};
  return answer;
}

function validMessage(random: Random, id: unknown): Record<string, unknown> {
  const kind = random();
  if (kind < 0.1) return { jsonrpc: "2.0", id, method: "ping" };
  if (kind < 0.15) return { jsonrpc: "2.0", id, method: "tools/list" };
  if (kind < 0.2) {
    return {
      jsonrpc: "2.0",
      id,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "f", version: "1" },
      },
    };
  }
  if (kind < 0.25) return { jsonrpc: "2.0", id, method: pick(random, ["resources/list", "x", ""]) };
  const tool = pick(random, Object.keys(TOOL_ARGS));
  return {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: tool, arguments: structuredClone(pick(random, TOOL_ARGS[tool]!)) },
  };
}

function mutateStructure(random: Random, message: Record<string, unknown>): unknown {
  const choice = random();
  const copy = structuredClone(message);
  if (choice < 0.2) copy["id"] = pick(random, IDS);
  else if (choice < 0.35) copy["jsonrpc"] = pick(random, WEIRD_VALUES);
  else if (choice < 0.5) copy["method"] = pick(random, WEIRD_VALUES);
  else if (choice < 0.65) copy["params"] = pick(random, WEIRD_VALUES);
  else if (choice < 0.75) {
    const params = (copy["params"] ?? {}) as Record<string, unknown>;
    params[pick(random, ["name", "arguments", "_meta", "cursor", "protocolVersion"])] = pick(
      random,
      WEIRD_VALUES,
    );
    copy["params"] = params;
  } else if (choice < 0.8) return [copy];
  else if (choice < 0.85) return pick(random, WEIRD_VALUES);
  else if (choice < 0.9) {
    delete copy["id"];
    copy["method"] = "notifications/cancelled";
    copy["params"] = { requestId: pick(random, IDS) };
  } else if (choice < 0.95) {
    return { jsonrpc: "2.0", id: copy["id"] ?? 1, result: pick(random, WEIRD_VALUES) };
  } else delete copy["id"];
  return copy;
}

function mutateText(random: Random, text: string): Uint8Array {
  const choice = random();
  const at = Math.floor(random() * (text.length + 1));
  if (choice < 0.3) return encoder.encode(text.slice(0, at));
  if (choice < 0.45) {
    return encoder.encode(
      text.slice(0, at) + pick(random, ['"', "{", "]", ",", "\\", ":"]) + text.slice(at),
    );
  }
  if (choice < 0.55) {
    const bytes = encoder.encode(text);
    const broken = new Uint8Array(bytes.length + 2);
    broken.set(bytes.subarray(0, at));
    broken.set(pick(random, [[0xff, 0xfe], [0xc3, 0x28], [0xed, 0xa0], [0x80, 0x80]]), at);
    broken.set(bytes.subarray(at), at + 2);
    return broken.subarray(0, bytes.length + 2);
  }
  if (choice < 0.65) return encoder.encode(text.slice(0, at) + "\u0000" + text.slice(at));
  if (choice < 0.75) return encoder.encode(text.replace(/"[a-z]+"/, '"\\ud800"'));
  if (choice < 0.8) {
    return encoder.encode(
      `{"jsonrpc":"2.0","id":${
        Math.floor(random() * 9)
      },"method":"tools/call","params":{"name":"list_tasks","arguments":${deep(10_000)}}}`,
    );
  }
  if (choice < 0.85) return encoder.encode(deep(10_000));
  if (choice < 0.9) {
    return encoder.encode(
      `{"jsonrpc":"2.0","id":${
        pick(random, ["1e400", "-0", "123456789012345678901234567890", "0.0", "1E2"])
      },"method":"ping"}`,
    );
  }
  return encoder.encode("");
}

/** Generates `count` lines for `seed`. */
export function generateLines(seed: number, count: number): Line[] {
  const random = seededRandom(seed);
  const lines: Line[] = [];
  for (let i = 0; i < count; i++) {
    // Ids repeat on purpose (duplicates), from a small range most of the time.
    const id = random() < 0.7 ? Math.floor(random() * 50) : pick(random, IDS);
    const base = validMessage(random, id);
    const roll = random();
    let bytes: Uint8Array;
    if (roll < 0.45) bytes = encoder.encode(JSON.stringify(base));
    else if (roll < 0.75) {
      bytes = encoder.encode(JSON.stringify(mutateStructure(random, base)) ?? "null");
    } else bytes = mutateText(random, JSON.stringify(base));
    // A newline inside a line would make two lines; the model must see what the server sees.
    for (const part of splitOnNewlines(bytes)) lines.push({ bytes: part, ...model(stripCr(part)) });
  }
  return lines;
}

function splitOnNewlines(bytes: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      parts.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  parts.push(bytes.subarray(start));
  return parts;
}

function stripCr(bytes: Uint8Array): Uint8Array {
  return bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.subarray(0, -1) : bytes;
}

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
      if (result?.isError) {
        const code = JSON.parse(result.content?.[0]?.text ?? "{}")?.error?.code ?? "?";
        byErrorCode[`tool:${code}`] = (byErrorCode[`tool:${code}`] ?? 0) + 1;
      }
      if (message["id"] === null) {
        nullAnswers++;
        continue;
      }
      const key = JSON.stringify(message["id"]);
      seen.set(key, (seen.get(key) ?? 0) + 1);
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
