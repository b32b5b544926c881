/**
 * Ids to suggest for what a person has typed: transcripts whose title holds it (or whose id
 * starts with it), newest first, across the sources asked. Each source's newest items are
 * looked through up to a bound, so a suggestion comes at once on any store.
 *
 * @module
 */
import type { ServedSource, SourceSet } from "../../sources/source_set.ts";
import type { Position, TranscriptSummary } from "../../sources/source_reader.ts";
import { readEach } from "../source_listing.ts";
import { itemKey } from "./item_keys.ts";
import { COMPLETION_MAX_VALUES, COMPLETION_SCAN_ITEMS, PAGE_SIZES } from "../../config/limits.ts";

/** Suggested ids, newest first, and whether more would have matched. */
export interface IdSuggestions {
  /** At most {@link COMPLETION_MAX_VALUES} ids (or keys, see {@link suggestIds}). */
  values: string[];
  /** True when more items match, or some were not looked through. */
  hasMore: boolean;
}

/** Whether `item` matches `typed`, already lower-cased: in its title, or at its id's start. */
function matches(item: TranscriptSummary, key: string, typed: string): boolean {
  return typed === "" || item.title.toLowerCase().includes(typed) ||
    item.id.toLowerCase().startsWith(typed) || key.toLowerCase().startsWith(typed);
}

/**
 * Suggests the items of `selected` whose title holds `typed` (case-insensitively), or whose
 * id starts with it, newest first: public ids, or with `keys` each item's key within its
 * source (as a resource URI's `{id}` takes it). A source that cannot be read is left out.
 *
 * @example
 * ```ts
 * import { suggestIds } from "./id_suggestions.ts";
 * import { SourceSet } from "../../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * suggestIds(sources, sources.select(undefined), "pricing", false).values.length > 0; // true
 * ```
 */
export function suggestIds(
  sources: SourceSet,
  selected: readonly ServedSource[],
  typed: string,
  keys: boolean,
): IdSuggestions {
  const wanted = typed.toLowerCase();
  let hasMore = false;
  const { results } = readEach(sources, selected, (reader, source) => {
    const found: { value: string; createdAt: string }[] = [];
    let after: Position | null = null;
    let seen = 0;
    while (seen < COMPLETION_SCAN_ITEMS) {
      const count = Math.min(PAGE_SIZES.listTranscripts.max, COMPLETION_SCAN_ITEMS - seen);
      const page = reader.listTranscripts(after, count, {});
      for (const item of page) {
        const key = itemKey(source, item.id);
        if (!matches(item, key, wanted)) continue;
        // One past the most shown tells that there are more.
        if (found.length === COMPLETION_MAX_VALUES) return { found, more: true };
        found.push({ value: keys ? key : item.id, createdAt: item.createdAt });
      }
      seen += page.length;
      if (page.length < count) return { found, more: false };
      after = page[page.length - 1]!.position;
    }
    return { found, more: true };
  });
  const merged = results.flatMap(({ value }) => {
    hasMore ||= value.more;
    return value.found;
  });
  // Newest first across sources; a stable sort keeps each source's own order on ties.
  merged.sort((a, b) => timeOf(b.createdAt) - timeOf(a.createdAt));
  if (merged.length > COMPLETION_MAX_VALUES) hasMore = true;
  return { values: merged.slice(0, COMPLETION_MAX_VALUES).map((item) => item.value), hasMore };
}

/** Epoch ms of an RFC 3339 time, unreadable times last. */
function timeOf(createdAt: string): number {
  const ms = Date.parse(createdAt);
  return Number.isNaN(ms) ? -Infinity : ms;
}
