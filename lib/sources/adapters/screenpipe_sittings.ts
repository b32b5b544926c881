/**
 * screenpipe's sittings: it keeps no meeting, only 30 s audio chunks per device, so a
 * transcript here is a run of audio rows (across devices) with no gap over
 * SCREENPIPE_SITTING_GAP_S between one and the next. Whether two rows share a sitting
 * depends on the rows between them alone, so a sitting is found by walking its
 * neighbourhood in the timestamp index and never needs the whole table: each step jumps to
 * the farthest row within the gap, so a sitting of hours costs a few dozen index seeks.
 *
 * A sitting's key is its first row's id (earliest timestamp, then lowest id): a sitting the
 * app is still adding to keeps it as it grows.
 *
 * Timestamps are compared as the text the app stores (`2026-02-15T16:41:24+00:00`, a
 * fraction only when not zero); a bound is written as `YYYY-MM-DDTHH:MM:SS`, which sorts
 * just before every stored form of that second, so gaps are measured to the second.
 *
 * @module
 */
import { keepGoingSql, type Store, type StoreRow } from "../../store/store.ts";
import type { SegmentRecord } from "../source_reader.ts";
import { ROWS, type ScreenpipeSchema } from "./screenpipe_schema.ts";
import { parseStamp } from "./screenpipe_stamp.ts";

/**
 * How many rows a bounded read takes: a sitting's first, for its title and preview, or
 * each side of a match, for a search hit's window (about 1,000 characters, over the
 * window's 800).
 */
export const HEAD_ROWS = 12;

/**
 * How many rows each side of a match are read first for its window: about 600 characters
 * of speech, over the window's 400 a side. When they hold less text, {@link HEAD_ROWS} a
 * side are read instead.
 */
export const NEAR_ROWS = 7;

/** One audio row, as a sitting is walked by. */
export interface RowRef {
  /** audio_transcriptions.id. */
  id: number;
  /** Its timestamp as stored. */
  ts: string;
  /** Its timestamp in epoch milliseconds. */
  ms: number;
}

/** One audio row, as segments are made from. */
export interface AudioRow extends RowRef {
  /** Its audio chunk. */
  chunk: number;
  /** What was said. */
  text: string;
  /** The device's name, or null. */
  device: string | null;
  /** Who spoke, as shown, or null. */
  speaker: string | null;
  /** Seconds from the chunk's start, or null. */
  start: number | null;
  /** Seconds from the chunk's start, or null. */
  end: number | null;
  /** The transcription engine, or null. */
  engine: string | null;
}

/** A sitting's first and last rows. */
export interface Sitting {
  /** Its first row: the key and createdAt come from it. */
  start: RowRef;
  /** Its last row. */
  end: RowRef;
}

/**
 * RFC 3339 UTC for epoch milliseconds, as every time this server answers.
 *
 * @example
 * ```ts
 * import { rfc3339 } from "./screenpipe_sittings.ts";
 * rfc3339(0); // "1970-01-01T00:00:00.000Z"
 * ```
 */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString();
}

/** The bound that sorts before every stored form of `ms`'s second. */
function bound(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);
}

/**
 * The row a statement selected as `id` and `ts`, or undefined.
 *
 * @example
 * ```ts
 * import { rowRef } from "./screenpipe_sittings.ts";
 * rowRef({ id: 7, ts: "2026-02-15T16:41:24+00:00" })?.ms; // 1771173684000
 * ```
 */
export function rowRef(row: StoreRow | undefined): RowRef | undefined {
  if (row === undefined) return undefined;
  const ts = String(row["ts"]);
  return { id: Number(row["id"]), ts, ms: parseStamp(ts) };
}

/**
 * Walks sittings over one source's connection. Every statement is bounded by the gap or a
 * LIMIT, and carries the deadline check; loops check it between statements.
 */
export class SittingWalker {
  readonly #store: Store;
  readonly #gapMs: number;
  readonly #sql: Record<
    | "newest"
    | "newestBefore"
    | "back"
    | "forward"
    | "firstAt"
    | "byId"
    | "rows"
    | "head"
    | "from"
    | "before",
    string
  >;

  /** A walker with the schema's statement parts and a gap in seconds. */
  constructor(store: Store, schema: ScreenpipeSchema, gapS: number) {
    this.#store = store;
    this.#gapMs = gapS * 1000;
    const from = `FROM ${ROWS} AS a ${schema.join}`;
    const where = `${schema.visible} AND ${keepGoingSql("a")}`;
    const pick = `SELECT a.id AS id, a.timestamp AS ts ${from}`;
    const atId = `SELECT timestamp FROM ${ROWS} WHERE id = ?1`;
    this.#sql = {
      newest: `${pick} WHERE ${where} ORDER BY a.timestamp DESC, a.id DESC LIMIT 1`,
      newestBefore:
        `${pick} WHERE a.timestamp < ? AND ${where} ORDER BY a.timestamp DESC, a.id DESC LIMIT 1`,
      back:
        `${pick} WHERE a.timestamp >= ? AND a.timestamp < ? AND ${where} ORDER BY a.timestamp, a.id LIMIT 1`,
      forward: `${pick} WHERE a.timestamp > ? AND a.timestamp < ? AND ${where}
        ORDER BY a.timestamp DESC, a.id DESC LIMIT 1`,
      firstAt: `${pick} WHERE a.timestamp = ? AND ${where} ORDER BY a.id LIMIT 1`,
      byId: `${pick} WHERE a.id = ? AND ${schema.visible}`,
      // LIMIT is written out: bound as a parameter, SQLite read the whole range first.
      rows: `SELECT ${schema.rowColumns} ${from}
        WHERE a.timestamp >= ? AND a.timestamp <= ? AND ${where} ORDER BY a.timestamp, a.id`,
      head: `SELECT ${schema.rowColumns} ${from}
        WHERE a.timestamp >= ? AND a.timestamp <= ? AND ${where}
        ORDER BY a.timestamp, a.id LIMIT ${HEAD_ROWS}`,
      // From a row given by id, so one statement finds it and reads on.
      from: `SELECT ${schema.rowColumns} ${from}
        WHERE a.timestamp >= (${atId}) AND (a.timestamp > (${atId}) OR a.id >= ?1) AND ${where}
        ORDER BY a.timestamp, a.id LIMIT `,
      before: `SELECT ${schema.rowColumns} ${from}
        WHERE a.timestamp >= ?2 AND a.timestamp <= (${atId})
          AND (a.timestamp < (${atId}) OR a.id < ?1) AND ${where}
        ORDER BY a.timestamp DESC, a.id DESC LIMIT `,
    };
  }

  /** The newest shown row, or the newest before the stored timestamp `before`. */
  newest(before: string | null): RowRef | undefined {
    return rowRef(
      before === null
        ? this.#store.get(this.#sql.newest)
        : this.#store.get(this.#sql.newestBefore, before),
    );
  }

  /** The shown row with this id, or undefined. */
  row(id: number): RowRef | undefined {
    return rowRef(this.#store.get(this.#sql.byId, id));
  }

  /** The sitting that holds `row`. */
  sittingOf(row: RowRef): Sitting {
    return { start: this.startOf(row), end: this.endOf(row) };
  }

  /** The first row of the sitting that holds `row`. */
  startOf(row: RowRef, known?: (ms: number) => RowRef | undefined): RowRef {
    let at = row;
    while (Number.isFinite(at.ms)) {
      this.#store.throwIfInterrupted();
      const seen = known?.(at.ms);
      if (seen !== undefined) return seen;
      const earlier = rowRef(this.#store.get(this.#sql.back, bound(at.ms - this.#gapMs), at.ts));
      if (earlier === undefined) break;
      at = earlier;
    }
    return rowRef(this.#store.get(this.#sql.firstAt, at.ts)) ?? at;
  }

  /** The last row of the sitting that holds `row`. */
  endOf(row: RowRef): RowRef {
    let at = row;
    while (Number.isFinite(at.ms)) {
      this.#store.throwIfInterrupted();
      const later = rowRef(
        this.#store.get(this.#sql.forward, at.ts, bound(at.ms + this.#gapMs + 1000)),
      );
      if (later === undefined) break;
      at = later;
    }
    return at;
  }

  /**
   * Up to `count` rows from the row `id` on (itself first, unless it is gone or hidden),
   * in time order, without the end of its sitting: `ended` says whether the sitting ended
   * within them.
   */
  rowsFrom(id: number, count = HEAD_ROWS): { rows: AudioRow[]; ended: boolean } {
    // LIMIT is written out, as for `rows`; one more row than kept, as whether it joins
    // says whether the sitting goes on.
    const read = this.#store.all(this.#sql.from + (count + 1), id).map(audioRow);
    if (read.length === 0) return { rows: [], ended: true };
    let kept = 1;
    while (kept < read.length && kept < count && this.#joins(read[kept - 1]!, read[kept]!)) {
      kept++;
    }
    const rows = read.slice(0, kept);
    return { rows, ended: kept < count || !this.#joins(rows[kept - 1]!, read[kept]) };
  }

  /**
   * Up to `count` rows just before the row `id` and from `first` on (the start of its
   * sitting, so every one is in it), in time order.
   */
  rowsBefore(id: number, first: RowRef, count = HEAD_ROWS): AudioRow[] {
    return this.#store.all(this.#sql.before + count, id, first.ts).map(audioRow).reverse();
  }

  /** Whether `next`, the row after `at` in time order, is in `at`'s sitting (as endOf). */
  #joins(at: RowRef, next: RowRef | undefined): boolean {
    return next !== undefined && (next.ts <= at.ts || next.ts < bound(at.ms + this.#gapMs + 1000));
  }

  /** The sitting's rows (its first {@link HEAD_ROWS} with `head`), in time order. */
  rows(sitting: Sitting, head = false): AudioRow[] {
    return this.#store.all(head ? this.#sql.head : this.#sql.rows, sitting.start.ts, sitting.end.ts)
      .map(audioRow);
  }
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/**
 * One audio row as read by a statement that selects the schema's `rowColumns`; its speaker
 * is the name, else `Speaker <id>`, else null.
 *
 * @example
 * ```ts
 * import { audioRow } from "./screenpipe_sittings.ts";
 * audioRow({ id: 1, ts: "2026-02-15T16:41:24+00:00", chunk: 7, text: "hi", speaker_id: 2 })
 *   .speaker; // "Speaker 2"
 * ```
 */
export function audioRow(row: StoreRow): AudioRow {
  const ts = String(row["ts"]);
  const speakerId = numberOrNull(row["speaker_id"]);
  const name = textOrNull(row["speaker_name"])?.trim();
  return {
    id: Number(row["id"]),
    ts,
    ms: parseStamp(ts),
    chunk: Number(row["chunk"]),
    text: String(row["text"]).trim(),
    device: textOrNull(row["device"]),
    speaker: name ? name : speakerId === null ? null : `Speaker ${speakerId}`,
    start: numberOrNull(row["start_time"]),
    end: numberOrNull(row["end_time"]),
    engine: textOrNull(row["transcription_engine"]),
  };
}

/**
 * A sitting's segments, in time order, with absolute milliseconds from its first row.
 * A chunk's rows share the chunk's start, taken as its earliest row's timestamp, and
 * `start_time`/`end_time` count from it; a row without them sits at its own timestamp.
 *
 * @example
 * ```ts
 * import { sittingSegments } from "./screenpipe_sittings.ts";
 * const row = { id: 1, ts: "", ms: 5_000, chunk: 7, text: "hi", device: "mic",
 *   speaker: "Ana", start: 1.5, end: 2, engine: null };
 * sittingSegments([row], 0)[0]!.startMs; // 6500
 * ```
 */
export function sittingSegments(rows: readonly AudioRow[], startMs: number): SegmentRecord[] {
  const chunkStart = new Map<number, number>();
  for (const row of rows) {
    const known = chunkStart.get(row.chunk);
    if (known === undefined || row.ms < known) chunkStart.set(row.chunk, row.ms);
  }
  const timed = rows.map((row) => {
    const base = chunkStart.get(row.chunk)! - startMs;
    return {
      row,
      startMs: Math.round(row.start === null ? row.ms - startMs : base + row.start * 1000),
      endMs: row.end === null ? null : Math.round(base + row.end * 1000),
    };
  });
  timed.sort((a, b) => a.startMs - b.startMs || a.row.id - b.row.id);
  return timed.map((item, seq) => ({
    seq,
    startMs: item.startMs,
    endMs: item.endMs,
    speaker: item.row.speaker,
    text: item.row.text,
  }));
}

/**
 * The text of segments: one line each, `Speaker: text`, or the text alone when no one is
 * named.
 *
 * @example
 * ```ts
 * import { segmentsText } from "./screenpipe_sittings.ts";
 * segmentsText([{ seq: 0, startMs: 0, endMs: 1, speaker: "Ana", text: "hi" }]); // "Ana: hi"
 * ```
 */
export function segmentsText(segments: readonly SegmentRecord[]): string {
  return segments.map((s) => s.speaker === null ? s.text : `${s.speaker}: ${s.text}`).join("\n");
}

/**
 * A sitting's length in seconds: from its first row's timestamp to its last's, plus how
 * far into its chunk the last row's speech ends.
 *
 * @example
 * ```ts
 * import { sittingDuration } from "./screenpipe_sittings.ts";
 * sittingDuration({ start: { id: 1, ts: "", ms: 0 }, end: { id: 2, ts: "", ms: 60_000 } }, 12.4);
 * // 72
 * ```
 */
export function sittingDuration(sitting: Sitting, lastEnd: number | null): number {
  return Math.max(0, Math.round((sitting.end.ms - sitting.start.ms) / 1000 + (lastEnd ?? 0)));
}

/**
 * A sitting's title: when it started (UTC) and the devices it was heard on.
 *
 * @example
 * ```ts
 * import { sittingTitle } from "./screenpipe_sittings.ts";
 * sittingTitle(Date.UTC(2026, 1, 15, 16, 41), ["MacBook Pro Microphone"]);
 * // "Audio 2026-02-15 16:41 UTC · MacBook Pro Microphone"
 * ```
 */
export function sittingTitle(startMs: number, devices: readonly string[]): string {
  const when = Number.isFinite(startMs)
    ? `${new Date(startMs).toISOString().slice(0, 16).replace("T", " ")} UTC`
    : "unknown time";
  const heard = devices.filter((device) => device !== "");
  return `Audio ${when}${heard.length > 0 ? ` · ${heard.join(", ")}` : ""}`;
}
