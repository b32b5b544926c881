/**
 * The stable key of a transcript file: what its public id is made of, the same for the
 * folder source (lib/sources/folder/) and for the `index` command, so an item keeps its id
 * across restarts and across index runs; and which of two files that make one key is read.
 *
 * @module
 */
import process from "node:process";

/**
 * node:crypto, loaded at the first key: only a served folder and `index` make keys, and the
 * module costs every thread that loads it 4 MiB (issue #26).
 */
function sha256() {
  return process.getBuiltinModule("node:crypto").createHash("sha256");
}

/**
 * The key of the file at `relativePath` within its folder: the first 16 hex digits of the
 * SHA-256 of its {@link keyPath}. Nothing else goes in: the same file at the same place
 * keeps its key whatever its content, mtime or the machine; a file renamed or moved within
 * the folder is a new item with a new key.
 *
 * @example
 * ```ts
 * import { fileTranscriptKey } from "./file_key.ts";
 * fileTranscriptKey("2025/standup.vtt") === fileTranscriptKey("2025\\standup.vtt"); // true
 * fileTranscriptKey("2025/standup.vtt").length; // 16
 * ```
 */
export function fileTranscriptKey(relativePath: string): string {
  return sha256().update(keyPath(relativePath), "utf8") // 16 hex digits, 64 bits: no collision in any real folder, and a short id.
    .digest("hex").slice(0, 16);
}

// What a path needs rewriting for: a `\`, or a character outside ASCII (NFC may change it).
const NOT_PLAIN = /[\\\u0080-\uffff]/;

/**
 * The path relative to the folder that a file's key is made of: separators written `/`, no
 * leading `/`, text in Unicode NFC (macOS hands out names decomposed).
 *
 * @example
 * ```ts
 * import { keyPath } from "./file_key.ts";
 * keyPath("2025\\cafe\u0301.vtt"); // "2025/caf\u00e9.vtt"
 * ```
 */
export function keyPath(relativePath: string): string {
  if (!NOT_PLAIN.test(relativePath) && relativePath[0] !== "/") return relativePath;
  return relativePath.replaceAll("\\", "/").replace(/^\/+/, "").normalize("NFC");
}

/**
 * Of two files whose paths make one key ("twins": the same name in NFC and NFD, or `a\b`
 * beside `a/b`), whether `path` is the one read rather than `other`: the one written as its
 * key path is, else the first in code-unit order. The served folder and `index` both keep
 * only the file this picks (folder_walk.ts), so they answer the same item.
 *
 * @example
 * ```ts
 * import { twinWins } from "./file_key.ts";
 * twinWins("caf\u00e9.vtt", "cafe\u0301.vtt"); // true: already NFC
 * twinWins("cafe\u0301.vtt", "caf\u00e9.vtt"); // false
 * ```
 */
export function twinWins(path: string, other: string): boolean {
  const plain = keyPath(path) === path;
  if (plain !== (keyPath(other) === other)) return plain;
  return path < other;
}
