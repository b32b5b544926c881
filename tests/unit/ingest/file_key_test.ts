/** A file's key: the same for the same place in the folder, whatever else changes. */
import { assert, assertEquals, assertNotEquals } from "../../helpers/assert.ts";
import { fileTranscriptKey } from "../../../lib/ingest/file_key.ts";

Deno.test("a file's key depends on its relative path alone, written any way", () => {
  const key = fileTranscriptKey("2025/03/Standup café.vtt");
  assertEquals(key.length, 16);
  assert(/^[0-9a-f]{16}$/.test(key), key);
  assertEquals(fileTranscriptKey("2025\\03\\Standup café.vtt"), key);
  assertEquals(fileTranscriptKey("/2025/03/Standup café.vtt"), key);
  // macOS hands out names decomposed (é as e + U+0301): the same file, the same key.
  assertEquals(fileTranscriptKey("2025/03/Standup cafe\u0301.vtt"), key);
  assertNotEquals(fileTranscriptKey("2025/04/Standup café.vtt"), key);
  assertNotEquals(fileTranscriptKey("2025/03/standup café.vtt"), key);
});
