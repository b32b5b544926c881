/**
 * Format detection (content first, the extension a hint), Otter and plain text, and what
 * becomes of files that are not transcripts or cannot be read.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { readFixture, segmentsOf } from "../../helpers/read_fixture.ts";
import {
  MEETING,
  otterText,
  standardSrt,
  teamsVtt,
  utf8Bytes,
} from "../../helpers/subtitle_fixtures.ts";
import { openaiWhisperJson } from "../../helpers/json_fixtures.ts";
import { readTranscriptFile } from "../../../lib/ingest/read_transcript_file.ts";

const SAID = MEETING.map((u) => ({ ...u, text: u.text.replace(/[<>]/g, "") }));
const outcome = (content: string | Uint8Array, name: string) =>
  readTranscriptFile(typeof content === "string" ? utf8Bytes(content) : content, name);

Deno.test("readTranscriptFile() reads plain text as one untimed segment per paragraph", () => {
  const transcript = readFixture("First part.\r\n\r\nSecond\npart.\n\n\n", "Standup notes.txt");
  assertEquals(transcript.title, "Standup notes");
  assertEquals(transcript.segments, [
    { startMs: null, endMs: null, speaker: null, text: "First part." },
    { startMs: null, endMs: null, speaker: null, text: "Second\npart." },
  ]);
  assertEquals([transcript.format, transcript.duration], ["text", null]);
  assertEquals(transcript.text, "First part.\nSecond\npart.");
});

Deno.test("otter: headers give speaker and start; a paragraph ends where the next begins", () => {
  const transcript = readFixture(otterText(MEETING), "Weekly sync.txt");
  const starts = MEETING.map((u) => Math.floor(u.startMs / 1000) * 1000);
  assertEquals(transcript.format, "otter");
  assertEquals(
    transcript.segments,
    MEETING.map((u, i) => ({
      startMs: starts[i]!,
      endMs: starts[i + 1] ?? null,
      speaker: u.speaker,
      text: u.text,
    })),
  );
  assertEquals(transcript.text.includes("otter.ai"), false);
  assertEquals(transcript.duration, starts.at(-1)! / 1000);
});

Deno.test("otter: a paragraph whose next header goes back in time (two exports joined) has no end", () => {
  const transcript = readFixture("Ann  5:00\nLater.\n\nOmar  0:00\nFrom the top.\n", "joined.txt");
  assertEquals(transcript.segments.map((segment) => [segment.startMs, segment.endMs]), [
    [300_000, null],
    [0, null],
  ]);
});

Deno.test("detection: content decides, whatever the extension says", () => {
  const cases: [string, string, string][] = [
    [teamsVtt(MEETING), "meeting.txt", "vtt"],
    [standardSrt(SAID), "meeting.txt", "srt"],
    [openaiWhisperJson(MEETING), "meeting.txt", "whisper-json"],
    [standardSrt(SAID), "meeting.vtt", "srt"],
    [teamsVtt(MEETING), "captions", "vtt"],
    [standardSrt(SAID), "captions.sub", "srt"],
    [otterText(MEETING), "export", "otter"],
  ];
  for (const [content, name, format] of cases) {
    assertEquals(readFixture(content, name).format, format, name);
  }
});

Deno.test("detection: a .vtt that lost its WEBVTT line is still read by its cues", () => {
  const headless = teamsVtt(MEETING).replace("WEBVTT\n\n", "");
  assertEquals(readFixture(headless, "call.vtt").segments, segmentsOf(MEETING));
});

Deno.test("not transcripts are ignored: media, images, left-behind files, unknown content", () => {
  const cases: [string | Uint8Array, string][] = [
    [new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0]), "call.mp3"],
    [teamsVtt(MEETING), "call.m4a"], // the name wins for media, whatever the bytes
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), "slide.png"],
    [new Uint8Array([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31]), ".DS_Store"],
    ["hello", "._call.vtt"],
    ["Just some notes.", "README"],
    ["a,b\n1,2\n", "table.csv"],
    [new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), "unknown.bin2"],
    ["", "unknown-empty"],
  ];
  for (const [content, name] of cases) {
    assertEquals(outcome(content, name), { kind: "ignored" }, name);
  }
});

Deno.test("editors' backup, autosave and swap copies are ignored, not read as a second transcript", () => {
  const names = [
    "call.vtt~",
    "line\nbreak.vtt~",
    "#call.vtt#",
    "call.vtt.swp",
    "call.vtt.swo",
    "call.vtt.bak",
  ];
  for (const name of names) {
    assertEquals(outcome(teamsVtt(MEETING), name), { kind: "ignored" }, name);
  }
  // The transcript itself, and a name merely holding those characters, are read.
  for (const name of ["call.vtt", "call #2.vtt", "~call.vtt"]) {
    assertEquals(outcome(teamsVtt(MEETING), name).kind, "transcript", name);
  }
});

Deno.test("files that should be transcripts but cannot be read are skipped with reasons", () => {
  const cases: [string | Uint8Array, string, string][] = [
    ["", "empty.srt", "the file is empty"],
    [" \r\n\t\n", "blank.vtt", "the file is empty"],
    [new Uint8Array(), "empty.json", "the file is empty"],
    [
      new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0, 0xff, 3]),
      "bin.vtt",
      "the file holds binary data, not text",
    ],
    [
      "WEBVTT\n\n00:00:01.000 --> later\nHi\n",
      "bad.vtt",
      'line 3 is not a cue timing: "00:00:01.000 --> later"',
    ],
    [
      "1\n00:00:01,000 --> 00:00:62,000\nHi\n",
      "bad.srt",
      'line 2 is not a cue timing: "00:00:01,000 --> 00:00:62,000"',
    ],
    ["WEBVTT\n\nNOTE nothing else\n", "header.vtt", "the file holds no transcript text"],
    ["Meeting at noon.", "notes.vtt", "the file is not WebVTT: no WEBVTT line and no cue timings"],
    ["Meeting at noon.", "notes.srt", "the file is not SRT: no cue timings"],
    ["segments: none", "call.json", "the file is not JSON"],
  ];
  for (const [content, name, reason] of cases) {
    assertEquals(outcome(content, name), { kind: "skipped", reason }, name);
  }
});

Deno.test("a cue's text that holds --> is text; a timing line that does not parse still is not", () => {
  const said = (content: string, name: string) => {
    const read = outcome(content, name);
    return read.kind === "transcript" ? read.transcript.segments.map((s) => s.text) : read;
  };
  assertEquals(
    said(
      "1\n00:00:01,000 --> 00:00:03,000\nLena: it goes A --> B\n\n" +
        "2\n00:00:04,000 --> 00:00:06,000\nRavi: then pricing\n",
      "arrow.srt",
    ),
    ["it goes A --> B", "then pricing"],
  );
  assertEquals(
    said(
      "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Lena>it goes\nA --> B\n\n" +
        "00:00:04.000 --> 00:00:06.000\n<v Ravi>then pricing\n",
      "arrow.vtt",
    ),
    ["it goes A --> B", "then pricing"],
  );
  // After a blank line a line with --> opens a cue: one that does not parse is refused.
  assertEquals(
    outcome(
      "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHi\n\n00:00:04.000 --> soon\nThere\n",
      "b.vtt",
    ),
    { kind: "skipped", reason: 'line 6 is not a cue timing: "00:00:04.000 --> soon"' },
  );
  // A cue's last line cut short by a writer is left for the next read, not taken as text.
  assertEquals(
    said("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHi\n00:00:04.000 --> 00:0", "c.vtt"),
    [
      "Hi",
    ],
  );
});

Deno.test("two WebVTT files appended into one: the second header is no text of the first", () => {
  const read = outcome(
    "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Lena>first file\n\n" +
      "WEBVTT\nKind: captions\nLanguage: en\n\n00:00:04.000 --> 00:00:06.000\n<v Ravi>second\n",
    "both.vtt",
  );
  assertEquals(
    read.kind === "transcript" ? read.transcript.segments.map((s) => [s.speaker, s.text]) : read,
    [["Lena", "first file"], ["Ravi", "second"]],
  );
});
