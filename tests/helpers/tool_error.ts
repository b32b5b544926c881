/**
 * The one assertion for the tool error shape, used by every test of an unhappy path.
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import type { ToolErrorCode } from "../../lib/tools/tool.ts";

/** The result of a tools/call, as the server or callTool returns it. */
export interface ToolResultLike {
  // Optional in the type only, so a raw wire message fits; the assertion requires it.
  content?: { type: string; text?: string }[] | unknown;
  structuredContent?: unknown;
  isError?: boolean | undefined;
}

/**
 * Asserts `result` is a tool error of `code`: `isError`, no structuredContent, and one text
 * block that is exactly `{"error":{"code","message"}}` with a one-line message that matches
 * `pattern` and carries no stack trace. Returns the message.
 */
export function assertToolError(
  result: ToolResultLike,
  code: ToolErrorCode,
  pattern?: RegExp,
): string {
  assertEquals(result.isError, true, "isError must be true");
  assertEquals(result.structuredContent, undefined, "an error carries no structuredContent");
  assert(Array.isArray(result.content), "a content array");
  const content = result.content as { type: string; text?: string }[];
  assertEquals(content.length, 1);
  assertEquals(content[0]?.type, "text");
  const body = JSON.parse(content[0]?.text ?? "");
  assertEquals(Object.keys(body), ["error"]);
  assertEquals(Object.keys(body.error).sort(), ["code", "message"]);
  assertEquals(body.error.code, code);
  const message: string = body.error.message;
  assert(!message.includes("\n"), `one line: ${message}`);
  assert(!/\bat .*:\d+:\d+/.test(message), `no stack trace: ${message}`);
  if (pattern !== undefined) assertMatch(message, pattern);
  return message;
}
