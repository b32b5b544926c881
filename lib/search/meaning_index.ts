/**
 * What each transcript of a source is about, as one vector, for search by meaning: the SIF
 * mean of what was said in it (lib/search/passage_vector.ts), speakers' labels and
 * non-speech marks left out. A question is then compared with every transcript, so one that
 * shares no word with it, and no word's neighbour ("the mechanic's charge to repair my car"
 * against a call about brake pads and a garage), can still be found.
 *
 * Nothing is written: the index lives in the thread that searches, one per source reader,
 * read a number of items at a time by the searches themselves and kept while the source's
 * texts are unchanged (the source's textStamp). A vector is 100 bytes (int8), so 10,000 transcripts
 * keep about 1 MB.
 *
 * @module
 */
import type { WordVectorTable } from "./word_vector_table.ts";
import { passageVector } from "./passage_vector.ts";
import { saidLines } from "./passage_units.ts";
import { MEANING_INDEX_WORDS } from "../config/limits.ts";

/** Items read in one statement. */
const SLICE_ITEMS = 32;

/** The characters of an item's text its vector is read from: a word is about six. */
const SAMPLE_CHARS = MEANING_INDEX_WORDS * 6;

/** An item as the index reads it: a source's ItemSample. */
export interface TopicText {
  /** Its key, as its source's search ranks it. */
  key: string;
  /** Its title. */
  title: string;
  /** A sample of its text, one line a segment, cue or paragraph, labels left on. */
  text: string;
}

/**
 * What the index reads of a source (a SourceReader is one; lib/search does not depend on
 * lib/sources): its items a page at a time, each with a sample of its text, and a stamp of
 * the texts.
 */
export interface TopicSource {
  /** Up to `limit` items after the key `after` (null: from the first); none past the last. */
  itemSamples?(after: string | null, limit: number, chars: number): TopicText[];
  /** Equal while every item's text is unchanged. */
  textStamp?(): string;
}

/** How many words' places in the table an index remembers. */
const KNOWN_WORDS = 100_000;

/** One transcript found by its topic. */
export interface TopicHit {
  /** Its key, as its source's search ranks it. */
  key: string;
  /** The cosine between its vector and the query's, both less the items' mean: -1 to 1. */
  cosine: number;
  /** How far its cosine stands above the items' mean cosine, in standard deviations. */
  standing: number;
}

/**
 * The vector of an item's title and what was said in its text (a sample of at most
 * {@link MEANING_INDEX_WORDS} words, as its source gives it), speakers' labels and
 * non-speech marks left out. Null when the table knows none of its words.
 *
 * @example
 * ```ts
 * import { topicVector } from "./meaning_index.ts";
 * import { wordVectors } from "./word_vectors_file.ts";
 * const loaded = wordVectors();
 * if ("table" in loaded) {
 *   topicVector(loaded.table, { title: "Call", text: "Sam: The brakes squeal.\nAl: Ouch." });
 * }
 * ```
 */
export function topicVector(
  table: WordVectorTable,
  item: Pick<TopicText, "title" | "text">,
  indexOf: (word: string) => number = table.indexOf,
): Float32Array | null {
  const said = saidLines(item.text, "any");
  return passageVector(table, `${item.title}\n${said.join("\n")}`, indexOf);
}

/**
 * The topic vectors of one source's items, as far as they have been read.
 *
 * @example
 * ```ts
 * import { MeaningIndex } from "./meaning_index.ts";
 * import { wordVectors } from "./word_vectors_file.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const loaded = wordVectors();
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const [demo] = sources.select(undefined);
 * if ("table" in loaded) {
 *   const index = new MeaningIndex(loaded.table);
 *   index.extend(sources.reader(demo!), performance.now() + 100);
 *   index.nearest(new Float32Array(loaded.table.header.dims).fill(0.1), 3);
 * }
 * ```
 */
export class MeaningIndex {
  readonly #table: WordVectorTable;
  readonly #dims: number;
  #stamp: string | undefined = undefined;
  #keys: string[] = [];
  #vectors: Int8Array;
  /** Each stored vector's squared length. */
  #squares = new Float32Array(256);
  /** The sum of the stored vectors, for their mean. */
  readonly #sum: Float64Array;
  #after: string | null = null;
  #complete = false;
  /** The table's index of each word seen, -1 for one it lacks: most words recur. */
  readonly #known = new Map<string, number>();
  readonly #indexOf = (word: string): number => {
    let index = this.#known.get(word);
    if (index === undefined) {
      index = this.#table.indexOf(word);
      if (this.#known.size < KNOWN_WORDS) this.#known.set(word, index);
    }
    return index;
  };

  /** An empty index whose vectors come from `table`. */
  constructor(table: WordVectorTable) {
    this.#table = table;
    this.#dims = table.header.dims;
    this.#vectors = new Int8Array(this.#dims * 256);
    this.#sum = new Float64Array(this.#dims);
  }

  /** How many items it holds. */
  get size(): number {
    return this.#keys.length;
  }

  /** Whether it holds every item the source had when last read. */
  get complete(): boolean {
    return this.#complete;
  }

  /**
   * Reads up to `count` more of `reader`'s items, or to the last; starts afresh when the
   * source's texts have changed since it was last read. A count, not a time: how far the
   * index has got depends on the searches made, never on how busy the machine was. A reader
   * without itemSamples adds nothing.
   */
  extend(reader: TopicSource, count: number): void {
    if (reader.itemSamples === undefined) {
      this.#complete = true;
      return;
    }
    const stamp = reader.textStamp?.();
    if (stamp === undefined || stamp !== this.#stamp) this.#reset(stamp);
    for (let read = 0; !this.#complete && read < count;) {
      const items = reader.itemSamples(
        this.#after,
        Math.min(SLICE_ITEMS, count - read),
        SAMPLE_CHARS,
      );
      read += items.length;
      if (items.length === 0) {
        this.#complete = true;
        break;
      }
      this.#after = items[items.length - 1]!.key;
      for (const item of items) {
        const vector = topicVector(this.#table, item, this.#indexOf);
        if (vector !== null) this.#add(item.key, vector);
      }
    }
  }

  /**
   * The `count` items nearest `query`, nearest first, by cosine about the items' mean: every
   * text shares the vector of talk in general, and what tells one apart is how it differs
   * from the others.
   */
  nearest(query: Float32Array, count: number): TopicHit[] {
    const dims = this.#dims;
    const size = this.#keys.length;
    if (size === 0) return [];
    // In units of the stored int8 vectors (a unit vector times 127).
    const mean = new Float32Array(dims);
    let meanSquare = 0;
    for (let d = 0; d < dims; d++) {
      mean[d] = this.#sum[d]! / size;
      meanSquare += mean[d]! ** 2;
    }
    const scaled = unitOf(query).map((x) => x * 127);
    const centred = unitOf(scaled.map((x, d) => x - mean[d]!));
    let queryOnMean = 0;
    for (let d = 0; d < dims; d++) queryOnMean += centred[d]! * mean[d]!;
    const best: TopicHit[] = [];
    let sum = 0;
    let sumOfSquares = 0;
    for (let i = 0; i < size; i++) {
      let dot = 0;
      let onMean = 0;
      const at = i * dims;
      for (let d = 0; d < dims; d++) {
        const x = this.#vectors[at + d]!;
        dot += centred[d]! * x;
        onMean += mean[d]! * x;
      }
      // |v - m|² = |v|² - 2 v·m + |m|², |v|² as stored (about 127², rounded).
      const length = Math.sqrt(Math.max(this.#squares[i]! - 2 * onMean + meanSquare, 1));
      const cosine = (dot - queryOnMean) / length;
      sum += cosine;
      sumOfSquares += cosine * cosine;
      if (best.length === count && cosine <= best[count - 1]!.cosine) continue;
      let place = best.length;
      while (place > 0 && best[place - 1]!.cosine < cosine) place--;
      best.splice(place, 0, { key: this.#keys[i]!, cosine, standing: 0 });
      if (best.length > count) best.pop();
    }
    const average = sum / size;
    const spread = Math.sqrt(Math.max(sumOfSquares / size - average * average, 1e-12));
    for (const hit of best) hit.standing = (hit.cosine - average) / spread;
    return best;
  }

  #reset(stamp: string | undefined): void {
    this.#stamp = stamp;
    this.#keys = [];
    this.#sum.fill(0);
    this.#after = null;
    this.#complete = false;
  }

  #add(key: string, vector: Float32Array): void {
    const dims = this.#dims;
    const at = this.#keys.length * dims;
    if (at + dims > this.#vectors.length) {
      const grown = new Int8Array(this.#vectors.length * 2);
      grown.set(this.#vectors);
      this.#vectors = grown;
    }
    const unit = unitOf(vector);
    let square = 0;
    for (let d = 0; d < dims; d++) {
      const x = Math.round(unit[d]! * 127);
      this.#vectors[at + d] = x;
      this.#sum[d] = this.#sum[d]! + x;
      square += x * x;
    }
    if (this.#keys.length >= this.#squares.length) {
      const grown = new Float32Array(this.#squares.length * 2);
      grown.set(this.#squares);
      this.#squares = grown;
    }
    this.#squares[this.#keys.length] = square;
    this.#keys.push(key);
  }
}

/** `vector` scaled to length 1 (all zeros stays so). */
function unitOf(vector: Float32Array): Float32Array {
  let length = 0;
  for (const x of vector) length += x * x;
  length = Math.sqrt(length);
  return length === 0 ? vector : vector.map((x) => x / length);
}

/** Each reader's index in this thread: a source opened again gets a reader, and an index, anew. */
const indexes = new WeakMap<TopicSource, MeaningIndex>();

/**
 * The topic index of `reader` in this thread, made empty on first use.
 *
 * @example
 * ```ts
 * import { meaningIndexOf } from "./meaning_index.ts";
 * import { wordVectors } from "./word_vectors_file.ts";
 * import { SourceSet } from "../sources/source_set.ts";
 * const loaded = wordVectors();
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * const [demo] = sources.select(undefined);
 * if ("table" in loaded) meaningIndexOf(sources.reader(demo!), loaded.table).size; // 0
 * ```
 */
export function meaningIndexOf(reader: TopicSource, table: WordVectorTable): MeaningIndex {
  let index = indexes.get(reader);
  if (index === undefined) indexes.set(reader, index = new MeaningIndex(table));
  return index;
}
