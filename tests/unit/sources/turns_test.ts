import { assert, assertEquals } from "../../helpers/assert.ts";
import {
  clockTime,
  cutAtWord,
  firstHolding,
  groupTurns,
  holdsWords,
  lineSegments,
  readFromList,
  readTurnPage,
  speakersOf,
  type TurnPageRequest,
  turnStartBefore,
} from "../../../lib/sources/turns.ts";
import type { SegmentRange, SegmentRecord } from "../../../lib/sources/source_reader.ts";

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

/** A read over `segments` that counts the segments it hands out. */
function counted(segments: SegmentRecord[]) {
  const read = readFromList(segments);
  const stats = { segments: 0, reads: 0 };
  return {
    stats,
    read: (range: SegmentRange) => {
      const out = read(range);
      stats.reads++;
      stats.segments += out.length;
      return out;
    },
  };
}

const conversation = (count: number, words = 30): SegmentRecord[] =>
  Array.from({ length: count }, (_, seq) => ({
    seq,
    startMs: seq * 5_000,
    endMs: seq * 5_000 + 4_000,
    // Runs of three segments per speaker, so turns span segments.
    speaker: ["Ana", "Ben", "Cleo"][Math.floor(seq / 3) % 3]!,
    text: Array.from({ length: words }, (_, w) => `w${seq}_${w}`).join(" "),
  }));

const request = (fields: Partial<TurnPageRequest> = {}): TurnPageRequest => ({
  fromSeq: 0,
  skipChars: 0,
  maxChars: 1_000,
  maxBytes: 100_000,
  ...fields,
});

Deno.test("readTurnPage() pages whole turns, each once, and the pages join to groupTurns()", () => {
  const segments = conversation(300);
  const whole = groupTurns(segments);
  const { read } = counted(segments);
  const seen: string[] = [];
  let next: { seq: number; skipChars: number } | null = { seq: 0, skipChars: 0 };
  while (next !== null) {
    const page = readTurnPage(read, request({ fromSeq: next.seq, skipChars: next.skipChars }));
    assert(page.turns.length > 0);
    assert(page.turns.reduce((n, turn) => n + turn.text.length, 0) <= 1_000);
    for (const turn of page.turns) {
      assert(!turn.continued && !turn.continues, "every turn fits a page whole");
      assertEquals(turn.at, clockTime(turn.startMs!));
      seen.push(turn.text);
    }
    next = page.next;
  }
  assertEquals(seen, whole.map((turn) => turn.text));
});

Deno.test("readTurnPage() deep in a recording reads about its own segments", () => {
  const segments = conversation(20_000);
  const { read, stats } = counted(segments);
  const page = readTurnPage(read, request({ fromSeq: 15_000, maxChars: 20_000 }));
  const shown = page.turns.reduce((n, turn) => n + turn.text.split(" ").length, 0) / 30;
  assertEquals(page.turns[0]!.seq, 15_000);
  // The page's own segments, the one after them, and a read sized by a guess, not the rest.
  assert(stats.segments <= 2 * shown + 10, `${stats.segments} read for ${shown} shown`);
});

Deno.test("readTurnPage() cuts a turn too long for a page at a word and carries it on", () => {
  const segments = conversation(3, 400); // One turn of Ana's, about 3 × 2,800 characters.
  const { read } = counted(segments);
  const pieces: string[] = [];
  let next: { seq: number; skipChars: number } | null = { seq: 0, skipChars: 0 };
  let pages = 0;
  let tail = "";
  while (next !== null) {
    const page = readTurnPage(read, request({ fromSeq: next.seq, skipChars: next.skipChars }));
    // What a cursor checks: the text before the cut, the same when the next page reads it.
    assertEquals(page.startTail, tail);
    tail = page.nextTail;
    assert(page.next === null ? tail === "" : tail.length === 64, tail);
    assertEquals(page.turns.length, 1);
    const [piece] = page.turns;
    assert(piece!.text.length <= 1_000);
    assert(pages === 0 || piece!.text.startsWith(" "), "cut at a space, which goes on");
    assertEquals(piece!.continued, pages > 0);
    assertEquals(piece!.continues, page.next !== null);
    pieces.push(piece!.text);
    next = page.next;
    pages++;
  }
  assert(pages >= 9);
  assertEquals(pieces.join(""), groupTurns(segments)[0]!.text);
});

Deno.test("readTurnPage() keeps a page within its byte budget, not only its characters", () => {
  const segments = [{ seq: 0, startMs: 0, endMs: 1, speaker: "Ana", text: "ü ".repeat(5_000) }];
  const page = readTurnPage(readFromList(segments), request({ maxChars: 8_000, maxBytes: 3_000 }));
  const bytes = new TextEncoder().encode(JSON.stringify(page.turns)).length;
  assert(bytes <= 3_000 && bytes > 2_500, `${bytes} bytes`);
  assert(page.turns[0]!.continues);
});

Deno.test("readTurnPage() filters by speaker, case-insensitively, and by overlapping time", () => {
  const segments = conversation(30, 2);
  const read = readFromList(segments);
  const bens = readTurnPage(read, request({ speaker: "bEN" })).turns;
  assertEquals(bens.map((turn) => turn.seq), [3, 12, 21]);
  // Turns of three segments each: 0–14 s, 15–29 s, …; the span 20–31 s overlaps two of them.
  const span = readTurnPage(read, request({ fromMs: 20_000, toMs: 31_000 })).turns;
  assertEquals(span.map((turn) => [turn.startMs, turn.endMs]), [[15_000, 29_000], [
    30_000,
    44_000,
  ]]);
  assertEquals(readTurnPage(read, request({ speaker: "nobody" })), {
    turns: [],
    next: null,
    nextTail: "",
    startTail: "",
  });
});

Deno.test("turnStartBefore() finds the turns before a moment, widening its look back", () => {
  const segments = conversation(3_000, 1);
  const { read } = counted(segments);
  assertEquals(turnStartBefore(read, 2_000, 0), 1_998);
  assertEquals(turnStartBefore(read, 2_000, 3), 1_989);
  assertEquals(turnStartBefore(read, 4, 3), 0);
  // A turn of 100 segments is found from its start, past the first window.
  const long = segments.map((s) => ({ ...s, speaker: s.seq < 200 ? "Ana" : "Ben" }));
  assertEquals(turnStartBefore(readFromList(long), 150, 0), 0);
});

Deno.test("lineSegments() makes each non-blank line a turn without time or speaker", () => {
  const turns = groupTurns(lineSegments("First.\r\n\nSecond.\rThird."));
  assertEquals(turns.map((turn) => [turn.seq, turn.text, turn.startMs, turn.speaker]), [
    [0, "First.", null, null],
    [1, "Second.", null, null],
    [2, "Third.", null, null],
  ]);
});

Deno.test("cutAtWord() and holdsWords() respect word boundaries", () => {
  assertEquals(cutAtWord("pricing first then hiring", 12, 1_000), { end: 7, resume: 7 });
  assertEquals(cutAtWord("定价定价定价", 4, 1_000), { end: 4, resume: 4 });
  assertEquals(cutAtWord("a😀b", 2, 1_000), { end: 1, resume: 1 }, "never splits a pair");
  assert(holdsWords("We reviewed pricing.", "pricing"));
  assert(!holdsWords("Repricing it.", "pricing"));
  assert(holdsWords("repricing, then pricing", "pricing"));
  assertEquals(speakersOf(conversation(30), 2), ["Ana", "Ben"]);
});

Deno.test("readTurnPage() fills a large page of plain text to its characters, not a bound", () => {
  const segments = conversation(3_000, 30);
  const page = readTurnPage(
    readFromList(segments),
    request({ maxChars: 200_000, maxBytes: 320_000 }),
  );
  const chars = page.turns.reduce((n, turn) => n + turn.text.length, 0);
  assert(chars > 195_000 && chars <= 200_000, `${chars} characters`);
});

Deno.test("holdsWords() finds no words in an empty needle, whatever the text ends with", () => {
  for (const text of ["", "Pricing", "Pricing.", "定价", "ends in 7"]) {
    assertEquals(holdsWords(text, ""), false, text);
    assertEquals(firstHolding([{ text }], ""), null, text);
  }
});
