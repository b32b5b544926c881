import { assertEquals } from "../../helpers/assert.ts";
import { readTranscriptFile } from "../../../lib/ingest/read_transcript_file.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("readTranscriptFile() reads plain text as one untimed segment per paragraph", () => {
  const outcome = readTranscriptFile(bytes("First part.\n\nSecond\npart.\n"), "Standup notes.txt");
  if (outcome.kind !== "transcript") throw new Error(`expected a transcript, got ${outcome.kind}`);
  assertEquals(outcome.transcript.title, "Standup notes");
  assertEquals(outcome.transcript.segments.map((segment) => segment.text), [
    "First part.",
    "Second\npart.",
  ]);
});

Deno.test("readTranscriptFile() skips an empty file with its reason and ignores audio", () => {
  assertEquals(readTranscriptFile(bytes("  \n"), "empty.md").kind, "skipped");
  assertEquals(readTranscriptFile(bytes("ID3"), "call.mp3").kind, "ignored");
});
