/**
 * A transcript's text in our own store as lists and search results show it: the preview,
 * read without loading the whole text when a prefix is enough, and the whole text by key.
 *
 * @module
 */
import { makePreview } from "../../text/preview.ts";
import type { Store, StoreValue } from "../../store/store.ts";
import { PREVIEW_SOURCE_CHARS } from "../../config/limits.ts";

/**
 * The SQL expression that reads a preview's source from a text column; alias it `head`.
 *
 * @example
 * ```ts
 * import { previewSourceSql } from "./contract_text.ts";
 * previewSourceSql("t.text"); // "substr(t.text, 1, 1024)"
 * ```
 */
export function previewSourceSql(textColumn: string): string {
  return `substr(${textColumn}, 1, ${PREVIEW_SOURCE_CHARS})`;
}

/**
 * Builds the preview from the `head` a listing query read. Only when the head holds too few
 * whole characters (a text of long combining sequences) is the full text read.
 *
 * @example
 * ```ts
 * import { previewFromHead } from "./contract_text.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * previewFromHead(openDemoStore(), 1n, "Short text."); // "Short text."
 * ```
 */
export function previewFromHead(
  store: Store,
  pk: StoreValue | undefined,
  head: StoreValue | undefined,
): string {
  const text = typeof head === "string" ? head : "";
  const preview = makePreview(text, text.length >= PREVIEW_SOURCE_CHARS);
  if (preview !== undefined) return preview;
  return makePreview(fullText(store, pk)) ?? "";
}

/** The statement that reads one transcript's whole text, by key. */
export const FULL_TEXT_SQL = "SELECT text FROM transcripts WHERE pk = ?";

/**
 * A transcript's whole text, read by key; empty when the row is gone (a live store may
 * delete it between a listing and this read).
 *
 * @example
 * ```ts
 * import { fullText } from "./contract_text.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * fullText(openDemoStore(), 1n).length > 0; // true
 * ```
 */
export function fullText(store: Store, pk: StoreValue | undefined): string {
  const text = store.get(FULL_TEXT_SQL, pk as bigint)?.["text"];
  return typeof text === "string" ? text : "";
}
