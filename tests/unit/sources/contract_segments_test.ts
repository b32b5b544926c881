/**
 * Segments in our own store, read the cheap ways: the speakers of a page (who speaks, then
 * in what order), the segments a page of search hits was said in (all in one statement,
 * scanning only where the hinted segment does not hold the words), and statements that
 * stay prepared from one call to the next.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import { call } from "../../helpers/tool_calls.ts";
import { authorizeReadsOnly } from "../../../lib/store/authorizer.ts";
import { openStore } from "../../../lib/store/open_store.ts";
import type { Store } from "../../../lib/store/store.ts";
import type { Segment, Transcript } from "../../../lib/store/model.ts";
import { speakersByTranscript } from "../../../lib/sources/contract/contract_segments.ts";
import { findSegments } from "../../../lib/sources/contract/contract_find_segments.ts";
import { holdsWords } from "../../../lib/sources/turns.ts";
import { MAX_SPEAKERS } from "../../../lib/config/limits.ts";

const said = (speaker: string, i: number, text = `line ${i}`): Segment => ({
  speaker,
  startMs: i * 1_000,
  endMs: i * 1_000 + 900,
  text,
});

/** Transcripts whose speakers come in every shape a page may meet. */
function speakerShapes(): Transcript[] {
  const base = fixtureTranscripts(6);
  const shapes: Segment[][] = [
    // A newcomer at the very end, and a speaker who comes back.
    [said("Cleo", 0), said("Ana", 1), said("Cleo", 2), said("Ben", 3), said("Dev", 4)],
    // One voice only.
    [said("Ana", 0), said("Ana", 1)],
    // More voices than a list shows: the first MAX_SPEAKERS by first appearance.
    Array.from({ length: MAX_SPEAKERS + 5 }, (_, i) => said(`P${MAX_SPEAKERS + 4 - i}`, i)),
    // Names unnamed below (speaker set to NULL), between named ones.
    [said("nobody", 0), said("Omar", 1), said("nobody", 2), said("Lena", 3)],
    // No one named at all.
    [said("nobody", 0), said("nobody", 1)],
    // No segments.
    [],
  ];
  return base.map((transcript, i) => ({ ...transcript, segments: shapes[i]! }));
}

/** The speakers of `segments` as the contract defines them, worked out in JavaScript. */
function expectedSpeakers(segments: readonly Segment[]): string[] {
  const names = segments.map((s) => s.speaker).filter((name) => name !== "nobody");
  return [...new Set(names)].slice(0, MAX_SPEAKERS);
}

Deno.test("speakers of a page: each once, by first appearance, capped, none where unnamed", () => {
  const transcripts = speakerShapes();
  const fixture = buildFixtureStore({
    transcripts,
    tasks: [],
    afterFill: "UPDATE segments SET speaker = NULL WHERE speaker = 'nobody'",
  });
  const store = openStore(fixture.path);
  try {
    const ids = transcripts.map((t) => t.id);
    const speakers = speakersByTranscript(store, [...ids, ids[0]!, "no such id"]);
    for (const transcript of transcripts) {
      const expected = transcript.segments.length === 0
        ? undefined
        : expectedSpeakers(transcript.segments);
      assertEquals(speakers.get(transcript.id), expected, transcript.id);
    }
    assertEquals(speakers.size, transcripts.length - 1);
    // The listing shows them as read here.
    const listed = call(store, "list_transcripts", { limit: 10 }).transcripts;
    for (const item of listed) assertEquals(item.speakers, speakers.get(item.id));
  } finally {
    store.close();
    fixture.cleanup();
  }
});

/** A transcript whose words recur, so the first segment holding them is not the only one. */
function recurring(): Transcript {
  const texts = ["We set pricing first.", "Then the pricing page.", "The pricing page again."];
  texts.push("Thanks all.");
  return {
    ...fixtureTranscripts(1)[0]!,
    segments: texts.map((text, i) => said(i % 2 === 0 ? "Ana" : "Ben", i, text)),
  };
}

/** The first segment of `transcript` holding `needle` as words, exactly or else folded. */
function firstHolding(transcript: Transcript, needle: string): number | null {
  const exact = transcript.segments.findIndex((s) => holdsWords(s.text, needle));
  if (exact !== -1) return exact;
  const folded = transcript.segments.findIndex((s) =>
    holdsWords(s.text.toLowerCase(), needle.toLowerCase())
  );
  return folded === -1 ? null : folded;
}

Deno.test("findSegments: the hinted segment where it holds the words, else the first that does", () => {
  const transcript = recurring();
  const fixture = buildFixtureStore({ transcripts: [transcript], tasks: [] });
  const store = openStore(fixture.path);
  try {
    const id = transcript.id;
    const sought = [
      // The hint holds the words: it is the answer, though an earlier segment holds them too.
      { id, needle: "pricing page", near: 2 },
      // The hint does not hold them: the first segment that does.
      { id, needle: "pricing page", near: 3 },
      // Past the end, or no hint at all: the first that does (folded, where none exactly).
      { id, needle: "Pricing", near: 99 },
      { id, needle: "pricing" },
      // Folded case, a word inside a longer one, and nothing at all.
      { id, needle: "THANKS", near: 0 },
      { id, needle: "page again", near: 1 },
      { id, needle: "zeppelin", near: 0 },
      { id: "no such id", needle: "pricing", near: 0 },
    ];
    const found = findSegments(store, sought).map((segment) => segment?.seq ?? null);
    const expected = sought.map(({ needle, near, id: of }) => {
      if (of !== id) return null;
      const hinted = near === undefined ? undefined : transcript.segments[near];
      return hinted !== undefined && holdsWords(hinted.text, needle)
        ? near!
        : firstHolding(transcript, needle);
    });
    assertEquals(found, expected);
    assertEquals(found, [2, 1, 0, 0, 3, 2, null, null]);
    const [hit] = findSegments(store, [{ id, needle: "Thanks", near: 3 }]);
    assertEquals(hit, {
      seq: 3,
      startMs: 3_000,
      endMs: 3_900,
      speaker: "Ben",
      text: "Thanks all.",
    });
  } finally {
    store.close();
    fixture.cleanup();
  }
});

/** Counts the statements a connection prepares: SQLite consults the authorizer then. */
function countingStore(path: string): { store: Store; prepared: () => number } {
  let calls = 0;
  const store = openStore(path, {
    authorizer: (action, first, second) => {
      calls++;
      return authorizeReadsOnly(action, first, second);
    },
  });
  return { store, prepared: () => calls };
}

Deno.test("turn pages, a page of moments and speakers keep their statements prepared", () => {
  const long = {
    ...recurring(),
    id: "c0000000-0000-4000-8000-000000000400",
    segments: Array.from({ length: 400 }, (_, i) => said(i % 3 === 0 ? "Ben" : "Ana", i)),
  };
  const fixture = buildFixtureStore({ transcripts: [...fixtureTranscripts(4), long], tasks: [] });
  const { store, prepared } = countingStore(fixture.path);
  try {
    const ids = fixtureTranscripts(4).map((t) => t.id);
    const reads = () => {
      const first = call(store, "get_turns", { id: long.id, maxChars: 1_000 });
      call(store, "get_turns", { id: long.id, maxChars: 1_000, cursor: first.nextCursor });
      call(store, "get_turns", { id: long.id, aroundMs: 200_000, maxChars: 1_000 });
      findSegments(store, ids.map((id, i) => ({ id, needle: "Noted", near: i % 2 })));
      speakersByTranscript(store, ids);
    };
    reads();
    const before = prepared();
    assert(before > 0, "the authorizer is consulted when a statement is prepared");
    reads();
    assertEquals(prepared() - before, 0, "the same reads again prepared statements anew");
  } finally {
    store.close();
    fixture.cleanup();
  }
});
