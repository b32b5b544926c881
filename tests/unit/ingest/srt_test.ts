/**
 * SRT as subtitle editors, Whisper front ends and hand edits leave it, read back to the
 * utterances it was written from.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { readFixture, segmentsOf, speakerIds } from "../../helpers/read_fixture.ts";
import { MEETING, prefixedSrt, roughSrt, standardSrt } from "../../helpers/subtitle_fixtures.ts";

// SRT has no escapes: a `<draft>` in it is markup, so these texts hold none.
const SAID = MEETING.map((u) => ({ ...u, text: u.text.replace(/[<>]/g, "") }));
const unnamed = () => null;

Deno.test("srt: CRLF, `,` before ms, padded hours, a final blank line", () => {
  const transcript = readFixture(standardSrt(SAID), "2025-03-14 Review.srt");
  assertEquals(transcript.format, "srt");
  assertEquals(transcript.segments, segmentsOf(SAID, unnamed));
  assertEquals(transcript.title, "Review");
  assertEquals(transcript.duration, 3727.5);
});

Deno.test("srt: unpadded hours, `.` before ms, markup, indices missing or out of order", () => {
  const file = roughSrt(SAID);
  assertEquals(file.endsWith("\n"), false);
  assertEquals(readFixture(file, "whisper-early.srt").segments, segmentsOf(SAID, unnamed));
});

Deno.test("srt: cues written out of time order are read in time order", () => {
  const shuffled = [SAID[3]!, SAID[0]!, SAID[4]!, SAID[1]!, SAID[2]!];
  assertEquals(readFixture(standardSrt(shuffled), "x.srt").segments, segmentsOf(SAID, unnamed));
});

Deno.test("srt: speakers from WhisperX, whisper.cpp and `Name: ` prefixes", () => {
  const ids = speakerIds(SAID);
  const id = (speaker: string) => ids.get(speaker)!;
  const cases: [(speaker: string) => string, (speaker: string) => string][] = [
    [(s) => `[SPEAKER_0${id(s)}]: `, (s) => `SPEAKER_0${id(s)}`],
    [(s) => `(speaker ${id(s)}) `, (s) => `Speaker ${id(s)}`],
    [(s) => `${s}: `, (s) => s],
  ];
  for (const [prefix, name] of cases) {
    const file = prefixedSrt(SAID, prefix);
    assertEquals(readFixture(file, "x.srt").segments, segmentsOf(SAID, name), file.slice(0, 80));
  }
});

Deno.test("srt: whisper.cpp's `(speaker ?)` is no speaker, and the mark is not text", () => {
  const file = prefixedSrt(SAID, () => "(speaker ?) ");
  assertEquals(readFixture(file, "x.srt").segments, segmentsOf(SAID, unnamed));
});

Deno.test("srt: a blank line inside a cue keeps the paragraph after it with that cue", () => {
  const file = "1\n00:00:01,000 --> 00:00:02,000\nFirst line\n\ncontinued here\n\n" +
    "2\n00:00:03,000 --> 00:00:04,000\nNext.\n";
  assertEquals(readFixture(file, "x.srt").segments.map((segment) => segment.text), [
    "First line continued here",
    "Next.",
  ]);
});

Deno.test("srt: cues with no blank line between them lose only the index line", () => {
  const file = "1\n00:00:01,000 --> 00:00:02,000\nOne.\n2\n00:00:02,000 --> 00:00:03,000\nTwo.";
  assertEquals(readFixture(file, "x.srt").segments.map((segment) => segment.text), [
    "One.",
    "Two.",
  ]);
});
