/**
 * A word index of a Meetily database's segment texts, built in memory by the connection that
 * reads it, since the app keeps none. Each distinct lower-cased word (a run of letters, marks
 * and digits of the folded text) maps to the segments that hold it, as delta-coded varints in
 * segment order. A word of a query matches the words of a segment's folded text with its stem
 * ("plan" finds "planning", not "planet"; scan_terms.ts), so the index first finds the
 * distinct words that have it (a pass over the vocabulary, stemming only the words that start
 * with the term's key) and unites their segments: exactly the segments the scan finds.
 *
 * Meetily only appends `transcripts` rows and deletes whole meetings, so the index covers the
 * rows up to a rowid and grows by reading the rows after it, a slice at a time
 * ({@link SCAN_INDEX_SLICE_MS}); rows past it are scanned. It stops growing at
 * {@link SCAN_INDEX_MAX_BYTES}. When the row it ended on is gone or belongs to another
 * meeting (a deletion let SQLite hand out its rowids again) it starts over.
 *
 * @module
 */
import type { Store } from "../../store/store.ts";
import { keepGoingSql } from "../../store/store.ts";
import { SCAN_INDEX_MAX_BYTES } from "../../config/limits.ts";
import { type Holding, type KeptMemory, THREAD_KEPT_MEMORY } from "../kept_memory.ts";
import { coverageLost } from "./meetily_ranges.ts";
import { stemWords } from "../../search/word_stems.ts";
import { ASCII_WORD, isPart, type ScanTerm } from "./scan_terms.ts";
import { textOf } from "./text_value.ts";

/** Rows one statement of the build reads; the time and the call are checked between them. */
const BUILD_ROWS = 4_096;
/** Estimated bytes of one distinct word beside its text and postings (map entry, array). */
const TERM_OVERHEAD_BYTES = 160;
/** Bytes kept per segment: its meeting (Int32) and rowid (Float64). */
const SEGMENT_BYTES = 12;
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** How many code units from `i` on make one word character of `text`: 0 when none. */
function wordWidth(text: string, i: number, code: number): number {
  if (code < 0x80) return ASCII_WORD[code]!;
  const width = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length ? 2 : 1;
  return WORD_CHAR.test(text.slice(i, i + width)) ? width : 0;
}

/** Segment numbers of the index, ascending, and how to fetch their rows. */
export interface IndexedSegments {
  /** Whether segment `n` is among them. */
  has: Uint8Array;
  /** The segments, ascending. */
  list: number[];
}

/**
 * The word index of one connection; see the module doc.
 *
 * @example
 * ```ts
 * import { MeetilyIndex } from "./meetily_index.ts";
 * const index = new MeetilyIndex();
 * index.coveredRowid; // Number.MIN_SAFE_INTEGER: nothing indexed yet
 * ```
 */
export class MeetilyIndex {
  /** The last rowid of `transcripts` the index covers. */
  coveredRowid: number = Number.MIN_SAFE_INTEGER;
  /** Whether the index reached its memory bound and stopped growing. */
  full: boolean = false;
  #lastMeeting: string | null = null;
  /** Each distinct word, by its term number. */
  #words: string[] = [];
  #hashes: number[] = [];
  /** Open addressing from a word's hash to its term number (-1: free). */
  #table = new Int32Array(1 << 16).fill(-1);
  #postings: Uint8Array[] = [];
  #lengths: number[] = [];
  #previous: number[] = [];
  #meetingOf = new Int32Array(1_024);
  #rowidOf = new Float64Array(1_024);
  #segments = 0;
  #meetings: string[] = [];
  #meetingNumbers = new Map<string, number>();
  #bytes = 0;
  readonly #maxBytes: number;
  readonly #holding: Holding;

  /**
   * An empty index that stops growing past `maxBytes` (estimated), or when the thread's
   * sources together keep more than `memory` allows.
   */
  constructor(maxBytes = SCAN_INDEX_MAX_BYTES, memory: KeptMemory = THREAD_KEPT_MEMORY) {
    this.#maxBytes = maxBytes;
    this.#holding = memory.holding();
  }

  /** Segments indexed. */
  get segments(): number {
    return this.#segments;
  }

  /** Estimated bytes the index holds. */
  get bytes(): number {
    return this.#bytes + this.#segments * SEGMENT_BYTES;
  }

  /** Distinct words indexed. */
  get words(): number {
    return this.#words.length;
  }

  /** Gives up the index's bytes, before a new index replaces it. */
  release(): void {
    this.#holding.hold(0);
  }

  /** Whether rows the index covers may have been replaced, so it must start over. */
  stale(store: Store): boolean {
    return this.#lastMeeting !== null &&
      coverageLost(store, this.coveredRowid, this.#lastMeeting);
  }

  /**
   * Indexes the rows after {@link coveredRowid} until `until` (a performance.now() time),
   * the end of the table or the memory bound; throws StoreInterruptedError when the call
   * must stop, keeping every whole statement's rows.
   */
  grow(store: Store, until: number): void {
    // One batch at least, so a search reached late in its call still builds some.
    for (let batch = 0; !this.full && (batch === 0 || performance.now() < until); batch++) {
      const rows = store.all(
        `SELECT t.rowid AS r, t.meeting_id AS m, t.transcript AS x FROM transcripts t
          WHERE t.rowid > ? AND ${keepGoingSql("t")} ORDER BY t.rowid LIMIT ?`,
        this.coveredRowid,
        BUILD_ROWS,
      );
      for (const row of rows) {
        this.#add(Number(row["r"]), String(row["m"]), textOf(row["x"]));
      }
      if (!this.#holding.hold(this.bytes) || this.bytes > this.#maxBytes) this.full = true;
      store.throwIfInterrupted();
      if (rows.length < BUILD_ROWS) return;
    }
  }

  #add(rowid: number, meetingId: string, text: string): void {
    const segment = this.#segments++;
    if (segment >= this.#meetingOf.length) {
      const meetingOf = new Int32Array(this.#meetingOf.length * 2);
      meetingOf.set(this.#meetingOf);
      this.#meetingOf = meetingOf;
      const rowidOf = new Float64Array(this.#rowidOf.length * 2);
      rowidOf.set(this.#rowidOf);
      this.#rowidOf = rowidOf;
    }
    let meeting = this.#meetingNumbers.get(meetingId);
    if (meeting === undefined) {
      meeting = this.#meetings.length;
      this.#meetings.push(meetingId);
      this.#meetingNumbers.set(meetingId, meeting);
      this.#bytes += TERM_OVERHEAD_BYTES + meetingId.length * 2;
    }
    this.#meetingOf[segment] = meeting;
    this.#rowidOf[segment] = rowid;
    // Words are hashed as they are read, so a word seen before costs no allocation: this
    // runs over every character of the database and was three times slower with a Map.
    const folded = text.toLowerCase();
    let start = -1;
    let hash = 0;
    for (let i = 0; i <= folded.length;) {
      const code = i < folded.length ? folded.charCodeAt(i) : 32;
      const width = i < folded.length ? wordWidth(folded, i, code) : 0;
      if (width > 0) {
        if (start < 0) {
          start = i;
          hash = 0x811c9dc5;
        }
        for (let k = 0; k < width; k++) {
          hash = Math.imul(hash ^ folded.charCodeAt(i + k), 0x01000193);
        }
        i += width;
        continue;
      }
      if (start >= 0) {
        this.#post(this.#termOf(folded, start, i, hash), segment);
        start = -1;
      }
      i++;
    }
    this.coveredRowid = rowid;
    this.#lastMeeting = meetingId;
  }

  /** The term number of `text.slice(start, end)`, hashed `hash`, added when new. */
  #termOf(text: string, start: number, end: number, hash: number): number {
    const mask = this.#table.length - 1;
    let slot = hash & mask;
    for (;;) {
      const term = this.#table[slot]!;
      if (term === -1) break;
      const word = this.#words[term]!;
      if (this.#hashes[term] === hash && word.length === end - start) {
        let same = true;
        for (let k = 0; same && k < word.length; k++) {
          same = word.charCodeAt(k) === text.charCodeAt(start + k);
        }
        if (same) return term;
      }
      slot = (slot + 1) & mask;
    }
    const term = this.#words.length;
    const word = text.slice(start, end);
    this.#words.push(word);
    this.#hashes.push(hash);
    this.#postings.push(new Uint8Array(8));
    this.#lengths.push(0);
    this.#previous.push(-1);
    this.#bytes += TERM_OVERHEAD_BYTES + word.length * 2 + 8;
    this.#table[slot] = term;
    if (this.#words.length * 2 > this.#table.length) this.#rehash();
    return term;
  }

  #rehash(): void {
    const table = new Int32Array(this.#table.length * 2).fill(-1);
    const mask = table.length - 1;
    this.#hashes.forEach((hash, term) => {
      let slot = hash & mask;
      while (table[slot] !== -1) slot = (slot + 1) & mask;
      table[slot] = term;
    });
    this.#bytes += table.length * 4 - this.#table.length * 4;
    this.#table = table;
  }

  /** Adds `segment` to the postings of `term` (once per segment). */
  #post(term: number, segment: number): void {
    // Segment numbers start at 0 and `previous` at -1, so a delta is never 0 but here.
    let delta = segment - this.#previous[term]!;
    if (delta === 0) return;
    this.#previous[term] = segment;
    let buffer = this.#postings[term]!;
    let length = this.#lengths[term]!;
    if (length + 5 > buffer.length) {
      const grown = new Uint8Array(buffer.length * 2);
      grown.set(buffer);
      this.#bytes += buffer.length;
      this.#postings[term] = buffer = grown;
    }
    while (delta >= 0x80) {
      buffer[length++] = (delta & 0x7f) | 0x80;
      delta >>>= 7;
    }
    buffer[length++] = delta;
    this.#lengths[term] = length;
  }

  /**
   * The segments that hold a word with the stem of each of `term`'s parts: for one part,
   * exactly the segments holding the term; for several, a superset of those holding them in
   * a row. `between` (the call's interruption check) runs between batches of stemming.
   */
  segmentsHolding(term: ScanTerm, between?: () => void): IndexedSegments {
    let has: Uint8Array | undefined;
    for (const [i, key] of term.keys.entries()) {
      const marks = new Uint8Array(this.#segments);
      const candidates: number[] = [];
      this.#words.forEach((word, n) => {
        if (word.startsWith(key)) candidates.push(n);
      });
      stemWords(candidates.map((n) => this.#words[n]!), between);
      for (const number of candidates) {
        if (!isPart(term, this.#words[number]!, i)) continue;
        const buffer = this.#postings[number]!;
        const length = this.#lengths[number]!;
        let segment = -1;
        for (let i = 0; i < length;) {
          let delta = 0;
          let shift = 0;
          let byte: number;
          do {
            byte = buffer[i++]!;
            delta |= (byte & 0x7f) << shift;
            shift += 7;
          } while (byte & 0x80);
          segment += delta;
          marks[segment] = 1;
        }
      }
      if (has === undefined) has = marks;
      else for (let n = 0; n < marks.length; n++) has[n] = has[n]! & marks[n]!;
    }
    has ??= new Uint8Array(this.#segments);
    const list: number[] = [];
    for (let n = 0; n < has.length; n++) if (has[n] === 1) list.push(n);
    return { has, list };
  }

  /** The Meetily meeting id of indexed segment `n`. */
  meetingOf(segment: number): string {
    return this.#meetings[this.#meetingOf[segment]!]!;
  }

  /** The `transcripts` rowid of indexed segment `n`. */
  rowidOf(segment: number): number {
    return this.#rowidOf[segment]!;
  }
}
