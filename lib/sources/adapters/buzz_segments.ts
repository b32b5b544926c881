/**
 * A Buzz transcription's segments (`transcription_segment` rows) as this server shows them:
 * in the order Buzz saved them (its own order: it reads them by its `transcription_id` index,
 * which holds them in rowid order), times in integer milliseconds as Buzz keeps them, and a
 * segment's LLM translation, when Buzz made one, after its text as ` [translation: …]`, so
 * both are read and found.
 *
 * @module
 */
import type { SegmentRange, SegmentRecord } from "../source_reader.ts";
import { keepGoingSql, type Store, type StoreParam, type StoreRow } from "../../store/store.ts";
import { makePreview } from "../../text/preview.ts";
import { PREVIEW_SOURCE_CHARS } from "../../config/limits.ts";
import { recordingMs } from "./meetily_times.ts";
import { KeptSegments } from "./kept_segments.ts";
import { readFromList } from "../turns.ts";
import { textOf } from "./text_value.ts";

/** How many segments a preview is first made from: a few sentences hold 240 characters. */
const PREVIEW_SEGMENTS = 24;

/**
 * A segment's shown text: its own, trimmed (Whisper starts most with a space), and its
 * translation when there is one.
 *
 * @example
 * ```ts
 * import { segmentText } from "./buzz_segments.ts";
 * segmentText(" Hola a todos.", "Hello everyone."); // "Hola a todos. [translation: Hello everyone.]"
 * segmentText(" Hello.", ""); // "Hello."
 * ```
 */
export function segmentText(text: unknown, translation: unknown): string {
  const own = textOf(text).trim();
  const translated = textOf(translation).trim();
  if (translated === "") return own;
  return own === "" ? `[translation: ${translated}]` : `${own} [translation: ${translated}]`;
}

function ms(value: unknown): number | null {
  return recordingMs(value, 1);
}

/** Reads the segments of one Buzz database, with or without its `translation` column. */
export class BuzzSegments {
  readonly #store: Store;
  readonly #translation: string;
  readonly #kept = new KeptSegments();

  /**
   * Reads through `store`; `translations` says whether `transcription_segment.translation`
   * exists (Buzz added it in 2024).
   *
   * @example
   * ```ts
   * import type { Store } from "../../store/store.ts";
   * import { BuzzSegments } from "./buzz_segments.ts";
   * declare const store: Store;
   * new BuzzSegments(store, true).text("7b0e…");
   * ```
   */
  constructor(store: Store, translations: boolean) {
    this.#store = store;
    this.#translation = translations ? "s.translation" : "NULL";
  }

  #rows(sql: string, ...params: StoreParam[]): StoreRow[] {
    return this.#store.all(sql, ...params);
  }

  /**
   * Up to `range.limit` segments of transcription `id` from `range.fromSeq` on, skipping
   * those that end before `range.fromMs`.
   */
  read(id: string, range: SegmentRange): SegmentRecord[] {
    const version = this.#store.dataVersion();
    return readFromList(this.#kept.of(version, id, () => this.#all(id)))(range);
  }

  /** Every segment of transcription `id`, in the order Buzz saved them. */
  #all(id: string): SegmentRecord[] {
    const rows = this.#rows(
      `SELECT s.start_time AS b, s.end_time AS e, s.text AS x, ${this.#translation} AS y
        FROM transcription_segment s WHERE s.transcription_id = ? AND ${keepGoingSql("s")}
        ORDER BY s.id`,
      id,
    );
    return rows.map((row, seq) => ({
      seq,
      startMs: ms(row["b"]),
      endMs: ms(row["e"]),
      speaker: null,
      text: segmentText(row["x"], row["y"]),
    }));
  }

  /** The whole text of transcription `id`: its segments' texts, one a line. */
  text(id: string): string {
    return this.#rows(
      `SELECT s.text AS x, ${this.#translation} AS y FROM transcription_segment s
        WHERE s.transcription_id = ? AND ${keepGoingSql("s")} ORDER BY s.id`,
      id,
    ).map((row) => segmentText(row["x"], row["y"])).join("\n");
  }

  /** The preview of transcription `id`, from its first segments unless they hold too little. */
  preview(id: string): string {
    const head = this.#rows(
      `SELECT s.text AS x, ${this.#translation} AS y FROM transcription_segment s
        WHERE s.transcription_id = ? ORDER BY s.id LIMIT ?`,
      id,
      PREVIEW_SEGMENTS,
    );
    const text = head.map((row) => segmentText(row["x"], row["y"])).join("\n");
    const cut = head.length === PREVIEW_SEGMENTS || text.length >= PREVIEW_SOURCE_CHARS;
    return makePreview(text, cut) ?? makePreview(this.text(id)) ?? "";
  }

  /** The length of transcription `id` in seconds: its latest segment end, or null. */
  duration(id: string): number | null {
    const end = ms(
      this.#store.get(
        "SELECT max(s.end_time) AS e FROM transcription_segment s WHERE s.transcription_id = ?",
        id,
      )?.["e"],
    );
    return end === null ? null : end / 1000;
  }
}
