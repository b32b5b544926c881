/**
 * The bytes of a tools/call answer whose text block is the JSON of its structuredContent.
 *
 * That JSON travels twice in the line: once as it is, once escaped as a JSON string. It is
 * encoded to UTF-8 once, and the escaped copy is made from those bytes. Building the line
 * as a string instead meant escaping it with JSON.stringify and then encoding both copies,
 * which for text outside Latin-1 (a preview's "…" is enough) is the slow path of both: a
 * list page's line took 47 µs that way and takes 29 µs this way. Plain ASCII JSON still
 * takes V8's escape and encoder, which are fastest for it.
 *
 * @module
 */
import type { RpcId } from "../transport/jsonrpc.ts";
import type { ToolOutcome } from "../tools/tool_outcome.ts";
import { toolCallResult } from "./tool_result.ts";

const encoder = new TextEncoder();
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MIDDLE = encoder.encode('"}],"structuredContent":');
const END = encoder.encode("}}\n");

/**
 * The answer line (newline included) to tools/call request `id` that came to `outcome`.
 * A success is written from its JSON text without parsing it (see
 * {@link structuredAnswerLine}); an error, or an answer with a text of its own (a seed
 * tool's), goes through JSON.stringify.
 *
 * @example
 * ```ts
 * import { toolAnswerLine } from "./answer_line.ts";
 * new TextDecoder().decode(toolAnswerLine(7, { ok: false, code: "busy", message: "Locked" }));
 * // '{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\"error\":…}"}],"isError":true}}\n'
 * ```
 */
export function toolAnswerLine(id: RpcId, outcome: ToolOutcome): Uint8Array {
  if (outcome.ok && outcome.text === undefined) {
    return structuredAnswerLine(id, outcome.structuredJson);
  }
  const result = JSON.stringify(toolCallResult(outcome));
  return encoder.encode(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}\n`);
}

/**
 * The answer line (newline included) to request `id` whose result is
 * `{"content":[{"type":"text","text":structured}],"structuredContent":<structured>}`.
 *
 * `structured` must be JSON.stringify's output, as a tool's is: then it holds no control
 * character and no lone surrogate, so escaping it as a string only puts a backslash
 * before each `"` and `\`, and no byte of a multi-byte UTF-8 sequence is either of those.
 *
 * @example
 * ```ts
 * import { structuredAnswerLine } from "./answer_line.ts";
 * new TextDecoder().decode(structuredAnswerLine(7, '{"a":"b"}'));
 * // '{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\"a\":\"b\"}"}],"structuredContent":{"a":"b"}}}\n'
 * ```
 */
export function structuredAnswerLine(id: RpcId, structured: string): Uint8Array {
  const start = encoder.encode(
    `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`,
  );
  const json = encoder.encode(structured);
  // All ASCII (as many bytes as UTF-16 units): V8's own escape and encoder are fastest.
  const escaped = json.length === structured.length
    ? encoder.encode(JSON.stringify(structured).slice(1, -1))
    : escapeBytes(json);
  const line = new Uint8Array(
    start.length + escaped.length + MIDDLE.length + json.length + END.length,
  );
  let at = 0;
  for (const part of [start, escaped, MIDDLE, json, END]) {
    line.set(part, at);
    at += part.length;
  }
  return line;
}

/** `json`'s bytes with a backslash before each `"` and `\`. */
function escapeBytes(json: Uint8Array): Uint8Array {
  // Room for a backslash before every byte; the unused tail is left off by subarray.
  const escaped = new Uint8Array(2 * json.length);
  let at = 0;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i]!;
    if (byte === QUOTE || byte === BACKSLASH) escaped[at++] = BACKSLASH;
    escaped[at++] = byte;
  }
  return escaped.subarray(0, at);
}
