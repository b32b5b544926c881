/** A file's key: the same for the same place in the folder, whatever else changes. */
import { assert, assertEquals, assertNotEquals } from "../../helpers/assert.ts";
import { fileTranscriptKey, keyPath, twinWins } from "../../../lib/ingest/file_key.ts";

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

Deno.test("twins: the path already written as its key path wins, else the first in code-unit order", () => {
  // The Kelvin sign is K in NFC: a name outside ASCII can be the twin of a plain one.
  assertEquals(keyPath("a\\\u212A.vtt"), "a/K.vtt");
  assertEquals(keyPath("a/K.vtt"), "a/K.vtt");
  assertEquals(fileTranscriptKey("a\\\u212A.vtt"), fileTranscriptKey("a/K.vtt"));
  const pairs: Array<[string, string]> = [
    ["caf\u00e9.vtt", "cafe\u0301.vtt"],
    ["a/b.vtt", "a\\b.vtt"],
    ["a/K.vtt", "a/\u212A.vtt"],
    ["a\\cafe\u0301.vtt", "a\\caf\u00e9.vtt"], // neither is its key path: the first by code unit
  ];
  for (const [winner, other] of pairs) {
    assertEquals(keyPath(winner), keyPath(other), winner);
    assertEquals([twinWins(winner, other), twinWins(other, winner)], [true, false], winner);
  }
});
