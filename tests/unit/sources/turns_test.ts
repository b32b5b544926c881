import { assertEquals } from "../../helpers/assert.ts";
import { clockTime, groupTurns } from "../../../lib/sources/turns.ts";
import type { SegmentRecord } from "../../../lib/sources/source_reader.ts";

const segment = (seq: number, speaker: string | null, text: string): SegmentRecord => ({
  seq,
  startMs: seq * 1000,
  endMs: seq * 1000 + 900,
  speaker,
  text,
});

Deno.test("groupTurns() joins a run of one speaker and keeps the run's span", () => {
  const turns = groupTurns([
    segment(0, "Lena", "a"),
    segment(1, "Lena", "b"),
    segment(2, "Omar", "c"),
  ]);
  assertEquals(turns.map((turn) => [turn.seq, turn.speaker, turn.text, turn.startMs, turn.endMs]), [
    [0, "Lena", "a b", 0, 1900],
    [2, "Omar", "c", 2000, 2900],
  ]);
});

Deno.test("groupTurns() makes each segment without a speaker a turn of its own", () => {
  assertEquals(groupTurns([segment(0, null, "a"), segment(1, null, "b")]).length, 2);
});

Deno.test("clockTime() writes h:mm:ss and never a negative time", () => {
  assertEquals([clockTime(754_000), clockTime(3_725_999), clockTime(-5)], [
    "0:12:34",
    "1:02:05",
    "0:00:00",
  ]);
});
