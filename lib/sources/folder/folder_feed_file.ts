/**
 * A folder's file read whole, as `index` writes it (folder_feed.ts): the transcript with the
 * fields, id and segments the served folder's reader gives, and its content hash. Read in
 * `index`'s parsing thread (lib/runtime/folder_feed_worker.ts), and packed so that the
 * writing thread receives it cheaply.
 *
 * @module
 */
import { fileTranscriptKey } from "../../ingest/file_key.ts";
import { FILE_SOURCE_LABEL, fileTranscriptRow } from "../../ingest/file_rows.ts";
import {
  type IndexedSegment,
  type IndexedTranscript,
  itemHash,
} from "../../ingest/indexed_item.ts";
import { publicId } from "../source_ids.ts";
import { readFolderFile } from "./folder_parse.ts";
import type { WalkedFile } from "./folder_walk.ts";

/**
 * A file as `index` takes it: the transcript as the store holds it (the fields the folder's
 * reader serves) with its segments packed and its content hash, or why it was left out.
 */
export type FedFile =
  | {
    kind: "transcript";
    item: Omit<IndexedTranscript, "segments">;
    segments: PackedSegments;
    hash: string;
  }
  | { kind: "skipped"; reason: string }
  | { kind: "ignored" };

/**
 * A transcript's segments in a few arrays and one string, not an object each: a thread
 * receives them about 3x faster (copying a few blocks instead of rebuilding 270,000 objects
 * for a folder of 1,000 calls, which cost the writing thread as much as parsing them).
 */
export interface PackedSegments {
  /** Start and end of each segment in turn, ms; NaN where untimed. */
  times: Float64Array;
  /** Each segment's speaker, as an index into `names`; -1 for none. */
  who: Int32Array;
  /** The speakers' names. */
  names: string[];
  /** The length of each segment's text in `text`. */
  lengths: Uint32Array;
  /** The segments' texts, one after another. */
  text: string;
}

/**
 * `segments` packed, for another thread.
 *
 * @example
 * ```ts
 * import { packSegments, unpackSegments } from "./folder_feed_file.ts";
 * const segments = [{ seq: 0, startMs: 0, endMs: 900, speaker: "Ana", text: "Hi." }];
 * unpackSegments(packSegments(segments)); // equal to segments
 * ```
 */
export function packSegments(segments: readonly IndexedSegment[]): PackedSegments {
  const times = new Float64Array(segments.length * 2);
  const who = new Int32Array(segments.length);
  const lengths = new Uint32Array(segments.length);
  const names: string[] = [];
  const numbers = new Map<string, number>();
  const texts: string[] = [];
  segments.forEach((segment, i) => {
    times[2 * i] = segment.startMs ?? NaN;
    times[2 * i + 1] = segment.endMs ?? NaN;
    const { speaker } = segment;
    let number = speaker === null ? -1 : numbers.get(speaker);
    if (number === undefined) {
      number = names.push(speaker!) - 1;
      numbers.set(speaker!, number);
    }
    who[i] = number;
    lengths[i] = segment.text.length;
    texts.push(segment.text);
  });
  return { times, who, names, lengths, text: texts.join("") };
}

/** The segments {@link packSegments} packed, numbered from 0. */
export function unpackSegments(packed: PackedSegments): IndexedSegment[] {
  const { times, who, names, lengths, text } = packed;
  const segments: IndexedSegment[] = new Array(lengths.length);
  let at = 0;
  for (let seq = 0; seq < lengths.length; seq++) {
    const start = times[2 * seq]!;
    const end = times[2 * seq + 1]!;
    const speaker = who[seq]!;
    segments[seq] = {
      seq,
      startMs: Number.isNaN(start) ? null : start,
      endMs: Number.isNaN(end) ? null : end,
      speaker: speaker === -1 ? null : names[speaker]!,
      text: text.slice(at, at += lengths[seq]!),
    };
  }
  return segments;
}

/**
 * Reads and parses `file` of the folder served as `source`, whole, as `index` writes it:
 * the same id, fields and segments the folder's reader serves, read once. Never throws.
 *
 * @example
 * ```ts
 * import { feedFile } from "./folder_feed_file.ts";
 * const fed = feedFile("notes", { relative: "a.txt", path: "/tmp/a.txt", mtime: 0, size: 3 });
 * fed.kind; // "transcript", "skipped" (with why) or "ignored"
 * ```
 */
export function feedFile(source: string, file: WalkedFile): FedFile {
  const outcome = readFolderFile(file);
  if (outcome.kind !== "transcript") return outcome;
  const { transcript } = outcome;
  const id = publicId(source, fileTranscriptKey(file.relative));
  const row = fileTranscriptRow(transcript, id, file.mtime);
  const segments: IndexedSegment[] = transcript.segments.map((
    { startMs, endMs, speaker, text },
    seq,
  ) => ({ seq, startMs, endMs, speaker, text }));
  const item: IndexedTranscript = {
    id,
    title: row.title,
    createdAt: row.createdAt,
    source: FILE_SOURCE_LABEL,
    duration: row.duration,
    starred: false,
    language: row.language,
    engine: row.engine,
    modelId: null,
    manualTags: [],
    template: null,
    text: row.text,
    segments,
  };
  // Hashed here, in the parsing thread, while the writing thread writes.
  const hash = itemHash({ kind: "transcript", item });
  const { segments: _, ...fields } = item;
  return { kind: "transcript", item: fields, segments: packSegments(segments), hash };
}
