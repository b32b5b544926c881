/**
 * A screenpipe sitting's segment order, read without its text: a search hit needs its
 * sitting's speakers (in order of first appearance) and its moment's `seq`, and both
 * depend only on where each row sorts among the sitting's segments (screenpipe_sittings.ts
 * `sittingSegments`: by when its chunk's speech starts plus its own start, then id). Each
 * row is read as four numbers and a timestamp (no text, device or engine, no speaker
 * looked up per row) and the order is kept, for the last few sittings read, while
 * screenpipe_changes.ts finds it current (through the app's appends, but for the newest
 * sitting's); the few speakers' names are looked up once each. A moment reads the rows'
 * texts once more (kept for fewer sittings, alike), and looks for its words in seq order.
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
import { isTimed, ROWS, type ScreenpipeSchema } from "./screenpipe_schema.ts";
import type { Sitting } from "./screenpipe_sittings.ts";
import { parseStamp } from "./screenpipe_stamp.ts";
import type { ScreenpipeChanges } from "./screenpipe_changes.ts";
import { KeptSittings } from "./screenpipe_kept.ts";

// Rows whose order is kept, in all: a search page's sittings, a few numbers a row.
const KEPT_ROWS = 100_000;

// Rows whose text is kept, in all, for moments: a search page's sittings, within a few MB.
const KEPT_TEXT_ROWS = 20_000;

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
  /** Rows read but not shown (no time, a hidden speaker): not the sitting's segments. */
  unshown: Set<number>;
}

/**
 * A sitting's row as a moment is looked for in, placed as its {@link Order} placed it (and
 * kept apart from it, as either may be dropped first).
 */
interface Said {
  /** What it says, trimmed as its segment's text. */
  text: string;
  startMs: number;
  endMs: number | null;
  speaker: number | null;
}

/**
 * The segment order of sittings over one source's connection.
 *
 * @example
 * ```ts
 * import { SittingOrder } from "./screenpipe_order.ts";
 * import type { ScreenpipeSchema } from "./screenpipe_schema.ts";
 * import type { ScreenpipeChanges } from "./screenpipe_changes.ts";
 * import type { Store } from "../../store/store.ts";
 * declare const store: Store, schema: ScreenpipeSchema, changes: ScreenpipeChanges;
 * const order = new SittingOrder(store, schema, changes);
 * ```
 */
export class SittingOrder {
  readonly #store: Store;
  readonly #changes: ScreenpipeChanges;
  readonly #sql: Record<
    "span" | "order" | "orderById" | "said" | "saidById" | "name" | "hidden",
    string
  >;
  readonly #kept: KeptSittings<Order | null>;
  readonly #said: KeptSittings<Said[] | null>;
  /** What is known of speakers as of one detail epoch: names, and who is hidden. */
  #speakerFacts: { epoch: number; names: Map<number, string>; hidden?: Set<number> } = {
    epoch: -1,
    names: new Map(),
  };

  /** Reads sittings on `store`, whose columns `schema` describes, kept while `changes` allow. */
  constructor(store: Store, schema: ScreenpipeSchema, changes: ScreenpipeChanges) {
    this.#store = store;
    this.#changes = changes;
    this.#kept = new KeptSittings(changes, KEPT_ROWS, (order) => order?.ids.length ?? 0);
    this.#said = new KeptSittings(changes, KEPT_TEXT_ROWS, (said) => said?.length ?? 0);
    // Rows without text are left out here; those without a time or of a hidden speaker are
    // left out as they are read (readOrder): a pattern and a subquery run on every row cost
    // SQLite as much as reading the row.
    const visible = `a.transcription <> '' AND ${keepGoingSql("a")}`;
    // A sitting's rows, by the timestamp index, or walked in id order with the timestamps
    // as a filter (the unary plus keeps SQLite off the index, which seeks the table per row).
    const byIndex = (columns: string) =>
      `SELECT ${columns} FROM ${ROWS} AS a
        WHERE a.timestamp >= ? AND a.timestamp <= ? AND ${visible}`;
    const byId = (columns: string) =>
      `SELECT ${columns} FROM ${ROWS} AS a
        WHERE a.id BETWEEN ? AND ? AND +a.timestamp >= ? AND +a.timestamp <= ? AND ${visible}`;
    const said = `a.id AS id, a.transcription AS text, ${schema.endColumn} AS e`;
    this.#sql = {
      // From the timestamp index alone: whether the sitting's rows are about contiguous.
      span: `SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM ${ROWS}
        WHERE timestamp >= ? AND timestamp <= ?`,
      order: byIndex(schema.orderColumns),
      orderById: byId(schema.orderColumns),
      said: byIndex(said),
      saidById: byId(said),
      name: schema.speakerName,
      hidden: schema.hiddenSpeakers,
    };
  }

  /** The sitting's order, or null when a timestamp in it does not parse. */
  #of(sitting: Sitting): Order | null {
    return this.#kept.get(
      sitting,
      () => readOrder(this.#rows(sitting, "order"), sitting, this.#hiddenSpeakers()),
    );
  }

  /** The sitting's rows, as its order or its texts, in no particular order. */
  #rows(sitting: Sitting, read: "order" | "said"): StoreValue[][] {
    const { start, end } = sitting;
    const span = this.#store.get(this.#sql.span, start.ts, end.ts);
    const [lo, hi, n] = [Number(span?.["lo"]), Number(span?.["hi"]), Number(span?.["n"] ?? 0)];
    // The app appends, so a sitting's ids are about contiguous; where another sitting's
    // rows interleave much, its rows are sought through the timestamp index instead.
    return n > 0 && hi - lo < 2 * n
      ? this.#store.rows(this.#sql[`${read}ById`], lo, hi, start.ts, end.ts)
      : this.#store.rows(this.#sql[read], start.ts, end.ts);
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
    const name = this.#namer();
    for (const [speaker] of [...first].sort((a, b) => before(order, a[1], b[1]) ? -1 : 1)) {
      if (names.size >= MAX_SPEAKERS) break;
      names.add(name(speaker));
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
    const said = this.#saidOf(sitting, order);
    if (said === null) return undefined;
    const hit = firstHolding(said, needle);
    if (hit === null) return null;
    return {
      seq: said.indexOf(hit),
      startMs: hit.startMs,
      endMs: hit.endMs,
      speaker: hit.speaker === null ? null : this.#namer()(hit.speaker),
      text: hit.text,
    };
  }

  /**
   * The sitting's rows in seq order, with their text, kept for the last few sittings; null
   * when a row the order lacks was written between the two reads (the caller reads again).
   */
  #saidOf(sitting: Sitting, order: Order): Said[] | null {
    return this.#said.get(sitting, () => {
      const index = new Map(order.ids.map((id, i) => [id, i]));
      const placed: { i: number; said: Said }[] = [];
      for (const [id, text, end] of this.#rows(sitting, "said")) {
        if (order.unshown.has(Number(id))) continue;
        const i = index.get(Number(id));
        if (i === undefined) return null;
        const endMs = end === null || end === undefined
          ? null
          : Math.round(order.bases[i]! + Number(end) * 1000);
        const said = { text: String(text).trim(), startMs: order.starts[i]!, endMs };
        placed.push({ i, said: { ...said, speaker: order.speakers[i]! } });
      }
      // A row deleted between the reads leaves a seq the order cannot give: read again.
      if (placed.length !== order.ids.length) return null;
      return placed.sort((a, b) => before(order, a.i, b.i) ? -1 : 1).map((row) => row.said);
    }, (said) => said !== null);
  }

  /** The speakers whose rows are not shown, as of now (read again after such a change). */
  #hiddenSpeakers(): Set<number> {
    const facts = this.#currentSpeakerFacts();
    facts.hidden ??= new Set(
      this.#sql.hidden === "" ? [] : this.#store.rows(this.#sql.hidden).map(([id]) => Number(id)),
    );
    return facts.hidden;
  }

  /** The speaker facts, anew after a change that may have renamed, merged or flagged one. */
  #currentSpeakerFacts() {
    const epoch = this.#changes.look().detailEpoch;
    if (epoch !== this.#speakerFacts.epoch) this.#speakerFacts = { epoch, names: new Map() };
    return this.#speakerFacts;
  }

  /**
   * Speakers as segments show them (the name, else `Speaker <id>`), as of now: names are
   * looked up anew after a change that may have renamed or merged a speaker.
   */
  #namer(): (speaker: number) => string {
    const { names } = this.#currentSpeakerFacts();
    return (speaker) => {
      let name = names.get(speaker);
      if (name === undefined) {
        const found = this.#sql.name === "" ? undefined : this.#store.get(this.#sql.name, speaker);
        const text = found?.["name"];
        const trimmed = text === null || text === undefined ? "" : String(text).trim();
        name = trimmed === "" ? `Speaker ${speaker}` : trimmed;
        names.set(speaker, name);
      }
      return name;
    };
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
 * starts at its earliest row, a row without a start sits at its own timestamp. Rows without
 * a time, or of a speaker in `hidden`, are not shown, so not placed.
 */
function readOrder(
  all: StoreValue[][],
  sitting: Sitting,
  hidden: ReadonlySet<number>,
): Order | null {
  const startMs = sitting.start.ms;
  // A timestamp's time, or null where it is none (the row is not shown).
  const stamps = new Map<string, number | null>();
  const ms: number[] = [];
  const rows: StoreValue[][] = [];
  const unshown = new Set<number>();
  const chunkStart = new Map<number, number>();
  let lastTs = "";
  let lastAt: number | null | undefined;
  for (const row of all) {
    // Anything but text (a BLOB, say) is read the exact way, from the sitting's segments.
    if (typeof row[2] !== "string") return null;
    const ts = row[2];
    // A chunk's rows come together, mostly with one stamp: the lookup is skipped for them.
    let at = ts === lastTs ? lastAt : stamps.get(ts);
    if (at === undefined) {
      at = isTimed(ts) ? parseStamp(ts) : null;
      if (Number.isNaN(at)) return null;
      stamps.set(ts, at);
    }
    lastTs = ts;
    lastAt = at;
    if (at === null || (row[3] !== null && hidden.has(Number(row[3])))) {
      unshown.add(Number(row[0]));
      continue;
    }
    rows.push(row);
    ms.push(at);
    const chunk = Number(row[1]);
    const known = chunkStart.get(chunk);
    if (known === undefined || at < known) chunkStart.set(chunk, at);
  }
  const order: Order = { ids: [], starts: [], bases: [], speakers: [], unshown };
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
