/**
 * UTF-16 without a byte order mark (Windows tools write it): told from binary data by the
 * NUL bytes mostly-ASCII text has at every other offset, and read in every format; real
 * binaries (random bytes, a SQLite database, a PNG, a zip, 16-bit numbers) stay binary.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { readFixture } from "../../helpers/read_fixture.ts";
import { openaiWhisperJson } from "../../helpers/json_fixtures.ts";
import {
  MEETING,
  otterText,
  standardSrt,
  teamsVtt,
  utf16Bytes,
  type Utterance,
} from "../../helpers/subtitle_fixtures.ts";
import { binarySamples, joinBytes } from "../../helpers/binary_fixtures.ts";
import { decodeTranscriptBytes } from "../../../lib/ingest/text_encoding.ts";
import { readTranscriptFile } from "../../../lib/ingest/read_transcript_file.ts";

const FAR_EAST: readonly Utterance[] = [
  { speaker: "田中", startMs: 1_000, endMs: 3_000, text: "おはようございます。会議を始めます。" },
  { speaker: "Zoë", startMs: 3_000, endMs: 5_000, text: "Prêt — 🎙️ on air." },
];

const FILES: ReadonlyArray<[string, string]> = [
  ["teams.vtt", teamsVtt(MEETING)],
  ["far east.vtt", teamsVtt(FAR_EAST)],
  ["call.srt", standardSrt(MEETING)],
  ["otter.txt", otterText(MEETING)],
  ["whisper.json", openaiWhisperJson(MEETING)],
  ["notes.txt", "Ann: the café plan.\r\n\r\nOmar: agreed."],
];

Deno.test("unmarked UTF-16: VTT, SRT, Otter, plain text and JSON read as their UTF-8 twins", () => {
  for (const [name, text] of FILES) {
    const expected = readFixture(text, name);
    for (const littleEndian of [true, false]) {
      const bytes = utf16Bytes(text, littleEndian, false);
      const encoding = littleEndian ? "utf-16le" : "utf-16be";
      assertEquals(decodeTranscriptBytes(bytes), { kind: "text", text, encoding }, name);
      assertEquals(readFixture(bytes, name), expected, `${name} ${encoding}`);
    }
  }
});

Deno.test("unmarked UTF-16: random bytes, SQLite, PNG, zip and 16-bit numbers stay binary", async () => {
  const text = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi.\n";
  const binaries: Array<[string, Uint8Array]> = [
    ...await binarySamples(),
    ["odd length", utf16Bytes(text, true, false).subarray(1)],
    ["lone surrogate", joinBytes(utf16Bytes("A", true, false), Uint8Array.from([0x00, 0xd8]))],
    ["NUL character", utf16Bytes(`${text}\0`, true, false)],
    [
      "UTF-8 mark, then UTF-16",
      joinBytes(Uint8Array.from([0xef, 0xbb, 0xbf]), utf16Bytes(text, true, false)),
    ],
  ];
  for (const [what, bytes] of binaries) {
    assertEquals(decodeTranscriptBytes(bytes), { kind: "binary" }, what);
    assertEquals(readTranscriptFile(bytes, "call.vtt"), {
      kind: "skipped",
      reason: "the file holds binary data, not text",
    }, what);
  }
});
