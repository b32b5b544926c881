/**
 * get_turns: one transcript as who said what when, a page of whole turns at a time.
 *
 * @module
 */
import * as v from "valibot";
import type { SegmentRecord, SourceReader, TranscriptHead } from "../sources/source_reader.ts";
import {
  lineSegments,
  readFromList,
  readTurnPage,
  type SegmentRead,
  turnStartBefore,
} from "../sources/turns.ts";
import {
  changedSincePage,
  decodeTurnsCursor,
  encodeTurnsCursor,
  placeCheck,
  segmentsAround,
  type TurnsPlace,
  type TurnsResume,
  watchRead,
} from "./turns_cursor.ts";
import { clampLimit, cursorArgument } from "./arguments.ts";
import { findItem } from "./find_item.ts";
import { readsCheaply } from "./get_transcript.ts";
import { capText, jsonBytes } from "./response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS, ToolError } from "./tool.ts";
import { TRANSCRIPT_HEADER_ENTRIES, transcriptHeader } from "./transcript_header.ts";
import {
  FIELD_CAPS,
  PAGE_SIZES,
  PAYLOAD_BUDGET_BYTES,
  TURN_READ_MAX_SEGMENTS,
  TURNS_BEFORE_MOMENT,
} from "../config/limits.ts";

const NAME = "get_turns";
const CHARS = PAGE_SIZES.turnChars;
const thousands = (n: number) => n.toLocaleString("en-US");

/** What an answer says when the item has no segments. */
export const NO_SEGMENTS_NOTE: string =
  "This transcript has no segments: its turns are the lines of " +
  "its text, without times or speakers.";

const milliseconds = (description: string) =>
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.description(description)));

const inputSchema = v.strictObject({
  id: v.pipe(v.string(), v.description("The transcript's id, as list or search returned it.")),
  fromMs: milliseconds("Only turns that end at or after this many ms into the recording."),
  toMs: milliseconds("Only turns that start before this many ms into the recording."),
  aroundMs: milliseconds(
    `Start the first page ${TURNS_BEFORE_MOMENT} turns before the one holding this moment ` +
      "(ms into the recording), e.g. a search result's moment.startMs.",
  ),
  speaker: v.optional(
    v.pipe(v.string(), v.description("Only this speaker's turns (case-insensitive).")),
  ),
  cursor: cursorArgument,
  maxChars: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.description(
        `Page size in characters of text, ${thousands(CHARS.min)}–${thousands(CHARS.max)} ` +
          `(default ${thousands(CHARS.fallback)}); clamped.`,
      ),
    ),
    CHARS.fallback,
  ),
});

const turnSchema = v.object({
  seq: v.pipe(v.number(), v.description("The position of its first segment in the recording.")),
  startMs: v.nullable(v.number()),
  endMs: v.nullable(v.number()),
  at: v.pipe(v.nullable(v.string()), v.description("The start as h:mm:ss, for citing.")),
  speaker: v.nullable(v.string()),
  text: v.string(),
  continued: v.optional(
    v.pipe(v.literal(true), v.description("This text carries on a turn cut on the last page.")),
  ),
  continues: v.optional(
    v.pipe(v.literal(true), v.description("This turn is cut here and goes on the next page.")),
  ),
});

const { speakers: _, ...header } = TRANSCRIPT_HEADER_ENTRIES;

const outputSchema = v.object({
  ...header,
  speakers: v.pipe(
    v.array(v.string()),
    v.description("Who speaks in the whole transcript, in order of first appearance."),
  ),
  segments: v.pipe(
    v.boolean(),
    v.description("False when the transcript has no segments and turns are its lines."),
  ),
  note: v.optional(v.string()),
  turns: v.array(turnSchema),
  nextCursor: v.pipe(
    v.nullable(v.string()),
    v.description("Pass as cursor for the next page; null at the end."),
  ),
});

const ORIGIN: TurnsPlace = { seq: 0, skipChars: 0 };

/**
 * The cursor of a get_turns page of `id`, without filters, that starts at the turn whose
 * first segment (or line) is `seq`, in an item read by `read` (`segments` false where its
 * turns are its lines): how a cut resource tells where to read on.
 *
 * @example
 * ```ts
 * import { turnsCursor } from "./get_turns.ts";
 * import { lineSegments, readFromList } from "../sources/turns.ts";
 * const read = readFromList(lineSegments("One.\nTwo."));
 * const cursor = turnsCursor("7f0c", 1, read, false); // get_turns {id: "7f0c", cursor}: "Two."
 * ```
 */
export function turnsCursor(id: string, seq: number, read: SegmentRead, segments: boolean): string {
  const check = placeCheck(segmentsAround(read, seq), segments, seq, "");
  return encodeTurnsCursor({ id }, { seq, skipChars: 0 }, check);
}

/**
 * The item's own segments, read as the page asks for them. Whether it has any is learnt
 * from those reads; only when they all come back empty is it asked with a read of its own
 * (`hasNone`), so a page costs no statement beyond its own reads.
 */
function ownSegments(
  reader: SourceReader,
  id: string,
): { read: SegmentRead; hasNone: () => boolean } | undefined {
  if (reader.readSegments === undefined) return undefined;
  let seen = false;
  return {
    read: (range) => {
      const segments = reader.readSegments!(id, range) ?? [];
      if (segments.length > 0) seen = true;
      return segments;
    },
    hasNone: () => !seen && !(reader.readSegments!(id, { fromSeq: 0, limit: 1 })?.length),
  };
}

/** The item's text as segments, one a line, for an item without segments of its own. */
function lineRead(reader: SourceReader, id: string): SegmentRead {
  const document = reader.getTranscript(id);
  if (document === undefined) throw new ToolError("not_found", `Transcript ${id} not found`);
  return readFromList(lineSegments(document.text));
}

/** The input of a get_turns call, as validated. */
type TurnsInput = v.InferOutput<typeof inputSchema>;

/**
 * The first segment with a time that ends at or after `moment` (its start where it has no
 * end), and the one after it. Segments without times pass any time filter (rousseau times
 * a person's messages, not the replies), so they are read past: the first of them is not
 * where the moment is.
 */
function timedFrom(read: SegmentRead, moment: number): SegmentRecord[] {
  const timed = (segment: SegmentRecord) => (segment.endMs ?? segment.startMs ?? -1) >= moment;
  for (let fromSeq = 0, limit = 2;; limit = Math.min(limit * 8, TURN_READ_MAX_SEGMENTS)) {
    const batch = read({ fromSeq, limit, fromMs: moment });
    const at = batch.findIndex(timed);
    if (at >= 0) return batch.slice(at, at + 2);
    if (batch.length < limit) return [];
    fromSeq = batch.at(-1)!.seq + 1;
  }
}

/**
 * Where a first page asked for at a moment (`aroundMs`, else `fromMs`) starts; past the
 * end when no segment ends at or after it; undefined when no moment is asked for.
 */
function momentStart(read: SegmentRead, input: TurnsInput): TurnsPlace | undefined {
  const moment = input.aroundMs ?? input.fromMs;
  if (moment === undefined) return undefined;
  const [first, second] = input.aroundMs === undefined
    ? read({ fromSeq: 0, limit: 1, fromMs: moment })
    : timedFrom(read, moment);
  // A moment where one segment ends and the next starts (a search hit's startMs, in a
  // recording of contiguous segments) is held by the one that starts there; fromMs keeps
  // the one that ends there, as it says.
  const held = first?.endMs === moment && second?.startMs === moment;
  const target = held ? second : first;
  if (target === undefined) return { seq: Number.MAX_SAFE_INTEGER, skipChars: 0 };
  const before = input.aroundMs === undefined ? 0 : TURNS_BEFORE_MOMENT;
  return { seq: turnStartBefore(read, target.seq, before), skipChars: 0 };
}

/**
 * One page of turns from `start`, under the item's header, with the cursor to go on;
 * undefined when `resume` (the cursor it starts from) no longer holds what it was cut from.
 */
function turnsAnswer(
  input: TurnsInput,
  head: ReturnType<typeof transcriptHeader>,
  read: SegmentRead,
  segments: boolean,
  start: TurnsPlace,
  resume: TurnsResume | undefined,
) {
  const answer = {
    ...head,
    speakers: head.speakers ?? [],
    segments,
    ...(segments ? {} : { note: NO_SEGMENTS_NOTE }),
    turns: [] as v.InferOutput<typeof turnSchema>[],
    nextCursor: null as string | null,
  };
  const watched = watchRead(read);
  const page = readTurnPage(watched.read, {
    fromSeq: start.seq,
    skipChars: start.skipChars,
    fromMs: input.fromMs,
    toMs: input.toMs,
    speaker: input.speaker,
    maxChars: clampLimit(input.maxChars, CHARS),
    // The head and a cursor beside the turns; a cursor is under 120 bytes, whatever the id.
    maxBytes: PAYLOAD_BUDGET_BYTES - jsonBytes(answer) - 300,
  });
  if (resume !== undefined) {
    const now = page.startTail === null
      ? undefined
      : placeCheck(watched.around(resume.seq), segments, resume.seq, page.startTail);
    if (now !== resume.check) return undefined;
  }
  answer.turns = page.turns.map((turn) => {
    const shown: v.InferOutput<typeof turnSchema> = {
      seq: turn.seq,
      startMs: turn.startMs,
      endMs: turn.endMs,
      at: turn.at,
      speaker: capText(turn.speaker, FIELD_CAPS.label),
      text: turn.text,
    };
    // Set, not spread: a spread per turn costs a page a tenth more.
    if (turn.continued) shown.continued = true;
    if (turn.continues) shown.continues = true;
    return shown;
  });
  if (page.next !== null) {
    const check = placeCheck(watched.around(page.next.seq), segments, page.next.seq, page.nextTail);
    answer.nextCursor = encodeTurnsCursor(input, page.next, check);
  }
  return answer;
}

/** get_turns: reads a transcript as turns, a page at a time. */
export const getTurns: AnyTool = defineTool({
  name: NAME,
  title: "Get a transcript's turns",
  description: "Read one transcript as who said what when: whole turns (a speaker's run of " +
    "speech) with start times as h:mm:ss for citing. Filter by speaker or a time range " +
    "(fromMs, toMs), or start around a moment (aroundMs, e.g. a search result's moment). " +
    "Page with nextCursor.",
  inputSchema,
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  // As get_transcript: a page is a few index seeks, but an item without segments is read whole.
  cheap: readsCheaply,
  handler(sources, input) {
    const resume = input.cursor === undefined ? undefined : decodeTurnsCursor(input.cursor, input);
    const item = findItem(
      sources,
      input.id,
      (reader, id): TranscriptHead | undefined => reader.readHead?.(id) ?? reader.getTranscript(id),
    );
    if (item === undefined) throw new ToolError("not_found", `Transcript ${input.id} not found`);
    const head = transcriptHeader(item.found, item.source.name);
    const own = ownSegments(item.reader, input.id);
    if (own !== undefined) {
      const start = resume ?? momentStart(own.read, input) ?? ORIGIN;
      const answer = turnsAnswer(input, head, own.read, true, start, resume);
      if (answer !== undefined && (answer.turns.length > 0 || !own.hasNone())) return answer;
      // A cursor made from segments it no longer holds; one made from lines is read on.
      if (answer === undefined && !own.hasNone()) throw changedSincePage();
    }
    // No segments: the turns are the text's lines, and a moment cannot place the page.
    const lines = lineRead(item.reader, input.id);
    const answer = turnsAnswer(input, head, lines, false, resume ?? ORIGIN, resume);
    if (answer === undefined) throw changedSincePage();
    return answer;
  },
});
