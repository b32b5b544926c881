/**
 * The listing's facts of each transcript in our own store (title, times, labels and the
 * preview), kept per connection while the store is unchanged. A transcript row keeps its
 * text before those columns, so reading any of them walks the text's overflow chain, and a
 * preview reads the text's head: four fifths of a listing's cost, for the same newest page
 * a client lists again and again. With them kept, a page's order comes from the
 * transcripts_newest index alone.
 *
 * @module
 */
import { flag, numberOrNull, textOrNull } from "../../store/row_values.ts";
import type { Store, StoreRow } from "../../store/store.ts";
import type { TranscriptHead, TranscriptSummary } from "../source_reader.ts";
import { previewFromHead, previewSourceSql } from "./contract_text.ts";
import { changeStamp, paddedCount } from "./contract_segments.ts";

/**
 * The head fields of a transcript row (id, title, created_at, source).
 *
 * @example
 * ```ts
 * import { head } from "./contract_summaries.ts";
 * head({ id: "a1", title: null, created_at: "2026-11-02", source: "meeting" });
 * // { id: "a1", title: "", createdAt: "2026-11-02", source: "meeting" }
 * ```
 */
export function head(row: StoreRow): TranscriptHead {
  return {
    id: String(row["id"]),
    title: textOrNull(row["title"]) ?? "",
    createdAt: String(row["created_at"]),
    source: textOrNull(row["source"]),
  };
}
/** What a listing shows of a transcript, its place in the order left out. */
export type KeptSummary = Omit<TranscriptSummary, "position">;

/**
 * The statement that reads the listing's facts of `count` transcripts by key (padded to a
 * few sizes, as the speakers' statement is, so few statements are prepared).
 *
 * @example
 * ```ts
 * import { summariesSql } from "./contract_summaries.ts";
 * summariesSql(3).includes("IN (?, ?, ?, ?)"); // true: padded to 4
 * ```
 */
export function summariesSql(count: number): string {
  return `SELECT pk, id, title, created_at, source, duration, starred, language,
          ${previewSourceSql("text")} AS head
     FROM transcripts WHERE pk IN (${Array(paddedCount(count)).fill("?").join(", ")})`;
}

// Transcripts whose facts a connection keeps: fifty pages of listings, under a MiB.
const KEPT_SUMMARIES = 1_024;

/**
 * The listing's facts of transcripts as one connection last read them, kept while the
 * store's {@link changeStamp} stays (it moves at any commit, so an edit, a new row or a
 * deleted one is read anew on the next call).
 *
 * @example
 * ```ts
 * import { SummaryCache } from "./contract_summaries.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * new SummaryCache().of(openDemoStore(), [1n]).get(1n)?.title; // the demo's first title
 * ```
 */
export class SummaryCache {
  #version = "";
  #known = new Map<bigint, KeptSummary>();

  /**
   * The facts of each of `keys` that the store holds; `version` is the store's
   * {@link changeStamp} if the caller read it before it read the keys.
   */
  of(
    store: Store,
    keys: readonly bigint[],
    version = changeStamp(store),
  ): Map<bigint, KeptSummary> {
    if (version !== this.#version) [this.#version, this.#known] = [version, new Map()];
    const missing = [...new Set(keys.filter((key) => !this.#known.has(key)))];
    if (missing.length > 0) {
      const sql = summariesSql(missing.length);
      const padding = Array(paddedCount(missing.length) - missing.length).fill(null);
      for (const row of store.all(sql, ...missing, ...padding)) {
        if (this.#known.size >= KEPT_SUMMARIES) {
          this.#known.delete(this.#known.keys().next().value!);
        }
        this.#known.set(row["pk"] as bigint, {
          ...head(row),
          duration: numberOrNull(row["duration"]),
          starred: flag(row["starred"]),
          language: textOrNull(row["language"]),
          preview: previewFromHead(store, row["pk"], row["head"]),
        });
      }
    }
    const summaries = new Map<bigint, KeptSummary>();
    for (const key of keys) {
      const summary = this.#known.get(key);
      if (summary !== undefined) summaries.set(key, summary);
    }
    return summaries;
  }
}
