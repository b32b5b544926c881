/**
 * The stdio transport: newline-delimited JSON-RPC over a byte stream pair.
 *
 * The SDK's own stdio transport drops bad input silently, ends the session on an oversize
 * line and re-buffers in quadratic time. This one answers every bad line, discards oversize
 * lines as they stream (memory stays bounded), and buffers each line once.
 *
 * @module
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types";
import { checkEnvelope, errorResponse, RPC_ERRORS, type RpcErrorResponse } from "./jsonrpc.ts";
import { describeError, logLine } from "../log.ts";
import { MAX_LINE_BYTES } from "../config/limits.ts";

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Options for {@link StdioLineTransport}. */
export interface StdioLineTransportOptions {
  /**
   * The largest line accepted, in bytes ({@link MAX_LINE_BYTES}, 8 MiB).
   *
   * @default {MAX_LINE_BYTES}
   */
  maxLineBytes?: number;
}

/**
 * An MCP transport over a readable and a writable byte stream, one JSON-RPC message a line.
 *
 * @example
 * ```ts
 * import { StdioLineTransport } from "./stdio.ts";
 * const transport = new StdioLineTransport(Deno.stdin.readable, Deno.stdout.writable);
 * ```
 */
export class StdioLineTransport implements Transport {
  /** Called with each incoming message whose envelope is valid. */
  onmessage?: (message: JSONRPCMessage) => void;
  /** Called once, when the input ends or the transport is closed. */
  onclose?: () => void;
  /** Called on a failure to write. */
  onerror?: (error: Error) => void;

  readonly #input: ReadableStream<Uint8Array>;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #maxLineBytes: number;
  readonly #encoder = new TextEncoder();
  readonly #decoder = new TextDecoder("utf-8", { fatal: true });
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #writes: Promise<void> = Promise.resolve();
  #closed = false;

  /** Reads messages from `input` and writes them to `output`. */
  constructor(
    input: ReadableStream<Uint8Array>,
    output: WritableStream<Uint8Array>,
    options: StdioLineTransportOptions = {},
  ) {
    this.#input = input;
    this.#writer = output.getWriter();
    this.#maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
  }

  /** Starts reading; resolves at once while lines are read in the background. */
  start(): Promise<void> {
    if (this.#reader !== undefined) throw new Error("StdioLineTransport already started");
    this.#reader = this.#input.getReader();
    this.#readLoop(this.#reader).catch((error) => {
      logLine(`reading stdin failed: ${describeError(error)}`);
    }).finally(() => this.#finish());
    return Promise.resolve();
  }

  /** Writes one message as one line. Writes are queued, so lines never interleave. */
  send(message: JSONRPCMessage | RpcErrorResponse): Promise<void> {
    return this.sendLine(JSON.stringify(message));
  }

  /**
   * Writes one message already serialized as JSON (which never holds a raw newline), so a
   * large result is not parsed and stringified again on the main thread.
   */
  sendLine(json: string): Promise<void> {
    return this.sendBytes(this.#encoder.encode(`${json}\n`));
  }

  /** Writes one message already encoded as a line, its newline included. */
  sendBytes(line: Uint8Array): Promise<void> {
    this.#writes = this.#writes.then(() => this.#writer.write(line)).catch((error) => {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    });
    return this.#writes;
  }

  /** Stops reading, waits for queued writes, and reports the close. */
  async close(): Promise<void> {
    await this.#reader?.cancel().catch(() => {});
    await this.#writes;
    this.#finish();
  }

  /** Resolves when every queued write has reached the output. */
  flushed(): Promise<void> {
    return this.#writes;
  }

  #finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.onclose?.();
  }

  async #readLoop(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    let parts: Uint8Array[] = [];
    let lineBytes = 0;
    let discarding = false;
    while (true) {
      const { value: chunk, done } = await reader.read();
      if (done) break;
      let start = 0;
      while (start < chunk.length) {
        const newline = chunk.indexOf(NEWLINE, start);
        const end = newline === -1 ? chunk.length : newline;
        if (!discarding) {
          lineBytes += end - start;
          if (lineBytes > this.#maxLineBytes) {
            discarding = true;
            parts = [];
            this.#answer(errorResponse(
              null,
              RPC_ERRORS.INVALID_REQUEST,
              `Invalid Request: message too large (over ${this.#maxLineBytes} bytes); discarded`,
            ));
          } else if (end > start) {
            // A line's tail outlives this chunk: copy it once rather than pin the chunk.
            parts.push(newline === -1 ? chunk.slice(start, end) : chunk.subarray(start, end));
          }
        }
        if (newline === -1) break;
        if (!discarding) this.#handleLine(concatBytes(parts, lineBytes));
        parts = [];
        lineBytes = 0;
        discarding = false;
        start = newline + 1;
      }
    }
    if (!discarding && lineBytes > 0) this.#handleLine(concatBytes(parts, lineBytes));
  }

  #handleLine(bytes: Uint8Array): void {
    let length = bytes.length;
    if (length > 0 && bytes[length - 1] === CARRIAGE_RETURN) length--;
    let text: string;
    try {
      text = this.#decoder.decode(bytes.subarray(0, length));
    } catch {
      this.#answer(
        errorResponse(null, RPC_ERRORS.PARSE_ERROR, "Parse error: the line is not valid UTF-8"),
      );
      return;
    }
    if (text.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.#answer(
        errorResponse(null, RPC_ERRORS.PARSE_ERROR, "Parse error: the line is not valid JSON"),
      );
      return;
    }
    const checked = checkEnvelope(value);
    if (!checked.ok) {
      this.#answer(checked.error);
      return;
    }
    try {
      this.onmessage?.(checked.message as JSONRPCMessage);
    } catch (error) {
      logLine(`handling a message failed: ${describeError(error)}`);
      const id = checked.message.id;
      if (id !== undefined && checked.message.method !== undefined) {
        this.#answer(errorResponse(id, RPC_ERRORS.INTERNAL_ERROR, "Internal error"));
      }
    }
  }

  #answer(response: RpcErrorResponse): void {
    void this.send(response);
  }
}

/**
 * Joins byte chunks of total `length` into one array; a single chunk is returned as is.
 *
 * @example
 * ```ts
 * import { concatBytes } from "./stdio.ts";
 * concatBytes([new Uint8Array([1]), new Uint8Array([2, 3])], 3); // Uint8Array [1, 2, 3]
 * ```
 */
export function concatBytes(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1 && parts[0] !== undefined) return parts[0];
  const line = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    line.set(part, offset);
    offset += part.length;
  }
  return line;
}
