/**
 * Diagnostics for stderr. Stdout carries protocol messages only, so every log line goes here.
 *
 * @module
 */

/**
 * Writes one line to stderr, prefixed with the program name. A line break in the message (a
 * path may hold one) is written escaped, `\n` or `\r`, so the line stays one.
 *
 * @example
 * ```ts
 * import { logLine } from "./log.ts";
 * logLine("serving /home/me/.local/share/transcript-mcp/store.db");
 * ```
 */
export function logLine(message: string): void {
  const oneLine = message.replace(/[\n\r]/g, (char) => (char === "\n" ? "\\n" : "\\r"));
  console.error(`transcript-mcp: ${oneLine}`);
}

/**
 * Describes a thrown value in one line, without a stack trace.
 *
 * @example
 * ```ts
 * import { describeError } from "./log.ts";
 * describeError(new Error("disk I/O error")); // "disk I/O error"
 * ```
 */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n", 1)[0] ?? "";
}
