/**
 * Finding the source of an item by its public id: the source its prefix names, else each
 * store in our own schema in turn (their ids carry no prefix). get_transcript and get_turns
 * both look items up this way.
 *
 * @module
 */
import type { SourceReader } from "../sources/source_reader.ts";
import type { ServedSource, SourceSet } from "../sources/source_set.ts";
import { splitPublicId } from "../sources/source_ids.ts";

/**
 * What `read` finds for `id` in the source that holds it, with that source and its reader
 * (asking the set for a reader again checks the file again); undefined when no source does.
 *
 * @example
 * ```ts
 * import { findItem } from "./find_item.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * findItem(sources, "no such id", (reader, id) => reader.getTranscript(id)); // undefined
 * ```
 */
export function findItem<T>(
  sources: SourceSet,
  id: string,
  read: (reader: SourceReader, id: string) => T | undefined,
): { found: T; source: ServedSource; reader: SourceReader } | undefined {
  const named = splitPublicId(id);
  const prefixed = named === null
    ? undefined
    : sources.all.find((source) => source.name === named.name);
  if (prefixed !== undefined) {
    const reader = sources.reader(prefixed);
    const found = read(reader, id);
    if (found !== undefined) return { found, source: prefixed, reader };
  }
  for (const source of sources.all) {
    sources.refresh(source); // A store that failed at start may be back: its kind is known then.
    if (source === prefixed || source.kind !== "transcript-mcp" || source.failure !== null) {
      continue;
    }
    const reader = sources.reader(source);
    const found = read(reader, id);
    if (found !== undefined) return { found, source, reader };
  }
  return undefined;
}
