/**
 * What changed in a screenpipe database since it was last looked at: the one decision
 * every fact kept per connection (sitting starts, segment order, texts, speakers) is kept
 * or dropped by. screenpipe appends audio rows every few seconds; a change that only
 * appends after the newest sitting began (its normal work) leaves every older sitting as
 * it was, so what was kept of them stays. Anything else drops it.
 *
 * Each look reads PRAGMA data_version; only when it moved are statements that read no
 * row's text run:
 *
 * - the rows: their count (SQLite counts an index's entries), the new rows' ids (the app's
 *   ids only grow), whether any is timestamped before the newest sitting's start, and how
 *   many have empty text: deletes, as retention and delete-range make, rows added in the
 *   past, and rows blanked in place are caught;
 * - the speakers (a short table): its count, newest id, flagged ids and named ids with
 *   their names. A rename, a merge (which deletes a speaker) or a flag is caught; speakers
 *   the app adds for new voices are not a change;
 * - the app's full-text index: its structure record (one row; it changes whenever the
 *   index is written) and the indexer's mark. screenpipe's `audio_transcriptions_update`
 *   trigger rewrites the index rows of any row updated with text, so an edited
 *   transcription or a row moved to another speaker changes it. Rows past the mark have no
 *   index rows, so their sittings are treated as the newest's. The indexer writes the index
 *   too (every 30 s), and a change that includes its run cannot be told from an edit, so it
 *   drops what was kept of texts and speakers (not the sitting starts, which no app edit
 *   moves: its trims of overlapping text, every minute or so, would otherwise recount
 *   them). Without the index or its mark (an app from before deferred indexing, whose
 *   triggers index every row as it is written), every change does.
 *
 * Not caught: an update of a row whose chunk has no index rows (the app's delete trigger
 * removes a whole chunk's); a timestamp edited, or a row deleted and one inserted below the
 * newest id in one change, which the app never does (a hand edit or a restore may): telling
 * them apart needs a pass over every row (about 80 ms at a million rows, on every write).
 *
 * @module
 */
import type { Store } from "../../store/store.ts";
import { FTS, PROGRESS, ROWS, type ScreenpipeSchema } from "./screenpipe_schema.ts";
import type { RowRef, SittingWalker } from "./screenpipe_sittings.ts";

/** What a look found, for the kept facts to compare with the next. */
export interface Looked {
  /** PRAGMA data_version then. */
  version: number;
  /**
   * Moves on every change to the rows other than appends after the newest sitting began
   * (a delete, a row in the past, a speaker flagged or cleared): sitting starts kept from
   * an earlier look are current, but for the newest sitting, while it is the same.
   */
  rowsEpoch: number;
  /**
   * Moves with {@link Looked.rowsEpoch} and on anything that may change a kept sitting's
   * texts or speakers (a speaker renamed or merged, an edit, the indexer's run).
   */
  detailEpoch: number;
  /**
   * The timestamp from which rows may still change by appends alone (the newest sitting's
   * start, or the first row not yet indexed when earlier): what was kept of a sitting
   * that ended before it stays current while {@link Looked.detailEpoch} is the same.
   */
  changingFrom: string;
}

/** The state a look compares the next with. */
interface State extends Looked {
  rows: number;
  maxId: number;
  /** How many rows have empty text (hidden, as the app's search hides them). */
  empties: number;
  /** The newest sitting's first row, or undefined without any. */
  newest: RowRef | undefined;
  flagged: string;
  speakers: number;
  speakerMax: number;
  names: string;
  index: string;
}

// Separates speakers' names in one text: no name holds it.
const UNIT = "char(31)";

/**
 * Decides, once per database version, what changed in one source's connection.
 *
 * @example
 * ```ts
 * import { ScreenpipeChanges } from "./screenpipe_changes.ts";
 * import type { ScreenpipeSchema } from "./screenpipe_schema.ts";
 * import type { SittingWalker } from "./screenpipe_sittings.ts";
 * import type { Store } from "../../store/store.ts";
 * declare const store: Store, schema: ScreenpipeSchema, walker: SittingWalker;
 * const changes = new ScreenpipeChanges(store, schema, walker);
 * const before = changes.look();
 * // … later: older sittings' facts are kept while the detail epoch is the same.
 * changes.look().detailEpoch === before.detailEpoch;
 * ```
 */
export class ScreenpipeChanges {
  readonly #store: Store;
  readonly #walker: SittingWalker;
  readonly #indexed: boolean;
  readonly #sql: Record<
    | "rows"
    | "maxId"
    | "newRows"
    | "pastRows"
    | "empties"
    | "speakers"
    | "index"
    | "mark"
    | "unindexed",
    string
  >;
  #state: State | undefined;

  /** Looks at `store`'s rows as `schema` shows them; `walker` finds the newest sitting. */
  constructor(store: Store, schema: ScreenpipeSchema, walker: SittingWalker) {
    this.#store = store;
    this.#walker = walker;
    this.#indexed = schema.fts && schema.progress;
    const speakers = schema.join !== "";
    const flagged = speakers && schema.visible.includes("hallucination")
      // As the schema's visible conditions read it: NULL hides a speaker too.
      ? "coalesce(group_concat(CASE WHEN (hallucination = 0) IS NOT 1 THEN id END), '')"
      : "''";
    // Named speakers as `id=name`, those up to `upTo` alone when given.
    const named = (upTo: string) =>
      schema.speakerName === "" ? "''" : `coalesce(group_concat(CASE WHEN ${upTo}
        trim(name) <> '' THEN id || '=' || name END, ${UNIT}), '')`;
    this.#sql = {
      rows: `SELECT count(*) AS n FROM ${ROWS}`,
      maxId: `SELECT coalesce(max(id), 0) AS n FROM ${ROWS}`,
      newRows: `SELECT count(*) AS n FROM ${ROWS} WHERE id > ?`,
      // The new rows, by id: the unary plus keeps SQLite off the timestamp index, where it
      // would walk every older row first (about 140 ms at a million rows).
      pastRows: `SELECT 1 AS n FROM ${ROWS} WHERE id > ? AND +timestamp < ? LIMIT 1`,
      // Seeks in the app's index on the text: a row blanked in place (which the update
      // trigger skips) or given text again is caught.
      // ?1: the highest id at the last look, for the count among the rows there were then.
      empties: `SELECT count(*) AS n, count(CASE WHEN id <= ?1 THEN 1 END) AS old
        FROM ${ROWS} WHERE transcription = ''`,
      // ?1: the newest speaker's id at the last look; speakers added since are left out of
      // `old` and `oldNames`, as a new speaker changes no kept sitting.
      speakers: speakers
        ? `SELECT count(*) AS n, coalesce(max(id), 0) AS m,
            count(CASE WHEN id <= ?1 THEN 1 END) AS old, ${flagged} AS flagged,
            ${named("id <= ?1 AND")} AS oldNames, ${named("")} AS names
          FROM speakers`
        : "",
      index: `SELECT hex(block) AS n FROM ${FTS}_data WHERE id = 10`,
      mark: `SELECT last_indexed_rowid AS n FROM ${PROGRESS} WHERE table_name = '${ROWS}'`,
      unindexed: `SELECT min(+timestamp) AS n FROM ${ROWS} WHERE id > ?`,
    };
  }

  /** What changed since the last look, as of now. */
  look(): Looked {
    const version = this.#store.dataVersion();
    const last = this.#state;
    if (last?.version === version) return last;
    const rows = this.#number(this.#sql.rows);
    const maxId = this.#number(this.#sql.maxId);
    const speakers = this.#sql.speakers === ""
      ? undefined
      : this.#store.get(this.#sql.speakers, last?.speakerMax ?? 0);
    const flagged = String(speakers?.["flagged"] ?? "");
    const index = this.#indexed ? String(this.#store.get(this.#sql.index)?.["n"] ?? "") : "";
    const empties = this.#store.get(this.#sql.empties, last?.maxId ?? 0);
    const appended = last !== undefined && flagged === last.flagged &&
      Number(empties?.["old"] ?? 0) === last.empties &&
      rows === last.rows + this.#number(this.#sql.newRows, last.maxId) &&
      (last.newest === undefined ||
        this.#store.get(this.#sql.pastRows, last.maxId, last.newest.ts) === undefined);
    const same = appended && this.#indexed && index === last.index &&
      Number(speakers?.["old"] ?? 0) === last.speakers &&
      String(speakers?.["oldNames"] ?? "") === last.names;
    const newest = this.#newestStart(appended ? last.newest : undefined);
    const unindexed = this.#indexed
      ? this.#store.get(this.#sql.unindexed, this.#number(this.#sql.mark))?.["n"]
      : undefined;
    const firstUnindexed = unindexed === null || unindexed === undefined
      ? undefined
      : String(unindexed);
    this.#state = {
      version,
      rowsEpoch: (last?.rowsEpoch ?? 0) + (appended || last === undefined ? 0 : 1),
      detailEpoch: (last?.detailEpoch ?? 0) + (same || last === undefined ? 0 : 1),
      changingFrom: [newest?.ts ?? "", firstUnindexed ?? newest?.ts ?? ""].sort()[0]!,
      rows,
      maxId,
      empties: Number(empties?.["n"] ?? 0),
      newest,
      flagged,
      speakers: Number(speakers?.["n"] ?? 0),
      speakerMax: Number(speakers?.["m"] ?? 0),
      names: String(speakers?.["names"] ?? ""),
      index,
    };
    return this.#state;
  }

  /**
   * The newest sitting's first row, walked back to from the newest row; no further back than
   * `before`, the start at the last look when only appends followed it: no row came before
   * it since, so the sitting that reaches it starts there.
   */
  #newestStart(before: RowRef | undefined): RowRef | undefined {
    const newest = this.#walker.newest(null);
    if (newest === undefined) return undefined;
    const known = before && ((ms: number) => ms <= before.ms ? before : undefined);
    return this.#walker.startOf(newest, known);
  }

  #number(sql: string, ...params: number[]): number {
    return Number(this.#store.get(sql, ...params)?.["n"] ?? 0);
  }
}
