/**
 * The Buzz kind: the database of the Buzz transcription app (chidiwilliams/buzz, read at
 * commit 07373684; docs/sources.md, "Buzz"). A transcript is a completed `transcription`
 * row; its segments are its `transcription_segment` rows. Rows Buzz did not complete
 * (queued, in progress, failed, canceled, skipped) are never listed, read or found; facts()
 * counts them. Buzz keeps no full-text index: search is the shared scan (scan_search.ts).
 *
 * Times: Buzz writes `time_queued` as Python's `datetime.now().isoformat()`, local time
 * without a zone, so it is read in the zone of the machine serving (SQLite's `utc`
 * modifier, which follows TZ), as Buzz itself shows it.
 *
 * @module
 */
import type { SourceContext, SourceKind } from "../source_kind.ts";
import { missingColumns } from "../source_kind.ts";
import { BUZZ_SIGN } from "../kind_signs.ts";
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
import { keepGoingSql, type Store, type StoreRow } from "../../store/store.ts";
import { matchWindow } from "../../search/snippet.ts";
import { localZone, rfc3339, yearFirstSql } from "./meetily_times.ts";
import { countTitles, type ItemCounts, rankScanned, scanQuery, scanRows } from "./scan_search.ts";
import { BuzzSegments } from "./buzz_segments.ts";
import { newestFirst, numericPosition } from "./newest_first.ts";
import { textOf } from "./text_value.ts";
import { callStarted } from "../call_clock.ts";

/** Columns of every schema Buzz has had that are read: missing means an upgrade dropped one. */
const DROPPABLE = [
  ["language", "no languages"],
  ["model_type", "no engines"],
  ["whisper_model_size", "no model names but Hugging Face ids"],
] as const;

/** The label every Buzz transcript carries: a transcribed media file. */
const LABEL = "audio";
const COMPLETED = "x.status = 'completed' AND x.id IS NOT NULL";
const KEY = yearFirstSql(
  "x.time_queued",
  "CAST(round(unixepoch(x.time_queued, 'utc', 'subsec') * 1000) AS INTEGER)",
);

interface Head {
  r: number;
  id: string;
  title: string;
  k: number;
  language: string | null;
  engine: string | null;
  modelId: string | null;
}

/**
 * A transcription's title as Buzz shows it: its name when the user gave one, else the media
 * file's name (the last part of its path, `/` or `\`).
 *
 * @example
 * ```ts
 * import { buzzTitle } from "./buzz.ts";
 * buzzTitle(null, "C:\\Users\\ada\\Interview 3.mp3"); // "Interview 3.mp3"
 * buzzTitle("Board call", "/tmp/a.wav"); // "Board call"
 * ```
 */
export function buzzTitle(name: unknown, file: unknown): string {
  const given = textOf(name);
  if (given.trim() !== "") return given;
  const base = textOf(file).split(/[\\/]/).filter((part) => part).at(-1);
  return base || "Untitled transcription";
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

class BuzzReader implements SourceReader {
  readonly #store: Store;
  readonly #name: string;
  readonly #segments: BuzzSegments;
  readonly #head: string;
  readonly #translations: boolean;
  readonly #drift: string[] = [];

  constructor(store: Store, context: SourceContext) {
    this.#store = store;
    this.#name = context.name;
    const has = (table: string, column: string) =>
      missingColumns(context.tables, table, [column]).length === 0;
    this.#translations = has("transcription_segment", "translation");
    this.#segments = new BuzzSegments(store, this.#translations);
    const names = has("transcription", "name");
    const huggingFace = has("transcription", "hugging_face_model_id");
    const optional = (present: boolean, column: string) => (present ? `x.${column}` : "NULL");
    this.#head = `x.rowid AS r, x.id AS id, ${optional(names, "name")} AS n, x.file AS f,
      coalesce(${KEY}, 0) AS k, ${optional(has("transcription", "language"), "language")} AS l,
      ${optional(has("transcription", "model_type"), "model_type")} AS mt,
      coalesce(${optional(has("transcription", "whisper_model_size"), "whisper_model_size")},
        ${optional(huggingFace, "hugging_face_model_id")}) AS mi`;
    if (!names) {
      this.#drift.push("transcription.name is missing (an older Buzz): titles are file names");
    }
    for (const [column, effect] of DROPPABLE) {
      if (!has("transcription", column)) {
        this.#drift.push(`transcription.${column} is missing: ${effect}`);
      }
    }
    if (!this.#translations) {
      this.#drift.push(
        "transcription_segment.translation is missing (an older Buzz): no translations",
      );
    }
  }

  #headOf(row: StoreRow): Head {
    return {
      r: Number(row["r"]),
      id: String(row["id"]),
      title: buzzTitle(row["n"], row["f"]),
      k: Number(row["k"]),
      language: text(row["l"]),
      engine: text(row["mt"]),
      modelId: text(row["mi"]),
    };
  }

  /** Every completed transcription's head (search ranks among them). */
  #heads(): Head[] {
    return this.#store.all(
      `SELECT ${this.#head} FROM transcription x WHERE ${COMPLETED} AND ${keepGoingSql("x")}`,
    ).map((row) => this.#headOf(row));
  }

  /** The completed transcription with this key, or undefined. */
  #find(key: string): Head | undefined {
    const row = this.#store.get(
      `SELECT ${this.#head} FROM transcription x WHERE x.id = ? AND ${COMPLETED}`,
      key,
    );
    return row === undefined ? undefined : this.#headOf(row);
  }

  #keyOf(id: string): string | undefined {
    const parts = splitPublicId(id);
    return parts === null || parts.name !== this.#name ? undefined : parts.key;
  }

  #shown(head: Head) {
    return {
      id: publicId(this.#name, head.id),
      title: head.title,
      createdAt: rfc3339(head.k),
      source: LABEL,
      duration: this.#segments.duration(head.id),
      starred: false,
      language: head.language,
    };
  }

  listTranscripts(
    after: Position | null,
    limit: number,
    filter: TranscriptFilter,
  ): TranscriptSummary[] {
    numericPosition(after, 2);
    if (filter.starred === true || (filter.label !== undefined && filter.label !== LABEL)) {
      return [];
    }
    const rows = newestFirst(
      this.#store,
      `SELECT ${this.#head} FROM transcription x WHERE ${COMPLETED} AND ${keepGoingSql("x")}`,
      after,
      limit,
      filter,
    );
    return rows.map((row) => this.#headOf(row)).map((head) => ({
      ...this.#shown(head),
      preview: this.#segments.preview(head.id),
      position: [head.k, head.r],
    }));
  }

  getTranscript(id: string): TranscriptDocument | undefined {
    const key = this.#keyOf(id);
    const head = key === undefined ? undefined : this.#find(key);
    if (head === undefined) return undefined;
    return {
      ...this.#shown(head),
      engine: head.engine,
      modelId: head.modelId,
      manualTags: [],
      template: null,
      text: this.#segments.text(head.id),
    };
  }

  readSegments(id: string, range: SegmentRange): SegmentRecord[] | undefined {
    const key = this.#keyOf(id);
    if (key === undefined || this.#find(key) === undefined) return undefined;
    return this.#segments.read(key, range);
  }

  search(query: string, count: number): SearchRanking {
    const parsed = scanQuery(query);
    if (parsed === null) return { hits: [], mode: "words", match: "", partial: false };
    const started = callStarted();
    const heads = this.#heads();
    const counts = new Map<string, ItemCounts>();
    countTitles(parsed, heads.map((head) => ({ key: head.id, title: head.title })), counts);
    const partial = scanRows(
      this.#store,
      parsed,
      {
        table: "transcription_segment",
        alias: "s",
        key: "s.transcription_id",
        texts: this.#translations ? ["s.text", "s.translation"] : ["s.text"],
      },
      Number.MIN_SAFE_INTEGER,
      counts,
      started,
    );
    // Segments of rows Buzz did not complete are scanned too, and dropped here.
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
      const head = this.#find(key);
      if (head === undefined) return [];
      const { id, title, createdAt, source } = this.#shown(head);
      return [{
        key,
        id,
        title,
        createdAt,
        source,
        preview: this.#segments.preview(key),
        window: matchWindow(this.#segments.text(key), match),
      }];
    });
  }

  listTasks(): TaskSummary[] {
    return [];
  }

  facts(): SourceFacts {
    const row = this.#store.get(
      `SELECT count(*) AS n, max(${KEY}) AS newest, sum(${KEY} IS NULL) AS bad
        FROM transcription x WHERE ${COMPLETED} AND ${keepGoingSql("x")}`,
    );
    const others = this.#store.all(
      `SELECT coalesce(x.status, 'unknown') AS s, count(*) AS n FROM transcription x
        WHERE x.status IS NOT 'completed' AND ${keepGoingSql("x")} GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    const notes = [...this.#drift];
    const left = others.reduce((sum, one) => sum + Number(one["n"]), 0);
    if (left > 0) {
      const each = others.map((one) => `${Number(one["n"])} ${String(one["s"])}`).join(", ");
      notes.push(`${left} transcriptions Buzz did not complete are not listed (${each})`);
    }
    notes.push(
      `times are Buzz's local times without a zone, read in this machine's zone (now ${localZone()})`,
    );
    const bad = Number(row?.["bad"] ?? 0);
    if (bad > 0) {
      notes.push(`${bad} transcriptions have an unreadable time_queued; shown as 1970-01-01`);
    }
    notes.push("no full-text index: searches scan every segment");
    const newest = row?.["newest"];
    const timed = this.#store.get("SELECT 1 AS n FROM transcription_segment s LIMIT 1");
    return {
      transcripts: Number(row?.["n"] ?? 0),
      tasks: 0,
      newest: typeof newest === "number" || typeof newest === "bigint"
        ? rfc3339(Number(newest))
        : null,
      search: "scan",
      turns: timed !== undefined,
      notes,
    };
  }
}

/**
 * The Buzz kind: its sign (kind_signs.ts) and its reader.
 *
 * @example
 * ```ts
 * import { buzzKind } from "./buzz.ts";
 * buzzKind.matches(new Map([["transcripts", new Set(["id", "text"])]])); // false
 * ```
 */
export const buzzKind: SourceKind = {
  ...BUZZ_SIGN,
  open: (store, context) => new BuzzReader(store, context),
};
