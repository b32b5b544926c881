/**
 * What `index` reads from a source and writes into a store: a transcript with its segments,
 * a task, or an item the source could not give whole. The fields are those every source
 * serves (lib/sources/source_reader.ts), so an indexed store answers as the source does.
 * Each item's content hash is how a later run tells a changed item from an unchanged one.
 *
 * @module
 */
import { createHash } from "node:crypto";

/** One segment of a transcript, as a source serves it. */
export interface IndexedSegment {
  /** 0-based order within the transcript. */
  seq: number;
  /** Start in ms from the start of the recording, or null when untimed. */
  startMs: number | null;
  /** End in ms from the start of the recording, or null when untimed. */
  endMs: number | null;
  /** Who spoke, or null. */
  speaker: string | null;
  /** What was said. */
  text: string;
}

/** A transcript with every field a store holds. */
export interface IndexedTranscript {
  /** The public id the source serves it under; kept as the store's id. */
  id: string;
  /** Its title. */
  title: string;
  /** When it was recorded, RFC 3339. */
  createdAt: string;
  /** Its label (meeting, voice_note, file, …), or null. */
  source: string | null;
  /** Length in seconds, or null. */
  duration: number | null;
  /** Whether the user starred it. */
  starred: boolean;
  /** Language code, or null. */
  language: string | null;
  /** Transcription engine, or null. */
  engine: string | null;
  /** The engine's model, or null. */
  modelId: string | null;
  /** Tags the user added by hand. */
  manualTags: string[];
  /** Summary template, or null. */
  template: string | null;
  /** The whole text. */
  text: string;
  /** Its segments in `seq` order; empty when the source keeps none. */
  segments: IndexedSegment[];
}

/** A task with every field a store holds. */
export interface IndexedTask {
  /** The public id the source serves it under. */
  id: string;
  /** What to do. */
  text: string;
  /** Its list: inbox, today, week, someday or done (others cannot be stored). */
  bucket: string;
  /** Whether it is done. */
  done: boolean;
  /** When it was done, RFC 3339, or null. */
  doneAt: string | null;
  /** When it was made, RFC 3339. */
  createdAt: string;
  /** The public id of its parent task, or null. */
  parentTaskId: string | null;
  /** The public id of the transcript it came from, or null. */
  transcriptId: string | null;
}

/** One thing a source gave `index`. */
export type IndexEntry =
  | {
    kind: "transcript";
    item: IndexedTranscript;
    /** Its {@link itemHash}, where the reader has computed it already (in another thread). */
    hash?: string;
  }
  | { kind: "task"; item: IndexedTask }
  | { kind: "skipped"; id: string; reason: string };

/**
 * The content hash of an item: SHA-256 of its fields in a fixed order, hex. Equal hashes
 * mean a store row needs no rewrite.
 *
 * @example
 * ```ts
 * import { itemHash } from "./indexed_item.ts";
 * itemHash({
 *   kind: "task",
 *   item: { id: "t1", text: "Send notes", bucket: "inbox", done: false, doneAt: null,
 *     createdAt: "2026-01-05T09:00:00.000Z", parentTaskId: null, transcriptId: null },
 * }).length; // 64
 * ```
 */
export function itemHash(entry: Exclude<IndexEntry, { kind: "skipped" }>): string {
  const hash = createHash("sha256");
  if (entry.kind === "task") {
    const t = entry.item;
    hash.update(JSON.stringify([
      "task",
      t.id,
      t.text,
      t.bucket,
      t.done,
      t.doneAt,
      t.createdAt,
      t.parentTaskId,
      t.transcriptId,
    ]));
  } else {
    const t = entry.item;
    hash.update(JSON.stringify([
      "transcript",
      t.id,
      t.title,
      t.createdAt,
      t.source,
      t.duration,
      t.starred,
      t.language,
      t.engine,
      t.modelId,
      t.manualTags,
      t.template,
      t.text.length,
      t.segments.length,
    ]));
    // The text and segments are fed piece by piece: no second copy of a long text is made.
    hash.update(t.text);
    for (const s of t.segments) {
      hash.update(JSON.stringify([s.seq, s.startMs, s.endMs, s.speaker, s.text]));
    }
  }
  return hash.digest("hex");
}
