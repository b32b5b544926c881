/**
 * Converting store values to the JSON a client sees. The store reads integers as bigint,
 * so none is silently truncated; these turn them into plain numbers and booleans.
 *
 * @module
 */
import type { StoreValue } from "./store.ts";

/**
 * A nullable text column as a string or null.
 *
 * @example
 * ```ts
 * import { textOrNull } from "./row_values.ts";
 * textOrNull(null); // null
 * ```
 */
export function textOrNull(value: StoreValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? value : String(value);
}

/**
 * A numeric column as a number or null; integers past 2^53 lose precision but stay numbers.
 *
 * @example
 * ```ts
 * import { numberOrNull } from "./row_values.ts";
 * numberOrNull(42n); // 42
 * ```
 */
export function numberOrNull(value: StoreValue | undefined): number | null {
  if (typeof value === "bigint" || typeof value === "number") return Number(value);
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
}

/**
 * A 0/1 flag column as a boolean.
 *
 * @example
 * ```ts
 * import { flag } from "./row_values.ts";
 * flag(1n); // true
 * ```
 */
export function flag(value: StoreValue | undefined): boolean {
  return numberOrNull(value) === 1;
}

/**
 * The `manual_tags` column (a JSON array of strings) as a list. A plain comma-separated
 * string is tolerated, since apps have written both.
 *
 * @example
 * ```ts
 * import { tagList } from "./row_values.ts";
 * tagList('["pricing","q4"]'); // ["pricing", "q4"]
 * ```
 */
export function tagList(value: StoreValue | undefined): string[] {
  const text = textOrNull(value)?.trim();
  if (!text) return [];
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Fall through to the comma-separated reading.
    }
  }
  return text.split(",").map((tag) => tag.trim()).filter((tag) => tag !== "");
}
