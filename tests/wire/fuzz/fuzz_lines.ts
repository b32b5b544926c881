/**
 * The wire fuzzer's input: seeded lines of valid, malformed and mutated JSON-RPC, each with what
 * an independent model of the wire rules (docs/protocol.md, issue 2), not the server's own code,
 * expects of its answer. tests/wire/fuzz/wire_fuzzer.ts sends them and checks the answers.
 *
 * @module
 */
import { isRpcId, nestsDeeperThan } from "../../../lib/transport/jsonrpc.ts";
import { MAX_NESTING } from "../../../lib/config/limits.ts";

/**
 * A small, fast, seeded PRNG (xorshift32); the same seed gives the same session.
 *
 * @example
 * ```ts
 * import { seededRandom } from "./fuzz_lines.ts";
 * const random = seededRandom(7);
 * const roll = random(); // in [0, 1), the same for seed 7 on every run
 * ```
 */
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

/** Requests of the methods besides tools, well-formed or not: params are mutated later. */
const OTHER_METHODS: Record<string, unknown>[] = [
  { method: "x" },
  { method: "" },
  { method: "resources/subscribe", params: { uri: "transcript://store/x" } },
  { method: "resources/list" },
  { method: "resources/list", params: { cursor: "zzz" } },
  { method: "resources/templates/list" },
  {
    method: "resources/read",
    params: { uri: "transcript://store/a0000-0000-4000-8000-000000000000" },
  },
  { method: "resources/read", params: { uri: "transcript://store/%E0%A4%A" } },
  { method: "prompts/list" },
  { method: "prompts/get", params: { name: "prepare_for", arguments: { topic: "pricing" } } },
  { method: "prompts/get", params: { name: "action_items", arguments: { id: "nope" } } },
  {
    method: "completion/complete",
    params: {
      ref: { type: "ref/prompt", name: "summarize_transcript" },
      argument: { name: "id", value: "pri" },
    },
  },
  {
    method: "completion/complete",
    params: {
      ref: { type: "ref/resource", uri: "transcript://{source}/{id}" },
      argument: { name: "source", value: "" },
    },
  },
];

/** The params members a mutation sets to a weird value. */
const PARAM_KEYS = [
  "name",
  "arguments",
  "_meta",
  "cursor",
  "protocolVersion",
  "uri",
  "ref",
  "argument",
];

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

/**
 * One generated line: its bytes, and what the model expects of the answer.
 *
 * @example
 * ```ts
 * import type { Line } from "./fuzz_lines.ts";
 * const bytes = new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"ping"}');
 * const ping: Line = { bytes, answeredId: "1" };
 * ```
 */
export interface Line {
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
  // An error response with a null id or none is a response: never answered.
  if (!("method" in message) && "error" in message && (message["id"] ?? null) === null) return {};
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
  if (kind < 0.25) return { jsonrpc: "2.0", id, ...structuredClone(pick(random, OTHER_METHODS)) };
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
    params()[pick(random, PARAM_KEYS)] = pick(
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

/**
 * Generates `count` lines for `seed`.
 *
 * @example
 * ```ts
 * import { generateLines } from "./fuzz_lines.ts";
 * const lines = generateLines(7, 300);
 * const mustBeAnswered = lines.filter((line) => line.answeredId !== undefined).length;
 * ```
 */
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
