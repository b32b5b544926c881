/**
 * Diagnostics for stderr. Stdout carries protocol messages only, so every log line goes here.
 *
 * @module
 */

/**
 * Writes one line to stderr, prefixed with the program name.
 *
 * @example
 * ```ts
 * import { logLine } from "./log.ts";
 * logLine("serving /home/me/.local/share/transcript-mcp/store.db");
 * ```
 */
export function logLine(message: string): void {
  console.error(`transcript-mcp: ${message}`);
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
