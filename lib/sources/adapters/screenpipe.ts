/**
 * The screenpipe kind (mediar-ai/screenpipe, read at commit 56d3ccb): its audio
 * transcriptions, grouped into sittings (screenpipe_sittings.ts), searched through the
 * app's own index (screenpipe_search.ts). Screen text is never read: the connection's
 * authorizer allows the audio tables alone (screenpipe_schema.ts). docs/sources.md
 * describes what a user sees.
 *
 * @module
 */
import { keepGoingSql, type Store } from "../../store/store.ts";
import { makePreview } from "../../text/preview.ts";
import { matchWindow } from "../../search/snippet.ts";
import {
  SCREENPIPE_SCAN_ROWS,
  SCREENPIPE_SITTING_GAP_S,
  SNIPPET_WINDOW_RADIUS,
} from "../../config/limits.ts";
import type { SourceContext, SourceKind } from "../source_kind.ts";
import {
  type HitDetail,
  InvalidCursorError,
  type Position,
  type SearchRanking,
  type SegmentRange,
  type SegmentRecord,
  type SourceFacts,
  type SourceReader,
  type TaskSummary,
  type TranscriptDocument,
  type TranscriptFilter,
  type TranscriptHead,
  type TranscriptSummary,
} from "../source_reader.ts";
import { publicId, splitPublicId } from "../source_ids.ts";
import { readFromList } from "../turns.ts";
import { SittingSegments } from "./screenpipe_segments.ts";
import { SittingOrder } from "./screenpipe_order.ts";
import { ROWS, type ScreenpipeSchema, screenpipeSchema } from "./screenpipe_schema.ts";
import { SCREENPIPE_SIGN } from "../kind_signs.ts";
import {
  type AudioRow,
  HEAD_ROWS,
  NEAR_ROWS,
  rfc3339,
  type RowRef,
  segmentsText,
  type Sitting,
  sittingDuration,
  sittingSegments,
  sittingTitle,
  SittingWalker,
} from "./screenpipe_sittings.ts";
import { parseStamp } from "./screenpipe_stamp.ts";
import { parseHitKey, ScreenpipeSearch } from "./screenpipe_search.ts";
import { SittingCounter } from "./screenpipe_count.ts";
import { ScreenpipeChanges } from "./screenpipe_changes.ts";

/** The label every screenpipe transcript carries. */
const LABEL = "audio";

/** A sitting as read: its rows, segments and head. */
interface ReadSitting {
  sitting: Sitting;
  head: TranscriptHead;
  duration: number;
  text: string;
  engine: string | null;
}

class ScreenpipeReader implements SourceReader {
  readonly #store: Store;
  readonly #name: string;
  readonly #schema: ScreenpipeSchema;
  readonly #walker: SittingWalker;
  readonly #search: ScreenpipeSearch;
  readonly #counter: SittingCounter;
  readonly #segments: SittingSegments;
  readonly #lastEnd: string;

  constructor(store: Store, context: SourceContext) {
    this.#store = store;
    this.#name = context.name;
    this.#schema = screenpipeSchema(context.tables);
    this.#walker = new SittingWalker(store, this.#schema, SCREENPIPE_SITTING_GAP_S);
    // One decision of what changed, which every fact kept per sitting follows.
    const changes = new ScreenpipeChanges(store, this.#schema, this.#walker);
    this.#counter = new SittingCounter(store, this.#schema, this.#walker, changes);
    this.#segments = new SittingSegments(
      this.#walker,
      new SittingOrder(store, this.#schema, changes),
      changes,
    );
    this.#search = new ScreenpipeSearch(
      store,
      this.#schema,
      this.#walker,
      SCREENPIPE_SCAN_ROWS,
      () => this.#counter.known(),
    );
    this.#lastEnd = this.#schema.rowColumns.includes("a.end_time AS")
      ? `SELECT max(a.end_time) AS e FROM ${ROWS} AS a ${this.#schema.join}
          WHERE a.timestamp = ? AND ${this.#schema.visible} AND ${keepGoingSql("a")}`
      : "";
  }

  listTranscripts(
    after: Position | null,
    limit: number,
    filter: TranscriptFilter,
  ): TranscriptSummary[] {
    let before: string | null = null;
    if (after !== null) {
      const [ts, id] = after;
      if (after.length !== 2 || typeof ts !== "string" || typeof id !== "number") {
        throw new InvalidCursorError();
      }
      before = ts;
    }
    if (filter.starred === true || (filter.label !== undefined && filter.label !== LABEL)) {
      return [];
    }
    if (filter.until !== undefined) {
      // Sorts before every stored form of that millisecond and after every earlier one
      // (the app writes a fraction's digits only when not zero, then `+00:00`).
      const iso = new Date(parseStamp(filter.until)).toISOString();
      const until = iso.slice(0, 19) + iso.slice(19, 23).replace(/\.?0+$/, "");
      if (before === null || until < before) before = until;
    }
    const since = filter.since === undefined ? -Infinity : parseStamp(filter.since);
    const out: TranscriptSummary[] = [];
    while (out.length < limit) {
      this.#store.throwIfInterrupted();
      const anchor = this.#walker.newest(before);
      if (anchor === undefined) break;
      const sitting = this.#sittingOf(anchor);
      if (sitting.start.ms < since) break;
      out.push(this.#summary(sitting));
      before = sitting.start.ts;
    }
    return out;
  }

  getTranscript(id: string): TranscriptDocument | undefined {
    const row = this.#rowOf(id);
    if (row === undefined) return undefined;
    const read = this.#read(this.#sittingOf(row));
    return {
      ...read.head,
      duration: read.duration,
      starred: false,
      language: null,
      engine: read.engine,
      modelId: null,
      manualTags: [],
      template: null,
      text: read.text,
    };
  }

  search(query: string, count: number): SearchRanking {
    return this.#search.search(query, count);
  }

  readSegments(id: string, range: SegmentRange): SegmentRecord[] | undefined {
    const row = this.#rowOf(id);
    return row === undefined
      ? undefined
      : readFromList(this.#segments.of(this.#sittingOf(row)))(range);
  }

  findSegment(id: string, needle: string): SegmentRecord | null | undefined {
    const row = this.#rowOf(id);
    return row === undefined ? undefined : this.#segments.find(this.#sittingOf(row), needle);
  }

  readHead(id: string): TranscriptHead | undefined {
    const row = this.#rowOf(id);
    if (row === undefined) return undefined;
    const sitting = this.#sittingOf(row);
    return this.#head(sitting.start, this.#walker.rows(sitting, true), sitting);
  }

  renderHits(keys: readonly string[], match: string): HitDetail[] {
    return keys.flatMap((key) => {
      const parsed = parseHitKey(key);
      // The key is the ranking's, made in this call: its first row starts the sitting.
      const head = parsed === undefined ? undefined : this.#walker.rowsFrom(parsed.start);
      const start = head?.rows[0];
      if (parsed === undefined || start === undefined || start.id !== parsed.start) return [];
      const text = rowsText(head!.rows, start.ms);
      // A short sitting is read whole by its head: its end and speakers are in hand.
      const last = head!.rows[head!.rows.length - 1]!;
      const sitting = head!.ended ? { start, end: last } : this.#sittingOf(start);
      return [{
        ...this.#head(start, head!.rows, sitting, head!.ended),
        key,
        preview: makePreview(text) ?? "",
        window: matchWindow(text, match, !head!.ended) ??
          this.#windowNear(start, parsed.match, match),
      }];
    });
  }

  /**
   * The window of a hit whose sitting's first rows do not decide it: cut from the rows
   * around the earliest match the ranking saw (`matchId`, its key's), or, when that is the
   * first row or gone, from the whole sitting.
   */
  #windowNear(start: RowRef, matchId: number, match: string): string {
    if (matchId === start.id) return matchWindow(this.#read(this.#sittingOf(start)).text, match);
    let count = NEAR_ROWS;
    for (;;) {
      const after = this.#walker.rowsFrom(matchId, count);
      if (after.rows[0]?.id !== matchId) {
        return matchWindow(this.#read(this.#sittingOf(start)).text, match);
      }
      const before = this.#walker.rowsBefore(matchId, start, count);
      const atStart = before.length < count || before[0]!.id === start.id;
      const text = rowsText([...before, ...after.rows], start.ms);
      // Fewer rows do only while they hold a window's width of speech each side (a text
      // of two widths or less is shown whole).
      const enough = (atStart && after.ended) ||
        (text.length > 2 * SNIPPET_WINDOW_RADIUS &&
          (atStart || textLength(before) > SNIPPET_WINDOW_RADIUS) &&
          (after.ended || textLength(after.rows.slice(1)) > SNIPPET_WINDOW_RADIUS));
      if (count < HEAD_ROWS && !enough) {
        count = HEAD_ROWS;
        continue;
      }
      const window = matchWindow(text, match);
      // Marks what lies beyond these rows, as a window cut from the whole text would.
      return `${atStart || window.startsWith("… ") ? "" : "… "}${window}${
        after.ended || window.endsWith(" …") ? "" : " …"
      }`;
    }
  }

  listTasks(): TaskSummary[] {
    return [];
  }

  facts(budgetMs?: number): SourceFacts {
    const notes = [...this.#schema.notes];
    const unindexed = this.#schema.fts ? this.#search.unindexedRows() : 0;
    if (unindexed > 0) {
      notes.push(
        `${unindexed} newest rows not yet in screenpipe's search index; found by scan` +
          (unindexed > SCREENPIPE_SCAN_ROWS
            ? ` (the newest ${SCREENPIPE_SCAN_ROWS} of them; searches answer partial)`
            : ""),
      );
    }
    // Counted first: the count keeps the starts the newest sitting's is looked up in.
    const transcripts = this.#counter.count(budgetMs);
    if (transcripts === null) {
      notes.push(
        `still counting sittings: ${this.#counter.counted()} so far; ask again for the total`,
      );
    }
    const newest = this.#walker.newest(null);
    return {
      transcripts,
      tasks: 0,
      newest: newest === undefined ? null : rfc3339(this.#startOf(newest).ms),
      search: this.#schema.fts ? "fts" : "scan",
      turns: true,
      notes,
    };
  }

  /** The first row of `row`'s sitting: looked up in the kept starts when current, else walked. */
  #startOf(row: RowRef): RowRef {
    return this.#counter.known()?.of(row) ?? this.#walker.startOf(row);
  }

  /**
   * The sitting that holds `row`. With current kept starts it ends at the newest row before
   * the next sitting's start, one statement instead of a walk over its rows.
   */
  #sittingOf(row: RowRef): Sitting {
    const starts = this.#counter.known();
    const start = starts?.of(row);
    if (start === undefined) return this.#walker.sittingOf(row);
    const end = this.#walker.newest(starts!.next(row)?.ts ?? null);
    return { start, end: end === undefined || end.ts < row.ts ? this.#walker.endOf(row) : end };
  }

  #rowOf(id: string) {
    const split = splitPublicId(id);
    if (split === null || split.name !== this.#name || !/^\d{1,15}$/.test(split.key)) {
      return undefined;
    }
    return this.#walker.row(Number(split.key));
  }

  /**
   * A sitting's head; its title names the devices of its first rows. `whole`: `rows` are the
   * whole sitting, so its speakers are read from them.
   */
  #head(start: RowRef, rows: readonly AudioRow[], sitting: Sitting, whole = false): TranscriptHead {
    const devices = new Set(rows.slice(0, HEAD_ROWS).map((row) => row.device ?? ""));
    return {
      id: publicId(this.#name, String(start.id)),
      title: sittingTitle(start.ms, [...devices].sort()),
      createdAt: rfc3339(start.ms),
      source: LABEL,
      speakers: this.#segments.speakers(sitting, whole ? rows : undefined),
    };
  }

  #duration(sitting: Sitting): number {
    const lastEnd = this.#lastEnd === ""
      ? null
      : this.#store.get(this.#lastEnd, sitting.end.ts)?.["e"];
    return sittingDuration(
      sitting,
      lastEnd === null || lastEnd === undefined ? null : Number(lastEnd),
    );
  }

  #summary(sitting: Sitting): TranscriptSummary {
    const rows = this.#walker.rows(sitting, true);
    const text = rowsText(rows, sitting.start.ms);
    return {
      ...this.#head(sitting.start, rows, sitting),
      duration: this.#duration(sitting),
      starred: false,
      language: null,
      preview: makePreview(text) ?? "",
      position: [sitting.start.ts, sitting.start.id],
    };
  }

  #read(sitting: Sitting): ReadSitting {
    const rows: AudioRow[] = this.#walker.rows(sitting);
    return {
      sitting,
      head: this.#head(sitting.start, rows, sitting),
      duration: this.#duration(sitting),
      text: rowsText(rows, sitting.start.ms),
      engine: rows.find((row) => row.engine !== null)?.engine ?? null,
    };
  }
}

/** How many characters rows say. */
function textLength(rows: readonly AudioRow[]): number {
  return rows.reduce((sum, row) => sum + row.text.length, 0);
}

/** The text of rows of a sitting that starts at `startMs`. */
function rowsText(rows: readonly AudioRow[], startMs: number): string {
  return segmentsText(sittingSegments(rows, startMs));
}

/**
 * The screenpipe kind: its sign (kind_signs.ts) and its reader.
 *
 * @example
 * ```ts
 * import { screenpipeKind } from "./screenpipe.ts";
 * screenpipeKind.matches(new Map([["notes", new Set(["id"])]])); // false
 * ```
 */
export const screenpipeKind: SourceKind = {
  ...SCREENPIPE_SIGN,
  open: (store, context) => new ScreenpipeReader(store, context),
};
