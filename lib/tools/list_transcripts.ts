/**
 * list_transcripts: the newest transcripts first, with filters and a keyset cursor.
 *
 * @module
 */
import * as v from "valibot";
import { clampLimit, cursorArgument, limitArgument, timestampArgument } from "./arguments.ts";
import { listingPage, sourceNameArgument, unavailableSchema } from "./source_listing.ts";
import { capText } from "./response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS } from "./tool.ts";
import {
  TRANSCRIPT_DETAIL_ENTRIES,
  TRANSCRIPT_HEADER_ENTRIES,
  transcriptDetails,
  transcriptHeader,
} from "./transcript_header.ts";
import { FIELD_CAPS, PAGE_SIZES, PREVIEW_LENGTH } from "../config/limits.ts";

const NAME = "list_transcripts";

const inputSchema = v.strictObject({
  limit: limitArgument(PAGE_SIZES.listTranscripts),
  cursor: cursorArgument,
  starred: v.optional(
    v.pipe(v.boolean(), v.description("Only starred (true) or unstarred (false).")),
  ),
  source: v.optional(
    v.pipe(
      v.string(),
      v.description("Only this kind of recording, e.g. meeting, voice_note, chat."),
    ),
  ),
  sourceName: sourceNameArgument,
  since: timestampArgument("Only transcripts created at or after this RFC 3339 date or time."),
  until: timestampArgument("Only transcripts created before this RFC 3339 date or time."),
});

const summarySchema = v.object({
  ...TRANSCRIPT_HEADER_ENTRIES,
  ...TRANSCRIPT_DETAIL_ENTRIES,
  preview: v.pipe(
    v.string(),
    v.description(`The first ${PREVIEW_LENGTH} characters, with … when cut.`),
  ),
});

const outputSchema = v.object({
  transcripts: v.array(summarySchema),
  nextCursor: v.pipe(
    v.nullable(v.string()),
    v.description("Pass as cursor for the next page; null on the last page."),
  ),
  unavailable: unavailableSchema,
});

/** list_transcripts: pages through transcripts newest first, across sources. */
export const listTranscripts: AnyTool = defineTool({
  name: NAME,
  title: "List transcripts",
  description: "List transcripts newest first, with a short preview of each, from every " +
    "source or one (sourceName). Filter by starred, kind of recording (source) and a " +
    "created-at range (since inclusive, until exclusive). Page with nextCursor.",
  inputSchema,
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  // One store of ours: an index walk. Other layouts, or a merge, go to a worker.
  cheap: (sources) => sources.all.length === 1 && sources.all[0]!.kind === "transcript-mcp",
  handler(sources, input) {
    const filter = {
      starred: input.starred,
      label: input.source,
      since: input.since,
      until: input.until,
    };
    const page = listingPage(
      sources,
      sources.select(input.sourceName),
      NAME,
      input.cursor,
      clampLimit(input.limit, PAGE_SIZES.listTranscripts),
      (reader, after, count) => reader.listTranscripts(after, count, filter),
      (item, source) => ({
        ...transcriptHeader(item, source.name),
        ...transcriptDetails(item),
        preview: capText(item.preview, FIELD_CAPS.preview),
      }),
    );
    return {
      transcripts: page.items,
      nextCursor: page.nextCursor,
      ...(page.unavailable.length > 0 ? { unavailable: page.unavailable } : {}),
    };
  },
});
