/**
 * list_transcripts: the newest transcripts first, with filters and a keyset cursor.
 *
 * @module
 */
import * as v from "valibot";
import {
  cursorInteger,
  cursorKeyText,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
} from "./cursor.ts";
import { clampLimit, cursorArgument, limitArgument, timestampArgument } from "./arguments.ts";
import { Conditions, keysetPage } from "./keyset_page.ts";
import { textOrNull } from "./row_values.ts";
import { capText } from "./response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS } from "./tool.ts";
import {
  TRANSCRIPT_DETAIL_ENTRIES,
  TRANSCRIPT_HEADER_ENTRIES,
  transcriptDetails,
  transcriptHeader,
} from "./transcript_header.ts";
import { previewFromHead, previewSourceSql } from "./transcript_preview.ts";
import { FIELD_CAPS, PAGE_SIZES, PREVIEW_LENGTH } from "../config/limits.ts";

const NAME = "list_transcripts";

const inputSchema = v.strictObject({
  limit: limitArgument(PAGE_SIZES.listTranscripts),
  cursor: cursorArgument,
  starred: v.optional(
    v.pipe(v.boolean(), v.description("Only starred (true) or unstarred (false).")),
  ),
  source: v.optional(
    v.pipe(v.string(), v.description("Only this source, e.g. meeting, voice_note, chat.")),
  ),
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
});

/** list_transcripts: pages through transcripts newest first. */
export const listTranscripts: AnyTool = defineTool({
  name: NAME,
  title: "List transcripts",
  description: "List transcripts newest first, with a short preview of each. Filter by starred, " +
    "source and a created-at range (since inclusive, until exclusive). Page with nextCursor.",
  inputSchema,
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  cheap: true,
  handler(store, input) {
    const limit = clampLimit(input.limit, PAGE_SIZES.listTranscripts);
    const conditions = new Conditions();
    if (input.cursor !== undefined) {
      const [createdAtText, pkText] = decodeCursor(NAME, input.cursor, ["string", "string"]);
      const pk = cursorInteger(pkText as string);
      const createdAt = createdAtText === ""
        ? textOrNull(
          store.get("SELECT created_at FROM transcripts WHERE pk = ?", pk)?.["created_at"],
        )
        : createdAtText as string;
      if (createdAt === null) throw new InvalidCursorError();
      conditions.add("(created_at, pk) < (?, ?)", createdAt, pk);
    }
    conditions.equal("starred", input.starred).equal("source", input.source);
    if (input.since !== undefined) conditions.add("created_at >= ?", input.since);
    if (input.until !== undefined) conditions.add("created_at < ?", input.until);
    const page = keysetPage(
      store,
      `SELECT pk, id, title, created_at, source, duration, starred, language,
              ${previewSourceSql("text")} AS head
         FROM transcripts ${conditions.where}
        ORDER BY created_at DESC, pk DESC
        LIMIT ?`,
      conditions,
      limit,
      (row) => ({
        ...transcriptHeader(row),
        ...transcriptDetails(row),
        preview: capText(previewFromHead(store, row["pk"], row["head"]), FIELD_CAPS.preview),
      }),
      (last) => encodeCursor(NAME, [cursorKeyText(String(last["created_at"])), String(last["pk"])]),
    );
    return { transcripts: page.items, nextCursor: page.nextCursor };
  },
});
