/**
 * A screenpipe sitting's segment order, read without its text: a search hit needs its
 * sitting's speakers (in order of first appearance) and its moment's `seq`, and both
 * depend only on where each row sorts among the sitting's segments (screenpipe_sittings.ts
 * `sittingSegments`: by when its chunk's speech starts plus its own start, then id). Each
 * row is read as five numbers and a timestamp (no text, device or engine, no speaker
 * looked up per row) and the order is kept, for the last few sittings read, until the
 * database changes; the few speakers' names are looked up once each.
 *
 * Where a timestamp does not parse, the order of segments depends on how the runtime sorts
 * them, so none is made here: callers read the sitting's segments instead.
 *
 * @module
 */
import { keepGoingSql, type Store, type StoreValue } from "../../store/store.ts";
import type { SegmentRecord } from "../source_reader.ts";
import { firstHolding } from "../turns.ts";
import { MAX_SPEAKERS } from "../../config/limits.ts";
import { ROWS, type ScreenpipeSchema } from "./screenpipe_schema.ts";
import { parseStamp, type Sitting } from "./screenpipe_sittings.ts";

// Rows whose order is kept, in all: a search page's sittings, a few numbers a row.
const KEPT_ROWS = 100_000;

// Matches a text with any character outside ASCII, whose case SQLite's lower() leaves.
const NOT_ASCII = "*[^\u0001-\u007f]*";

/** A sitting's rows, each where sittingSegments places it. */
interface Order {
  /** Row ids. */
  ids: number[];
  /** Each row's startMs, as its segment's. */
  starts: number[];
  /** Each row's chunk start, in ms from the sitting's start: its end counts from it. */
  bases: number[];
  /** Each row's speaker id, or null. */
  speakers: (number | null)[];
  /** Row id to index, made when first needed. */
  index?: Map<number, number>;
}

/**
 * The segment order of sittings over one source's connection.
 *
 * @example
 * ```ts
 * import { SittingOrder } from "./screenpipe_order.ts";
 * import type { ScreenpipeSchema } from "./screenpipe_schema.ts";
 * import type { Store } from "../../store/store.ts";
 * declare const store: Store, schema: ScreenpipeSchema;
 * const order = new SittingOrder(store, schema);
 * ```
 */
export class SittingOrder {
  readonly #store: Store;
  readonly #sql: Record<"span" | "rows" | "rowsById" | "candidates" | "name", string>;
  #version = -1;
  #kept = new Map<number, Order | null>();
  #keptRows = 0;
  #names = new Map<number, string>();

  /** Reads sittings on `store`, whose columns `schema` describes. */
  constructor(store: Store, schema: ScreenpipeSchema) {
    this.#store = store;
    const where = `a.timestamp >= ? AND a.timestamp <= ? AND ${schema.plainVisible} AND ${
      keepGoingSql("a")
    }`;
    const visible = `${schema.plainVisible} AND ${keepGoingSql("a")}`;
    this.#sql = {
      // From the timestamp index alone: whether the sitting's rows are about contiguous.
      span: `SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM ${ROWS}
        WHERE timestamp >= ? AND timestamp <= ?`,
      rows: `SELECT ${schema.orderColumns} FROM ${ROWS} AS a WHERE ${where}`,
      // The same rows, walked in id order: the timestamps still decide, but as a filter
      // (the unary plus keeps SQLite off the timestamp index, which seeks the table per row).
      rowsById: `SELECT ${schema.orderColumns} FROM ${ROWS} AS a
        WHERE a.id BETWEEN ? AND ? AND +a.timestamp >= ? AND +a.timestamp <= ? AND ${visible}`,
      // Every row that may hold the needle: as it is, lower-cased as SQLite folds ASCII,
      // or with characters SQLite does not fold.
      candidates: `SELECT a.id AS id, a.transcription AS text, ${schema.endColumn} AS e
        FROM ${ROWS} AS a WHERE ${where}
          AND (instr(a.transcription, ?) > 0 OR instr(lower(a.transcription), ?) > 0
            OR a.transcription GLOB ?)`,
      name: schema.speakerName,
    };
  }

  /** Forgets what was kept when the database has changed since. */
  #current(): void {
    const version = Number(this.#store.get("PRAGMA data_version")?.["data_version"] ?? 0);
    if (version !== this.#version) {
      [this.#version, this.#kept, this.#names, this.#keptRows] = [version, new Map(), new Map(), 0];
    }
  }

  /** The sitting's order, or null when a timestamp in it does not parse. */
  #of(sitting: Sitting): Order | null {
    this.#current();
    const key = sitting.start.id;
    let order = this.#kept.get(key);
    if (order === undefined) {
      order = readOrder(this.#rows(sitting), sitting);
      this.#keptRows += order?.ids.length ?? 0;
      while (this.#keptRows > KEPT_ROWS && this.#kept.size > 0) {
        const [oldest, dropped] = this.#kept.entries().next().value!;
        this.#kept.delete(oldest);
        this.#keptRows -= dropped?.ids.length ?? 0;
      }
    }
    this.#kept.delete(key);
    this.#kept.set(key, order);
    return order;
  }

  /** The sitting's rows as the order is made from, in no particular order. */
  #rows(sitting: Sitting): StoreValue[][] {
    const { start, end } = sitting;
    const span = this.#store.get(this.#sql.span, start.ts, end.ts);
    const [lo, hi, n] = [Number(span?.["lo"]), Number(span?.["hi"]), Number(span?.["n"] ?? 0)];
    // The app appends, so a sitting's ids are about contiguous; where another sitting's
    // rows interleave much, its rows are sought through the timestamp index instead.
    return n > 0 && hi - lo < 2 * n
      ? this.#store.rows(this.#sql.rowsById, lo, hi, start.ts, end.ts)
      : this.#store.rows(this.#sql.rows, start.ts, end.ts);
  }

  /**
   * Who speaks in the sitting, each once, in order of first appearance, as its segments
   * name them; undefined when its order cannot be made here.
   */
  speakers(sitting: Sitting): string[] | undefined {
    const order = this.#of(sitting);
    if (order === null) return undefined;
    const first = new Map<number, number>();
    for (let i = 0; i < order.ids.length; i++) {
      const speaker = order.speakers[i]!;
      if (speaker === null) continue;
      const known = first.get(speaker);
      if (known === undefined || before(order, i, known)) first.set(speaker, i);
    }
    const names = new Set<string>();
    for (const [speaker] of [...first].sort((a, b) => before(order, a[1], b[1]) ? -1 : 1)) {
      if (names.size >= MAX_SPEAKERS) break;
      names.add(this.#name(speaker));
    }
    return [...names];
  }

  /**
   * The first segment (by seq) of the sitting whose text holds `needle` as whole words,
   * exactly or else case-insensitively (as findSegment answers), or null; undefined when
   * its order cannot be made here.
   */
  find(sitting: Sitting, needle: string): SegmentRecord | null | undefined {
    const order = this.#of(sitting);
    if (order === null) return undefined;
    order.index ??= new Map(order.ids.map((id, i) => [id, i]));
    const found = this.#store.rows(
      this.#sql.candidates,
      sitting.start.ts,
      sitting.end.ts,
      needle,
      needle.toLowerCase(),
      NOT_ASCII,
    );
    const candidates: { i: number; text: string; end: StoreValue }[] = [];
    for (const [id, text, end] of found) {
      const i = order.index.get(Number(id));
      // A row the order lacks was written between the two reads: the caller reads again.
      if (i === undefined) return undefined;
      candidates.push({ i, text: String(text).trim(), end: end ?? null });
    }
    candidates.sort((a, b) => before(order, a.i, b.i) ? -1 : 1);
    const hit = firstHolding(candidates, needle);
    if (hit === null) return null;
    const i = hit.i;
    let seq = 0;
    for (let j = 0; j < order.ids.length; j++) if (before(order, j, i)) seq++;
    const speaker = order.speakers[i]!;
    return {
      seq,
      startMs: order.starts[i]!,
      endMs: hit.end === null ? null : Math.round(order.bases[i]! + Number(hit.end) * 1000),
      speaker: speaker === null ? null : this.#name(speaker),
      text: hit.text,
    };
  }

  /** A speaker as segments show it: the name, else `Speaker <id>`. */
  #name(speaker: number): string {
    let name = this.#names.get(speaker);
    if (name === undefined) {
      const found = this.#sql.name === "" ? undefined : this.#store.get(this.#sql.name, speaker);
      const text = found?.["name"];
      const trimmed = text === null || text === undefined ? "" : String(text).trim();
      name = trimmed === "" ? `Speaker ${speaker}` : trimmed;
      this.#names.set(speaker, name);
    }
    return name;
  }
}

/** Whether row `i` sorts before row `j` among the sitting's segments. */
function before(order: Order, i: number, j: number): boolean {
  const a = order.starts[i]!;
  const b = order.starts[j]!;
  return a < b || (a === b && order.ids[i]! < order.ids[j]!);
}

/**
 * Places rows (id, chunk, ts, speaker_id, start_time) as sittingSegments does: a chunk
 * starts at its earliest row, a row without a start sits at its own timestamp.
 */
function readOrder(rows: StoreValue[][], sitting: Sitting): Order | null {
  const startMs = sitting.start.ms;
  const stamps = new Map<string, number>();
  const ms: number[] = [];
  const chunkStart = new Map<number, number>();
  for (const row of rows) {
    const ts = String(row[2]);
    let at = stamps.get(ts);
    if (at === undefined) {
      at = parseStamp(ts);
      if (Number.isNaN(at)) return null;
      stamps.set(ts, at);
    }
    ms.push(at);
    const chunk = Number(row[1]);
    const known = chunkStart.get(chunk);
    if (known === undefined || at < known) chunkStart.set(chunk, at);
  }
  const order: Order = { ids: [], starts: [], bases: [], speakers: [] };
  for (const [i, row] of rows.entries()) {
    const base = chunkStart.get(Number(row[1]))! - startMs;
    const start = row[4] === null ? null : Number(row[4]);
    const at = Math.round(start === null ? ms[i]! - startMs : base + start * 1000);
    if (Number.isNaN(at)) return null;
    order.ids.push(Number(row[0]));
    order.starts.push(at);
    order.bases.push(base);
    order.speakers.push(row[3] === null ? null : Number(row[3]));
  }
  return order;
}
