/**
 * A transcript as Markdown: the header, one line per turn with its time and speaker, plain
 * paragraphs without segments, and the cut at a turn boundary within the byte budget.
 */
import { assert, assertEquals } from "../../../helpers/assert.ts";
import { transcriptMarkdown } from "../../../../lib/tools/reads/transcript_markdown.ts";
import { clockTime, groupTurns, readFromList, type Turn } from "../../../../lib/sources/turns.ts";
import { turnsCursor } from "../../../../lib/tools/get_turns.ts";
import type { SegmentRecord } from "../../../../lib/sources/source_reader.ts";

const HEAD = {
  id: "screenpipe:1042",
  title: "Weekly\nsync",
  createdAt: "2026-11-02T09:30:00.000Z",
  source: "meeting",
  sourceName: "screenpipe",
};
const bytes = (text: string) => new TextEncoder().encode(text).length;
/** Bytes as a JSON string carries `text`: what the budget counts. */
const carried = (text: string) => bytes(JSON.stringify(text)) - 2;
/** get_turns' arguments reading on from the turn `seq` of `from`, as the read-on line gives them. */
const readOn = (seq: number, from: readonly SegmentRecord[]) =>
  JSON.stringify({ id: HEAD.id, cursor: turnsCursor(HEAD.id, seq, readFromList(from), true) });

/** Segments of two speakers in runs of two, with one unnamed voice in the middle. */
function segments(count: number): SegmentRecord[] {
  return Array.from({ length: count }, (_, seq) => ({
    seq,
    startMs: seq * 61_000,
    endMs: seq * 61_000 + 60_000,
    speaker: seq === 5 ? null : Math.floor(seq / 2) % 2 === 0 ? "Lena" : "Omar",
    text: `point ${seq}: pricing ünd 😀`,
  }));
}

Deno.test("transcriptMarkdown: header, then one line per turn as [h:mm:ss] Speaker: text", () => {
  const said = segments(8);
  const turns = groupTurns(said);
  const { markdown, shownTurns, totalTurns } = transcriptMarkdown(HEAD, {
    turns,
    fromSegments: true,
    segments: said,
  }, 1_000_000);
  assertEquals([shownTurns, totalTurns], [turns.length, turns.length]);
  assertEquals(markdown.split("\n\n")[0], "# Weekly sync");
  assert(markdown.includes("\n- Source: screenpipe (meeting)\n- Id: screenpipe:1042\n"));
  assert(markdown.includes("\n- Speakers: Lena, Omar\n"));
  const body = markdown.split("\n").filter((line) => line.startsWith("[") || line === "point 5");
  assertEquals(body[0], "[0:00:00] Lena: point 0: pricing ünd 😀 point 1: pricing ünd 😀");
  assertEquals(body[2], "[0:04:04] Lena: point 4: pricing ünd 😀");
  // No speaker: the time and the text alone.
  assertEquals(body[3], "[0:05:05] point 5: pricing ünd 😀");
  assertEquals(body.length, turns.length);
});

Deno.test("transcriptMarkdown: lines of text without segments are plain paragraphs", () => {
  const turns: Turn[] = ["First thought.", "Second   thought\twith tabs."].map((text, seq) => ({
    seq,
    startMs: null,
    endMs: null,
    speaker: null,
    text,
  }));
  const { markdown } = transcriptMarkdown(
    HEAD,
    { turns, fromSegments: false, segments: turns },
    1_000_000,
  );
  assert(markdown.includes("- Speakers: not recorded (no segments"));
  assert(markdown.endsWith("\n\nFirst thought.\n\nSecond thought with tabs.\n"), markdown);
});

Deno.test("transcriptMarkdown: over the budget, cut after a whole turn with a read-on line", () => {
  const said = segments(400);
  const turns = groupTurns(said);
  const whole = transcriptMarkdown(HEAD, { turns, fromSegments: true, segments: said }, Infinity);
  for (const budget of [2_000, 5_000, 9_999]) {
    const cut = transcriptMarkdown(HEAD, { turns, fromSegments: true, segments: said }, budget);
    assert(carried(cut.markdown) <= budget && cut.bytes === bytes(cut.markdown), `${budget}`);
    assert(cut.shownTurns > 0 && cut.shownTurns < turns.length);
    const lines = cut.markdown.trimEnd().split("\n");
    const last = lines.pop()!;
    const next = turns[cut.shownTurns]!;
    assertEquals(
      last,
      `_Cut here at ${budget.toLocaleString("en-US")} bytes: ${cut.shownTurns} of ` +
        `${turns.length} turns shown. Read on with get_turns ` +
        `${readOn(next.seq, said)} (from ${clockTime(next.startMs!)}) and follow its ` +
        "nextCursor._",
    );
    // What is shown is the whole rendering's start, up to a turn's end.
    const shown = lines.join("\n");
    assert(whole.markdown.startsWith(shown));
    assert(whole.markdown.slice(shown.length).startsWith("\n["));
    // One more turn would not have fitted with the read-on line.
    const withNext = carried(shown) +
      carried(`\n${whole.markdown.slice(shown.length).split("\n")[1]}\n`);
    assert(withNext + carried(`\n${last}\n`) > budget - 20, `${budget}: room for another turn`);
  }
});

Deno.test("transcriptMarkdown: untimed turns say which turn to read on from", () => {
  const turns: Turn[] = Array.from({ length: 50 }, (_, seq) => ({
    seq,
    startMs: null,
    endMs: null,
    speaker: "Ana",
    text: "x".repeat(100),
  }));
  const cut = transcriptMarkdown(HEAD, { turns, fromSegments: true, segments: turns }, 2_000);
  assert(
    cut.markdown.trimEnd().endsWith(
      `get_turns ${readOn(cut.shownTurns, turns)} (turn ${cut.shownTurns + 1} on) and follow its ` +
        "nextCursor._",
    ),
  );
});

Deno.test("transcriptMarkdown: a first turn alone over the budget is shown in part, cut at a word", () => {
  for (const word of ["pricing", "préçïñg", "定价"]) {
    const text = Array.from({ length: 3_000 }, (_, i) => `${word}${i}`).join(" ");
    const turns: Turn[] = [
      { seq: 0, startMs: 61_000, endMs: 9_000_000, speaker: "Lena", text },
      { seq: 1, startMs: 9_000_000, endMs: 9_001_000, speaker: "Ana", text: "Yes." },
    ];
    for (const budget of [1_000, 4_096, 20_000]) {
      const cut = transcriptMarkdown(HEAD, { turns, fromSegments: true, segments: turns }, budget);
      assert(cut.bytes <= budget && cut.bytes === bytes(cut.markdown), `${word} ${budget}`);
      assertEquals([cut.shownTurns, cut.totalTurns], [0, 2]);
      const lines = cut.markdown.trimEnd().split("\n");
      assertEquals(
        lines.pop(),
        `_Cut here at ${budget.toLocaleString("en-US")} bytes: 0 of 2 turns shown, and turn 1 ` +
          `in part. Read on with get_turns ${readOn(0, turns)} (from 0:01:01) and follow its ` +
          "nextCursor._",
      );
      const part = lines.filter((line) => line.startsWith("[0:01:01] Lena: "));
      assertEquals(part.length, 1, "the first turn's line, in part");
      const shown = part[0]!.slice("[0:01:01] Lena: ".length);
      assert(shown.endsWith(" …"), "marked as cut");
      const said = shown.slice(0, -2);
      assert(text.startsWith(said) && text[said.length] === " ", "cut at a word");
      // Most of the room goes to the text: no more than a word and the lines around it left.
      assert(budget - cut.bytes < 400, `${word} ${budget}: ${budget - cut.bytes} bytes unused`);
    }
  }
});
