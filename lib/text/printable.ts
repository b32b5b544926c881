/**
 * Client-supplied text made safe to quote in a one-line message.
 *
 * @module
 */

const NAMED_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * Makes client-supplied text safe to quote in an error message: control characters are
 * escaped as in JSON (so a message stays one line) and long text is cut with "…".
 *
 * @example
 * ```ts
 * import { printable } from "./printable.ts";
 * printable("get_tra\nscript"); // "get_tra\\nscript"
 * ```
 */
export function printable(text: string, max = 200): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  let out = "";
  for (const char of cut) {
    const code = char.charCodeAt(0);
    const isBreaking = code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029;
    out += isBreaking ? NAMED_ESCAPES[char] ?? `\\u${code.toString(16).padStart(4, "0")}` : char;
  }
  return out;
}
