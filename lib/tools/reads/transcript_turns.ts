/**
 * A transcript as turns, for the reads that show it whole (resources, prompts): its segments
 * grouped by speaker where its source keeps segments, else its text split at its own line
 * breaks, so every later step has one path.
 *
 * @module
 */
import type {
  SegmentRecord,
  SourceReader,
  TranscriptDocument,
} from "../../sources/source_reader.ts";
import { groupTurns, lineSegments, type Turn } from "../../sources/turns.ts";

/**
 * Segments read by one statement: each is a statement the call's deadline can stop, and a
 * long recording takes several.
 */
const SEGMENT_PAGE = 1_000;

/** A transcript's turns, and whether they came from its segments. */
export interface TranscriptTurns {
  /** The turns in order: grouped segments, or one per line of text. */
  turns: Turn[];
  /** True when the turns are the source's segments; false for lines of text. */
  fromSegments: boolean;
  /**
   * What the turns were grouped from: the segments, or the text's lines as get_turns reads
   * them, so a read-on cursor is checked against what get_turns will read.
   */
  segments: readonly SegmentRecord[];
}

/**
 * The turns of `document`, read from `reader`: its segments grouped by speaker, a page at a
 * time, or, where the source keeps none for it, its text's non-blank lines as turns without
 * times or speakers.
 *
 * @example
 * ```ts
 * import { transcriptTurns } from "./transcript_turns.ts";
 * import { SourceSet } from "../../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const reader = sources.reader(sources.all[0]!);
 * const [item] = reader.listTranscripts(null, 1, {});
 * transcriptTurns(reader, reader.getTranscript(item!.id)!).turns.length > 0; // true
 * ```
 */
export function transcriptTurns(
  reader: SourceReader,
  document: TranscriptDocument,
): TranscriptTurns {
  const segments = readAllSegments(reader, document.id);
  if (segments.length > 0) return { turns: groupTurns(segments), fromSegments: true, segments };
  // Each line a turn of its own: groupTurns keeps segments without a speaker apart.
  const raw = lineSegments(document.text);
  const lines = raw.map((line) => ({ ...line, text: line.text.trim() }));
  return { turns: groupTurns(lines), fromSegments: false, segments: raw };
}

/** Every segment of the item, in `seq` order; none where the source keeps none. */
function readAllSegments(reader: SourceReader, id: string): SegmentRecord[] {
  if (reader.readSegments === undefined) return [];
  const limit = SEGMENT_PAGE;
  const segments: SegmentRecord[] = [];
  let fromSeq = 0;
  for (;;) {
    const page = reader.readSegments(id, { fromSeq, limit }) ?? [];
    segments.push(...page);
    if (page.length < limit) return segments;
    fromSeq = page[page.length - 1]!.seq + 1;
  }
}
