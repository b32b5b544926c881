/**
 * get_transcript: one transcript's metadata and a page of its text.
 *
 * @module
 */
import * as v from "valibot";
import { sliceText } from "../text_slice.ts";
import { flag, numberOrNull, tagList, textOrNull } from "./row_values.ts";
import { clampLimit, defineTool, READ_ONLY_ANNOTATIONS, ToolError } from "./tool.ts";

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
      v.description("Page size in characters, 1,000–200,000 (default 20,000); clamped."),
    ),
    20_000,
  ),
});

const outputSchema = v.object({
  id: v.string(),
  title: v.string(),
  text: v.pipe(v.string(), v.description("This page of the text.")),
  createdAt: v.string(),
  source: v.nullable(v.string()),
  duration: v.nullable(v.number()),
  engine: v.nullable(v.string()),
  modelId: v.nullable(v.string()),
  language: v.nullable(v.string()),
  starred: v.boolean(),
  manualTags: v.array(v.string()),
  template: v.nullable(v.string()),
  totalChars: v.pipe(v.number(), v.description("Length of the whole text, in characters.")),
  offset: v.number(),
  nextOffset: v.pipe(
    v.nullable(v.number()),
    v.description("Pass as offset for the next page; null at the end."),
  ),
});

/** get_transcript: reads one transcript, a page of text at a time. */
export const getTranscript = defineTool({
  name: "get_transcript",
  title: "Get a transcript",
  description: "Read one transcript by id: its metadata and a page of its text " +
    "(20,000 characters by default). Long transcripts are read on with nextOffset.",
  inputSchema,
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(store, input) {
    const row = store.get(
      `SELECT id, title, text, created_at, source, duration, engine, model_id, language,
              starred, manual_tags, template
         FROM transcripts WHERE id = ?`,
      input.id,
    );
    if (row === undefined) throw new ToolError("not_found", `Transcript ${input.id} not found`);
    const text = textOrNull(row["text"]) ?? "";
    if (input.offset > text.length) {
      throw new ToolError(
        "invalid_arguments",
        `offset: expected at most ${text.length} (the transcript's length), got ${input.offset}`,
      );
    }
    const slice = sliceText(text, input.offset, clampLimit(input.maxChars, 1_000, 200_000));
    return {
      id: String(row["id"]),
      title: textOrNull(row["title"]) ?? "",
      text: slice.text,
      createdAt: String(row["created_at"]),
      source: textOrNull(row["source"]),
      duration: numberOrNull(row["duration"]),
      engine: textOrNull(row["engine"]),
      modelId: textOrNull(row["model_id"]),
      language: textOrNull(row["language"]),
      starred: flag(row["starred"]),
      manualTags: tagList(row["manual_tags"]),
      template: textOrNull(row["template"]),
      totalChars: text.length,
      offset: slice.offset,
      nextOffset: slice.nextOffset,
    };
  },
});
