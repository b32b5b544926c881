/**
 * Zoom's `Name: ` prefix is read only as the file's dialect: at least two cues start that
 * way and they are more than half of the cues with no speaker yet. A lone `Word: ` line, or
 * half of a short file, stays text (the issue: a two-cue subtitle file whose "Réunion: le
 * café crème…" showed "Réunion" as a speaker). Read both through takeSpeakerPrefixes and
 * through readTranscriptFile, as the folder source reads a file.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { readTranscriptFile } from "../../../lib/ingest/read_transcript_file.ts";
import { type SpokenText, takeSpeakerPrefixes } from "../../../lib/ingest/speaker_prefix.ts";
import type { FileSegment } from "../../../lib/ingest/file_transcript.ts";
import { utf8Bytes } from "../../helpers/subtitle_fixtures.ts";

const CAFE = "Réunion: le café crème est à 2 €…";
const PLAIN = "Nous avons parlé du budget.";

/** The speakers `texts` are read with, each cue with no speaker before. */
function speakersOf(texts: string[], before: (string | null)[] = []): (string | null)[] {
  const cues: SpokenText[] = texts.map((text, i) => ({ speaker: before[i] ?? null, text }));
  takeSpeakerPrefixes(cues);
  return cues.map((cue) => cue.speaker);
}

/** `payloads` as SRT cues a second apart. */
function srt(payloads: string[]): string {
  const stamp = (s: number) => `00:00:0${s},000`;
  return payloads.map((payload, i) => `${i + 1}\n${stamp(i)} --> ${stamp(i + 1)}\n${payload}\n`)
    .join("\n");
}

/** `payloads` as WebVTT cues a second apart. */
function vtt(payloads: string[]): string {
  const stamp = (s: number) => `00:00:0${s}.000`;
  const cues = payloads.map((payload, i) => `${stamp(i)} --> ${stamp(i + 1)}\n${payload}\n`);
  return `WEBVTT\n\n${cues.join("\n")}`;
}

/** The segments the file `content` named `name` reads as, through the real file reader. */
function segmentsRead(content: string, name: string): FileSegment[] {
  const outcome = readTranscriptFile(utf8Bytes(content), name);
  if (outcome.kind !== "transcript") throw new Error(`${name}: ${JSON.stringify(outcome)}`);
  return outcome.transcript.segments;
}

/** `[speaker, text]` of each segment. */
const said = (segments: FileSegment[]) => segments.map((s) => [s.speaker, s.text]);

Deno.test("speaker prefix: a two-cue French subtitle's `Réunion: …` stays text (SRT, VTT)", () => {
  const plain = [null, PLAIN];
  const cafe = [null, CAFE];
  assertEquals(said(segmentsRead(srt([PLAIN, CAFE]), "réunion.srt")), [plain, cafe]);
  assertEquals(said(segmentsRead(vtt([CAFE, PLAIN]), "réunion.vtt")), [cafe, plain]);
  // The transcript's text keeps the line whole.
  const outcome = readTranscriptFile(utf8Bytes(srt([PLAIN, CAFE])), "réunion.srt");
  assertEquals(outcome.kind === "transcript" && outcome.transcript.text, `${PLAIN}\n${CAFE}`);
});

Deno.test("speaker prefix: a genuine two-cue Zoom file still names both speakers", () => {
  const file = vtt(["Ann Lee: Shall we start?", "Omar: Yes: pricing first."]);
  assertEquals(said(segmentsRead(file, "GMT20250402-150000_Recording.transcript.vtt")), [
    ["Ann Lee", "Shall we start?"],
    ["Omar", "Yes: pricing first."],
  ]);
  assertEquals(said(segmentsRead(srt(["Ann: Hi.", "Ann: Again."]), "zoom.srt")), [
    ["Ann", "Hi."],
    ["Ann", "Again."],
  ]);
});

Deno.test("speaker prefix: one `Word: ` line among plain cues of a short file stays text", () => {
  const lines = ["The lift is out.", "Note: take the stairs.", "Thanks.", "See you at ten."];
  for (let count = 2; count <= lines.length; count++) {
    const payloads = lines.slice(0, count);
    for (const [file, name] of [[srt(payloads), "notice.srt"], [vtt(payloads), "notice.vtt"]]) {
      const segments = segmentsRead(file!, name!);
      assertEquals(said(segments), payloads.map((text) => [null, text]), `${name} of ${count}`);
    }
  }
});

Deno.test("speaker prefix: one `Word: ` cue beside voiced or tagged cues stays text", () => {
  // Voices and WhisperX tags name their own cues; the lone untagged `Note: ` is no dialect.
  const teams = vtt([
    "<v Ann>Morning.</v>",
    "<v Ben>Hi.</v>",
    "Note: the lift is out.",
    "<v Ann>Ok.",
  ]);
  assertEquals(said(segmentsRead(teams, "teams.vtt")), [
    ["Ann", "Morning."],
    ["Ben", "Hi."],
    [null, "Note: the lift is out."],
    ["Ann", "Ok."],
  ]);
  const whisperx = srt(["[SPEAKER_00]: Bonjour.", CAFE, "[SPEAKER_01]: Merci."]);
  assertEquals(said(segmentsRead(whisperx, "whisperx.srt")), [
    ["SPEAKER_00", "Bonjour."],
    [null, CAFE],
    ["SPEAKER_01", "Merci."],
  ]);
});

Deno.test("speaker prefix: one cue is no dialect, `Ada: hello` alone stays text", () => {
  assertEquals(speakersOf(["Ada: hello"]), [null]);
  assertEquals(said(segmentsRead(vtt(["Ada: hello"]), "ada.vtt")), [[null, "Ada: hello"]]);
});

Deno.test("speaker prefix: boundaries, more than half and at least two", () => {
  const n = (name: string) => `${name}: words here.`;
  const cases: [string[], boolean][] = [
    [[n("A")], false], // 1 of 1: one line
    [[n("A"), PLAIN], false], // 1 of 2: half
    [[n("A"), n("B")], true], // 2 of 2
    [[n("A"), n("B"), PLAIN], true], // 2 of 3
    [[n("A"), PLAIN, n("B"), PLAIN], false], // 2 of 4: half
    [[n("A"), n("B"), n("C"), PLAIN, PLAIN], true], // 3 of 5
    [[n("A"), n("B"), n("C"), PLAIN, PLAIN, PLAIN], false], // 3 of 6: half
    [[n("A"), n("B"), n("C"), PLAIN, PLAIN, PLAIN, PLAIN], false], // 3 of 7
  ];
  for (const [texts, read] of cases) {
    const expected = texts.map((text) => read && text !== PLAIN ? text.split(":")[0]! : null);
    assertEquals(speakersOf(texts), expected, JSON.stringify(texts));
  }
});

Deno.test("speaker prefix: only cues with no speaker yet are counted", () => {
  // Two `Name: ` of three unnamed cues, beside three voiced ones: read.
  const texts = ["x", "y", "z", "Ann: Hi.", "Ann: Again.", PLAIN];
  const before = ["V1", "V2", "V3"];
  assertEquals(speakersOf(texts, before), ["V1", "V2", "V3", "Ann", "Ann", null]);
  // Tagged cues are taken first and not counted: one `Note: ` among them stays text.
  assertEquals(
    speakersOf(["[SPEAKER_00]: Hi.", "[SPEAKER_01]: Yo.", "Note: the lift."]),
    ["SPEAKER_00", "SPEAKER_01", null],
  );
  // A prefix that is no name (a question, a clause) counts as a cue without one, never taken.
  const questions = ["Why not?: fine.", "So, then: ok."];
  assertEquals(speakersOf(["Ann: Hi.", "Ben: Yes.", ...questions]), [null, null, null, null]);
  assertEquals(speakersOf(["Ann: Hi.", "Ben: Yes.", "Ann: Ok.", ...questions]), [
    "Ann",
    "Ben",
    "Ann",
    null,
    null,
  ]);
});
