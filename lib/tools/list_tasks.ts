/**
 * list_tasks: tasks newest first, by bucket and done state, with a keyset cursor.
 *
 * @module
 */
import * as v from "valibot";
import { clampLimit, cursorArgument, limitArgument } from "./arguments.ts";
import { listingPage, sourceNameArgument, unavailableSchema } from "./source_listing.ts";
import { capText } from "./response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS } from "./tool.ts";
import { taskSearchPage } from "./task_search.ts";
import type { TaskSummary } from "../sources/source_reader.ts";
import type { ServedSource } from "../sources/source_set.ts";
import { FIELD_CAPS, MAX_QUERY_LENGTH, PAGE_SIZES } from "../config/limits.ts";

const NAME = "list_tasks";

/**
 * The buckets a task can sit in: our store's five, and "scheduled", where rousseau's cron jobs
 * sit (a source without such jobs lists none there).
 */
export const TASK_BUCKETS = ["inbox", "today", "week", "someday", "done", "scheduled"] as const;

const inputSchema = v.strictObject({
  query: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => value.trim() !== "", "a non-blank query"),
      v.maxLength(MAX_QUERY_LENGTH),
      v.description(
        "Only tasks whose text holds these words (case-insensitive), best first: most of " +
          "the words, then newest.",
      ),
    ),
  ),
  bucket: v.optional(v.pipe(v.picklist(TASK_BUCKETS), v.description("Only tasks in this bucket."))),
  done: v.optional(v.pipe(v.boolean(), v.description("Only done (true) or open (false) tasks."))),
  sourceName: sourceNameArgument,
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
  sourceName: v.pipe(v.string(), v.description("The source it is read from (list_sources).")),
  schedule: v.optional(
    v.pipe(v.string(), v.description('A scheduled job\'s cron expression (bucket "scheduled").')),
  ),
  enabled: v.optional(v.pipe(v.boolean(), v.description("Whether a scheduled job runs."))),
});

const outputSchema = v.object({
  tasks: v.array(taskSchema),
  nextCursor: v.nullable(v.string()),
  unavailable: unavailableSchema,
});

/** list_tasks: pages through tasks newest first, across sources. */
export const listTasks: AnyTool = defineTool({
  name: NAME,
  title: "List tasks",
  description: "List tasks newest first, from every source or one (sourceName). Filter by " +
    "bucket (inbox, today, week, someday, done, or scheduled: an app's scheduled jobs, with " +
    "their schedule) or by done; with query, only tasks whose " +
    "text holds its words, best first. Each task names the transcript it came from. Page " +
    "with nextCursor.",
  inputSchema,
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  // One store of ours: an index walk. A query (a scan), other layouts, or a merge, go to a
  // worker.
  cheap: (sources, input) =>
    input.query === undefined && sources.all.length === 1 &&
    sources.all[0]!.kind === "transcript-mcp",
  handler(sources, input) {
    const filter = { bucket: input.bucket, done: input.done };
    const shape = (task: TaskSummary, source: ServedSource) => ({
      id: capText(task.id, FIELD_CAPS.id),
      text: capText(task.text, FIELD_CAPS.taskText),
      bucket: capText(task.bucket, FIELD_CAPS.label),
      done: task.done,
      doneAt: capText(task.doneAt, FIELD_CAPS.timestamp),
      createdAt: capText(task.createdAt, FIELD_CAPS.timestamp),
      parentTaskId: capText(task.parentTaskId, FIELD_CAPS.id),
      transcriptId: capText(task.transcriptId, FIELD_CAPS.id),
      sourceName: source.name,
      ...(task.schedule === undefined
        ? {}
        : { schedule: capText(task.schedule, FIELD_CAPS.label) }),
      ...(task.enabled === undefined ? {} : { enabled: task.enabled }),
    });
    const selected = sources.select(input.sourceName);
    const limit = clampLimit(input.limit, PAGE_SIZES.listTasks);
    const page = input.query === undefined
      ? listingPage(
        sources,
        selected,
        NAME,
        input.cursor,
        limit,
        (reader, after, count) => reader.listTasks(after, count, filter),
        shape,
      )
      : taskSearchPage(sources, selected, input.query, input.cursor, limit, filter, shape);
    return {
      tasks: page.items,
      nextCursor: page.nextCursor,
      ...(page.unavailable.length > 0 ? { unavailable: page.unavailable } : {}),
    };
  },
});
