/**
 * Action items out of a Meetily summary (`summary_processes.result`), in the three shapes it
 * has had: `{"markdown"}` with an "Action Items" section (a Markdown table, or bullets),
 * `{"markdown", "summary_json"}` after an edit in the app (the Markdown is read), and the
 * legacy backend's sections of blocks, JSON-encoded twice, with `ImmediateActionItems`.
 *
 * @module
 */
import { keepGoingSql, type Store } from "../../store/store.ts";
import { textOf } from "./text_value.ts";

/** One action item as the summary states it. */
export interface ActionItem {
  /** What to do, with its owner and due date when the summary names them. */
  text: string;
  /** Whether the summary marks it done (a Status column saying so). */
  done: boolean;
}

/** Raised for a result that is not one of the shapes: its meeting's items are skipped. */
export class UnreadableSummaryError extends Error {
  /** Makes the error. */
  constructor() {
    super("Cannot read summary: not a Meetily result");
    this.name = "UnreadableSummaryError";
  }
}

const DONE = /^(done|completed?|finished|closed|erledigt|terminé)$/i;
const HEADING = /^\s*(#{1,6}\s+.*|\*\*[^*]+\*\*:?\s*|__[^_]+__:?\s*)$/;

function plain(cell: string): string {
  return cell.replace(/\*\*|__|`/g, "").trim();
}

function isEmptyCell(cell: string): boolean {
  return cell === "" || /^(none|n\/a|-|—|tbd)$/i.test(cell);
}

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map(plain);
}

function itemText(task: string, owner: string, due: string): string {
  const who = isEmptyCell(owner) ? "" : `${owner}: `;
  const when = isEmptyCell(due) ? "" : ` (due ${due})`;
  return `${who}${task}${when}`;
}

/** The lines of the Markdown section whose heading names action items. */
function actionSection(markdown: string): string[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => HEADING.test(line) && /action items?/i.test(line));
  if (start === -1) return [];
  const section: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (HEADING.test(line) && !line.trim().startsWith("|")) break;
    section.push(line);
  }
  return section;
}

/**
 * The action items of a Markdown summary: the rows of the table under its "Action Items"
 * heading (columns found by their headers: Task, Owner, Due, Status), or its bullets.
 *
 * @example
 * ```ts
 * import { markdownActionItems } from "./meetily_action_items.ts";
 * markdownActionItems("**Action Items**\n\n| Owner | Task | Due |\n|---|---|---|\n| Dana | Send it | Friday |");
 * // [{ text: "Dana: Send it (due Friday)", done: false }]
 * ```
 */
export function markdownActionItems(markdown: string): ActionItem[] {
  const section = actionSection(markdown);
  const rows = section.filter((line) => line.trim().startsWith("|"));
  if (rows.length >= 2) {
    const header = cells(rows[0]!).map((cell) => cell.toLowerCase());
    const column = (pattern: RegExp) => header.findIndex((cell) => pattern.test(cell));
    const task = Math.max(column(/task|action|item/), 0);
    const [owner, due, status] = [column(/owner|assignee|who/), column(/due/), column(/status/)];
    return rows.slice(1)
      .filter((row) => !/^\s*\|?\s*:?-{2,}/.test(row))
      .map(cells)
      .filter((row) => !isEmptyCell(row[task] ?? ""))
      .map((row) => ({
        text: itemText(row[task]!, row[owner] ?? "", row[due] ?? ""),
        done: DONE.test(row[status] ?? ""),
      }));
  }
  return section
    .map((line) => /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s*)?(.*)$/.exec(line))
    .filter((found) => found !== null && !isEmptyCell(plain(found[1]!)))
    .map((found) => ({
      text: plain(found![1]!),
      done: /^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]/.test(found!.input),
    }));
}

interface LegacySection {
  title?: unknown;
  blocks?: unknown;
}

function legacyBlocks(section: unknown): string[] {
  const blocks = (section as LegacySection | null)?.blocks;
  if (!Array.isArray(blocks)) return [];
  return blocks
    .map((block) => (block as { content?: unknown } | null)?.content)
    .filter((content): content is string => typeof content === "string" && content.trim() !== "")
    .map((content) => content.trim());
}

/** The legacy backend's action items: ImmediateActionItems, and like-named note sections. */
function legacyActionItems(value: Record<string, unknown>): ActionItem[] {
  const texts = legacyBlocks(value["ImmediateActionItems"]);
  const notes = (value["MeetingNotes"] as { sections?: unknown } | null)?.sections;
  if (Array.isArray(notes)) {
    for (const section of notes as LegacySection[]) {
      if (typeof section?.title === "string" && /action items?/i.test(section.title)) {
        // A loop, not push(...): a spread of 150,000 blocks overflows the stack.
        for (const text of legacyBlocks(section)) texts.push(text);
      }
    }
  }
  // The legacy backend wrote the same items both at the top and among the notes.
  return [...new Set(texts)].map((text) => ({ text, done: false }));
}

/**
 * The action items of a `summary_processes.result`, in whichever shape it is. Throws
 * UnreadableSummaryError for text that is no JSON or of no known shape.
 *
 * @example
 * ```ts
 * import { actionItemsOf } from "./meetily_action_items.ts";
 * actionItemsOf(JSON.stringify({ markdown: "**Action Items**\n- Book the venue" }));
 * // [{ text: "Book the venue", done: false }]
 * ```
 */
export function actionItemsOf(result: string): ActionItem[] {
  let value: unknown;
  try {
    value = JSON.parse(result);
    // The legacy backend encoded the object twice.
    if (typeof value === "string") value = JSON.parse(value);
  } catch {
    throw new UnreadableSummaryError();
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new UnreadableSummaryError();
  }
  const object = value as Record<string, unknown>;
  if (typeof object["markdown"] === "string") return markdownActionItems(object["markdown"]);
  if ("ImmediateActionItems" in object || "MeetingNotes" in object) {
    return legacyActionItems(object);
  }
  throw new UnreadableSummaryError();
}

/** A summary's action items (null when its result is unreadable), with its order keys. */
export interface SummaryItems {
  /** The task time, epoch ms: the order key. */
  k: number;
  /** The meeting's rowid: the tie-breaker. */
  r: number;
  /** The meeting's id. */
  id: string;
  /** Its action items, or null when its summary could not be read. */
  items: ActionItem[] | null;
}

const TASK_BATCH = 100;

/**
 * The summaries of a Meetily database newest first by `keySql` (over `s`, the summary, and
 * `m`, its meeting), from the position `[k, r]` on (inclusive), read a batch at a time and
 * parsed. An unreadable result yields null items: it never fails the call.
 *
 * @example
 * ```ts
 * import { summaryRows } from "./meetily_action_items.ts";
 * import type { Store } from "../../store/store.ts";
 * declare const store: Store;
 * for (const summary of summaryRows(store, "0", null)) summary.items?.length;
 * ```
 */
export function* summaryRows(
  store: Store,
  keySql: string,
  from: readonly number[] | null,
): Generator<SummaryItems> {
  const sql = `SELECT * FROM (SELECT m.rowid AS r, m.id AS id, s.result AS result, ${keySql} AS k
      FROM summary_processes s JOIN meetings m ON m.id = s.meeting_id
      WHERE s.result IS NOT NULL AND ${keepGoingSql("s")})
    WHERE (? IS NULL OR k < ? OR (k = ? AND r <= ?)) ORDER BY k DESC, r DESC LIMIT ?`;
  let at = from;
  for (;;) {
    const rows = store.all(
      sql,
      at === null ? null : 1,
      at?.[0] ?? 0,
      at?.[0] ?? 0,
      at?.[1] ?? 0,
      TASK_BATCH,
    );
    for (const row of rows) {
      store.throwIfInterrupted();
      let items: ActionItem[] | null;
      try {
        items = actionItemsOf(textOf(row["result"]));
      } catch {
        items = null;
      }
      yield { k: Number(row["k"]), r: Number(row["r"]), id: String(row["id"]), items };
    }
    if (rows.length < TASK_BATCH) return;
    const last = rows[rows.length - 1]!;
    at = [Number(last["k"]), Number(last["r"]) - 1];
  }
}

/**
 * How many action items the summaries hold, and how many summaries could not be read: one
 * unordered pass (summaryRows sorts every batch, five times slower over 4,000 summaries).
 *
 * @example
 * ```ts
 * import { countActionItems } from "./meetily_action_items.ts";
 * import type { Store } from "../../store/store.ts";
 * declare const store: Store;
 * countActionItems(store).tasks;
 * ```
 */
export function countActionItems(store: Store): { tasks: number; unreadable: number } {
  let tasks = 0;
  let unreadable = 0;
  const rows = store.all(
    `SELECT s.result AS result FROM summary_processes s JOIN meetings m ON m.id = s.meeting_id
      WHERE s.result IS NOT NULL AND ${keepGoingSql("s")}`,
  );
  for (const [i, row] of rows.entries()) {
    if (i % TASK_BATCH === 0) store.throwIfInterrupted();
    try {
      tasks += actionItemsOf(textOf(row["result"])).length;
    } catch {
      unreadable++;
    }
  }
  return { tasks, unreadable };
}
