/**
 * rousseau's scheduled prompts (`cron_jobs`, internal/state/sqlite/cron.go) as tasks: each
 * job is a task in the bucket "scheduled", its prompt the text, its cron expression the
 * schedule; newest first by `created_at`, as the app lists them. `deliver_to` (a WhatsApp
 * JID, which is a phone number) is never read.
 *
 * @module
 */
import { keepGoingSql, type Store, type StoreRow } from "../../store/store.ts";
import {
  type Position,
  positionInteger,
  positionTexts,
  type TaskFilter,
  type TaskSummary,
} from "../source_reader.ts";
import { publicId } from "../source_ids.ts";
import { goTime } from "./rousseau_payload.ts";
import { textOf } from "./text_value.ts";

/** The bucket every job sits in. */
export const SCHEDULED = "scheduled";

/** One job as read. */
export interface CronJob {
  /** Its rowid. */
  rowid: number;
  /** rousseau's id. */
  id: string;
  /** Its unique name. */
  name: string;
  /** Its cron expression. */
  schedule: string;
  /** The prompt it runs. */
  prompt: string;
  /** Whether it runs. */
  enabled: boolean;
  /** When it was made, RFC 3339, or null. */
  createdAt: string | null;
  /** When it last ran, RFC 3339, or null. */
  lastRunAt: string | null;
  /** `created_at` as stored: the order. */
  createdText: string;
}

/** The columns read; `last_run_at` as NULL where an upgrade dropped it (`lastRun` false). */
const columns = (lastRun: boolean) =>
  `c.rowid AS r, c.id AS id, c.name AS name, c.cron_expr AS x, c.prompt AS p,
  c.enabled AS e, c.created_at AS c, ${lastRun ? "c.last_run_at" : "NULL"} AS l`;

function jobOf(row: StoreRow): CronJob {
  return {
    rowid: Number(row["r"]),
    id: String(row["id"]),
    name: textOf(row["name"]),
    schedule: textOf(row["x"]),
    prompt: textOf(row["p"]),
    enabled: Number(row["e"] ?? 0) === 1,
    createdAt: goTime(row["c"]),
    lastRunAt: goTime(row["l"]),
    createdText: String(row["c"] ?? ""),
  };
}

function readJobs(
  store: Store,
  after: Position | null,
  limit: number,
  lastRun: boolean,
): CronJob[] {
  const selected = columns(lastRun);
  const order = "ORDER BY c.created_at DESC, c.rowid DESC LIMIT ?";
  if (after === null) {
    return store.all(
      `SELECT ${selected} FROM cron_jobs c WHERE c.id IS NOT NULL AND ${
        keepGoingSql("c")
      } ${order}`,
      limit,
    )
      .map(jobOf);
  }
  const [created, rowid] = positionTexts(after, 2);
  return store.all(
    `SELECT ${selected} FROM cron_jobs c
      WHERE (c.created_at < ? OR (c.created_at = ? AND c.rowid < ?)) AND c.id IS NOT NULL
        AND ${keepGoingSql("c")}
      ${order}`,
    created!,
    created!,
    positionInteger(rowid),
    limit,
  ).map(jobOf);
}

/**
 * Every job, newest first.
 *
 * @example
 * ```ts
 * import { cronJobs } from "./rousseau_cron.ts";
 * import { openDatabaseSource } from "../open_source.ts";
 * const { store } = openDatabaseSource("/home/me/.local/share/rousseau/sessions.db", {
 *   name: "rousseau",
 * });
 * cronJobs(store)[0]?.schedule; // "0 8 * * *"
 * ```
 */
export function cronJobs(store: Store, lastRun = true): CronJob[] {
  return readJobs(store, null, -1, lastRun);
}

/**
 * Up to `limit` jobs as tasks, newest first, after `after`.
 *
 * @example
 * ```ts
 * import { cronTasks } from "./rousseau_cron.ts";
 * import { openDatabaseSource } from "../open_source.ts";
 * const { store } = openDatabaseSource("/home/me/.local/share/rousseau/sessions.db", {
 *   name: "rousseau",
 * });
 * cronTasks(store, "rousseau", null, 10, {})[0]?.bucket; // "scheduled"
 * ```
 */
export function cronTasks(
  store: Store,
  name: string,
  after: Position | null,
  limit: number,
  filter: TaskFilter,
  lastRun = true,
): TaskSummary[] {
  if (after !== null) positionInteger(positionTexts(after, 2)[1]);
  if ((filter.bucket !== undefined && filter.bucket !== SCHEDULED) || filter.done === true) {
    return [];
  }
  return readJobs(store, after, limit, lastRun).map((job) => ({
    id: publicId(name, job.id),
    text: job.prompt,
    bucket: SCHEDULED,
    done: false,
    doneAt: null,
    createdAt: job.createdAt ?? "1970-01-01T00:00:00.000Z",
    parentTaskId: null,
    transcriptId: null,
    schedule: job.schedule,
    enabled: job.enabled,
    position: [job.createdText, String(job.rowid)],
  }));
}
