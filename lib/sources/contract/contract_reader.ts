/**
 * Reading our own store (the contract in lib/store/schema.sql): listings by keyset in the
 * order of their indexes, the transcript by id, BM25 search, and tasks. Ids and times are
 * shown exactly as the store holds them, so a client of one store sees what it always has.
 *
 * @module
 */
import { Conditions } from "../../store/conditions.ts";
import { flag, numberOrNull, tagList, textOrNull } from "../../store/row_values.ts";
import { KEEP_GOING_SQL, type Store, type StoreRow } from "../../store/store.ts";
import {
  type HitDetail,
  InvalidCursorError,
  type ItemSample,
  type ItemText,
  type Position,
  positionInteger,
  positionKeyText,
  positionTexts,
  type SearchRanking,
  type SegmentRange,
  type SegmentRecord,
  type SegmentSought,
  type SourceFacts,
  type SourceReader,
  type TaskFilter,
  type TaskSummary,
  type TranscriptDocument,
  type TranscriptFilter,
  type TranscriptHead,
  type TranscriptSummary,
} from "../source_reader.ts";
import { hitRows, hitWindow, RANK_SQL, withPlainWordsFallback } from "./contract_search.ts";
import { rankOrPhrases } from "./phrase_scores.ts";
import { previewFromHead, previewSourceSql } from "./contract_text.ts";
import { head, type KeptSummary, SummaryCache } from "./contract_summaries.ts";
import { changeStamp, readSegments, SpeakerCache } from "./contract_segments.ts";
import { findSegment, findSegments } from "./contract_find_segments.ts";
import { taskSearchSql, taskSearchTerms } from "./contract_tasks.ts";

/**
 * A page of newest transcripts with each one's preview source, in one statement, for a
 * WHERE clause of Conditions: what a listing costs without {@link PreviewCache} (the
 * benchmark's engine and peers run it).
 */
export const listTranscriptsSql = (where: string): string =>
  `SELECT pk, id, title, created_at, source, duration, starred, language,
          ${previewSourceSql("text")} AS head
     FROM transcripts ${where}
    ORDER BY created_at DESC, pk DESC
    LIMIT ?`;

/**
 * list_transcripts' statement in our store, for a WHERE clause of Conditions: the keys of
 * a page, in order. Without a filter on starred or source it reads the transcripts_newest
 * index alone; the rest comes from {@link SummaryCache}.
 */
export const listTranscriptKeysSql = (where: string): string =>
  `SELECT pk, created_at FROM transcripts ${where}
    ORDER BY created_at DESC, pk DESC
    LIMIT ?`;

/** list_tasks' statement in our store, for a WHERE clause of Conditions. */
export const listTasksSql = (where: string): string =>
  `SELECT rowid, id, text, bucket, done, done_at, created_at, parent_task_id, transcript_id
     FROM tasks ${where}
    ORDER BY created_at DESC, id DESC
    LIMIT ?`;

/** get_transcript's statement in our store. */
export const DOCUMENT_SQL = `SELECT id, title, text, created_at, source, duration, engine, model_id,
       language, starred, manual_tags, template
  FROM transcripts WHERE id = ?`;

/** get_turns' head of a transcript in our store: no text. */
export const HEAD_SQL = "SELECT id, title, created_at, source FROM transcripts WHERE id = ?";

// From the record header: the text itself is not read.
/** This connection's own changes, which with data_version stamp the texts it reads. */
export const TEXT_STAMP_SQL = "SELECT total_changes() AS n";

/**
 * Our store's transcripts below a key, the latest written first, each with its title and a
 * sample of its text (?1 bytes each from its start, middle and end, where it is longer than
 * three times that): cut in SQLite, so a long text never becomes a string here, and by bytes,
 * so SQLite need not count its characters (a character cut in two at an edge reads as no word).
 */
export const ITEM_SAMPLES_SQL = `SELECT pk, title,
         CASE WHEN octet_length(text) <= 3 * ?1 THEN text
           ELSE CAST(substr(CAST(text AS BLOB), 1, ?1) || x'0a' ||
             substr(CAST(text AS BLOB), (octet_length(text) - ?1) / 2, ?1) || x'0a' ||
             substr(CAST(text AS BLOB), -?1) AS TEXT) END AS sample
    FROM transcripts WHERE pk < ?2 AND ${KEEP_GOING_SQL} ORDER BY pk DESC LIMIT ?3`;

/** A transcript's head and whole text by key, for a passage search. */
export const ITEM_TEXT_SQL = `SELECT id, title, created_at, source,
         CASE WHEN octet_length(text) <= ? THEN text END AS text FROM transcripts WHERE pk = ?`;

const TEXT_BYTES_SQL = "SELECT octet_length(text) AS bytes FROM transcripts WHERE id = ?";

/**
 * The size of a transcript's text in bytes, read without reading the text; undefined when
 * the store has no transcript with this id.
 *
 * @example
 * ```ts
 * import { textBytes } from "./contract_reader.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * textBytes(openDemoStore(), "no such id"); // undefined
 * ```
 */
export function textBytes(store: Store, id: string): number | undefined {
  const bytes = store.get(TEXT_BYTES_SQL, id)?.["bytes"];
  return bytes === undefined ? undefined : Number(bytes);
}

/** Each item with the speakers of its transcript, where it has segments. */
function withSpeakers<T extends TranscriptHead>(
  store: Store,
  cache: SpeakerCache,
  items: T[],
  version?: string,
): T[] {
  if (items.length === 0) return items;
  const speakers = cache.of(store, items.map((item) => item.id), version);
  return items.map((item) => {
    const names = speakers.get(item.id);
    return names === undefined ? item : { ...item, speakers: names };
  });
}

/** A task row as list_tasks shows it. */
function taskOf(row: StoreRow): TaskSummary {
  return {
    id: String(row["id"]),
    text: textOrNull(row["text"]) ?? "",
    bucket: String(row["bucket"]),
    done: flag(row["done"]),
    doneAt: textOrNull(row["done_at"]),
    createdAt: String(row["created_at"]),
    parentTaskId: textOrNull(row["parent_task_id"]),
    transcriptId: textOrNull(row["transcript_id"]),
    position: [
      positionKeyText(String(row["created_at"])),
      positionKeyText(String(row["id"])),
      String(row["rowid"]),
    ],
  };
}

/**
 * The reader of a store in our own schema.
 *
 * @example
 * ```ts
 * import { ContractReader } from "./contract_reader.ts";
 * import { openDemoStore } from "../../demo/demo_store.ts";
 * const reader = new ContractReader(openDemoStore());
 * reader.listTranscripts(null, 3, {}).length; // 3
 * ```
 */
export class ContractReader implements SourceReader {
  readonly #store: Store;
  readonly #speakers = new SpeakerCache();
  readonly #summaries = new SummaryCache();
  // The contract makes `segments` optional; learnt from the first read that needs it, so a
  // store that has it runs no statement more.
  #hasSegments = true;

  /** Reads `store`, already opened and checked against the contract. */
  constructor(store: Store) {
    this.#store = store;
  }

  /** Newest first by (created_at, pk), the order of the transcripts_newest index. */
  listTranscripts(
    after: Position | null,
    limit: number,
    filter: TranscriptFilter,
  ): TranscriptSummary[] {
    const store = this.#store;
    const conditions = new Conditions();
    if (after !== null) {
      const [createdAtText, pkText] = positionTexts(after, 2) as [string, string];
      const pk = positionInteger(pkText);
      const createdAt = createdAtText === ""
        ? textOrNull(
          store.get("SELECT created_at FROM transcripts WHERE pk = ?", pk)?.["created_at"],
        )
        : createdAtText;
      if (createdAt === null) throw new InvalidCursorError();
      conditions.add("(created_at, pk) < (?, ?)", createdAt, pk);
    }
    conditions.equal("starred", filter.starred).equal("source", filter.label);
    if (filter.since !== undefined) conditions.add("created_at >= ?", filter.since);
    if (filter.until !== undefined) conditions.add("created_at < ?", filter.until);
    // Read before the rows: a commit after it moves the version, and the next call rereads.
    const version = changeStamp(store);
    const rows = store.all(listTranscriptKeysSql(conditions.where), ...conditions.params, limit);
    const summaries = this.#summaries.of(store, rows.map((row) => row["pk"] as bigint), version);
    // A row deleted by the app between the two reads is left out, as a later page would.
    return this.#withSpeakers(
      rows.flatMap((row) => {
        const summary: KeptSummary | undefined = summaries.get(row["pk"] as bigint);
        if (summary === undefined) return [];
        const position = [positionKeyText(String(row["created_at"])), String(row["pk"])];
        return [{ ...summary, position }];
      }),
      version,
    );
  }

  getTranscript(id: string): TranscriptDocument | undefined {
    const row = this.#store.get(DOCUMENT_SQL, id);
    if (row === undefined) return undefined;
    return {
      ...this.#withSpeakers([head(row)])[0]!,
      duration: numberOrNull(row["duration"]),
      starred: flag(row["starred"]),
      language: textOrNull(row["language"]),
      engine: textOrNull(row["engine"]),
      modelId: textOrNull(row["model_id"]),
      manualTags: tagList(row["manual_tags"]),
      template: textOrNull(row["template"]),
      text: textOrNull(row["text"]) ?? "",
    };
  }

  search(query: string, count: number): SearchRanking {
    const store = this.#store;
    const { mode, run } = withPlainWordsFallback(store, query, (match) => ({
      rows: rankOrPhrases(store, match, count) ?? store.all(RANK_SQL, match, count),
      match,
    }));
    return {
      hits: run.rows.map((row) => ({ key: String(row["pk"]), score: -Number(row["score"]) })),
      mode,
      match: run.match,
      partial: false,
    };
  }

  renderHits(keys: readonly string[], match: string): HitDetail[] {
    const store = this.#store;
    return this.#withSpeakers(
      hitRows(store, keys).map((row) => {
        const { window, line } = hitWindow(store, row, match);
        return {
          key: String(row["pk"]),
          ...head(row),
          preview: previewFromHead(store, row["pk"], row["head"]),
          window,
          windowLine: line,
        };
      }),
    );
  }

  itemTexts(keys: readonly string[], maxBytes: number): ItemText[] {
    const rows = keys.flatMap((key) => {
      if (!/^-?\d{1,20}$/.test(key)) return [];
      const row = this.#store.get(ITEM_TEXT_SQL, maxBytes, BigInt(key));
      if (row === undefined) return [];
      const text = textOrNull(row["text"]);
      const tooLong = text === null ? { tooLong: true as const } : {};
      return [{ ...head(row), key, text: text ?? "", ...tooLong }];
    });
    return this.#withSpeakers(rows);
  }

  itemSamples(after: string | null, limit: number, chars: number): ItemSample[] {
    const below = after !== null && /^-?\d{1,20}$/.test(after)
      ? BigInt(after)
      : 9_223_372_036_854_775_807n;
    const third = Math.max(1, Math.ceil(chars / 3));
    return this.#store.rows(ITEM_SAMPLES_SQL, third, below, limit).map(([pk, title, text]) => ({
      key: String(pk),
      title: textOrNull(title) ?? "",
      text: textOrNull(text) ?? "",
    }));
  }

  textStamp(): string {
    // Another connection's commit moves data_version; this connection's own (a folder's
    // index in memory) moves total_changes().
    const changes = this.#store.get(TEXT_STAMP_SQL)?.["n"];
    return `${this.#store.dataVersion()}:${changes}`;
  }

  readSegments(id: string, range: SegmentRange): SegmentRecord[] | undefined {
    return this.#withSegments(
      () => readSegments(this.#store, id, range),
      () => this.#store.get(HEAD_SQL, id) === undefined ? undefined : [],
    );
  }

  readHead(id: string): TranscriptHead | undefined {
    const row = this.#store.get(HEAD_SQL, id);
    return row === undefined ? undefined : this.#withSpeakers([head(row)])[0];
  }

  findSegment(id: string, needle: string, near?: number): SegmentRecord | null {
    return this.#withSegments(() => findSegment(this.#store, id, needle, near), () => null);
  }

  findSegments(sought: readonly SegmentSought[]): (SegmentRecord | null)[] {
    return this.#withSegments(
      () => findSegments(this.#store, sought),
      () => sought.map(() => null),
    );
  }

  /**
   * `items`, each with the speakers of its transcript where it has segments; `version` is
   * the store's changeStamp when the caller read them, if it did.
   */
  #withSpeakers<T extends TranscriptHead>(items: T[], version?: string): T[] {
    return this.#withSegments(
      () => withSpeakers(this.#store, this.#speakers, items, version),
      () => items,
    );
  }

  /** What `read` answers, or `without` where the store has no segments table. */
  #withSegments<T>(read: () => T, without: () => T): T {
    if (!this.#hasSegments) return without();
    try {
      return read();
    } catch (error) {
      if (!(error instanceof Error && /^no such table: segments$/.test(error.message))) throw error;
      this.#hasSegments = false;
      return without();
    }
  }

  /** Tasks holding words of the query, by a scan: the contract keeps no index of tasks. */
  searchTasks(query: string, count: number, filter: TaskFilter): TaskSummary[] {
    const terms = taskSearchTerms(query);
    if (terms.length === 0) return [];
    const conditions = new Conditions();
    conditions.equal("bucket", filter.bucket).equal("done", filter.done);
    return this.#store.all(
      taskSearchSql(terms.length, conditions.where),
      ...terms,
      ...conditions.params,
      count,
    ).map(taskOf);
  }

  /** Newest first by (created_at, id), the order of the tasks_newest index. */
  listTasks(after: Position | null, limit: number, filter: TaskFilter): TaskSummary[] {
    const store = this.#store;
    const conditions = new Conditions();
    if (after !== null) {
      const [createdAtText, idText, rowidText] = positionTexts(after, 3) as [
        string,
        string,
        string,
      ];
      let createdAt: string | null = createdAtText;
      let id: string | null = idText;
      if (createdAt === "" || id === "") {
        const row = store.get(
          "SELECT created_at, id FROM tasks WHERE rowid = ?",
          positionInteger(rowidText),
        );
        createdAt = textOrNull(row?.["created_at"]);
        id = textOrNull(row?.["id"]);
      }
      if (createdAt === null || id === null) throw new InvalidCursorError();
      conditions.add("(created_at, id) < (?, ?)", createdAt, id);
    }
    conditions.equal("bucket", filter.bucket).equal("done", filter.done);
    return store.all(listTasksSql(conditions.where), ...conditions.params, limit).map(taskOf);
  }

  facts(): SourceFacts {
    const store = this.#store;
    const count = (sql: string) => Number(store.get(sql)?.["n"] ?? 0);
    const hasSegments = store.get(
      "SELECT 1 AS found FROM sqlite_schema WHERE type = 'table' AND name = 'segments'",
    ) !== undefined;
    return {
      // The counts walk every row, so they carry the deadline check.
      transcripts: count(`SELECT count(*) AS n FROM transcripts WHERE ${KEEP_GOING_SQL}`),
      tasks: count(`SELECT count(*) AS n FROM tasks WHERE ${KEEP_GOING_SQL}`),
      newest: textOrNull(store.get("SELECT max(created_at) AS t FROM transcripts")?.["t"]),
      search: "fts",
      turns: hasSegments && store.get("SELECT 1 AS found FROM segments LIMIT 1") !== undefined,
      notes: [],
    };
  }
}
