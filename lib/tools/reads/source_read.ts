/**
 * The reads of the sources that resources, prompts and completions are made of, typed as the
 * messages the worker threads run them from: what to read ({@link SourceRead}) and what it
 * came to ({@link ReadOutcome}), plain values that cross threads as they are. The MCP results
 * are made from them at the protocol edge (lib/protocol/resources, prompts, completions).
 *
 * @module
 */
import { withCallClock } from "../../sources/call_clock.ts";
import type { ServedSource, SourceSet } from "../../sources/source_set.ts";
import { failureOutcome, type ToolOutcome } from "../call_tool.ts";
import { findTranscript } from "../get_transcript.ts";
import { listingPage } from "../source_listing.ts";
import { ToolError } from "../tool.ts";
import { textBytes } from "../../sources/contract/contract_reader.ts";
import type { TranscriptDocument } from "../../sources/source_reader.ts";
import { type IdSuggestions, suggestIds } from "./id_suggestions.ts";
import { itemId, itemKey } from "./item_keys.ts";
import { transcriptMarkdown } from "./transcript_markdown.ts";
import { transcriptTurns } from "./transcript_turns.ts";
import { capText } from "../response_budget.ts";
import { FIELD_CAPS, RESOURCE_PAGE_SIZE } from "../../config/limits.ts";

export type { IdSuggestions } from "./id_suggestions.ts";

/** A read the workers run for the protocol layer. */
export type SourceRead =
  | {
    /** One page of every source's transcripts, newest first, for `resources/list`. */
    kind: "resource-page";
    /** The page's cursor, as the last page gave it; null for the first. */
    cursor: string | null;
  }
  | {
    /** One transcript as Markdown, for `resources/read` and the prompts. */
    kind: "transcript";
    /** Which: an item's key within a named source (a resource URI), or a public id. */
    target: { sourceName: string; key: string } | { id: string };
    /** The most the Markdown may weigh, in UTF-8 bytes. */
    maxBytes: number;
  }
  | {
    /** Ids whose titles hold what a person typed, for `completion/complete`. */
    kind: "id-suggestions";
    /** What was typed so far. */
    typed: string;
    /** Only this source's items; every source's when null. */
    sourceName: string | null;
    /** Each item's key within its source (a URI's `{id}`) rather than its public id. */
    keys: boolean;
  };

/** A transcript in a page of `resources/list`. */
export interface ResourceEntry {
  /** The name of its source. */
  sourceName: string;
  /** Its key within that source. */
  key: string;
  /** Its title. */
  title: string;
  /** When it was recorded, RFC 3339. */
  createdAt: string;
  /** What kind of recording it is (meeting, voice_note, …), or null. */
  label: string | null;
  /** The size of its text in UTF-8 bytes, where the source keeps it at hand; else null. */
  textBytes: number | null;
}

/** A page of `resources/list`. */
export interface ResourcePage {
  /** The transcripts, newest first. */
  items: ResourceEntry[];
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
}

/** A transcript read as Markdown. */
export interface TranscriptRead {
  /** The name of its source. */
  sourceName: string;
  /** Its public id. */
  id: string;
  /** Its key within its source. */
  key: string;
  /** Its title. */
  title: string;
  /** The Markdown, cut at a turn boundary when over the budget. */
  markdown: string;
  /** How many turns the Markdown shows. */
  shownTurns: number;
  /** How many turns the transcript has. */
  totalTurns: number;
}

/** What each kind of read answers. */
export interface ReadAnswers {
  /** `resources/list`'s page. */
  "resource-page": ResourcePage;
  /** A transcript as Markdown. */
  "transcript": TranscriptRead;
  /** Suggested ids. */
  "id-suggestions": IdSuggestions;
}

/** What a read came to: its answer, or a tool error's code and message. */
export type ReadOutcome<K extends SourceRead["kind"] = SourceRead["kind"]> =
  | { readonly ok: true; readonly value: ReadAnswers[K] }
  | ToolOutcome & { readonly ok: false };

/**
 * Runs `read` on `sources`; never throws. A transcript that is not there is `not_found`.
 *
 * @example
 * ```ts
 * import { runSourceRead } from "./source_read.ts";
 * import { SourceSet } from "../../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const page = runSourceRead(sources, { kind: "resource-page", cursor: null });
 * page.ok; // true
 * ```
 */
export function runSourceRead<R extends SourceRead>(
  sources: SourceSet,
  read: R,
): ReadOutcome<R["kind"]> {
  try {
    // One call, as a tool's: what its reads hold only for themselves is let go at its end.
    const value = withCallClock(() => answer(sources, read));
    return { ok: true, value: value as ReadAnswers[R["kind"]] };
  } catch (error) {
    return failureOutcome(error, read.kind);
  }
}

function answer(sources: SourceSet, read: SourceRead): ReadAnswers[SourceRead["kind"]] {
  switch (read.kind) {
    case "resource-page":
      return resourcePage(sources, read.cursor);
    case "transcript":
      return readTranscript(sources, read.target, read.maxBytes);
    case "id-suggestions": {
      const named = read.sourceName;
      const selected = named === null
        ? sources.select(undefined)
        : sources.all.filter((source) => source.name === named);
      return suggestIds(sources, selected, read.typed, read.keys);
    }
  }
}

function resourcePage(sources: SourceSet, cursor: string | null): ResourcePage {
  const page = listingPage(
    sources,
    sources.select(undefined),
    "resources/list",
    cursor ?? undefined,
    RESOURCE_PAGE_SIZE,
    (reader, after, count) => reader.listTranscripts(after, count, {}),
    (item, source): ResourceEntry => {
      // Our own stores keep the text's length in the row's header: read without the text.
      const store = source.kind === "transcript-mcp" ? sources.store(source) : null;
      return {
        sourceName: source.name,
        key: itemKey(source, item.id),
        // Cut as the tools cut it: a page fits its budget, and a title of megabytes took
        // a page alone.
        title: capText(item.title, FIELD_CAPS.title),
        createdAt: item.createdAt,
        label: item.source,
        textBytes: store === null ? null : textBytes(store, item.id) ?? null,
      };
    },
  );
  return { items: page.items, nextCursor: page.nextCursor };
}

function readTranscript(
  sources: SourceSet,
  target: Extract<SourceRead, { kind: "transcript" }>["target"],
  maxBytes: number,
): TranscriptRead {
  let found: { document: TranscriptDocument; source: ServedSource } | undefined;
  if ("id" in target) {
    const located = findTranscript(sources, target.id);
    const source = sources.all.find((candidate) => candidate.name === located?.sourceName);
    if (located !== undefined && source !== undefined) {
      found = { document: located.document, source };
    }
  } else {
    const source = sources.all.find((candidate) => candidate.name === target.sourceName);
    const document = source === undefined
      ? undefined
      : sources.reader(source).getTranscript(itemId(source, target.key));
    if (source !== undefined && document !== undefined) found = { document, source };
  }
  if (found === undefined) {
    const what = "id" in target ? target.id : `${target.sourceName}/${target.key}`;
    throw new ToolError("not_found", `Transcript ${what} not found`);
  }
  const { document, source } = found;
  const turns = transcriptTurns(sources.reader(source), document);
  const head = { ...document, sourceName: source.name };
  const rendered = transcriptMarkdown(head, turns, maxBytes);
  return {
    sourceName: source.name,
    id: document.id,
    key: itemKey(source, document.id),
    title: capText(document.title, FIELD_CAPS.title),
    markdown: rendered.markdown,
    shownTurns: rendered.shownTurns,
    totalTurns: rendered.totalTurns,
  };
}
