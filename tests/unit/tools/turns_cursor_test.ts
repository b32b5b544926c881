/**
 * get_turns cursor checks: a page's next place, checked as the page that made it saw it,
 * checks the same when the next page reads it, through reads that run ahead, long turns
 * cut across many reads, gaps in seq and speakerless runs; and it fails where what was
 * shown, or where the turn opens, changed, while segments appended after it leave it whole.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { readFromList, readTurnPage, type SegmentRead } from "../../../lib/sources/turns.ts";
import type { SegmentRecord } from "../../../lib/sources/source_reader.ts";
import {
  decodeTurnsCursor,
  encodeTurnsCursor,
  fingerprint,
  placeCheck,
  watchRead,
} from "../../../lib/tools/turns_cursor.ts";

/** A seeded generator, so a failure names a case that comes again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` segments: speakers in runs (some none), texts of 1 to 400 words, seq gaps where asked. */
function recording(seed: number, count: number, gaps = false): SegmentRecord[] {
  const next = random(seed);
  const segments: SegmentRecord[] = [];
  let speaker: string | null = "Ana";
  for (let n = 0, seq = 0; n < count; n++, seq += gaps && next() < 0.2 ? 3 : 1) {
    if (next() < 0.3) speaker = [null, "Ana", "Ben", "Cleo"][Math.floor(next() * 4)]!;
    const words = next() < 0.1 ? 400 : 1 + Math.floor(next() * 40);
    const text = Array.from({ length: words }, (_, w) => `s${seq}w${w}`).join(" ");
    segments.push({ seq, startMs: seq * 1000, endMs: seq * 1000 + 900, speaker, text });
  }
  return segments;
}

/** A page from `place` read through a watched read, and its next place's check. */
function page(read: SegmentRead, place: { seq: number; skipChars: number }, maxChars: number) {
  const watched = watchRead(read);
  const turns = readTurnPage(watched.read, {
    fromSeq: place.seq,
    skipChars: place.skipChars,
    maxChars,
    maxBytes: 1_000_000,
  });
  const start = turns.startTail === null
    ? undefined
    : placeCheck(watched.around(place.seq), true, place.seq, turns.startTail);
  const next = turns.next === null
    ? null
    : placeCheck(watched.around(turns.next.seq), true, turns.next.seq, turns.nextTail);
  return { turns, start, next, watched };
}

/** Every page of `segments` in turn: each next page's own check is the one the last gave. */
function pageThrough(segments: SegmentRecord[], maxChars: number): number {
  const read = readFromList(segments);
  let place = { seq: 0, skipChars: 0 };
  let check: number | undefined;
  let pages = 0;
  for (;;) {
    const read_ = page(read, place, maxChars);
    pages++;
    if (check !== undefined) assertEquals(read_.start, check, `page ${pages} from ${place.seq}`);
    if (read_.turns.next === null) return pages;
    // The segments checked are the recording's own, found by seq.
    const seq = read_.turns.next.seq;
    const truth = segments.filter((s) => s.seq === seq - 1 || s.seq === seq);
    assertEquals(read_.watched.around(seq).sort((a, b) => a.seq - b.seq), truth);
    place = read_.turns.next;
    check = read_.next!;
  }
}

Deno.test("turns cursor: each page's next place checks the same when the next page reads it", () => {
  let pages = 0;
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    for (const gaps of [false, true]) {
      const segments = recording(seed, 600, gaps);
      for (const maxChars of [1_000, 3_000, 20_000]) pages += pageThrough(segments, maxChars);
    }
  }
  assert(pages > 300, `${pages} pages`);
  // One speaker throughout: a turn cut over dozens of pages, each read running far ahead.
  const monologue = recording(7, 2_000).map((s) => ({ ...s, speaker: "Ana" }));
  assert(pageThrough(monologue, 1_000) > 50);
  // No speakers: every segment a turn, read ahead by whole batches.
  assert(pageThrough(recording(8, 2_000).map((s) => ({ ...s, speaker: null })), 1_000) > 50);
});

Deno.test("turns cursor: a change to what was shown or where the turn opens fails the check", () => {
  const segments = recording(11, 300);
  const read = readFromList(segments);
  // A place at a turn boundary, and one inside a cut turn.
  const places: { seq: number; skipChars: number }[] = [];
  const checks: number[] = [];
  let place = { seq: 0, skipChars: 0 };
  while (places.length < 60) {
    const made = page(read, place, 1_000);
    if (made.turns.next === null) break;
    places.push(made.turns.next);
    checks.push(made.next!);
    place = made.turns.next;
  }
  assert(places.some((p) => p.skipChars > 0) && places.some((p) => p.skipChars === 0));
  const checkAfter = (edited: SegmentRecord[], at: number) =>
    page(readFromList(edited), places[at]!, 1_000).start;
  const edit = (seq: number, change: Partial<SegmentRecord>) =>
    segments.map((s) => (s.seq === seq ? { ...s, ...change } : s));
  places.forEach((at, i) => {
    // Unchanged, and grown at the end: the same check.
    assertEquals(checkAfter(segments, i), checks[i]);
    const grown = [...segments, ...recording(12, 5).map((s) => ({ ...s, seq: s.seq + 1_000 }))];
    assertEquals(checkAfter(grown, i), checks[i]);
    // The segment before the place, one word of it changed or its end moved.
    if (at.seq > 0) {
      const before = segments.find((s) => s.seq === at.seq - 1)!;
      const changed = before.text.replace(/w(\d+)$/, "x$1");
      assert(checkAfter(edit(at.seq - 1, { text: changed }), i) !== checks[i], `${i} text`);
      assert(checkAfter(edit(at.seq - 1, { endMs: 1 }), i) !== checks[i], `${i} end`);
    }
    // The segment at the place: another speaker, or (all turns) a segment put before it.
    assert(checkAfter(edit(at.seq, { speaker: "Dana" }), i) !== checks[i], `${i} speaker`);
    const shifted = segments.map((s) => (s.seq >= at.seq - 1 ? { ...s, seq: s.seq + 1 } : s));
    assert(checkAfter(shifted, i) !== checks[i], `${i} shifted`);
    // Inside a cut turn: the text just before the cut rewritten, lengths kept.
    if (at.skipChars > 0) {
      const text = segments.find((s) => s.seq === at.seq)!.text;
      const rewritten = segments.map((s) =>
        s.seq >= at.seq ? { ...s, text: s.text.replaceAll("w", "v") } : s
      );
      assert(checkAfter(rewritten, i) !== checks[i], `${i} cut text (${text.length})`);
    }
  });
});

Deno.test("turns cursor: bound to its filters, small whatever the id, and forged numbers refused", () => {
  const id = "k".repeat(5_000);
  const cursor = encodeTurnsCursor({ id, speaker: "Ana" }, { seq: 12, skipChars: 40 }, 99);
  assert(cursor.length < 120, `${cursor.length}`);
  assertEquals(decodeTurnsCursor(cursor, { id, speaker: "Ana" }), {
    seq: 12,
    skipChars: 40,
    check: 99,
  });
  for (const other of [{ id }, { id, speaker: "Ben" }, { id: "k", speaker: "Ana" }]) {
    let message = "";
    try {
      decodeTurnsCursor(cursor, other);
    } catch (error) {
      message = (error as Error).message;
    }
    assertEquals(message, "cursor: belongs to other arguments (id, speaker, fromMs, toMs)");
  }
  // The hash: whole numbers within 2^53, apart for texts one unit apart.
  const hashes = new Set(Array.from({ length: 2_000 }, (_, n) => fingerprint(`seg ${n}`)));
  assertEquals(hashes.size, 2_000);
  assert([...hashes].every((h) => Number.isSafeInteger(h) && h >= 0));
});
