/**
 * get_transcript: one transcript's metadata and a page of its text.
 *
 * @module
 */
import * as v from "valibot";
import { sliceText } from "../text/text_slice.ts";
import type { SourceSet } from "../sources/source_set.ts";
import type { TranscriptDocument } from "../sources/source_reader.ts";
import { findItem } from "./find_item.ts";
import { textBytes } from "../sources/contract/contract_reader.ts";
import { capText, fitJsonText, jsonBytes, UNIT_JSON_MAX_BYTES } from "./response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS, ToolError } from "./tool.ts";
import { clampLimit } from "./arguments.ts";
import {
  TRANSCRIPT_DETAIL_ENTRIES,
  TRANSCRIPT_HEADER_ENTRIES,
  transcriptDetails,
  transcriptHeader,
} from "./transcript_header.ts";
import { FIELD_CAPS, INLINE_TEXT_BYTES, PAYLOAD_BUDGET_BYTES } from "../config/limits.ts";
import { PAGE_SIZES } from "../config/limits.ts";

const CHARS = PAGE_SIZES.transcriptChars;
const thousands = (n: number) => n.toLocaleString("en-US");

const inputSchema = v.strictObject({
  id: v.pipe(v.string(), v.description("The transcript's id, as list or search returned it.")),
  offset: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.description("Where the page starts, in characters; use nextOffset to read on."),
    ),
    0,
  ),
  maxChars: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.description(
        `Page size in characters, ${thousands(CHARS.min)}–${thousands(CHARS.max)} ` +
          `(default ${thousands(CHARS.fallback)}); clamped.`,
      ),
    ),
    CHARS.fallback,
  ),
});

// The page of text follows the title, as it always has: the header's fields, split there.
const { id, title, ...dated } = TRANSCRIPT_HEADER_ENTRIES;
const { duration, language, starred } = TRANSCRIPT_DETAIL_ENTRIES;

const outputSchema = v.object({
  id,
  title,
  text: v.pipe(v.string(), v.description("This page of the text.")),
  ...dated,
  duration,
  engine: v.nullable(v.string()),
  modelId: v.nullable(v.string()),
  language,
  starred,
  manualTags: v.array(v.string()),
  template: v.nullable(v.string()),
  totalChars: v.pipe(v.number(), v.description("Length of the whole text, in characters.")),
  offset: v.number(),
  nextOffset: v.pipe(
    v.nullable(v.number()),
    v.description("Pass as offset for the next page; null at the end."),
  ),
});

/**
 * The transcript with this public id and the name of its source: the source its prefix
 * names, else each store in our own schema in turn (their ids carry no prefix).
 *
 * @example
 * ```ts
 * import { findTranscript } from "./get_transcript.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * findTranscript(sources, "no such id"); // undefined
 * ```
 */
export function findTranscript(
  sources: SourceSet,
  id: string,
): { document: TranscriptDocument; sourceName: string } | undefined {
  const item = findItem(sources, id, (reader) => reader.getTranscript(id));
  return item === undefined ? undefined : { document: item.found, sourceName: item.source.name };
}

/**
 * Whether reading the item `input.id` whole is cheap enough for the main thread: one store
 * of ours, and a text of at most INLINE_TEXT_BYTES.
 *
 * @example
 * ```ts
 * import { readsCheaply } from "./get_transcript.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * readsCheaply(SourceSet.open([{ kind: "demo", name: "demo" }]), { id: "no such id" }); // true
 * ```
 */
export function readsCheaply(sources: SourceSet, input: { id: string }): boolean {
  const [source, ...others] = sources.all;
  const store = source === undefined ? null : sources.store(source);
  if (others.length > 0 || source?.kind !== "transcript-mcp" || store === null) return false;
  const bytes = textBytes(store, input.id);
  return bytes === undefined || bytes <= INLINE_TEXT_BYTES;
}

/** get_transcript: reads one transcript, a page of text at a time. */
export const getTranscript: AnyTool = defineTool({
  name: "get_transcript",
  title: "Get a transcript",
  description: "Read one transcript by id: its metadata and a page of its text " +
    `(${thousands(CHARS.fallback)} characters by default). Long transcripts are read on ` +
    "with nextOffset.",
  inputSchema,
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  // The whole text is read, and a read SQLite cannot stop: a very long one goes to a worker,
  // and so does every transcript another app's layout assembles from many rows.
  cheap: readsCheaply,
  handler(sources, input) {
    const found = findTranscript(sources, input.id);
    if (found === undefined) {
      throw new ToolError("not_found", `Transcript ${input.id} not found`);
    }
    const { document, sourceName } = found;
    const text = document.text;
    if (input.offset > text.length) {
      throw new ToolError(
        "invalid_arguments",
        `offset: expected at most ${text.length} (the transcript's length), got ${input.offset}`,
      );
    }
    const slice = sliceText(
      text,
      input.offset,
      clampLimit(input.maxChars, PAGE_SIZES.transcriptChars),
    );
    const { id, title, ...dated } = transcriptHeader(document, sourceName);
    const details = transcriptDetails(document);
    const result = {
      id,
      title,
      text: "",
      ...dated,
      duration: details.duration,
      engine: capText(document.engine, FIELD_CAPS.label),
      modelId: capText(document.modelId, FIELD_CAPS.label),
      language: details.language,
      starred: details.starred,
      manualTags: document.manualTags.slice(0, FIELD_CAPS.tags)
        .map((tag) => capText(tag, FIELD_CAPS.label)),
      template: capText(document.template, FIELD_CAPS.label),
      totalChars: text.length,
      offset: slice.offset,
      nextOffset: slice.nextOffset as number | null,
    };
    // A page of escape-heavy or non-Latin text can outweigh its character count: end the
    // page where the budget ends, and let nextOffset carry on from there.
    const room = PAYLOAD_BUDGET_BYTES - jsonBytes(result);
    // A page whose every unit could take the most JSON bytes and still fit needs no count.
    const end = slice.text.length * UNIT_JSON_MAX_BYTES <= room
      ? slice.offset + slice.text.length
      : fitJsonText(text, slice.offset, slice.offset + slice.text.length, room);
    result.text = text.slice(slice.offset, end);
    if (end < slice.offset + slice.text.length) result.nextOffset = end;
    return result;
  },
});
