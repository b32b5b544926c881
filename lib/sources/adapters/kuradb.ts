/**
 * The KuraDB kind: one database of the KuraDB retrieval service (agenvoy/KuraDB, read at
 * commit e864c1d; docs/sources.md, "KuraDB"), a `data.db` holding the chunks of the files
 * dropped into its inbox in one table, `file_data`. A transcript is a file: the live rows
 * (`dismiss` = 0) of one `source` path, in `chunk` order; its segments are the chunks (no
 * times, no speaker). A changed or removed file's old rows are dismissed, not deleted, and
 * are never shown or found. The app keeps no full-text index, so search scans the live
 * chunks (scan_search.ts), folding Unicode case as the app's own `LOWER(…) LIKE` does not.
 *
 * An item's key is the rowid of its first live chunk: KuraDB upserts on (source, chunk), so
 * the row stays while the file does, and it finds the file through the primary key.
 *
 * @module
 */
import type { SourceContext, SourceKind } from "../source_kind.ts";
import { missingColumns } from "../source_kind.ts";
import { KURADB_SIGN } from "../kind_signs.ts";
import { InvalidCursorError } from "../source_reader.ts";
import type {
  HitDetail,
  Position,
  SearchRanking,
  SegmentRange,
  SegmentRecord,
  SourceFacts,
  SourceReader,
  TaskSummary,
  TranscriptDocument,
  TranscriptFilter,
  TranscriptSummary,
} from "../source_reader.ts";
import { publicId, splitPublicId } from "../source_ids.ts";
import { keepGoingSql, type Store } from "../../store/store.ts";
import { makePreview } from "../../text/preview.ts";
import { matchWindow } from "../../search/snippet.ts";
import { rfc3339, yearFirstSql } from "./meetily_times.ts";
import { KuraDbTexts, LIVE_CHUNK as LIVE } from "./kuradb_texts.ts";
import {
  countTitles,
  indexSliceEnd,
  type ItemCounts,
  rankScanned,
  scanQuery,
} from "./scan_search.ts";
import { textOf } from "./text_value.ts";
import { callStarted } from "../call_clock.ts";

/** The label of every KuraDB item (list_transcripts' `label` filter). */
const LABEL = "document";
/** Joins a file's chunks into its text. */
const CHUNK_SEPARATOR = "\n\n";

/** A live file: its first chunk's rowid, its path, and its first chunk's time in ms. */
interface Head {
  r: number;
  source: string;
  k: number;
  title: string;
}

/** The file name of a path KuraDB stored (absolute, with `/` or `\`). */
function fileName(path: string): string {
  return path.split(/[\\/]/).filter((part) => part !== "").pop() ?? path;
}

function positionOf(after: Position | null): [number, number] | null {
  if (after === null) return null;
  if (after.length !== 2 || !after.every((part) => Number.isSafeInteger(part))) {
    throw new InvalidCursorError();
  }
  return after as [number, number];
}

class KuraDbReader implements SourceReader {
  readonly #store: Store;
  readonly #name: string;
  #heads: { version: number; list: Head[]; bySource: Map<string, Head> } | undefined;
  readonly #texts = new KuraDbTexts();
  /** Whether rows carry `updated_at`, which tells the text kept in memory what changed. */
  readonly #stamped: boolean;

  constructor(store: Store, context: SourceContext) {
    this.#store = store;
    this.#name = context.name;
    this.#stamped = missingColumns(context.tables, "file_data", ["updated_at"]).length === 0;
  }

  /**
   * Every live file, newest first (by its first chunk's time, then rowid), read once per
   * data_version: the app writes only when a file changes.
   */
  #files(): { list: Head[]; bySource: Map<string, Head> } {
    const version = this.#store.dataVersion();
    if (this.#heads?.version === version) return this.#heads;
    // min() makes the bare columns those of each file's first live chunk (SQLite's rule).
    const rows = this.#store.all(
      `SELECT r, s, coalesce(${
        yearFirstSql("c", "CAST(round(unixepoch(c, 'subsec') * 1000) AS INTEGER)")
      }, 0) AS k
        FROM (SELECT f.id AS r, f.source AS s, min(f.chunk) AS n, f.created_at AS c
          FROM file_data f WHERE ${LIVE} AND f.source IS NOT NULL AND ${keepGoingSql("f")}
          GROUP BY f.source)
        ORDER BY k DESC, r DESC`,
    );
    const list = rows.map((row): Head => {
      const source = String(row["s"]);
      return { r: Number(row["r"]), source, k: Number(row["k"]), title: fileName(source) };
    });
    this.#heads = { version, list, bySource: new Map(list.map((head) => [head.source, head])) };
    return this.#heads;
  }

  /** The live file whose first chunk has rowid `key`, or undefined. */
  #head(key: string): Head | undefined {
    // Any rowid an id was made from: a safe integer, negative too (a row the app did not number).
    if (!/^-?\d{1,16}$/.test(key) || !Number.isSafeInteger(Number(key))) return undefined;
    const row = this.#store.get(
      `SELECT f.source AS s FROM file_data f WHERE f.id = ? AND ${LIVE}`,
      Number(key),
    );
    if (row === undefined) return undefined;
    const head = this.#files().bySource.get(String(row["s"]));
    return head?.r === Number(key) ? head : undefined;
  }

  /** The live chunks of a file, in order, from the `offset`-th on. */
  #chunks(source: string, offset = 0, limit = -1): string[] {
    return this.#store.all(
      `SELECT f.content AS x FROM file_data f WHERE f.source = ? AND ${LIVE}
        ORDER BY f.chunk LIMIT ? OFFSET ?`,
      source,
      limit,
      offset,
    ).map((row) => textOf(row["x"]));
  }

  #text(head: Head): string {
    return this.#chunks(head.source).join(CHUNK_SEPARATOR);
  }

  #fields(head: Head) {
    return {
      id: publicId(this.#name, String(head.r)),
      title: head.title,
      createdAt: rfc3339(head.k),
      source: LABEL,
      duration: null,
      starred: false,
      language: null,
    };
  }

  listTranscripts(
    after: Position | null,
    limit: number,
    filter: TranscriptFilter,
  ): TranscriptSummary[] {
    const at = positionOf(after);
    if (filter.starred === true || (filter.label !== undefined && filter.label !== LABEL)) {
      return [];
    }
    const since = filter.since === undefined ? -8.64e15 : Date.parse(filter.since);
    const until = filter.until === undefined ? 8.64e15 : Date.parse(filter.until);
    const page: TranscriptSummary[] = [];
    for (const head of this.#files().list) {
      if (page.length >= limit) break;
      if (at !== null && (head.k > at[0] || (head.k === at[0] && head.r >= at[1]))) continue;
      if (head.k < since || head.k >= until) continue;
      this.#store.throwIfInterrupted();
      const start = this.#chunks(head.source, 0, 2).join(CHUNK_SEPARATOR);
      page.push({
        ...this.#fields(head),
        preview: makePreview(start) ?? "",
        position: [head.k, head.r],
      });
    }
    return page;
  }

  getTranscript(id: string): TranscriptDocument | undefined {
    const parts = splitPublicId(id);
    if (parts === null || parts.name !== this.#name) return undefined;
    const head = this.#head(parts.key);
    if (head === undefined) return undefined;
    return {
      ...this.#fields(head),
      engine: null,
      modelId: null,
      manualTags: [],
      template: null,
      text: this.#text(head),
    };
  }

  readSegments(id: string, range: SegmentRange): SegmentRecord[] | undefined {
    const parts = splitPublicId(id);
    if (parts === null || parts.name !== this.#name) return undefined;
    const head = this.#head(parts.key);
    if (head === undefined) return undefined;
    return this.#chunks(head.source, range.fromSeq, range.limit).map((text, i) => ({
      seq: range.fromSeq + i,
      startMs: null,
      endMs: null,
      speaker: null,
      text,
    }));
  }

  search(query: string, count: number): SearchRanking {
    const parsed = scanQuery(query);
    if (parsed === null) return { hits: [], mode: "words", match: "", partial: false };
    const started = callStarted();
    const { list, bySource } = this.#files();
    const counts = new Map<string, ItemCounts>();
    countTitles(parsed, list.map((head) => ({ key: head.source, title: head.title })), counts);
    const texts = this.#texts;
    texts.refresh(this.#store, indexSliceEnd(started), this.#stamped);
    const partial = texts.search(this.#store, parsed, counts, started);
    // Counts are keyed by path; a hit's key is the file's first live chunk.
    const ranked = rankScanned(counts, list.map((h) => ({ id: h.source, k: h.k, r: h.r })), count);
    return {
      hits: ranked.map(({ key, score }) => ({ key: String(bySource.get(key)!.r), score })),
      mode: "words",
      match: parsed.match,
      partial,
    };
  }

  renderHits(keys: readonly string[], match: string): HitDetail[] {
    return keys.flatMap((key) => {
      this.#store.throwIfInterrupted();
      const head = this.#head(key);
      if (head === undefined) return [];
      const text = this.#text(head);
      const { id, title, createdAt, source } = this.#fields(head);
      return [{
        key,
        id,
        title,
        createdAt,
        source,
        preview: makePreview(text) ?? "",
        window: matchWindow(text, match),
      }];
    });
  }

  listTasks(): TaskSummary[] {
    return [];
  }

  facts(): SourceFacts {
    const { list } = this.#files();
    const count = (sql: string) => Number(this.#store.get(sql)?.["n"] ?? 0);
    const dismissed = count(
      `SELECT count(*) AS n FROM file_data f WHERE NOT (${LIVE}) AND ${keepGoingSql("f")}`,
    );
    const undated = list.filter((head) => head.k === 0).length;
    const texts = this.#texts;
    const notes = [
      texts.complete && !texts.full
        ? "no full-text index: searches use the live chunks' text kept in memory (complete)"
        : texts.full
        ? "no full-text index: searches use the live chunks' text kept in memory (at its memory bound: later files are scanned)"
        : "no full-text index: the first searches read the live chunks' text into memory, a second at a time, and scan the rest",
      "a transcript is a file KuraDB indexed; its segments are the file's chunks, untimed",
    ];
    if (dismissed > 0) {
      notes.push(
        `${dismissed} chunks of changed or removed files are dismissed: never shown or found`,
      );
    }
    if (!this.#stamped) {
      notes.push(
        "file_data.updated_at is missing: after each change the text kept in memory is read again whole",
      );
    }
    if (undated > 0) notes.push(`${undated} files have an unreadable created_at; shown as 1970`);
    notes.push("KuraDB's embeddings are not read: no semantic search yet");
    return {
      transcripts: list.length,
      tasks: 0,
      newest: list[0] === undefined ? null : rfc3339(list[0].k),
      search: "scan",
      turns: false,
      notes,
    };
  }
}

/**
 * The KuraDB kind: its sign (kind_signs.ts) and its reader.
 *
 * @example
 * ```ts
 * import { kuradbKind } from "./kuradb.ts";
 * kuradbKind.matches(new Map([["query_cache", new Set(["query", "embedding"])]])); // false
 * ```
 */
export const kuradbKind: SourceKind = {
  ...KURADB_SIGN,
  open: (store, context) => new KuraDbReader(store, context),
};
