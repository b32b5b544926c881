/**
 * A transcript's text in our own store as lists and search results show it: the preview,
 * read without loading the whole text when a prefix is enough, and the whole text by key.
 *
 * @module
 */
import { makePreview } from "../../text/preview.ts";
import type { Store, StoreValue } from "../../store/store.ts";
import { paddedCount } from "./contract_segments.ts";
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

/**
 * The statement that reads the preview sources of `count` transcripts by key (padded to a
 * few sizes, as the speakers' statement is, so few statements are prepared).
 *
 * @example
 * ```ts
 * import { headsSql } from "./contract_text.ts";
 * headsSql(3).includes("IN (?, ?, ?, ?)"); // true: padded to 4
 * ```
 */
export function headsSql(count: number): string {
  return `SELECT pk, ${previewSourceSql("text")} AS head FROM transcripts
   WHERE pk IN (${Array(paddedCount(count)).fill("?").join(", ")})`;
}

// Transcripts whose previews a connection keeps: a few pages of listings.
const KEPT_PREVIEWS = 4_096;

/**
 * The previews of transcripts as one connection last read them, kept while the store is
 * unchanged (PRAGMA data_version moves at any other connection's commit): a preview's
 * source is the head of the text, and SQLite reads a text's whole overflow chain to cut
 * it, four fifths of a listing's cost, for the same newest page a client lists again and
 * again.
 *
 * @example
 * ```ts
 * import { PreviewCache } from "./contract_text.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * new PreviewCache().of(openDemoStore(), [1n]).get(1n)?.length; // up to 200
 * ```
 */
export class PreviewCache {
  #version = -1;
  #known = new Map<bigint, string>();

  /**
   * The preview of each of `keys` that the store holds; `version` is the store's
   * data_version if the caller read it before it read the keys.
   */
  of(store: Store, keys: readonly bigint[], version = store.dataVersion()): Map<bigint, string> {
    if (version !== this.#version) [this.#version, this.#known] = [version, new Map()];
    const missing = [...new Set(keys.filter((key) => !this.#known.has(key)))];
    if (missing.length > 0) {
      const sql = headsSql(missing.length);
      const padding = Array(paddedCount(missing.length) - missing.length).fill(null);
      for (const row of store.all(sql, ...missing, ...padding)) {
        if (this.#known.size >= KEPT_PREVIEWS) this.#known.delete(this.#known.keys().next().value!);
        this.#known.set(row["pk"] as bigint, previewFromHead(store, row["pk"], row["head"]));
      }
    }
    const previews = new Map<bigint, string>();
    for (const key of keys) {
      const preview = this.#known.get(key);
      if (preview !== undefined) previews.set(key, preview);
    }
    return previews;
  }
}
