/**
 * The stable key of a transcript file: what its public id is made of, the same for the
 * folder source (lib/sources/folder/) and for the `index` command, so an item keeps its id
 * across restarts and across index runs.
 *
 * @module
 */
import { createHash } from "node:crypto";

/**
 * The key of the file at `relativePath` within its folder: the first 16 hex digits of the
 * SHA-256 of the path relative to the folder, its separators written `/` and its text in
 * Unicode NFC (macOS hands out names decomposed). Nothing else goes in: the same file at the
 * same place keeps its key whatever its content, mtime or the machine; a file renamed or
 * moved within the folder is a new item with a new key.
 *
 * @example
 * ```ts
 * import { fileTranscriptKey } from "./file_key.ts";
 * fileTranscriptKey("2025/standup.vtt") === fileTranscriptKey("2025\\standup.vtt"); // true
 * fileTranscriptKey("2025/standup.vtt").length; // 16
 * ```
 */
export function fileTranscriptKey(relativePath: string): string {
  const normal = relativePath.replaceAll("\\", "/").replace(/^\/+/, "").normalize("NFC");
  return createHash("sha256").update(normal, "utf8") // 16 hex digits, 64 bits: no collision in any real folder, and a short id.
    .digest("hex").slice(0, 16);
}
