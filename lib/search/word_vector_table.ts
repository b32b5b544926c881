/**
 * The word-vector table search by meaning reads: the most frequent plain English words, each
 * a unit vector stored as int8 with a scale, and each word's nearest neighbours, worked out
 * once at distillation (scripts/distill_word_vectors.ts) from the full-precision vectors.
 * Storing neighbours costs ~2 MB and saves a scan of the whole table (6M multiply-adds, a few
 * ms) for every query word.
 *
 * Layout, little-endian: the 8 bytes `TMCPWV01`; a u32 length and that many bytes of JSON
 * header ({@link WordVectorHeader}); a u32 length and the words joined by "\n" (UTF-8); zero
 * padding to 4 bytes; `count` float32 scales; `count × dims` int8 components; `count × k`
 * u16 neighbour indexes, best first; `count × k` u8 similarities (cosine × 255).
 *
 * @module
 */

const MAGIC = "TMCPWV01";

/** Where a table's vectors came from. */
export interface WordVectorSource {
  /** The npm package. */
  package: string;
  /** Its version. */
  version: string;
  /** SHA-256 of the package's vector file, hex. */
  sha256: string;
  /** Which of its words were kept. */
  selection: string;
}

/** A table's header. */
export interface WordVectorHeader {
  /** Where the vectors came from. */
  source: WordVectorSource;
  /** How many words. */
  count: number;
  /** Components per vector. */
  dims: number;
  /** Neighbours kept per word. */
  neighbours: number;
}

/** What {@link encodeWordVectorTable} is made from. */
export interface WordVectorInput {
  /** Where the vectors came from. */
  source: WordVectorSource;
  /** The words, most frequent first. */
  words: readonly string[];
  /** Components per vector. */
  dims: number;
  /** Unit vectors, `words.length × dims`, full precision. */
  unit: Float32Array;
  /** Neighbours to keep per word. */
  neighbours: number;
  /** Called as neighbours are worked out. */
  onProgress?: (done: number, total: number) => void;
}

/** One neighbour of a word. */
export interface WordNeighbour {
  /** The neighbour. */
  word: string;
  /** Cosine similarity to the word, 0–1, to 1/255. */
  similarity: number;
}

/**
 * Builds a table's bytes. Neighbours are exact (every pair compared), in blocks of words so
 * the vectors stream through the cache once per block.
 *
 * @example
 * ```ts
 * import { decodeWordVectorTable, encodeWordVectorTable } from "./word_vector_table.ts";
 * const source = { package: "p", version: "1", sha256: "0", selection: "all" };
 * const unit = new Float32Array([1, 0, 0.8, 0.6, 0, 1]);
 * const bytes = encodeWordVectorTable({ source, words: ["a", "b", "c"], dims: 2, unit, neighbours: 1 });
 * decodeWordVectorTable(bytes).neighboursOf("a")[0]?.word; // "b"
 * ```
 */
export function encodeWordVectorTable(input: WordVectorInput): Uint8Array {
  const { words, dims, unit } = input;
  const count = words.length;
  const k = Math.min(input.neighbours, Math.max(0, count - 1));
  const header = new TextEncoder().encode(JSON.stringify(
    {
      source: input.source,
      count,
      dims,
      neighbours: k,
    } satisfies WordVectorHeader,
  ));
  const wordBytes = new TextEncoder().encode(words.join("\n"));
  const start = 8 + 4 + header.length + 4 + wordBytes.length;
  const scalesAt = Math.ceil(start / 4) * 4;
  const vectorsAt = scalesAt + count * 4;
  const idsAt = Math.ceil((vectorsAt + count * dims) / 2) * 2;
  const simsAt = idsAt + count * k * 2;
  const out = new Uint8Array(simsAt + count * k);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(8, header.length, true);
  out.set(header, 12);
  view.setUint32(12 + header.length, wordBytes.length, true);
  out.set(wordBytes, 16 + header.length);
  for (let i = 0; i < count; i++) {
    let max = 0;
    for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(unit[i * dims + d]!));
    const scale = max === 0 ? 1 : max / 127;
    view.setFloat32(scalesAt + i * 4, scale, true);
    for (let d = 0; d < dims; d++) {
      view.setInt8(vectorsAt + i * dims + d, Math.round(unit[i * dims + d]! / scale));
    }
  }
  const neighbours = nearestNeighbours(unit, count, dims, k, input.onProgress);
  for (let i = 0; i < count * k; i++) {
    view.setUint16(idsAt + i * 2, neighbours.ids[i]!, true);
    out[simsAt + i] = Math.round(Math.max(0, neighbours.sims[i]!) * 255);
  }
  return out;
}

/** Each word's `k` nearest others by cosine, best first. */
function nearestNeighbours(
  unit: Float32Array,
  count: number,
  dims: number,
  k: number,
  onProgress?: (done: number, total: number) => void,
): { ids: Uint32Array; sims: Float32Array } {
  const ids = new Uint32Array(count * k);
  const sims = new Float32Array(count * k).fill(-2);
  const block = 64;
  const dots = new Float32Array(block);
  for (let first = 0; first < count; first += block) {
    const last = Math.min(count, first + block);
    for (let other = 0; other < count; other++) {
      const o = other * dims;
      for (let i = first; i < last; i++) {
        const a = i * dims;
        let sum = 0;
        for (let d = 0; d < dims; d++) sum += unit[a + d]! * unit[o + d]!;
        dots[i - first] = sum;
      }
      for (let i = first; i < last; i++) {
        if (i === other) continue;
        const sim = dots[i - first]!;
        const row = i * k;
        if (sim <= sims[row + k - 1]!) continue;
        let at = k - 1;
        while (at > 0 && sims[row + at - 1]! < sim) {
          sims[row + at] = sims[row + at - 1]!;
          ids[row + at] = ids[row + at - 1]!;
          at--;
        }
        sims[row + at] = sim;
        ids[row + at] = other;
      }
    }
    onProgress?.(last, count);
  }
  return { ids, sims };
}

/** A decoded table: lookups by word, answered from views on the bytes. */
export interface WordVectorTable {
  /** The header. */
  header: WordVectorHeader;
  /** The index of `word` (lower-case), or -1. */
  indexOf(word: string): number;
  /** The word at `index`. */
  wordAt(index: number): string;
  /** The unit vector of the word at `index`, rebuilt from its int8 form, added into `into`. */
  addVector(index: number, into: Float32Array, weight: number): void;
  /** Cosine similarity of two words' stored vectors. */
  cosine(a: number, b: number): number;
  /** The stored neighbours of `word`, best first (none for a word not in the table). */
  neighboursOf(word: string): WordNeighbour[];
}

/**
 * Reads a table made by {@link encodeWordVectorTable}; throws on bytes that are not one.
 * Lookups are answered from typed arrays over the bytes (a hash of the words' UTF-8 and
 * their offsets), not from a Map of 60,000 strings: that kept the table's added memory to
 * the file's size plus about 1 MB, where a Map and a words array added 28 MB of RSS.
 *
 * @example
 * ```ts
 * import { decodeWordVectorTable, encodeWordVectorTable } from "./word_vector_table.ts";
 * const source = { package: "p", version: "1", sha256: "0", selection: "all" };
 * const unit = new Float32Array([1, 0, 0, 1]);
 * const table = decodeWordVectorTable(
 *   encodeWordVectorTable({ source, words: ["a", "b"], dims: 2, unit, neighbours: 1 }),
 * );
 * table.indexOf("b"); // 1
 * ```
 */
export function decodeWordVectorTable(bytes: Uint8Array): WordVectorTable {
  // Slices, not views: the bytes may be shared between threads, which TextDecoder refuses.
  if (new TextDecoder().decode(bytes.slice(0, 8)) !== MAGIC) {
    throw new Error("Cannot read the word-vector table: it does not start with " + MAGIC);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(8, true);
  const header = JSON.parse(
    new TextDecoder().decode(bytes.slice(12, 12 + headerLength)),
  ) as WordVectorHeader;
  const wordsLength = view.getUint32(12 + headerLength, true);
  const wordsAt = 16 + headerLength;
  const { count, dims, neighbours: k } = header;
  const scalesAt = Math.ceil((wordsAt + wordsLength) / 4) * 4;
  const vectorsAt = scalesAt + count * 4;
  const idsAt = Math.ceil((vectorsAt + count * dims) / 2) * 2;
  const simsAt = idsAt + count * k * 2;
  if (simsAt + count * k !== bytes.byteLength) {
    throw new Error("Cannot read the word-vector table: its parts do not add up");
  }
  // Copied out when the offsets are not aligned for a typed view of the caller's buffer.
  const aligned = (bytes.byteOffset % 4 === 0) ? bytes : bytes.slice();
  const base = aligned.byteOffset;
  const wordBytes = aligned.subarray(wordsAt, wordsAt + wordsLength);
  const starts = new Uint32Array(count + 1);
  let found = 1;
  for (let i = 0; i < wordBytes.length && found <= count; i++) {
    if (wordBytes[i] === 10) starts[found++] = i + 1;
  }
  if (found !== count) {
    throw new Error("Cannot read the word-vector table: its parts do not add up");
  }
  starts[count] = wordBytes.length + 1;
  const scales = new Float32Array(aligned.buffer, base + scalesAt, count);
  const vectors = new Int8Array(aligned.buffer, base + vectorsAt, count * dims);
  const ids = new Uint16Array(aligned.buffer, base + idsAt, count * k);
  const sims = aligned.subarray(simsAt, simsAt + count * k);
  const slots = wordSlots(wordBytes, starts, count);
  const norms = new Float32Array(count); // Worked out on first use: 0 means not yet.
  const norm = (i: number) => {
    if (norms[i] === 0) {
      let sum = 0;
      for (let d = 0; d < dims; d++) sum += vectors[i * dims + d]! ** 2;
      norms[i] = Math.sqrt(sum) || 1;
    }
    return norms[i]!;
  };
  const decoder = new TextDecoder();
  const wordAt = (i: number) => decoder.decode(wordBytes.slice(starts[i]!, starts[i + 1]! - 1));
  const indexOf = (word: string) => findWord(word, wordBytes, starts, slots);
  return {
    header,
    indexOf,
    wordAt,
    addVector(i, into, weight) {
      const scale = scales[i]! * weight;
      for (let d = 0; d < dims; d++) into[d] = into[d]! + vectors[i * dims + d]! * scale;
    },
    cosine(a, b) {
      let sum = 0;
      for (let d = 0; d < dims; d++) sum += vectors[a * dims + d]! * vectors[b * dims + d]!;
      return sum / (norm(a) * norm(b));
    },
    neighboursOf(word) {
      const i = indexOf(word);
      if (i === -1) return [];
      const near: WordNeighbour[] = [];
      for (let j = 0; j < k; j++) {
        near.push({ word: wordAt(ids[i * k + j]!), similarity: sims[i * k + j]! / 255 });
      }
      return near;
    },
  };
}

/** FNV-1a over `bytes[from, to)`. */
function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash >>> 0;
}

/** An open-addressing hash of the words: slot → word index + 1 (0 for empty). */
function wordSlots(wordBytes: Uint8Array, starts: Uint32Array, count: number): Int32Array {
  let size = 1;
  while (size < count * 2) size *= 2;
  const slots = new Int32Array(size);
  for (let i = 0; i < count; i++) {
    let slot = hashBytes(wordBytes, starts[i]!, starts[i + 1]! - 1) & (size - 1);
    while (slots[slot] !== 0) slot = (slot + 1) & (size - 1);
    slots[slot] = i + 1;
  }
  return slots;
}

const encoder = new TextEncoder();
const scratch = new Uint8Array(256);

function findWord(
  word: string,
  wordBytes: Uint8Array,
  starts: Uint32Array,
  slots: Int32Array,
): number {
  const { read, written } = encoder.encodeInto(word, scratch);
  if (read !== word.length) return -1; // Longer than any word kept.
  const mask = slots.length - 1;
  let slot = hashBytes(scratch, 0, written) & mask;
  for (;;) {
    const entry = slots[slot]!;
    if (entry === 0) return -1;
    const from = starts[entry - 1]!;
    const length = starts[entry]! - 1 - from;
    if (length === written) {
      let same = true;
      for (let j = 0; j < written && same; j++) same = wordBytes[from + j] === scratch[j];
      if (same) return entry - 1;
    }
    slot = (slot + 1) & mask;
  }
}
