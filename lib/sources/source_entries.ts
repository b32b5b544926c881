/**
 * A source read whole, for `index`: every transcript (listed page by page, then read with its
 * segments) and every task, through the {@link SourceReader} reads the tools use, so every
 * kind of source can be indexed and its public ids are kept as they are.
 *
 * @module
 */
import type { FolderSourceReader } from "./folder/folder_reader.ts";
import type { IndexedSegment, IndexEntry } from "../ingest/indexed_item.ts";
import { INDEX_PAGE_SIZE } from "../config/limits.ts";
import type { Position, SourceReader } from "./source_reader.ts";

function* pages<T extends { position: Position }>(
  read: (after: Position | null, limit: number) => T[],
): Generator<T> {
  let after: Position | null = null;
  while (true) {
    const page = read(after, INDEX_PAGE_SIZE);
    yield* page;
    const last = page.at(-1);
    if (last === undefined || page.length < INDEX_PAGE_SIZE) return;
    after = last.position;
  }
}

/**
 * Every segment of the item, in one read: a kind may read the whole item for any page of it
 * (a folder parses its file again), so paging would repeat that work a page at a time.
 */
function segmentsOf(reader: SourceReader, id: string): IndexedSegment[] {
  if (reader.readSegments === undefined) return [];
  const page = reader.readSegments(id, { fromSeq: 0, limit: Number.MAX_SAFE_INTEGER }) ?? [];
  return page.map(({ seq, startMs, endMs, speaker, text }) => ({
    seq,
    startMs,
    endMs,
    speaker,
    text,
  }));
}

/**
 * Every item of the source `reader` reads, as `index` writes it: transcripts oldest first,
 * then tasks. A transcript listed but gone before it is read is left out (it has vanished).
 * Reads lazily; a read that fails throws out of the iteration.
 *
 * @example
 * ```ts
 * import { sourceEntries } from "./source_entries.ts";
 * import { SourceSet } from "./source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const entries = [...sourceEntries(sources.reader(sources.all[0]!))];
 * entries.filter((entry) => entry.kind === "transcript").length; // the demo's transcripts
 * sources.close();
 * ```
 */
export function* sourceEntries(reader: SourceReader): Generator<IndexEntry> {
  const ids: string[] = [];
  for (const summary of pages((after, limit) => reader.listTranscripts(after, limit, {}))) {
    ids.push(summary.id);
  }
  // Oldest first, so that new rows get keys in the source's order: the store breaks ties of
  // created_at by key, newest (highest) first, and then lists them as the source does.
  for (const listed of ids.reverse()) {
    const document = reader.getTranscript(listed);
    if (document === undefined) continue;
    const { id, title, createdAt, source, duration, starred, language, engine, modelId } = document;
    yield {
      kind: "transcript",
      item: {
        id,
        title,
        createdAt,
        source,
        duration,
        starred,
        language,
        engine,
        modelId,
        manualTags: document.manualTags,
        template: document.template,
        text: document.text,
        segments: segmentsOf(reader, id),
      },
    };
  }
  // A folder's files that should be transcripts but could not be read: named in the summary.
  if ("skippedFiles" in reader) {
    for (const file of (reader as FolderSourceReader).skippedFiles()) {
      yield { kind: "skipped", id: file.relative, reason: file.reason };
    }
  }
  for (const task of pages((after, limit) => reader.listTasks(after, limit, {}))) {
    const { id, text, bucket, done, doneAt, createdAt, parentTaskId, transcriptId } = task;
    yield {
      kind: "task",
      item: { id, text, bucket, done, doneAt, createdAt, parentTaskId, transcriptId },
    };
  }
}
