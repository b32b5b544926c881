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
import { KEEP_GOING_SQL } from "../store/store.ts";
import type { SQLInputValue } from "node:sqlite";
import { cursorArgument, limitArgument, timestampArgument } from "./arguments.ts";
import { flag, numberOrNull, textOrNull } from "./row_values.ts";
import { capText, FIELD_CAPS, fitPage } from "./response_budget.ts";
import { type AnyTool, clampLimit, defineTool, READ_ONLY_ANNOTATIONS } from "./tool.ts";
import { previewFromHead, previewSourceSql } from "./transcript_preview.ts";

const NAME = "list_transcripts";

const inputSchema = v.strictObject({
  limit: limitArgument(1, 200, 20),
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
  id: v.string(),
  title: v.string(),
  createdAt: v.string(),
  source: v.nullable(v.string()),
  duration: v.pipe(v.nullable(v.number()), v.description("Length in seconds.")),
  starred: v.boolean(),
  language: v.nullable(v.string()),
  preview: v.pipe(v.string(), v.description("The first 240 characters, with … when cut.")),
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
    const limit = clampLimit(input.limit, 1, 200);
    const conditions: string[] = [KEEP_GOING_SQL];
    const params: SQLInputValue[] = [];
    if (input.cursor !== undefined) {
      const [createdAtText, pkText] = decodeCursor(NAME, input.cursor, ["string", "string"]);
      const pk = cursorInteger(pkText as string);
      const createdAt = createdAtText === ""
        ? textOrNull(
          store.get("SELECT created_at FROM transcripts WHERE pk = ?", pk)?.["created_at"],
        )
        : createdAtText as string;
      if (createdAt === null) throw new InvalidCursorError();
      conditions.push("(created_at, pk) < (?, ?)");
      params.push(createdAt, pk);
    }
    if (input.starred !== undefined) {
      conditions.push("starred = ?");
      params.push(input.starred ? 1 : 0);
    }
    if (input.source !== undefined) {
      conditions.push("source = ?");
      params.push(input.source);
    }
    if (input.since !== undefined) {
      conditions.push("created_at >= ?");
      params.push(input.since);
    }
    if (input.until !== undefined) {
      conditions.push("created_at < ?");
      params.push(input.until);
    }
    // The SQL varies only by which fixed conditions apply; every value is bound.
    const where = `WHERE ${conditions.join(" AND ")}`;
    const rows = store.all(
      `SELECT pk, id, title, created_at, source, duration, starred, language,
              ${previewSourceSql("text")} AS head
         FROM transcripts ${where}
        ORDER BY created_at DESC, pk DESC
        LIMIT ?`,
      ...params,
      limit + 1,
    );
    const summaries = rows.slice(0, limit).map((row) => ({
      id: capText(String(row["id"]), FIELD_CAPS.id),
      title: capText(textOrNull(row["title"]) ?? "", FIELD_CAPS.title),
      createdAt: capText(String(row["created_at"]), FIELD_CAPS.timestamp),
      source: capText(textOrNull(row["source"]), FIELD_CAPS.label),
      duration: numberOrNull(row["duration"]),
      starred: flag(row["starred"]),
      language: capText(textOrNull(row["language"]), FIELD_CAPS.label),
      preview: capText(previewFromHead(store, row["pk"], row["head"]), FIELD_CAPS.preview),
    }));
    const page = fitPage(
      rows,
      summaries,
      100,
      (last) => encodeCursor(NAME, [cursorKeyText(String(last["created_at"])), String(last["pk"])]),
    );
    return { transcripts: page.items, nextCursor: page.nextCursor };
  },
});
