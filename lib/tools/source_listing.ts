/**
 * Reading a listing across sources: each source reads its own newest items after its own
 * position, the pages merge newest first, and one cursor carries every source's position.
 * One source answers exactly as it did before there were several: its own position is the
 * cursor. A source that cannot be read while others can is left out of the answer and
 * named in `unavailable`; when it is the only one asked, its error is the answer.
 *
 * @module
 */
import * as v from "valibot";
import { StoreBusyError, StoreCorruptError } from "../store/errors.ts";
import { InvalidCursorError, type Position, type SourceReader } from "../sources/source_reader.ts";
import {
  type ServedSource,
  type SourceSet,
  SourceUnavailableError,
} from "../sources/source_set.ts";
import { type CursorValue, decodeCursor, encodeCursor } from "./cursor.ts";
import { fitPage, LISTING_OVERHEAD_BYTES } from "./response_budget.ts";
import { FIELD_CAPS } from "../config/limits.ts";
import { capText } from "./response_budget.ts";

/** A source left out of an answer, and why. */
export interface UnavailableSource {
  /** The source's name. */
  sourceName: string;
  /** Why it could not be read. */
  message: string;
}

/** The schema of one entry of `unavailable`. */
export type UnavailableItemSchema = v.ObjectSchema<
  { readonly sourceName: v.StringSchema<undefined>; readonly message: v.StringSchema<undefined> },
  undefined
>;

/** The schema of the `unavailable` field answers carry when a source was left out. */
export const unavailableSchema: v.OptionalSchema<
  v.SchemaWithPipe<
    readonly [
      v.ArraySchema<UnavailableItemSchema, undefined>,
      v.DescriptionAction<UnavailableSource[], string>,
    ]
  >,
  undefined
> = v.optional(
  v.pipe(
    v.array(v.object({ sourceName: v.string(), message: v.string() })),
    v.description(
      "Sources left out of this answer because they cannot be read now; present only then.",
    ),
  ),
);

/** The `sourceName` argument of the listing and search tools. */
export const sourceNameArgument: v.OptionalSchema<
  v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.DescriptionAction<string, string>]>,
  undefined
> = v.optional(
  v.pipe(
    v.string(),
    v.description("Only this source, by its name from list_sources; all sources when left out."),
  ),
);

/**
 * Runs `read` on each source, collecting the failures a source may have alone (gone,
 * locked past the busy timeout, damaged). With one source, its failure is thrown.
 *
 * @example
 * ```ts
 * import { readEach } from "./source_listing.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const { results } = readEach(sources, sources.select(undefined), (r) => r.facts().transcripts);
 * results[0]?.value; // 9
 * ```
 */
export function readEach<T>(
  sources: SourceSet,
  selected: readonly ServedSource[],
  read: (reader: SourceReader, source: ServedSource, index: number) => T,
): {
  results: { source: ServedSource; index: number; value: T }[];
  unavailable: UnavailableSource[];
} {
  const results: { source: ServedSource; index: number; value: T }[] = [];
  const unavailable: UnavailableSource[] = [];
  selected.forEach((source, index) => {
    try {
      results.push({ source, index, value: read(sources.reader(source), source, index) });
    } catch (error) {
      const alone = error instanceof SourceUnavailableError ||
        error instanceof StoreBusyError || error instanceof StoreCorruptError;
      if (!alone || selected.length === 1) throw error;
      unavailable.push({
        sourceName: source.name,
        message: capText((error as Error).message, FIELD_CAPS.snippet),
      });
    }
  });
  return { results, unavailable };
}

/** An item a listing reads: when it was made, and its place in its source's order. */
export interface Listed {
  /** When it was made, RFC 3339. */
  createdAt: string;
  /** Its place in its source's newest-first order. */
  position: Position;
}

/** The time used to merge listings: epoch ms, with unreadable times last. */
function mergeTime(createdAt: string): number {
  const ms = Date.parse(createdAt);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/**
 * One page of a listing over `selected`: items newest first, shaped by `shape`, with the
 * cursor of the next page. With one source the cursor is that source's position, as
 * before; with several it holds each source's position, and each source's items come in
 * its own order (a k-way merge by time, ties by source order), so no item is skipped or
 * shown twice across pages.
 *
 * @example
 * ```ts
 * import { listingPage } from "./source_listing.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const page = listingPage(sources, sources.select(undefined), "list_tasks", undefined, 2,
 *   (reader, after, count) => reader.listTasks(after, count, {}), (task) => task.id);
 * page.items.length; // 2
 * ```
 */
export function listingPage<T extends Listed, U>(
  sources: SourceSet,
  selected: readonly ServedSource[],
  tool: string,
  cursor: string | undefined,
  limit: number,
  read: (reader: SourceReader, after: Position | null, count: number) => T[],
  shape: (item: T, source: ServedSource) => U,
): { items: U[]; nextCursor: string | null; unavailable: UnavailableSource[] } {
  if (selected.length === 1) {
    const source = selected[0]!;
    const after = cursor === undefined ? null : decodeCursor(tool, cursor, null);
    const rows = read(sources.reader(source), after, limit + 1);
    const page = fitPage(
      rows,
      rows.slice(0, limit).map((item) => shape(item, source)),
      LISTING_OVERHEAD_BYTES,
      (last) => encodeCursor(tool, last.position),
    );
    return { ...page, unavailable: [] };
  }
  const positions = cursor === undefined ? {} : decodePositions(tool, cursor);
  const { results, unavailable } = readEach(
    sources,
    selected,
    (reader, source) => read(reader, positions[source.name] ?? null, limit + 1),
  );
  // A k-way merge: the newest head among the sources' pages, never reordering a page.
  const heads = results.map(() => 0);
  const merged: { item: T; source: ServedSource }[] = [];
  while (merged.length < limit + 1) {
    let best = -1;
    for (let i = 0; i < results.length; i++) {
      const item = results[i]!.value[heads[i]!];
      if (item === undefined) continue;
      const current = best === -1 ? undefined : results[best]!.value[heads[best]!]!;
      if (current === undefined || mergeTime(item.createdAt) > mergeTime(current.createdAt)) {
        best = i;
      }
    }
    if (best === -1) break;
    merged.push({ item: results[best]!.value[heads[best]!]!, source: results[best]!.source });
    heads[best]!++;
  }
  const page = fitPage(
    merged,
    merged.slice(0, limit).map(({ item, source }) => shape(item, source)),
    LISTING_OVERHEAD_BYTES,
    (_, kept) => {
      const next: Record<string, Position> = { ...positions };
      for (const { item, source } of merged.slice(0, kept)) next[source.name] = item.position;
      return encodeCursor(tool, ["sources", JSON.stringify(next)]);
    },
  );
  return { ...page, unavailable };
}

/** The per-source positions of a cursor made for several sources. */
function decodePositions(tool: string, cursor: string): Record<string, Position> {
  const [tag, json] = decodeCursor(tool, cursor, ["string", "string"]) as [string, string];
  if (tag !== "sources") throw new InvalidCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new InvalidCursorError();
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new InvalidCursorError();
  }
  const positions: Record<string, Position> = {};
  for (const [name, position] of Object.entries(parsed)) {
    const valid = Array.isArray(position) &&
      position.every((part: CursorValue) => typeof part === "string" || typeof part === "number");
    if (!valid) throw new InvalidCursorError();
    positions[name] = position as Position;
  }
  return positions;
}
