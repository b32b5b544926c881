/**
 * WebVTT cues that hold several voices (`<v Anna>Hi.</v> <v Ben>Hello.</v>`, or one voice a
 * line, unclosed): one segment per voice, in order, each with the cue's times and its
 * speaker; cues of one voice, or of none, read as before; and the turns that follow.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { readFixture } from "../../helpers/read_fixture.ts";
import { groupTurns } from "../../../lib/sources/turns.ts";

const cue = (payload: string, from = 1, to = 3) =>
  `00:00:0${from}.000 --> 00:00:0${to}.000\n${payload}\n`;
const segmentsOf = (...cues: string[]) =>
  readFixture(`WEBVTT\n\n${cues.join("\n")}`, "voices.vtt").segments;
const said = (speaker: string | null, text: string, startMs = 1000, endMs = 3000) => ({
  startMs,
  endMs,
  speaker,
  text,
});

Deno.test("vtt voices: a cue of two voices, closed or one a line, gives a segment per voice", () => {
  const expected = [said("Anna", "Hi."), said("Ben", "Hello.")];
  assertEquals(segmentsOf(cue("<v Anna>Hi.</v> <v Ben>Hello.</v>")), expected);
  assertEquals(segmentsOf(cue("<v Anna>Hi.\n<v Ben>Hello.")), expected);
  assertEquals(segmentsOf(cue("<v Anna>Hi.</v>\n<v Ben>Hello.</v>")), expected);
});

Deno.test("vtt voices: three voices keep their order, classes, markup and entities", () => {
  const payload = "<v.loud Anna Lee><i>Fish</i> &amp; chips?</v><v\tBen>Yes.</v> <v Anna Lee>Good.";
  assertEquals(segmentsOf(cue(payload), cue("<v Ben>Next cue.", 4, 5)), [
    said("Anna Lee", "Fish & chips?"),
    said("Ben", "Yes."),
    said("Anna Lee", "Good."),
    said("Ben", "Next cue.", 4000, 5000),
  ]);
});

Deno.test("vtt voices: one voice, the same voice twice, or none read as one segment", () => {
  assertEquals(segmentsOf(cue("<v Anna>Hi</v> there")), [said("Anna", "Hi there")]);
  assertEquals(segmentsOf(cue("Well, <v Anna>hi.")), [said("Anna", "Well, hi.")]);
  assertEquals(segmentsOf(cue("<v Anna>Hi.</v> <v Anna>Again.")), [said("Anna", "Hi. Again.")]);
  assertEquals(segmentsOf(cue("Plain <video>words.")), [said(null, "Plain words.")]);
});

Deno.test("vtt voices: text before the first voice goes with it; an empty voice is dropped", () => {
  assertEquals(segmentsOf(cue("Well, <v Anna>hi.</v> <v Ben>Yo.")), [
    said("Anna", "Well, hi."),
    said("Ben", "Yo."),
  ]);
  assertEquals(segmentsOf(cue("<v Anna></v><v Ben>Hello.")), [said("Ben", "Hello.")]);
  assertEquals(segmentsOf(cue("<v >Hi. <v Ben>Yo.")), [said(null, "Hi."), said("Ben", "Yo.")]);
});

Deno.test("vtt voices: the turns of a two-voice cue name each speaker, at the cue's start", () => {
  const segments = segmentsOf(
    cue("<v Anna>Hi.</v> <v Ben>Hello.</v>"),
    cue("<v Ben>How are you?", 3, 4),
  ).map((segment, seq) => ({ seq, ...segment }));
  assertEquals(groupTurns(segments), [
    { seq: 0, startMs: 1000, endMs: 3000, speaker: "Anna", text: "Hi." },
    { seq: 1, startMs: 1000, endMs: 4000, speaker: "Ben", text: "Hello. How are you?" },
  ]);
});

Deno.test("vtt voices: a dialogue dash before a voice on its line goes with that voice", () => {
  assertEquals(segmentsOf(cue("- <v Ann>Hi there.\n- <v Ben>Hello.")), [
    said("Ann", "- Hi there."),
    said("Ben", "- Hello."),
  ]);
  // Words before the tag on its line are the voice before's: only a lead-in moves.
  assertEquals(segmentsOf(cue("<v Ann>Hi there, and\n<v Ben>Hello.")), [
    said("Ann", "Hi there, and"),
    said("Ben", "Hello."),
  ]);
});

Deno.test("vtt voices: a line of many voice changes is split in one pass", () => {
  // 200,000 voices on one 1.2 MB line: looking back to the line's start at each change read
  // the whole line again each time (70 s here), where one pass takes a fraction of a second.
  const changes = 100_000;
  const file = "WEBVTT\n\n00:01.000 --> 00:02.000\n" + "<v Ann>x <v Ben>y ".repeat(changes) + "\n";
  const transcript = readFixture(file, "chatter.vtt");
  assertEquals(transcript.segments.length, changes * 2);
  assertEquals(transcript.segments.slice(-2).map((segment) => [segment.speaker, segment.text]), [
    ["Ann", "x"],
    ["Ben", "y"],
  ]);
});
