/**
 * The five JSON shapes (openai-whisper, WhisperX, whisper.cpp, AssemblyAI, Deepgram), read
 * back to the utterances they were written from; JSON of any other shape is not a
 * transcript, and JSON that does not parse is reported.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { readFixture, renumbered, segmentsOf, speakerIds } from "../../helpers/read_fixture.ts";
import { MEETING } from "../../helpers/subtitle_fixtures.ts";
import {
  assemblyAiJson,
  deepgramJson,
  openaiWhisperJson,
  whisperCppJson,
  whisperxJson,
} from "../../helpers/json_fixtures.ts";
import { readTranscriptFile } from "../../../lib/ingest/read_transcript_file.ts";

const ids = speakerIds(MEETING);
const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("json: openai-whisper seconds and leading spaces; language and engine", () => {
  const transcript = readFixture(openaiWhisperJson(MEETING, "de"), "call.json");
  assertEquals(transcript.format, "whisper-json");
  assertEquals(transcript.segments, segmentsOf(MEETING, () => null));
  assertEquals([transcript.language, transcript.engine], ["de", "openai-whisper"]);
  assertEquals(transcript.duration, 3727.5);
});

Deno.test("json: WhisperX segment speakers, absent on some segments", () => {
  const diarized = renumbered(MEETING, (id) => `SPEAKER_0${id}`);
  const unknown = (index: number) => index === 2;
  const transcript = readFixture(whisperxJson(diarized, unknown), "call.json");
  const expected = segmentsOf(diarized).map((s, i) => unknown(i) ? { ...s, speaker: null } : s);
  assertEquals(transcript.segments, expected);
  assertEquals([transcript.language, transcript.engine], ["en", "whisperx"]);
});

Deno.test("json: whisper.cpp -oj offsets in ms, with and without --diarize", () => {
  const diarized = renumbered(MEETING, (id) => String(id));
  const plain = readFixture(whisperCppJson(diarized, false), "call.json");
  assertEquals(plain.segments, segmentsOf(MEETING, () => null));
  assertEquals([plain.format, plain.language, plain.engine], [
    "whisper.cpp-json",
    "en",
    "whisper.cpp",
  ]);
  const withSpeakers = readFixture(whisperCppJson(diarized, true), "call.json");
  assertEquals(withSpeakers.segments, segmentsOf(diarized, (id) => `Speaker ${id}`));
});

Deno.test("json: whisper.cpp's `?` speaker is no speaker", () => {
  const unsure = MEETING.map((u) => ({ ...u, speaker: "?" }));
  const transcript = readFixture(whisperCppJson(unsure, true), "call.json");
  assertEquals(transcript.segments, segmentsOf(MEETING, () => null));
});

Deno.test("json: AssemblyAI utterances in ms with speaker letters", () => {
  const letters = renumbered(MEETING, (id) => "ABCDEFGH"[id]!);
  const transcript = readFixture(assemblyAiJson(letters), "transcript.json");
  assertEquals(transcript.segments, segmentsOf(letters, (letter) => `Speaker ${letter}`));
  assertEquals([transcript.format, transcript.language], ["assemblyai-json", "en_us"]);
});

Deno.test("json: AssemblyAI without speaker labels is read from its words", () => {
  const transcript = readFixture(assemblyAiJson(MEETING, false), "transcript.json");
  const sentences = MEETING.flatMap((u) => u.text.split(/(?<=[.?!]) /));
  assertEquals(transcript.segments.map((segment) => segment.text), sentences);
  assertEquals(transcript.text, sentences.join("\n"));
  assertEquals(transcript.segments[0]!.startMs, MEETING[0]!.startMs);
  assertEquals(transcript.segments.at(-1)!.endMs, MEETING.at(-1)!.endMs);
});

Deno.test("json: Deepgram utterances in seconds with speaker numbers, or words alone", () => {
  const number = (speaker: string) => ids.get(speaker)!;
  const transcript = readFixture(deepgramJson(MEETING, number), "dg.json");
  assertEquals(transcript.segments, segmentsOf(MEETING, (s) => `Speaker ${number(s)}`));
  assertEquals([transcript.format, transcript.engine], ["deepgram-json", "deepgram"]);
  const words = readFixture(deepgramJson(MEETING, number, false), "dg.json");
  assertEquals(words.text, transcript.text);
  assertEquals(words.segments.length > transcript.segments.length, true);
});

Deno.test("json: other JSON is ignored; JSON that does not parse is skipped with its reason", () => {
  for (const other of ['{"name": "pkg", "version": "1.0.0"}', "[1, 2]", '{"segments": 3}']) {
    assertEquals(readTranscriptFile(bytes(other), "package.json"), { kind: "ignored" }, other);
  }
  const full = openaiWhisperJson(MEETING);
  const truncated = readTranscriptFile(bytes(full.slice(0, full.length / 2)), "call.json");
  assertEquals(truncated.kind, "skipped");
  assertEquals(
    truncated.kind === "skipped" && truncated.reason.startsWith("the JSON is cut short"),
    true,
  );
});

Deno.test("json: the reason for JSON that does not parse quotes the file on one line, escaped", () => {
  // V8's message quotes the text near the fault: here a line break and a terminal escape.
  const outcome = readTranscriptFile(bytes('{"segments": [\n\u001b[31m oops'), "call.json");
  assertEquals(outcome.kind, "skipped");
  const reason = outcome.kind === "skipped" ? outcome.reason : "";
  // Control characters are what this pattern is for.
  // deno-lint-ignore no-control-regex
  assertEquals(/[\u0000-\u001f\u007f]/.test(reason), false, reason);
  assertEquals(reason.includes("\\n\\u001b[31m oops"), true, reason);
});

Deno.test("json: segments out of order or ending before they start are put right, as cues are", () => {
  const json = '{"text": "x", "segments": [{"start": 5, "end": 1, "text": " Later."},' +
    ' {"start": 0, "end": 0.5, "text": " First."}]}';
  const transcript = readFixture(json, "call.json");
  assertEquals(transcript.segments, [
    { startMs: 0, endMs: 500, speaker: null, text: "First." },
    { startMs: 5000, endMs: 5000, speaker: null, text: "Later." },
  ]);
  assertEquals(transcript.duration, 5);
});

Deno.test("json: a known shape with a segment that lacks its times names the segment", () => {
  const json = JSON.parse(openaiWhisperJson(MEETING));
  delete json.segments[2].end;
  assertEquals(readTranscriptFile(bytes(JSON.stringify(json)), "call.json"), {
    kind: "skipped",
    reason: "segment 3 has no numeric start and end",
  });
});

Deno.test("json: segments that claim Whisper's shape with bad values are skipped, not ignored", () => {
  const cases: [string, string][] = [
    ['{"segments": [{"start": "x", "end": null, "text": 5}]}', "segment 1 has no numeric"],
    [
      '{"text": "hi", "segments": [{"start": "0", "end": "1", "text": "hi"}]}',
      "segment 1 has no numeric",
    ],
    [
      '{"segments": [{"start": 0, "end": 1, "text": "hi"}, {"start": 2, "text": "x"}]}',
      "segment 2 has no numeric",
    ],
    // A negative time, or one no clock can show.
    [
      '{"segments": [{"start": 0, "end": 1, "text": "a"}, {"start": -5, "end": -1, "text": "b"}]}',
      "segment 2 has a time out of range",
    ],
    [
      '{"segments": [{"start": 1e300, "end": 1e308, "text": "big"}]}',
      "segment 1 has a time out of range",
    ],
    [
      '{"transcription": [{"offsets": {"from": 0, "to": 1e20}, "text": "far"}]}',
      "transcription item 1 has a time out of range",
    ],
  ];
  for (const [json, reason] of cases) {
    const full = reason.endsWith("numeric") ? `${reason} start and end` : reason;
    assertEquals(
      readTranscriptFile(bytes(json), "call.json"),
      { kind: "skipped", reason: full },
      json,
    );
  }
  // Arrays named segments that hold no timed text stay other JSON.
  for (const other of ['{"segments": [1, 2]}', '{"segments": []}', '{"segments": [{"id": 1}]}']) {
    assertEquals(readTranscriptFile(bytes(other), "data.json"), { kind: "ignored" }, other);
  }
});

Deno.test("json: a transcript JSON under another extension is still read", () => {
  assertEquals(readFixture(openaiWhisperJson(MEETING), "call.whisper").segments.length, 5);
});
