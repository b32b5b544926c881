/**
 * The reader of a served folder, over its index (folder_index.ts): our own reader answers
 * listings, documents and FTS5 search from the in-memory rows; segments are read from the
 * file; the facts say how far indexing has come and how many files were skipped. While the
 * first pass runs, search rankings are marked `partial`: the answers may be incomplete.
 *
 * @module
 */
import { ContractReader } from "../contract/contract_reader.ts";
import type {
  HitDetail,
  ItemSample,
  ItemText,
  Position,
  SearchRanking,
  SegmentRange,
  SegmentRecord,
  SegmentSought,
  SourceFacts,
  SourceReader,
  TaskFilter,
  TaskSummary,
  TranscriptDocument,
  TranscriptFilter,
  TranscriptHead,
  TranscriptSummary,
} from "../source_reader.ts";
import { SourceUnavailableError } from "../source_set.ts";
import type { FolderIndex } from "./folder_index.ts";
import type { WalkProblem } from "./folder_walk.ts";
import { holdsWords } from "../holds_words.ts";

/** What a folder's reader answers beyond every source's reads. */
export interface FolderSourceReader extends SourceReader {
  /** The files skipped at the last pass, with why (for `check`). */
  skippedFiles(): WalkProblem[];
}

/** The note of a folder read whole that holds no transcript file and nothing skipped. */
export const EMPTY_FOLDER_NOTE =
  "the folder holds no transcript files (if it is a drive's mount point, is the drive mounted?)";

/**
 * The facts' notes of a folder: progress while indexing, then the skipped files' count, or
 * that it holds no transcript file at all.
 *
 * @example
 * ```ts
 * import { folderNotes } from "./folder_reader.ts";
 * folderNotes({ indexing: true, done: 120, total: 1000 }, 2, 100);
 * // ["indexing: 120 of 1,000 files read; answers may be incomplete until it is done",
 * //  "2 files skipped (they cannot be read as transcripts; `check` lists them)"]
 * ```
 */
export function folderNotes(
  progress: { indexing: boolean; done: number; total: number },
  skipped: number,
  transcripts: number | null,
): string[] {
  const notes: string[] = [];
  if (!progress.indexing && skipped === 0 && transcripts === 0) {
    // Says why nothing is found where a client would expect transcripts, without claiming a
    // cause: an empty mount point is the one that loses a person's data from view.
    notes.push(EMPTY_FOLDER_NOTE);
  }
  if (progress.indexing) {
    notes.push(
      progress.total === 0
        ? "indexing: listing the folder; answers may be incomplete until it is done"
        : `indexing: ${progress.done.toLocaleString("en-US")} of ` +
          `${progress.total.toLocaleString("en-US")} files read; answers may be incomplete ` +
          "until it is done",
    );
  }
  if (skipped > 0) {
    notes.push(
      `${skipped} file${skipped === 1 ? "" : "s"} skipped (they cannot be read as ` +
        "transcripts; `check` lists them)",
    );
  }
  return notes;
}

/**
 * Reads a folder's index in this thread.
 *
 * @example
 * ```ts
 * import { FolderIndex } from "./folder_index.ts";
 * import { FolderReader } from "./folder_reader.ts";
 * const index = new FolderIndex("notes", "/home/ada/Transcripts");
 * index.refresh();
 * new FolderReader(index).facts().transcripts;
 * ```
 */
export class FolderReader implements FolderSourceReader {
  readonly #index: FolderIndex;
  readonly #rows: ContractReader;

  /** Reads `index`, which fills itself. */
  constructor(index: FolderIndex) {
    this.#index = index;
    this.#rows = new ContractReader(index.store);
  }

  listTranscripts(
    after: Position | null,
    limit: number,
    filter: TranscriptFilter,
  ): TranscriptSummary[] {
    return this.#readable().listTranscripts(after, limit, filter).map((item) => this.#named(item));
  }

  getTranscript(id: string): TranscriptDocument | undefined {
    const document = this.#readable().getTranscript(id);
    return document === undefined ? undefined : this.#named(document);
  }

  search(query: string, count: number): SearchRanking {
    const ranking = this.#readable().search(query, count);
    return this.#index.progress.indexing ? { ...ranking, partial: true } : ranking;
  }

  renderHits(keys: readonly string[], match: string): HitDetail[] {
    return this.#readable().renderHits(keys, match).map((hit) => this.#named(hit));
  }

  itemTexts(keys: readonly string[], maxBytes: number): ItemText[] {
    return this.#readable().itemTexts(keys, maxBytes).map((item) => this.#named(item));
  }

  textStamp(): string {
    return this.#readable().textStamp();
  }

  itemSamples(after: string | null, limit: number, chars: number): ItemSample[] {
    return this.#readable().itemSamples(after, limit, chars);
  }

  readSegments(id: string, range: SegmentRange): SegmentRecord[] | undefined {
    this.#readable();
    const outcome = this.#index.reread(id);
    if (outcome === undefined) return undefined;
    // A file that no longer reads (being rewritten, say) has no segments until it does.
    if (outcome.kind !== "transcript") return [];
    const records: SegmentRecord[] = [];
    const segments = outcome.transcript.segments;
    for (let seq = Math.max(0, range.fromSeq); seq < segments.length; seq++) {
      if (records.length >= range.limit) break;
      const segment = segments[seq]!;
      if (range.fromMs !== undefined && segment.endMs !== null && segment.endMs < range.fromMs) {
        continue;
      }
      records.push({ seq, ...segment });
    }
    return records;
  }

  findSegments(sought: readonly SegmentSought[]): (SegmentRecord | null | undefined)[] {
    this.#readable();
    // Each file once for the whole page, however many of its moments are sought: a page's
    // moments read one at a time parsed its files again for each (22 reads a search).
    const reread = new Map<string, ReturnType<FolderIndex["reread"]>>();
    return sought.map(({ id, needle, near }) => {
      if (!reread.has(id)) reread.set(id, this.#index.reread(id));
      const outcome = reread.get(id);
      if (outcome === undefined) return undefined;
      if (outcome.kind !== "transcript") return null;
      const segments = outcome.transcript.segments;
      const guess = near === undefined ? undefined : segments[near];
      let seq = guess !== undefined && holdsWords(guess.text, needle) ? near! : -1;
      if (seq === -1) seq = segments.findIndex((segment) => holdsWords(segment.text, needle));
      if (seq === -1) {
        const folded = needle.toLowerCase();
        seq = segments.findIndex((segment) => holdsWords(segment.text.toLowerCase(), folded));
      }
      return seq === -1 ? null : { seq, ...segments[seq]! };
    });
  }

  listTasks(_after: Position | null, _limit: number, _filter: TaskFilter): TaskSummary[] {
    this.#readable();
    return [];
  }

  facts(): SourceFacts {
    const facts = this.#readable().facts();
    return {
      ...facts,
      turns: this.#index.timedCount > 0,
      notes: folderNotes(this.#index.progress, this.#index.skipped().length, facts.transcripts),
    };
  }

  skippedFiles(): WalkProblem[] {
    return this.#index.skipped();
  }

  /** `item` with the speakers its file names (the index keeps text, not segments). */
  #named<T extends TranscriptHead>(item: T): T {
    const speakers = this.#index.speakersOf(item.id);
    return speakers === undefined ? item : { ...item, speakers };
  }

  /** Our reader over the rows, once the folder is known to be readable. */
  #readable(): ContractReader {
    const failure = this.#index.failure;
    if (failure !== null) throw new SourceUnavailableError(this.#index.name, failure);
    return this.#rows;
  }
}
