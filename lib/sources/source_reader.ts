/**
 * What every kind of source answers: the reads the tools are made of, in records that are
 * the tools' own fields before capping. A kind (our store, screenpipe, Meetily, …) is one
 * module that implements {@link SourceReader} over its app's tables; the tools merge what
 * several sources answer and shape it, so a new kind adds a reader and nothing else.
 *
 * Every time a reader returns is RFC 3339. Ids are the public ids tools show: unique across
 * sources and stable across restarts for the same source name (see source_ids.ts).
 *
 * @module
 */
import { MAX_CURSOR_KEY_TEXT } from "../config/limits.ts";

/** One part of a keyset position: text or a whole number. */
export type PositionPart = string | number;

/**
 * Where an item sits in its source's newest-first order, as the reader understands it:
 * the tools put it in cursors unchanged and hand it back as `after`.
 */
export type Position = readonly PositionPart[];

/**
 * Raised when a client passes a cursor this server did not make for this tool, or a reader
 * is given a position it did not make; the tools answer it as `invalid_arguments`.
 *
 * @example
 * ```ts
 * import { InvalidCursorError } from "./source_reader.ts";
 * new InvalidCursorError().message.startsWith("cursor:"); // true
 * ```
 */
export class InvalidCursorError extends Error {
  /** Makes the error; its message tells the client to pass `nextCursor` unchanged. */
  constructor() {
    super("cursor: not a cursor from this tool; pass nextCursor unchanged or start without one");
    this.name = "InvalidCursorError";
  }
}

/**
 * A text key as a position carries it: itself, or "" when too long to carry (the reader
 * then looks it up again from the row's integer key), so a cursor stays small.
 *
 * @example
 * ```ts
 * import { positionKeyText } from "./source_reader.ts";
 * positionKeyText("2026-11-02T09:30:00.000Z"); // "2026-11-02T09:30:00.000Z"
 * ```
 */
export function positionKeyText(value: string): string {
  return value.length <= MAX_CURSOR_KEY_TEXT ? value : "";
}

/**
 * An integer key read back from a position, checked: forged digits are refused.
 *
 * @example
 * ```ts
 * import { positionInteger } from "./source_reader.ts";
 * positionInteger("42"); // 42n
 * ```
 */
export function positionInteger(value: PositionPart | undefined): bigint {
  if (typeof value !== "string" || !/^-?\d{1,20}$/.test(value)) throw new InvalidCursorError();
  return BigInt(value);
}

/**
 * The text parts of a position, checked to be `count` strings.
 *
 * @example
 * ```ts
 * import { positionTexts } from "./source_reader.ts";
 * positionTexts(["2026-11-02T09:30:00.000Z", "42"], 2); // ["2026-11-02T09:30:00.000Z", "42"]
 * ```
 */
export function positionTexts(position: Position, count: number): string[] {
  if (position.length !== count || position.some((part) => typeof part !== "string")) {
    throw new InvalidCursorError();
  }
  return position as string[];
}

/** The filters list_transcripts passes down; each is left out when not asked for. */
export interface TranscriptFilter {
  /** Only items created at or after this RFC 3339 time. */
  since?: string | undefined;
  /** Only items created before this RFC 3339 time. */
  until?: string | undefined;
  /** Only starred (true) or unstarred (false) items; a kind without stars has none starred. */
  starred?: boolean | undefined;
  /** Only items whose `source` label (meeting, voice_note, …) is this. */
  label?: string | undefined;
}

/** A transcript's fields as every tool shows them. */
export interface TranscriptHead {
  /** The public id, as get_transcript takes it. */
  id: string;
  /** Its title; made from what the app knows when it keeps none. */
  title: string;
  /** When it was recorded, RFC 3339 (UTC for other apps' sources). */
  createdAt: string;
  /** What kind of recording it is (meeting, voice_note, chat, audio, …), or null. */
  source: string | null;
  /**
   * Who speaks in it, each once, in order of first appearance, at most MAX_SPEAKERS: present
   * where the item has segments (empty when none names a speaker), absent where it has none.
   */
  speakers?: string[] | undefined;
}

/** A transcript as list_transcripts shows it. */
export interface TranscriptSummary extends TranscriptHead {
  /** Length in seconds, or null. */
  duration: number | null;
  /** Whether the user starred it. */
  starred: boolean;
  /** Language code of the spoken text, or null. */
  language: string | null;
  /** The start of its text, made by makePreview (lib/text/preview.ts). */
  preview: string;
  /** Its place in the source's newest-first order. */
  position: Position;
}

/** One timed piece of a transcript, when the source keeps them. */
export interface SegmentRecord {
  /** 0-based order within the transcript. */
  seq: number;
  /** Start, in milliseconds from the start of the recording. */
  startMs: number | null;
  /** End, in milliseconds from the start of the recording. */
  endMs: number | null;
  /** Who spoke, or null. */
  speaker: string | null;
  /** What was said. */
  text: string;
}

/** Which of an item's segments {@link SourceReader.readSegments} returns, in `seq` order. */
export interface SegmentRange {
  /** The first `seq` to return. */
  fromSeq: number;
  /** At most this many segments. */
  limit: number;
  /**
   * Skip segments that end before this many ms from the start (segments without times are
   * kept), so a page deep in a long recording need not read what comes before it.
   */
  fromMs?: number | undefined;
}

/** What {@link SourceReader.findSegments} looks for: findSegment's arguments, one item's. */
export interface SegmentSought {
  /** The item's public id. */
  id: string;
  /** The words its segment holds. */
  needle: string;
  /** A seq the segment is likely at, tried first. */
  near?: number | undefined;
}

/** A transcript as get_transcript reads it. */
export interface TranscriptDocument extends TranscriptHead {
  /** Length in seconds, or null. */
  duration: number | null;
  /** Whether the user starred it. */
  starred: boolean;
  /** Language code of the spoken text, or null. */
  language: string | null;
  /** The transcription engine, or null. */
  engine: string | null;
  /** The model the engine ran, or null. */
  modelId: string | null;
  /** Tags the user added by hand. */
  manualTags: string[];
  /** The template the recording was made with, or null. */
  template: string | null;
  /** The whole text: with segments, their lines joined as `Speaker: text`, one a line. */
  text: string;
}

/** One match of a search, before it is shown: enough to merge and to fetch it again. */
export interface RankedHit {
  /** The reader's own key for the item, as {@link SourceReader.renderHits} takes it. */
  key: string;
  /** Relevance within this source: higher is better. Not comparable across sources. */
  score: number;
}

/** A source's ranking of one query. */
export interface SearchRanking {
  /** The best matches, best first. */
  hits: RankedHit[];
  /** "fts5" when the query ran as FTS5 syntax, "words" when as plain words. */
  mode: "fts5" | "words";
  /** The FTS5 query whose terms mark the snippets (plain words quoted, OR-ed). */
  match: string;
  /**
   * True when a scan stopped before it saw every item (its share of the deadline ran
   * out): the hits are the best of what it saw.
   */
  partial: boolean;
}

/** A search hit as shown: its head, preview and the passage the snippet is made from. */
export interface HitDetail extends TranscriptHead {
  /** The key it was ranked under. */
  key: string;
  /** The start of its text (makePreview). */
  preview: string;
  /** A passage of its text holding the first match (matchWindow in lib/search/snippet.ts). */
  window: string;
  /**
   * The line of its text (0-based) the window starts on, where the reader knows it: the
   * hint findSegment takes to try one segment first.
   */
  windowLine?: number | undefined;
}

/** An item's title and a sample of its text (see {@link SourceReader.itemSamples}). */
export interface ItemSample {
  /** Its key, as search ranks it. */
  key: string;
  /** Its title. */
  title: string;
  /** Lines of its text, a speaker's label left on each. */
  text: string;
}

/** An item's text as a passage search reads it (see {@link SourceReader.itemTexts}). */
export interface ItemText extends TranscriptHead {
  /** The reader's key for it, as the ranking gave it. */
  key: string;
  /** Its whole text: with segments, their lines as `Speaker: text`, one a line. */
  text: string;
  /** Present when its text is longer than the read asked for: `text` is then empty. */
  tooLong?: true;
}

/** The filters list_tasks passes down. */
export interface TaskFilter {
  /** Only tasks in this bucket. */
  bucket?: string | undefined;
  /** Only done (true) or open (false) tasks. */
  done?: boolean | undefined;
}

/** A task as list_tasks shows it. */
export interface TaskSummary {
  /** The public id. */
  id: string;
  /** What to do. */
  text: string;
  /** Which list it sits in: inbox, today, week, someday, done (or scheduled, for a job). */
  bucket: string;
  /** Whether it is done. */
  done: boolean;
  /** When it was done, RFC 3339, or null. */
  doneAt: string | null;
  /** When it was made, RFC 3339. */
  createdAt: string;
  /** The public id of the task it belongs to, or null. */
  parentTaskId: string | null;
  /** The public id of the transcript it came from, or null. */
  transcriptId: string | null;
  /** A scheduled job's cron expression (bucket "scheduled"); absent for other tasks. */
  schedule?: string | undefined;
  /** Whether a scheduled job is enabled; absent for other tasks. */
  enabled?: boolean | undefined;
  /** Its place in the source's newest-first order. */
  position: Position;
}

/** What list_sources and `check` say about a source. */
export interface SourceFacts {
  /**
   * How many transcripts it holds; null when counting them takes longer than the budget
   * facts() was given (the notes say so, and the count goes on at the next call).
   */
  transcripts: number | null;
  /** How many tasks it holds. */
  tasks: number;
  /** The newest transcript's createdAt, or null when there is none. */
  newest: string | null;
  /** "fts" where the app keeps a full-text index this server uses, else "scan". */
  search: "fts" | "scan";
  /** Whether its transcripts have timed segments. */
  turns: boolean;
  /** What a user should know: features off for a drifted schema, rows not yet indexed, … */
  notes: string[];
}

/**
 * The reads every kind of source answers. Each runs on the source's own read-only
 * connection, in the call's thread; statements that walk many rows carry the deadline
 * check (keepGoingSql in lib/store/store.ts), and JavaScript loops call
 * `store.throwIfInterrupted()`.
 */
export interface SourceReader {
  /**
   * Up to `limit` transcripts, newest first, after `after` (null: from the newest).
   * Throws InvalidCursorError for a position it did not make.
   */
  listTranscripts(
    after: Position | null,
    limit: number,
    filter: TranscriptFilter,
  ): TranscriptSummary[];
  /** The transcript with this public id, or undefined when the source has none such. */
  getTranscript(id: string): TranscriptDocument | undefined;
  /** The best `count` matches of `query`, best first. */
  search(query: string, count: number): SearchRanking;
  /**
   * The items of `keys`, in that order, as shown in results; a key whose item has gone
   * since the ranking is left out. `match` is the ranking's.
   */
  renderHits(keys: readonly string[], match: string): HitDetail[];
  /**
   * The texts of the items of `keys` (as {@link search} ranked them), in that order, for a
   * passage search; a key whose item has gone is left out, and one whose text is over
   * `maxBytes` of UTF-8 comes without it, marked `tooLong`. A kind that leaves it out is
   * read through renderHits and getTranscript.
   */
  itemTexts?(keys: readonly string[], maxBytes: number): ItemText[];
  /**
   * A stamp of every item's text, head and speakers: what was read under the same stamp is
   * still as it was. A kind that leaves it out is read again for every passage search.
   */
  textStamp?(): string;
  /**
   * Up to `limit` items after the key `after` (null: from the first), newest first as far as
   * the source can tell cheaply, each with its key (as {@link search} ranks it), its title
   * and a sample of its text: all of it up to `chars` characters, else about `chars` taken
   * from its start, middle and end; an empty list past the last. Search by meaning reads
   * every item's topic through it; a kind that leaves it out is searched by its words'
   * neighbours only.
   */
  itemSamples?(after: string | null, limit: number, chars: number): ItemSample[];
  /**
   * Up to `range.limit` of the item's segments from `range.fromSeq` on, in `seq` order (an
   * empty list past the end); undefined when the source has no such item. A kind whose items
   * have no segments leaves this out, and turns are then made from the item's text.
   */
  readSegments?(id: string, range: SegmentRange): SegmentRecord[] | undefined;
  /**
   * The head of the transcript `id` (with `speakers`) without its text, or undefined when
   * the source has no such item. A kind that leaves it out is asked getTranscript instead.
   */
  readHead?(id: string): TranscriptHead | undefined;
  /**
   * The first segment (by `seq`) of the item `id` whose text holds `needle` as whole words
   * (see holdsWords in turns.ts), exactly or else case-insensitively; null when none does,
   * undefined when there is no such item. `near` is a seq it is likely at (the line of a
   * text made of its segments' lines), tried first. A kind with segments that leaves it out
   * is read through readSegments instead.
   */
  findSegment?(id: string, needle: string, near?: number): SegmentRecord | null | undefined;
  /**
   * What findSegment answers for each of `sought`, in order, found together: a page of
   * search hits' moments in one read where the `near` segments hold their needles. A kind
   * that leaves it out is asked findSegment for each.
   */
  findSegments?(sought: readonly SegmentSought[]): (SegmentRecord | null | undefined)[];
  /**
   * Up to `count` tasks whose text holds words of `query`, best first (more of the words,
   * then newest). A kind that leaves it out is scanned through listTasks.
   */
  searchTasks?(query: string, count: number, filter: TaskFilter): TaskSummary[];
  /** Up to `limit` tasks, newest first, after `after`. */
  listTasks(after: Position | null, limit: number, filter: TaskFilter): TaskSummary[];
  /**
   * Counts, newest item, capabilities and notes, for list_sources and `check`. A kind whose
   * count walks its data (screenpipe's sittings) stops counting after `budgetMs`, keeping
   * how far it got; without a budget it counts to the end.
   */
  facts(budgetMs?: number): SourceFacts;
}
