/**
 * WebVTT in the dialects real tools write, each read back to the utterances it was written
 * from (tests/helpers/subtitle_fixtures.ts).
 */
import { assertEquals } from "../../helpers/assert.ts";
import { readTranscriptFile } from "../../../lib/ingest/read_transcript_file.ts";
import { utf8Bytes } from "../../helpers/subtitle_fixtures.ts";
import { readFixture, renumbered, segmentsOf } from "../../helpers/read_fixture.ts";
import {
  decoratedVtt,
  MEETING,
  teamsVtt,
  whisperCppVtt,
  whisperxVtt,
  zoomVtt,
} from "../../helpers/subtitle_fixtures.ts";

Deno.test("vtt: Teams voice spans with GUID cue ids give speaker, times and decoded text", () => {
  const transcript = readFixture(teamsVtt(MEETING), "Quarterly review.vtt");
  assertEquals(transcript.format, "vtt");
  assertEquals(transcript.segments, segmentsOf(MEETING));
  assertEquals(transcript.duration, MEETING[MEETING.length - 1]!.endMs / 1000);
  assertEquals(transcript.title, "Quarterly review");
});

Deno.test("vtt: Zoom's `Name: text` payloads give the speaker; the colon in a text stays", () => {
  const transcript = readFixture(zoomVtt(MEETING), "GMT20250402-150000_Recording.transcript.vtt");
  assertEquals(transcript.segments, segmentsOf(MEETING));
  assertEquals(transcript.createdAt, "2025-04-02T15:00:00.000Z");
});

Deno.test("vtt: whisper.cpp --diarize leaves <v Speaker0> unclosed", () => {
  const diarized = renumbered(MEETING, (id) => `Speaker${id}`);
  assertEquals(readFixture(whisperCppVtt(diarized), "call.vtt").segments, segmentsOf(diarized));
});

Deno.test("vtt: WhisperX [SPEAKER_00]: prefixes and mm:ss.ttt timings without hours", () => {
  const diarized = renumbered(MEETING, (id) => `SPEAKER_0${id}`);
  const file = whisperxVtt(diarized);
  assertEquals(file.includes("\n00:01.500 --> 00:04.200\n"), true);
  assertEquals(readFixture(file, "call.vtt").segments, segmentsOf(diarized));
});

Deno.test("vtt: BOM, header text, STYLE/REGION/NOTE, settings, inline tags, every line end", () => {
  for (const lineEnd of ["\n", "\r\n", "\r"]) {
    const transcript = readFixture(decoratedVtt(MEETING, lineEnd), "review.vtt");
    assertEquals(transcript.segments, segmentsOf(MEETING), JSON.stringify(lineEnd));
    assertEquals(transcript.language, "en-gb");
  }
});

Deno.test("vtt: the text is one `Speaker: text` line per turn", () => {
  const transcript = readFixture(teamsVtt(MEETING), "review.vtt");
  const [first, second, third, fourth, fifth] = MEETING;
  assertEquals(transcript.text.split("\n"), [
    `${first!.speaker}: ${first!.text}`,
    `${second!.speaker}: ${second!.text}`,
    `${third!.speaker}: ${third!.text} ${fourth!.text}`,
    `${fifth!.speaker}: ${fifth!.text}`,
  ]);
});

Deno.test("vtt: cues without speakers are plain lines; a stray `Note:` is not a speaker", () => {
  const file = "WEBVTT\n\n00:00.000 --> 00:02.000\nThe lift is out.\n\n" +
    "00:02.000 --> 00:04.000\nNote: take the stairs.\n\n00:04.000 --> 00:06.000\nThanks.\n";
  const transcript = readFixture(file, "notice.vtt");
  assertEquals(transcript.segments.map((segment) => segment.speaker), [null, null, null]);
  assertEquals(transcript.text, "The lift is out.\nNote: take the stairs.\nThanks.");
});

Deno.test("vtt: a cue left empty by markup is dropped; `<` that opens no tag is text", () => {
  const file = "WEBVTT\n\n00:00.000 --> 00:01.000\n<c.music></c>\n\n" +
    "00:01.000 --> 00:02.000\n2 < 3 and 5 > 4 &lt;ok&gt; &#233;&#x4E2D; &bogus;\n";
  const transcript = readFixture(file, "math.vtt");
  assertEquals(transcript.segments, [
    { startMs: 1000, endMs: 2000, speaker: null, text: "2 < 3 and 5 > 4 <ok> é中 &bogus;" },
  ]);
});

Deno.test("vtt: a cue that is only a speaker prefix is dropped; a blank tag names no speaker", () => {
  const file = "WEBVTT\n\n00:00.000 --> 00:01.000\n[SPEAKER_00]:\n\n" +
    "00:01.000 --> 00:02.000\n[SPEAKER_00]: Hello.\n\n00:02.000 --> 00:03.000\n[ ]: Who?\n";
  const transcript = readFixture(file, "diarized.vtt");
  assertEquals(transcript.segments, [
    { startMs: 1000, endMs: 2000, speaker: "SPEAKER_00", text: "Hello." },
    { startMs: 2000, endMs: 3000, speaker: null, text: "Who?" },
  ]);
  assertEquals(transcript.text, "SPEAKER_00: Hello.\nWho?");
});

Deno.test("vtt and srt: a file cut within its last timing line (being written) gives the cues before", () => {
  const vtt = teamsVtt(MEETING);
  const cut = vtt.lastIndexOf("-->") + 6; // "00:00:0…" mid-way through the last timing
  const partial = readTranscriptFile(utf8Bytes(vtt.slice(0, cut)), "live.vtt");
  assertEquals(
    partial.kind === "transcript" ? partial.transcript.segments : partial,
    segmentsOf(MEETING).slice(0, -1),
  );
  const srt = "1\n00:00:01,000 --> 00:00:02,000\nHello.\n\n2\n00:00:03,000 --> 00:0";
  const srtPartial = readTranscriptFile(utf8Bytes(srt), "live.srt");
  assertEquals(
    srtPartial.kind === "transcript" ? srtPartial.transcript.text : srtPartial,
    "Hello.",
  );
  // A bad timing with a line after it is no cut: the file is skipped, the line named.
  const bad = readTranscriptFile(utf8Bytes(`${vtt.slice(0, cut)}\nMore.\n`), "bad.vtt");
  assertEquals(bad.kind, "skipped");
});
