/**
 * list_tasks: tasks newest first, by bucket and done state, with a keyset cursor.
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
import { clampLimit, cursorArgument, limitArgument } from "./arguments.ts";
import { Conditions, keysetPage } from "./keyset_page.ts";
import { flag, textOrNull } from "./row_values.ts";
import { capText } from "./response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS } from "./tool.ts";
import { FIELD_CAPS, PAGE_SIZES } from "../config/limits.ts";

const NAME = "list_tasks";

/** The buckets a task can sit in. */
export const TASK_BUCKETS = ["inbox", "today", "week", "someday", "done"] as const;

const inputSchema = v.strictObject({
  bucket: v.optional(v.pipe(v.picklist(TASK_BUCKETS), v.description("Only tasks in this bucket."))),
  done: v.optional(v.pipe(v.boolean(), v.description("Only done (true) or open (false) tasks."))),
  limit: limitArgument(PAGE_SIZES.listTasks),
  cursor: cursorArgument,
});

const taskSchema = v.object({
  id: v.string(),
  text: v.string(),
  bucket: v.string(),
  done: v.boolean(),
  doneAt: v.nullable(v.string()),
  createdAt: v.string(),
  parentTaskId: v.nullable(v.string()),
  transcriptId: v.pipe(
    v.nullable(v.string()),
    v.description("The transcript the task came from, if any."),
  ),
});

const outputSchema = v.object({
  tasks: v.array(taskSchema),
  nextCursor: v.nullable(v.string()),
});

/** list_tasks: pages through tasks newest first. */
export const listTasks: AnyTool = defineTool({
  name: NAME,
  title: "List tasks",
  description: "List tasks newest first. Filter by bucket (inbox, today, week, someday, done) " +
    "or by done. Each task names the transcript it came from. Page with nextCursor.",
  inputSchema,
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  cheap: true,
  handler(store, input) {
    const limit = clampLimit(input.limit, PAGE_SIZES.listTasks);
    const conditions = new Conditions();
    if (input.cursor !== undefined) {
      const [createdAtText, idText, rowidText] = decodeCursor(NAME, input.cursor, [
        "string",
        "string",
        "string",
      ]);
      let createdAt: string | null = createdAtText as string;
      let id: string | null = idText as string;
      if (createdAt === "" || id === "") {
        const row = store.get(
          "SELECT created_at, id FROM tasks WHERE rowid = ?",
          cursorInteger(rowidText as string),
        );
        createdAt = textOrNull(row?.["created_at"]);
        id = textOrNull(row?.["id"]);
      }
      if (createdAt === null || id === null) throw new InvalidCursorError();
      conditions.add("(created_at, id) < (?, ?)", createdAt, id);
    }
    conditions.equal("bucket", input.bucket).equal("done", input.done);
    const page = keysetPage(
      store,
      `SELECT rowid, id, text, bucket, done, done_at, created_at, parent_task_id, transcript_id
         FROM tasks ${conditions.where}
        ORDER BY created_at DESC, id DESC
        LIMIT ?`,
      conditions,
      limit,
      (row) => ({
        id: capText(String(row["id"]), FIELD_CAPS.id),
        text: capText(textOrNull(row["text"]) ?? "", FIELD_CAPS.taskText),
        bucket: capText(String(row["bucket"]), FIELD_CAPS.label),
        done: flag(row["done"]),
        doneAt: capText(textOrNull(row["done_at"]), FIELD_CAPS.timestamp),
        createdAt: capText(String(row["created_at"]), FIELD_CAPS.timestamp),
        parentTaskId: capText(textOrNull(row["parent_task_id"]), FIELD_CAPS.id),
        transcriptId: capText(textOrNull(row["transcript_id"]), FIELD_CAPS.id),
      }),
      (last) =>
        encodeCursor(NAME, [
          cursorKeyText(String(last["created_at"])),
          cursorKeyText(String(last["id"])),
          String(last["rowid"]),
        ]),
    );
    return { tasks: page.items, nextCursor: page.nextCursor };
  },
});
