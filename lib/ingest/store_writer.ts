/**
 * The one writing connection of transcript-mcp: `index`'s, to the store it builds. The store
 * is in our own schema (lib/store/schema.sql) plus one side table of ours, `index_items`,
 * holding each item's source and content hash, by which a later run tells what changed.
 * The store is kept in WAL mode, so that a run's one transaction, killed at any moment, leaves
 * readers the previous store whole (SQLite ignores a WAL's frames past its last commit).
 * A new store is built beside its target and moved into place when the writer closes
 * (store_building.ts): a run killed before that leaves no store, never half of one.
 *
 * @module
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { SCHEMA_SQL } from "../store/schema.ts";
import { deferMerges, suspendInsertTrigger } from "../store/fts_rows.ts";
import { INDEX_BUSY_TIMEOUT_MS } from "../config/limits.ts";
import { describeError } from "../log.ts";
import { isBusy } from "../store/errors.ts";
import type { IndexedTask, IndexedTranscript } from "./indexed_item.ts";
import { SegmentRows } from "./segment_rows.ts";
import {
  checkBuiltByIndex,
  INDEX_ITEMS_SQL,
  INDEX_SOURCES_SQL,
  IndexTargetError,
  type ItemKind,
  type KnownItem,
  tableNames,
} from "./index_tables.ts";

export { INDEX_ITEMS_SQL, INDEX_SOURCES_SQL, IndexTargetError };
export { itemKey, type ItemKind, type KnownItem } from "./index_tables.ts";
import {
  type Building,
  buildingPath,
  claimBuilding,
  confirmBuilding,
  dropBuilding,
  isNewTarget,
  moveIntoPlace,
} from "./store_building.ts";

/**
 * SQLite's page cache for a run, in KiB: internal tuning. A run is one transaction; pages
 * that do not fit are written out and read back before it commits (its default is 2 MiB).
 */
const RUN_CACHE_KIB = 64 * 1024;

// The terms FTS5 holds in memory before writing them out as a segment, during a run: a
// segment per 64 MiB of terms rather than per 1 MiB (FTS5's default), so a bulk load writes
// and merges far fewer of them. Put back to the default when the run commits.
const RUN_FTS_HASH_BYTES = 64 * 1024 * 1024;

/**
 * A store being written by `index`. Writes happen between {@link StoreWriter.begin} and
 * {@link StoreWriter.commit}: one transaction per run.
 *
 * @example
 * ```ts
 * import { StoreWriter } from "./store_writer.ts";
 * const writer = StoreWriter.open("/tmp/archive.db");
 * writer.begin();
 * writer.commit();
 * writer.close();
 * ```
 */
export class StoreWriter {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  /** The pk of the first transcript a run inserts: every row from it on is new. */
  #firstNewPk = 0;
  #segments: SegmentRows | undefined;
  /** Puts the schema's insert trigger back, while a run has it suspended. */
  #putBackTrigger: (() => void) | undefined;
  /** Turns FTS5's merging back on, while a run has it deferred. */
  #resumeMerges: (() => void) | undefined;
  /** A new store's building file and its target, until it is moved into place. */
  readonly #building: Building | undefined;
  /** Set once the writer has closed whole: a new store is then in place, not to remove. */
  #moved = false;
  /** The store's path, for messages. */
  readonly #path: string;

  private constructor(db: DatabaseSync, path: string, building?: Building) {
    this.#db = db;
    this.#path = path;
    this.#building = building;
  }

  /**
   * Opens the store at `path` for writing, making it (schema and side table, in one
   * transaction) when the file is missing or an SQLite database with no tables. A missing
   * file is made beside `path` and moved there by {@link StoreWriter.close}. Throws
   * IndexTargetError for a database `index` did not build.
   */
  static open(path: string): StoreWriter {
    let db: DatabaseSync;
    let building: Building | undefined;
    try {
      if (isNewTarget(path)) {
        const file = buildingPath(path);
        building = { file, target: path, ino: claimBuilding(file, path) };
      }
      db = new DatabaseSync(building?.file ?? path, {
        // Rows are written as the sources serve them: a task may name a transcript of
        // another source, or one left out; the store does not rewrite such references.
        enableForeignKeyConstraints: false,
        timeout: INDEX_BUSY_TIMEOUT_MS,
      });
      db.exec(`PRAGMA busy_timeout = ${INDEX_BUSY_TIMEOUT_MS}`);
    } catch (error) {
      if (error instanceof IndexTargetError) throw error;
      throw new IndexTargetError(`Cannot index: cannot open ${path}: ${describeError(error)}`);
    }
    /** Whether the building file is this run's, held: only then is it removed on failure. */
    let held = false;
    try {
      if (building !== undefined) {
        // Its lock is held from here until the file is moved into place: another run finds
        // it taken (store_building.ts), not a killed run's file to remove.
        // Nothing reads the building file, and a crash leaves it unused: no journal on disk,
        // no waiting for the disk (the file is synced once, before it is moved into place).
        db.exec("PRAGMA journal_mode = MEMORY");
        db.exec("PRAGMA synchronous = OFF");
        db.exec("PRAGMA locking_mode = EXCLUSIVE");
        db.exec("BEGIN EXCLUSIVE");
        confirmBuilding(building.file, path, building.ino);
        held = true;
      }
      const tables = tableNames(db);
      if (building !== undefined) {
        db.exec(SCHEMA_SQL);
        db.exec(INDEX_ITEMS_SQL);
        db.exec(INDEX_SOURCES_SQL);
        db.exec("COMMIT");
      } else if (tables.size === 0) {
        db.exec("PRAGMA journal_mode = WAL");
        db.exec("BEGIN");
        db.exec(SCHEMA_SQL);
        db.exec(INDEX_ITEMS_SQL);
        db.exec(INDEX_SOURCES_SQL);
        db.exec("COMMIT");
      } else {
        checkBuiltByIndex(db, path, tables);
        if (String(db.prepare("PRAGMA journal_mode").get()?.["journal_mode"]) !== "wal") {
          db.exec("PRAGMA journal_mode = WAL");
        }
        db.exec(INDEX_SOURCES_SQL);
      }
      // In WAL mode a commit survives a killed process whatever this says; NORMAL spares
      // the sync on every commit that FULL would make.
      if (building === undefined) db.exec("PRAGMA synchronous = NORMAL");
      db.exec(`PRAGMA cache_size = -${RUN_CACHE_KIB}`);
      return new StoreWriter(db, path, building);
    } catch (error) {
      const close = () => db.isOpen && db.close();
      if (held) dropBuilding(building!, close);
      else close();
      if (error instanceof IndexTargetError) throw error;
      throw new IndexTargetError(`Cannot index into ${path}: ${describeError(error)}`);
    }
  }

  /** Whether the run makes a new store (built beside its target), not one already there. */
  get isNew(): boolean {
    return this.#building !== undefined;
  }

  /** Every item the store holds from earlier runs. */
  known(): KnownItem[] {
    return this.#db.prepare("SELECT kind, id, source, hash FROM index_items").all().map((row) => ({
      kind: String(row["kind"]) as ItemKind,
      id: String(row["id"]),
      source: String(row["source"]),
      hash: String(row["hash"]),
    }));
  }

  /** The stamp each source had when it was last read in full. */
  stamps(): Map<string, string> {
    return new Map(
      this.#db.prepare("SELECT source, stamp FROM index_sources").all()
        .map((row) => [String(row["source"]), String(row["stamp"])]),
    );
  }

  /** Records a source's stamp after a full read, or forgets it (null). */
  setStamp(source: string, stamp: string | null): void {
    this.#run("DELETE FROM index_sources WHERE source = ?", source);
    if (stamp !== null) {
      this.#run("INSERT INTO index_sources (source, stamp) VALUES (?, ?)", source, stamp);
    }
  }

  /**
   * Starts the run's one transaction. New transcripts are indexed in FTS5 all at once as it
   * commits, with the schema's insert trigger suspended until then (lib/store/fts_rows.ts):
   * inside the transaction, so the store never shows without it.
   */
  begin(): void {
    try {
      this.#db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      if (!isBusy(error)) throw error;
      throw new IndexTargetError(
        `Cannot index into ${this.#path}: another run of index is writing it; wait for it to end`,
      );
    }
    const last = this.#db.prepare("SELECT max(pk) AS pk FROM transcripts").get()?.["pk"];
    this.#firstNewPk = Number(last ?? 0) + 1;
    this.#putBackTrigger = suspendInsertTrigger(this.#db);
    // A run is a bulk load: FTS5 merges its segments in fewer, larger steps (fts_rows.ts).
    this.#resumeMerges = deferMerges(this.#db, RUN_FTS_HASH_BYTES);
  }

  /** Commits the run: readers see all of it from now on, or, before, none of it. */
  commit(): void {
    if (this.#putBackTrigger !== undefined) {
      // In one statement at the end, not row by row: every statement of a transaction that
      // opens a savepoint (a segments insert does) makes FTS5 write out what it holds, and
      // rows indexed between segments became a small FTS5 segment each, merged again and
      // again (a folder of 1,000 calls: its segments took 1.6-4.3 s to write, 0.8-1.4 s so).
      this.#run(
        "INSERT INTO transcripts_fts (rowid, title, text) " +
          "SELECT pk, title, text FROM transcripts WHERE pk >= ? ORDER BY pk",
        this.#firstNewPk,
      );
    }
    this.#resumeMerges?.();
    this.#resumeMerges = undefined;
    this.#putBackTrigger?.();
    this.#putBackTrigger = undefined;
    this.#db.exec("COMMIT");
  }

  /** Drops everything written since {@link StoreWriter.begin} (the trigger comes back too). */
  rollback(): void {
    this.#putBackTrigger = undefined;
    this.#resumeMerges = undefined;
    if (this.#db.isTransaction) this.#db.exec("ROLLBACK");
  }

  /**
   * Writes a transcript, new or changed, with its segments when they are all timed (the
   * schema's segment times are NOT NULL). Returns whether its segments were stored.
   */
  putTranscript(t: IndexedTranscript, source: string, hash: string): boolean {
    const values = [
      t.title,
      t.text,
      t.createdAt,
      t.source,
      t.duration,
      t.starred ? 1 : 0,
      t.language,
      t.engine,
      t.modelId,
      JSON.stringify(t.manualTags),
      t.template,
    ] as const;
    const pk = this.#statement("SELECT pk FROM transcripts WHERE id = ?").get(t.id)?.["pk"];
    if (typeof pk === "number" || typeof pk === "bigint") {
      // An UPDATE keeps the row's pk, so cursors a client holds stay valid; its trigger
      // keeps FTS in sync (it has the old values).
      this.#run(
        `UPDATE transcripts SET title = ?, text = ?, created_at = ?, source = ?, duration = ?,
                starred = ?, language = ?, engine = ?, model_id = ?, manual_tags = ?, template = ?
          WHERE pk = ?`,
        ...values,
        pk,
      );
    } else {
      // Indexed in FTS5 as the run commits; outside a run, by the trigger, now.
      this.#run(
        `INSERT INTO transcripts (title, text, created_at, source, duration, starred, language,
                                  engine, model_id, manual_tags, template, id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ...values,
        t.id,
      );
    }
    this.#run("DELETE FROM segments WHERE transcript_id = ?", t.id);
    const timed = t.segments.every((s) => s.startMs !== null && s.endMs !== null);
    if (timed) {
      this.#segments ??= new SegmentRows(this.#db);
      this.#segments.put(t.id, t.segments);
    }
    this.#remember("transcript", t.id, source, hash);
    return timed;
  }

  /** Writes a task, new or changed; a changed one keeps its rowid, as a transcript its pk. */
  putTask(t: IndexedTask, source: string, hash: string): void {
    const values = [
      t.text,
      t.bucket,
      t.done ? 1 : 0,
      t.doneAt,
      t.createdAt,
      t.parentTaskId,
      t.transcriptId,
      t.id,
    ] as const;
    const updated = this.#run(
      `UPDATE tasks SET text = ?, bucket = ?, done = ?, done_at = ?, created_at = ?,
              parent_task_id = ?, transcript_id = ?
        WHERE id = ?`,
      ...values,
    );
    if (updated === 0) {
      this.#run(
        `INSERT INTO tasks (text, bucket, done, done_at, created_at, parent_task_id,
                            transcript_id, id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ...values,
      );
    }
    this.#remember("task", t.id, source, hash);
  }

  /** Records that an unchanged item now comes from `source` (a source renamed). */
  moveItem(kind: ItemKind, id: string, source: string): void {
    this.#run("UPDATE index_items SET source = ? WHERE kind = ? AND id = ?", source, kind, id);
  }

  /** Removes an item (a transcript with its segments, or a task) and its record. */
  remove(kind: ItemKind, id: string): void {
    if (kind === "transcript") {
      this.#run("DELETE FROM segments WHERE transcript_id = ?", id);
      this.#run("DELETE FROM transcripts WHERE id = ?", id);
    } else {
      this.#run("DELETE FROM tasks WHERE id = ?", id);
    }
    this.#run("DELETE FROM index_items WHERE kind = ? AND id = ?", kind, id);
  }

  /**
   * Closes the connection; an open transaction is rolled back. A new store is then moved
   * into place at its target, as its last commit left it.
   */
  close(): void {
    if (!this.#db.isOpen) return;
    const building = this.#building;
    try {
      this.rollback();
      // Readers and later runs find it in WAL mode, as a store built in place.
      if (building !== undefined) this.#db.exec("PRAGMA journal_mode = WAL");
    } catch (error) {
      this.abandon();
      throw error;
    }
    if (building === undefined) this.#db.close();
    else moveIntoPlace(building.file, building.target, () => this.#db.close());
    this.#moved = true;
  }

  /**
   * Closes the connection after a failed run: its transaction is rolled back, and a new
   * store's building file is removed, never moved into place. Does nothing after close().
   */
  abandon(): void {
    if (this.#db.isOpen) {
      try {
        this.rollback();
      } catch {
        // Closing the connection drops the transaction all the same.
      }
    }
    const close = () => {
      if (this.#db.isOpen) this.#db.close();
    };
    if (this.#building !== undefined && !this.#moved) dropBuilding(this.#building, close);
    else close();
  }

  #remember(kind: ItemKind, id: string, source: string, hash: string): void {
    this.#run(
      "INSERT OR REPLACE INTO index_items (kind, id, source, hash) VALUES (?, ?, ?, ?)",
      kind,
      id,
      source,
      hash,
    );
  }

  #run(sql: string, ...params: (string | number | bigint | null)[]): number {
    return Number(this.#statement(sql).run(...params).changes);
  }

  #statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}
