/**
 * The rousseau kind: the session store of the rousseau agent (sebastienrousseau/rousseau-agent,
 * `internal/state/sqlite/`, read at commit a0115335; docs/sources.md, "rousseau"). A
 * transcript is a `sessions` row, its turns the text blocks of its payload
 * (rousseau_payload.ts), newest first by `updated_at`; its tasks are the `cron_jobs` rows;
 * search ranks with the app's `sessions_fts` and checks what it shows (rousseau_search.ts).
 * The tables that hold tokens, phone numbers and other sessions' ids are never read.
 *
 * @module
 */
import { keepGoingSql, type Store, type StoreRow } from "../../store/store.ts";
import { makePreview } from "../../text/preview.ts";
import { MAX_SPEAKERS, ROUSSEAU_KEPT_CHARS } from "../../config/limits.ts";
import { KeptRenderings } from "./rousseau_kept.ts";
import { readFromList, speakersOf } from "../turns.ts";
import { matchWindow } from "../../search/snippet.ts";
import type { SourceContext, SourceKind } from "../source_kind.ts";
import { missingColumns } from "../source_kind.ts";
import { ROUSSEAU_READABLE, ROUSSEAU_SIGN } from "../kind_signs.ts";
import {
  type HitDetail,
  type Position,
  positionInteger,
  positionTexts,
  type SearchRanking,
  type SegmentRange,
  type SegmentRecord,
  type SourceFacts,
  type SourceReader,
  type TaskFilter,
  type TaskSummary,
  type TranscriptDocument,
  type TranscriptFilter,
  type TranscriptSummary,
} from "../source_reader.ts";
import { publicId, splitPublicId } from "../source_ids.ts";
import { goTime, type RenderedSession, renderPayload } from "./rousseau_payload.ts";
import { RousseauSearch } from "./rousseau_search.ts";
import { type CronJob, cronJobs, cronTasks } from "./rousseau_cron.ts";
import { textOf } from "./text_value.ts";

/** The label every rousseau transcript carries. */
const LABEL = "chat";
const EPOCH = "1970-01-01T00:00:00.000Z";
/** A session's creation time as text, its update time standing in for Go's zero time. */
/** A time as rousseau writes one: a year first (goTime reads the rest). */
const DATED = "GLOB '[0-9][0-9][0-9][0-9]-*'";
/** When a session was created, as shown: its update where the creation is zero or no time. */
const CREATED = `(CASE WHEN s.created_at ${DATED} AND s.created_at NOT GLOB '0001-01-01*'
  THEN s.created_at ELSE s.updated_at END)`;
/** The columns a head is read from; `message_count` as NULL where an upgrade dropped it. */
const head = (counted: boolean) =>
  `s.rowid AS r, s.id AS id, s.title AS title, ${counted ? "s.message_count" : "NULL"} AS n,
  s.created_at AS c, s.updated_at AS u`;

/** A session row's head. */
export interface SessionHead {
  /** Its rowid. */
  rowid: number;
  /** rousseau's id (a UUID). */
  id: string;
  /** Its title. */
  title: string;
  /** `message_count` as stored. */
  messageCount: number;
  /** When it was created, RFC 3339, or null (Go's zero time). */
  createdAt: string | null;
  /** When it was last updated, RFC 3339, or null. */
  updatedAt: string | null;
  /** `updated_at` as stored: the listing's order. */
  updatedText: string;
}

function headOf(row: StoreRow): SessionHead {
  return {
    rowid: Number(row["r"]),
    id: String(row["id"]),
    title: textOf(row["title"]),
    messageCount: Number(row["n"] ?? 0),
    createdAt: goTime(row["c"]),
    updatedAt: goTime(row["u"]),
    updatedText: String(row["u"] ?? ""),
  };
}

/** A session read whole: its head and its rendering. */
export interface ReadSession {
  /** Its head. */
  head: SessionHead;
  /** Its payload rendered. */
  rendered: RenderedSession;
}

/** How many rendered sessions a reader keeps, for a search's hits shown right after. */
const KEPT_RENDERINGS = 64;

/** A rousseau database read as a source. */
export class RousseauReader implements SourceReader {
  readonly #store: Store;
  readonly #name: string;
  readonly #cron: boolean;
  readonly #lastRun: boolean;
  readonly #counted: boolean;
  readonly #head: string;
  readonly #search: RousseauSearch;
  readonly #kept = new KeptRenderings(KEPT_RENDERINGS, ROUSSEAU_KEPT_CHARS);

  /** A reader over `store` (locked down to {@link rousseauKind}'s tables). */
  constructor(store: Store, context: SourceContext) {
    this.#store = store;
    this.#name = context.name;
    const missing = (table: string, columns: readonly string[]) =>
      missingColumns(context.tables, table, columns);
    this.#cron =
      missing("cron_jobs", ROUSSEAU_READABLE.cron_jobs.filter((c) => c !== "last_run_at"))
        .length === 0;
    this.#lastRun = missing("cron_jobs", ["last_run_at"]).length === 0;
    this.#counted = missing("sessions", ["message_count"]).length === 0;
    this.#head = head(this.#counted);
    this.#search = new RousseauSearch(store, (id) => {
      const read = this.session(id);
      return read === undefined
        ? undefined
        : { title: read.head.title, text: read.rendered.turnsText };
    });
  }

  /** The source's name. */
  get name(): string {
    return this.#name;
  }

  /** A session's head and rendering by rousseau's id, or undefined. */
  session(id: string): ReadSession | undefined {
    const row = this.#store.get(`SELECT ${this.#head} FROM sessions s WHERE s.id = ?`, id);
    return row === undefined ? undefined : this.#render(headOf(row));
  }

  /** A session rendered: the one kept from before while its `updated_at` is the same. */
  #render(head: SessionHead): ReadSession {
    const kept = this.#kept.get(head.id);
    if (kept !== undefined && kept.head.updatedText === head.updatedText) return kept;
    const payload = this.#store.get(
      "SELECT s.payload AS p FROM sessions s WHERE s.rowid = ?",
      head.rowid,
    )?.["p"];
    const start = head.createdAt === null ? null : Date.parse(head.createdAt);
    const read = { head, rendered: renderPayload(textOf(payload), start) };
    this.#kept.keep(read);
    return read;
  }

  /** Session heads newest first (by `updated_at`), after `after`, at most `limit`. */
  heads(after: Position | null, limit: number, filter: TranscriptFilter = {}): SessionHead[] {
    const since = filter.since === undefined ? "" : new Date(filter.since).toISOString();
    const until = filter.until === undefined ? "\uffff" : new Date(filter.until).toISOString();
    const range = `s.id IS NOT NULL AND ${CREATED} >= ? AND ${CREATED} < ? AND ${
      keepGoingSql("s")
    }`;
    if (after === null) {
      return this.#store.all(
        `SELECT ${this.#head} FROM sessions s WHERE ${range}
          ORDER BY s.updated_at DESC, s.rowid DESC LIMIT ?`,
        since,
        until,
        limit,
      ).map(headOf);
    }
    const [updated, rowid] = positionTexts(after, 2);
    return this.#store.all(
      `SELECT ${this.#head} FROM sessions s
        WHERE s.updated_at <= ? AND (s.updated_at < ? OR s.rowid < ?) AND ${range}
        ORDER BY s.updated_at DESC, s.rowid DESC LIMIT ?`,
      updated!,
      updated!,
      positionInteger(rowid),
      since,
      until,
      limit,
    ).map(headOf);
  }

  listTranscripts(
    after: Position | null,
    limit: number,
    filter: TranscriptFilter,
  ): TranscriptSummary[] {
    if (after !== null) positionInteger(positionTexts(after, 2)[1]);
    if (filter.starred === true || (filter.label !== undefined && filter.label !== LABEL)) {
      return [];
    }
    return this.heads(after, limit, filter).map((head) => {
      const read = this.#render(head);
      return {
        ...this.#fields(read),
        duration: null,
        starred: false,
        language: null,
        preview: makePreview(read.rendered.turnsText) ?? "",
        position: [head.updatedText, String(head.rowid)],
      };
    });
  }

  /** A session's fields in every answer; its speakers are its messages' roles. */
  #fields({ head, rendered }: ReadSession) {
    const { segments } = rendered;
    return {
      id: publicId(this.#name, head.id),
      title: head.title,
      createdAt: head.createdAt ?? head.updatedAt ?? EPOCH,
      source: LABEL,
      speakers: segments.length === 0 ? undefined : speakersOf(segments, MAX_SPEAKERS),
    };
  }

  #sessionOf(id: string): ReadSession | undefined {
    const parts = splitPublicId(id);
    return parts === null || parts.name !== this.#name ? undefined : this.session(parts.key);
  }

  getTranscript(id: string): TranscriptDocument | undefined {
    const read = this.#sessionOf(id);
    if (read === undefined) return undefined;
    return {
      ...this.#fields(read),
      duration: null,
      starred: false,
      language: null,
      engine: null,
      modelId: null,
      manualTags: [],
      template: null,
      text: read.rendered.unreadable
        ? "[this session's payload could not be read]"
        : read.rendered.text,
    };
  }

  readSegments(id: string, range: SegmentRange): SegmentRecord[] | undefined {
    const read = this.#sessionOf(id);
    // A message with a time but no end is compared by its time, as every kind does.
    return read === undefined ? undefined : readFromList(read.rendered.segments)(range);
  }

  search(query: string, count: number): SearchRanking {
    return this.#search.search(query, count);
  }

  renderHits(keys: readonly string[], match: string): HitDetail[] {
    return keys.flatMap((key) => {
      this.#store.throwIfInterrupted();
      const read = this.session(key);
      if (read === undefined) return [];
      const text = read.rendered.turnsText;
      return [{
        ...this.#fields(read),
        key,
        preview: makePreview(text) ?? "",
        window: matchWindow(text, match),
      }];
    });
  }

  /** The cron jobs, newest first (as rousseau lists them); none without the table. */
  jobs(): CronJob[] {
    return this.#cron ? cronJobs(this.#store, this.#lastRun) : [];
  }

  listTasks(after: Position | null, limit: number, filter: TaskFilter): TaskSummary[] {
    if (!this.#cron) {
      if (after !== null) positionInteger(positionTexts(after, 2)[1]);
      return [];
    }
    return cronTasks(this.#store, this.#name, after, limit, filter, this.#lastRun);
  }

  facts(): SourceFacts {
    const count = (sql: string) => Number(this.#store.get(sql)?.["n"] ?? 0);
    const transcripts = count(`SELECT count(*) AS n FROM sessions s WHERE s.id IS NOT NULL`);
    const newest = this.#store.get(
      `SELECT max(${CREATED}) AS n FROM sessions s
        WHERE ${CREATED} ${DATED} AND ${CREATED} NOT GLOB '0001-01-01*'`,
    )?.["n"];
    const undated = count(
      `SELECT count(*) AS n FROM sessions s WHERE s.created_at GLOB '0001-01-01*'`,
    );
    const notes = [
      "newest first means most recently updated (updated_at): a session created long ago " +
      "but continued today is near the top",
      "turns are the text blocks of each message; tool calls, tool results and images are " +
      "never shown: a line `[not shown: …]` in get_transcript's text counts them where they were",
    ];
    if (undated > 0) {
      notes.push(
        `${undated} sessions have no creation time (Go's zero time): dated by their update`,
      );
    }
    if (!this.#cron) notes.push("cron_jobs is missing or incomplete: no scheduled jobs as tasks");
    else if (!this.#lastRun) notes.push("cron_jobs.last_run_at is missing: no last run times");
    if (!this.#counted) {
      notes.push("sessions.message_count is missing: message counts are shown as 0");
    }
    return {
      transcripts,
      tasks: this.#cron ? count(`SELECT count(*) AS n FROM cron_jobs c WHERE c.id IS NOT NULL`) : 0,
      newest: goTime(newest),
      search: "fts",
      turns: false,
      notes,
    };
  }
}

/**
 * The rousseau kind: its sign (kind_signs.ts) and its reader.
 *
 * @example
 * ```ts
 * import { rousseauKind } from "./rousseau.ts";
 * rousseauKind.matches(new Map([["sessions", new Set(["id"])]])); // false
 * ```
 */
export const rousseauKind: SourceKind = {
  ...ROUSSEAU_SIGN,
  open: (store, context) => new RousseauReader(store, context),
};
