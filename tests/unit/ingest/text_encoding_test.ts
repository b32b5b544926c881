/**
 * Encodings: UTF-8 with or without a byte order mark, UTF-16 either way round with one,
 * Windows-1252 for bytes that are not UTF-8, and binary data told apart from text.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { readFixture, segmentsOf } from "../../helpers/read_fixture.ts";
import { MEETING, teamsVtt, utf16Bytes, utf8Bytes } from "../../helpers/subtitle_fixtures.ts";
import { decodeTranscriptBytes } from "../../../lib/ingest/text_encoding.ts";

/** Windows-1252 bytes of `text`, for characters that table holds. */
function windows1252(text: string): Uint8Array {
  const high: Record<string, number> = {
    "–": 0x96,
    "—": 0x97,
    "’": 0x92,
    "€": 0x80,
    "“": 0x93,
    "”": 0x94,
  };
  return Uint8Array.from([...text], (char) => {
    const code = high[char] ?? char.charCodeAt(0);
    if (code > 0xff) throw new Error(`not in Windows-1252: ${char}`);
    return code;
  });
}

Deno.test("encoding: Windows-1252 bytes round-trip exactly, never as U+FFFD", () => {
  const text = "café – naïve “quotes” cost 5 € — it’s";
  const decoded = decodeTranscriptBytes(windows1252(text));
  assertEquals(decoded, { kind: "text", text, encoding: "windows-1252" });
});

Deno.test("encoding: every byte Windows-1252 leaves undefined still decodes, not to U+FFFD", () => {
  const bytes = Uint8Array.from([0x41, 0x81, 0x8d, 0x8f, 0x90, 0x9d, 0xe9]);
  const decoded = decodeTranscriptBytes(bytes);
  assertEquals(decoded.kind === "text" && [...decoded.text].length, bytes.length);
  assertEquals(decoded.kind === "text" && decoded.text.includes("\uFFFD"), false);
});

Deno.test("encoding: UTF-8 with and without a byte order mark; the mark is dropped", () => {
  for (const mark of [false, true]) {
    assertEquals(decodeTranscriptBytes(utf8Bytes("café – naïve", mark)), {
      kind: "text",
      text: "café – naïve",
      encoding: "utf-8",
    });
  }
});

Deno.test("encoding: UTF-16 LE and BE with a byte order mark, astral characters too", () => {
  const text = "café – naïve 🎙️";
  assertEquals(decodeTranscriptBytes(utf16Bytes(text, true)), {
    kind: "text",
    text,
    encoding: "utf-16le",
  });
  assertEquals(decodeTranscriptBytes(utf16Bytes(text, false)), {
    kind: "text",
    text,
    encoding: "utf-16be",
  });
});

Deno.test("encoding: a Teams VTT saved as UTF-16 or Windows-1252 reads as the UTF-8 one", () => {
  const file = teamsVtt(MEETING);
  const expected = segmentsOf(MEETING);
  assertEquals(readFixture(utf16Bytes(file, true), "a.vtt").segments, expected);
  assertEquals(readFixture(utf16Bytes(file, false), "a.vtt").segments, expected);
  assertEquals(readFixture(windows1252(file), "a.vtt").segments, expected);
  assertEquals(readFixture(utf8Bytes(file, true), "a.vtt").segments, expected);
});

Deno.test("encoding: NUL bytes or many control bytes are binary; a few are text", () => {
  assertEquals(decodeTranscriptBytes(utf8Bytes("WEBVTT\n\0")).kind, "binary");
  assertEquals(
    decodeTranscriptBytes(Uint8Array.from({ length: 64 }, (_, i) => i % 8 + 1)).kind,
    "binary",
  );
  assertEquals(
    decodeTranscriptBytes(utf8Bytes(`Bell \x07 once in ${"a long line ".repeat(4)}`)).kind,
    "text",
  );
  const oddUtf16 = Uint8Array.from([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]); // a lone surrogate
  assertEquals(decodeTranscriptBytes(oddUtf16).kind, "binary");
});

Deno.test("encoding: a U+FFFD written in a UTF-8 file is kept; one beside bad bytes is not", () => {
  const written = new TextEncoder().encode("Unknown word: \uFFFD, said Ann.");
  assertEquals(decodeTranscriptBytes(written), {
    kind: "text",
    text: "Unknown word: \uFFFD, said Ann.",
    encoding: "utf-8",
  });
  // Not UTF-8 as a whole (0xE9 alone): Windows-1252, whose table reads the three bytes too.
  const mixed = Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xef, 0xbf, 0xbd]);
  assertEquals(decodeTranscriptBytes(mixed), {
    kind: "text",
    text: "caf\u00e9 \u00ef\u00bf\u00bd",
    encoding: "windows-1252",
  });
});
