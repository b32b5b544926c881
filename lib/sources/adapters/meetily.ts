/**
 * The Meetily kind: the database of the Meetily meeting app (Zackriya-Solutions/meeting-minutes,
 * read at commit 085d8480; docs/sources.md, "Meetily"). A transcript is a `meetings` row, its
 * segments are its `transcripts` rows in order, its tasks the action items of its summary.
 * The app keeps no index but the primary keys, so where a meeting's segments lie is learned
 * in one pass and extended as the app appends (meetily_ranges.ts), and search uses a word
 * index this connection builds (meetily_index.ts).
 *
 * @module
 */
import type { SourceContext, SourceKind } from "../source_kind.ts";
import { missingColumns } from "../source_kind.ts";
import { MEETILY_SIGN } from "../kind_signs.ts";
import type {
  HitDetail,
  Position,
  SearchRanking,
  SegmentRange,
  SegmentRecord,
  SourceFacts,
  SourceReader,
  TaskFilter,
  TaskSummary,
  TranscriptDocument,
  TranscriptFilter,
  TranscriptSummary,
} from "../source_reader.ts";
import { readFromList } from "../turns.ts";
import { publicId, splitPublicId } from "../source_ids.ts";
import { keepGoingSql, type Store, type StoreRow } from "../../store/store.ts";
import { makePreview } from "../../text/preview.ts";
import { matchWindow } from "../../search/snippet.ts";
import { epochMsSql, LOCAL_TIME_GLOB, localZone, recordingMs, rfc3339 } from "./meetily_times.ts";
import { countActionItems, summaryRows } from "./meetily_action_items.ts";
import { scanCounts } from "./meetily_search.ts";
import { rankScanned, scanQuery } from "./scan_search.ts";
import { MeetilyIndex } from "./meetily_index.ts";
import { SegmentRanges } from "./meetily_ranges.ts";
import { KeptSegments } from "./kept_segments.ts";
import { newestFirst, numericPosition } from "./newest_first.ts";
import { textOf } from "./text_value.ts";

const KEY = epochMsSql("m.created_at");
const HEAD = `m.rowid AS r, m.id AS id, m.title AS title, coalesce(${KEY}, 0) AS k`;

interface Head {
  r: number;
  id: string;
  title: string;
  k: number;
}

function headOf(row: StoreRow): Head {
  return {
    r: Number(row["r"]),
    id: String(row["id"]),
    title: textOf(row["title"]),
    k: Number(row["k"]),
  };
}

class MeetilyReader implements SourceReader {
  readonly #store: Store;
  readonly #name: string;
  readonly #starts: boolean;
  readonly #ends: boolean;
  readonly #summaries: boolean;
  readonly #summaryTimes: boolean;
  readonly #summaryKey: string;
  readonly #drift: string[] = [];
  readonly #ranges = new SegmentRanges();
  readonly #kept = new KeptSegments();
  #index = new MeetilyIndex();
  #taskCount: { version: number; tasks: number; unreadable: number } | undefined;

  constructor(store: Store, context: SourceContext) {
    this.#store = store;
    this.#name = context.name;
    const missing = (table: string, columns: readonly string[]) =>
      missingColumns(context.tables, table, columns);
    this.#starts = missing("transcripts", ["audio_start_time"]).length === 0;
    this.#ends = missing("transcripts", ["audio_end_time"]).length === 0;
    this.#summaries = missing("summary_processes", ["meeting_id", "result"]).length === 0;
    this.#summaryTimes = missing("summary_processes", ["created_at"]).length === 0;
    this.#summaryKey = this.#summaryTimes
      ? `coalesce(${epochMsSql("s.created_at")}, ${KEY}, 0)`
      : `coalesce(${KEY}, 0)`;
    if (!this.#starts) {
      this.#drift.push("transcripts.audio_start_time is missing: segments have no times");
    }
    if (!this.#ends) {
      this.#drift.push("transcripts.audio_end_time is missing: segments have no end times");
    }
    if (!this.#summaries) {
      this.#drift.push(
        "summary_processes (meeting_id, result) is missing: no action items as tasks",
      );
    } else if (!this.#summaryTimes) {
      this.#drift.push("summary_processes.created_at is missing: tasks are dated by their meeting");
    }
  }

  #version(): number {
    return this.#store.dataVersion();
  }

  /** Action items and unreadable summaries, counted once per data_version (parsing is slow). */
  #countTasks(): { tasks: number; unreadable: number } {
    const version = this.#version();
    if (this.#taskCount?.version !== version) {
      const counted = this.#summaries ? countActionItems(this.#store) : { tasks: 0, unreadable: 0 };
      this.#taskCount = { version, ...counted };
    }
    return this.#taskCount;
  }

  /** A meeting's segments in order: by start time where known, else as they were saved. */
  segmentsOf(meetingId: string): SegmentRecord[] {
    const version = this.#version();
    return this.#kept.of(version, meetingId, () => this.#readSegments(meetingId, version));
  }

  #readSegments(meetingId: string, version: number): SegmentRecord[] {
    const range = this.#ranges.of(this.#store, version).get(meetingId);
    if (range === undefined) return [];
    const rows = this.#store.all(
      `SELECT t.transcript AS text, ${this.#starts ? "t.audio_start_time" : "NULL"} AS s,
          ${this.#ends ? "t.audio_end_time" : "NULL"} AS e FROM transcripts t
        WHERE t.rowid BETWEEN ? AND ? AND t.meeting_id = ? AND ${keepGoingSql("t")}
        ORDER BY ${this.#starts ? "t.audio_start_time, " : ""}t.rowid`,
      range[0],
      range[1],
      meetingId,
    );
    const ms = (value: unknown) => recordingMs(value, 1000);
    return rows.map((row, seq) => ({
      seq,
      startMs: ms(row["s"]),
      endMs: ms(row["e"]),
      speaker: null,
      text: textOf(row["text"]),
    }));
  }

  /** Its text and length; `speakers` is empty (Meetily names none) where it has segments. */
  #content(meetingId: string) {
    const segments = this.segmentsOf(meetingId);
    // A loop, not Math.max(...ends): a spread of 150,000 ends overflows the stack.
    let end: number | null = null;
    for (const segment of segments) {
      const ms = segment.endMs ?? segment.startMs;
      if (ms !== null && (end === null || ms > end)) end = ms;
    }
    return {
      text: segments.map((segment) => segment.text).join("\n"),
      duration: end === null ? null : end / 1000,
      speakers: segments.length > 0 ? [] : undefined,
    };
  }

  /** The head of the meeting with this public id, or undefined. */
  #headOfId(id: string): Head | undefined {
    const parts = splitPublicId(id);
    return parts === null || parts.name !== this.#name ? undefined : this.#head(parts.key);
  }

  readSegments(id: string, range: SegmentRange): SegmentRecord[] | undefined {
    const head = this.#headOfId(id);
    return head === undefined ? undefined : readFromList(this.segmentsOf(head.id))(range);
  }

  #head(meetingId: string): Head | undefined {
    const row = this.#store.get(`SELECT ${HEAD} FROM meetings m WHERE m.id = ?`, meetingId);
    return row === undefined ? undefined : headOf(row);
  }

  listTranscripts(
    after: Position | null,
    limit: number,
    filter: TranscriptFilter,
  ): TranscriptSummary[] {
    numericPosition(after, 2);
    if (filter.starred === true || (filter.label !== undefined && filter.label !== "meeting")) {
      return [];
    }
    const rows = newestFirst(
      this.#store,
      `SELECT ${HEAD} FROM meetings m WHERE m.id IS NOT NULL AND ${keepGoingSql("m")}`,
      after,
      limit,
      filter,
    );
    return rows.map(headOf).map((head) => {
      const { text, fields } = this.#described(head);
      return { ...fields, preview: makePreview(text) ?? "", position: [head.k, head.r] };
    });
  }

  /** The fields list_transcripts and get_transcript share, and the text. */
  #described(head: Head) {
    const { text, duration, speakers } = this.#content(head.id);
    const fields = {
      id: publicId(this.#name, head.id),
      title: head.title,
      createdAt: rfc3339(head.k),
      source: "meeting",
      speakers,
      duration,
      starred: false,
      language: null,
    };
    return { text, fields };
  }

  getTranscript(id: string): TranscriptDocument | undefined {
    const head = this.#headOfId(id);
    if (head === undefined) return undefined;
    const { text, fields } = this.#described(head);
    return { ...fields, engine: null, modelId: null, manualTags: [], template: null, text };
  }

  search(query: string, count: number): SearchRanking {
    const parsed = scanQuery(query);
    if (parsed === null) return { hits: [], mode: "words", match: "", partial: false };
    const heads = this.#store.all(
      `SELECT ${HEAD} FROM meetings m WHERE m.id IS NOT NULL AND ${keepGoingSql("m")}`,
    ).map(headOf);
    if (this.#index.stale(this.#store)) {
      this.#index.release();
      this.#index = new MeetilyIndex();
    }
    const { counts, partial } = scanCounts(this.#store, parsed, heads, this.#index);
    return {
      hits: rankScanned(counts, heads, count),
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
      const { text, speakers } = this.#content(key);
      return [{
        key,
        id: publicId(this.#name, key),
        title: head.title,
        createdAt: rfc3339(head.k),
        source: "meeting",
        speakers,
        preview: makePreview(text) ?? "",
        window: matchWindow(text, match),
      }];
    });
  }

  listTasks(after: Position | null, limit: number, filter: TaskFilter): TaskSummary[] {
    const at = numericPosition(after, 3);
    const tasks: TaskSummary[] = [];
    if (filter.bucket !== undefined && filter.bucket !== "inbox" && filter.bucket !== "done") {
      return tasks;
    }
    for (
      const { k, r, id, items } of this.#summaries
        ? summaryRows(this.#store, this.#summaryKey, at)
        : []
    ) {
      for (const [i, item] of (items ?? []).entries()) {
        if (at !== null && k === at[0] && r === at[1] && i <= at[2]!) continue;
        const bucket = item.done ? "done" : "inbox";
        if (filter.done !== undefined && filter.done !== item.done) continue;
        if (filter.bucket !== undefined && filter.bucket !== bucket) continue;
        tasks.push({
          id: publicId(this.#name, `${id}/action-${i + 1}`),
          text: item.text,
          bucket,
          done: item.done,
          doneAt: null,
          createdAt: rfc3339(k),
          parentTaskId: null,
          transcriptId: publicId(this.#name, id),
          position: [k, r, i],
        });
        if (tasks.length >= limit) return tasks;
      }
    }
    return tasks;
  }

  #indexNote(): string {
    const last = Number(this.#store.get("SELECT max(t.rowid) AS n FROM transcripts t")?.["n"] ?? 0);
    const index = this.#index;
    if (index.coveredRowid >= last) {
      return "no full-text index: searches use a word index kept in memory (complete)";
    }
    return index.full
      ? "no full-text index: searches use a word index kept in memory (at its memory bound: newer segments are scanned)"
      : "no full-text index: the first searches build a word index in memory, a second at a time, and scan what it does not hold yet";
  }

  facts(): SourceFacts {
    const count = (sql: string, ...params: string[]) =>
      Number(this.#store.get(sql, ...params)?.["n"] ?? 0);
    const transcripts = count(
      `SELECT count(*) AS n FROM meetings m WHERE m.id IS NOT NULL AND ${keepGoingSql("m")}`,
    );
    const newest = this.#store.get(
      `SELECT max(${KEY}) AS n FROM meetings m WHERE m.id IS NOT NULL AND ${keepGoingSql("m")}`,
    )?.["n"];
    const local = count(
      `SELECT count(*) AS n FROM meetings m WHERE m.created_at GLOB ? AND ${keepGoingSql("m")}`,
      LOCAL_TIME_GLOB,
    );
    const unreadableTimes = count(
      `SELECT count(*) AS n FROM meetings m WHERE ${KEY} IS NULL AND ${keepGoingSql("m")}`,
    );
    const { tasks, unreadable } = this.#countTasks();
    const timed = this.#starts && this.#store.get(
          `SELECT 1 AS n FROM transcripts t WHERE t.audio_start_time IS NOT NULL AND ${
            keepGoingSql("t")
          } LIMIT 1`,
        ) !== undefined;
    const notes = [...this.#drift];
    if (local > 0) {
      notes.push(
        `${local} meetings from Meetily's legacy backend have local times without a zone; read in this machine's zone (now ${localZone()})`,
      );
    }
    if (unreadableTimes > 0) {
      notes.push(`${unreadableTimes} meetings have an unreadable created_at; shown as 1970-01-01`);
    }
    if (unreadable > 0) {
      notes.push(`${unreadable} summaries could not be read; their action items are left out`);
    }
    notes.push(this.#indexNote());
    return {
      transcripts,
      tasks,
      newest: typeof newest === "number" || typeof newest === "bigint"
        ? rfc3339(Number(newest))
        : null,
      search: "scan",
      turns: timed,
      notes,
    };
  }
}

/**
 * The Meetily kind: its sign (kind_signs.ts) and its reader.
 *
 * @example
 * ```ts
 * import { meetilyKind } from "./meetily.ts";
 * meetilyKind.matches(new Map([["transcripts", new Set(["id", "text"])]])); // false
 * ```
 */
export const meetilyKind: SourceKind = {
  ...MEETILY_SIGN,
  open: (store, context) => new MeetilyReader(store, context),
};
