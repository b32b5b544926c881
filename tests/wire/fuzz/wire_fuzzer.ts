/**
 * A seeded wire fuzzer for the real server process. It generates valid, malformed and
 * mutated JSON-RPC lines, writes them in random-sized chunks (so messages split across
 * writes), and checks the server's promises: it never exits early, every request with a
 * valid id is answered exactly once (at most once if cancelled), every output line is a
 * well-formed JSON-RPC 2.0 response without a stack trace, and the process exits 0 once its
 * input ends. Lines of the shapes clients get wrong in small ways (members JSON-RPC does not
 * define, `null` for absent params or arguments, a request that also carries a result) get
 * unique ids, and their answers are checked for the right kind too.
 *
 * The expectations come from an independent model of the wire rules (docs/protocol.md, issue 2),
 * not from the server's own code.
 */
import { startServer } from "../../helpers/server_process.ts";
import { isRpcId, MAX_NESTING, nestsDeeperThan } from "../../../lib/transport/jsonrpc.ts";
import { concatBytes } from "../../../lib/transport/stdio.ts";

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

/** Members JSON-RPC and MCP do not define, as clients add them. */
const UNKNOWN_MEMBERS = ["extra", "x-trace-id", "Method", "ID", "jsonRpc", "meta", "timestamp"];

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
  /** For a line with a unique id: its answer must be a result, or an error of this code. */
  expect?: "result" | number;
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
    // params: null counts as no params; unknown members are ignored.
    const params = message["params"] ?? {};
    const paramsOk = typeof params === "object" && !Array.isArray(params);
    const isHybrid = "result" in message || "error" in message;
    if (typeof message["method"] !== "string" || !paramsOk || isHybrid) return answer;
    if (id !== undefined) return { answeredId: id };
    if (message["method"] === "notifications/cancelled") {
      const target = (params as Record<string, unknown>)["requestId"];
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
  const params = () => (copy["params"] ??= {}) as Record<string, unknown>;
  if (choice < 0.14) copy["id"] = pick(random, IDS);
  else if (choice < 0.25) copy["jsonrpc"] = pick(random, WEIRD_VALUES);
  else if (choice < 0.36) copy["method"] = pick(random, WEIRD_VALUES);
  else if (choice < 0.47) copy["params"] = pick(random, WEIRD_VALUES);
  else if (choice < 0.55) {
    params()[pick(random, ["name", "arguments", "_meta", "cursor", "protocolVersion"])] = pick(
      random,
      WEIRD_VALUES,
    );
  } else if (choice < 0.59) return [copy];
  else if (choice < 0.63) return pick(random, WEIRD_VALUES);
  else if (choice < 0.68) {
    delete copy["id"];
    copy["method"] = "notifications/cancelled";
    copy["params"] = { requestId: pick(random, IDS) };
  } else if (choice < 0.72) {
    return { jsonrpc: "2.0", id: copy["id"] ?? 1, result: pick(random, WEIRD_VALUES) };
  } else if (choice < 0.75) delete copy["id"];
  else if (choice < 0.82) copy[pick(random, UNKNOWN_MEMBERS)] = pick(random, WEIRD_VALUES);
  else if (choice < 0.88) params()[pick(random, UNKNOWN_MEMBERS)] = pick(random, WEIRD_VALUES);
  else if (choice < 0.94) copy[pick(random, ["result", "error"])] = pick(random, WEIRD_VALUES);
  else if (choice < 0.97) copy["params"] = null;
  else params()["arguments"] = null;
  return copy;
}

/**
 * A line of a shape clients get wrong in small ways, under a unique id, with the answer it
 * must get: unknown members are ignored, `null` params or arguments mean none, and a request
 * that also carries `result` or `error` is refused -32600. The session is initialized, so a
 * second initialize is refused -32600 whatever it carries.
 */
function clientShape(random: Random, id: string): { text: string; expect: "result" | number } {
  const member = pick(random, UNKNOWN_MEMBERS);
  const value = JSON.stringify(pick(random, WEIRD_VALUES));
  const head = `"jsonrpc":"2.0","id":${JSON.stringify(id)}`;
  const shapes: [string, "result" | number][] = [
    [`{${head},"method":"ping","${member}":${value}}`, "result"],
    [`{"${member}":${value},${head},"method":"ping","params":{"${member}":1}}`, "result"],
    [`{"__proto__":{"polluted":true},${head},"method":"ping"}`, "result"],
    [`{${head},"method":"ping","params":null}`, "result"],
    [`{${head},"method":"tools/list","params":null,"${member}":${value}}`, "result"],
    [`{${head},"method":"tools/list","params":{"${member}":${value}}}`, "result"],
    [
      `{${head},"method":"tools/call","params":{"name":"list_tasks","arguments":null,"${member}":1}}`,
      "result",
    ],
    [
      `{${head},"method":"tools/call","${member}":${value},"params":{"name":"list_transcripts"}}`,
      "result",
    ],
    [`{${head},"method":"initialize","${member}":${value},"params":{}}`, -32600],
    [`{${head},"method":"no/such/method","${member}":${value}}`, -32601],
    [`{${head},"method":"ping","result":{}}`, -32600],
    [`{${head},"method":"tools/list","error":{"code":1,"message":"m"}}`, -32600],
    [`{${head},"method":"tools/call","params":{"name":"list_tasks"},"result":${value}}`, -32600],
  ];
  const [text, expect] = pick(random, shapes);
  return { text, expect };
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
    if (roll < 0.06) {
      const shape = clientShape(random, `shape-${i}`);
      bytes = encoder.encode(shape.text);
      lines.push({ bytes, ...model(bytes), expect: shape.expect });
      continue;
    } else if (roll < 0.45) bytes = encoder.encode(JSON.stringify(base));
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
