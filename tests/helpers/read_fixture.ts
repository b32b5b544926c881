/**
 * Reading a fixture the way the folder source will: through readTranscriptFile, failing
 * the test with the outcome when it is not a transcript.
 */
import type { FileSegment, FileTranscript } from "../../lib/ingest/file_transcript.ts";
import { readTranscriptFile } from "../../lib/ingest/read_transcript_file.ts";
import type { Utterance } from "./subtitle_fixtures.ts";

/** The transcript `content` (text as UTF-8, or bytes) named `fileName` is read as. */
export function readFixture(content: string | Uint8Array, fileName: string): FileTranscript {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  const outcome = readTranscriptFile(bytes, fileName);
  if (outcome.kind !== "transcript") {
    throw new Error(`${fileName}: expected a transcript, got ${JSON.stringify(outcome)}`);
  }
  return outcome.transcript;
}

/** The segments `utterances` should read as, each speaker named as `name` says. */
export function segmentsOf(
  utterances: readonly Utterance[],
  name: (speaker: string) => string | null = (speaker) => speaker,
): FileSegment[] {
  return utterances.map((u) => ({
    startMs: u.startMs,
    endMs: u.endMs,
    speaker: name(u.speaker),
    text: u.text,
  }));
}

/** The speakers of `utterances` numbered in order of first appearance: `ids[speaker]`. */
export function speakerIds(utterances: readonly Utterance[]): Map<string, number> {
  const ids = new Map<string, number>();
  for (const u of utterances) if (!ids.has(u.speaker)) ids.set(u.speaker, ids.size);
  return ids;
}

/** `utterances` with each speaker renamed by its number: `name(0)` for the first to speak. */
export function renumbered(
  utterances: readonly Utterance[],
  name: (id: number) => string,
): Utterance[] {
  const ids = speakerIds(utterances);
  return utterances.map((u) => ({ ...u, speaker: name(ids.get(u.speaker)!) }));
}
