/**
 * An OR of phrases ranked from each phrase's kept scores (phrase_scores.ts) ranks exactly as
 * SQLite's RANK_SQL does: the same rows, in the same order, with the same scores to the bit,
 * the rows that hold only a common word included where the rare words' rows do not fill the
 * page; and a change to the store is seen.
 */
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../../helpers/assert.ts";
import { MEETING_FIELDS } from "../../helpers/fixture_store.ts";
import { withTranscripts } from "../../helpers/tool_calls.ts";
import { RANK_SQL } from "../../../lib/sources/contract/contract_search.ts";
import { orPhrases, rankOrPhrases } from "../../../lib/sources/contract/phrase_scores.ts";
import type { Store } from "../../../lib/store/store.ts";
import type { Transcript } from "../../../lib/store/model.ts";

/** Words every transcript draws from, so lengths and counts vary. */
const FILLER = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda".split(" ");

/** A transcript whose text repeats `words` among filler, and whose title may name them. */
function transcript(n: number, title: string, words: string[]): Transcript {
  const lines = Array.from({ length: 3 + (n % 7) }, (_, i) => {
    const filler = Array.from(
      { length: 4 + ((n * 3 + i) % 9) },
      (_, k) => FILLER[(n + i + k) % 11],
    );
    return `${filler.join(" ")} ${words.filter((_, w) => (w + i + n) % 3 !== 0).join(" ")}`;
  });
  return {
    id: `t-${n}`,
    title,
    createdAt: new Date(Date.UTC(2026, 0, 1 + (n % 28))).toISOString(),
    ...MEETING_FIELDS,
    segments: lines.map((text, i) => ({
      speaker: "Ana",
      startMs: i * 1_000,
      endMs: i * 1_000 + 900,
      text,
    })),
  };
}

// 60 transcripts: "plan" in 54 (in more than half, so its IDF is clamped to almost nothing),
// the ticket "pol 358" in 4, "budget" in 20, some in titles; then 12 alike, whose scores tie.
const TRANSCRIPTS = [
  ...Array.from({ length: 60 }, (_, n) => {
    const words = [
      ...(n % 10 !== 0 ? Array(1 + (n % 4)).fill("plan") : []),
      ...(n % 15 === 4 ? ["pol-358"] : []),
      ...(n % 3 === 1 ? Array(1 + (n % 5)).fill("budget") : []),
    ];
    return transcript(n, n % 8 === 0 ? "The plan" : n % 11 === 0 ? "Budget" : "Weekly", words);
  }),
  ...Array.from({ length: 12 }, (_, n) => ({
    ...transcript(0, "Weekly", ["plan", "budget"]),
    id: `alike-${n}`,
  })),
];

/** RANK_SQL's rows, as text: key and score to the bit. */
function bySqlite(store: Store, match: string, count: number): string[] {
  return store.all(RANK_SQL, match, count).map((row) => `${row["pk"]} ${row["score"]}`);
}

/** rankOrPhrases' rows as text, asked twice: the first asking only marks its phrases. */
function byKeptScores(store: Store, match: string, count: number): string[] {
  assertEquals(rankOrPhrases(store, match, count), undefined, "the first asking reads nothing");
  return rankOrPhrases(store, match, count)!.map((row) => `${row.pk} ${row.score}`);
}

Deno.test(
  "an OR of phrases ranks from kept scores exactly as SQLite ranks it",
  withTranscripts(TRANSCRIPTS, (store) => {
    const queries = [
      '"plan" OR "pol 358"',
      '"pol 358" OR "plan"',
      '"budget" OR "plan" OR "pol 358"',
      '"plan"',
      "budget OR plan*",
      '"plan budget" OR "alpha"',
      '"plan" OR "plan"',
    ];
    for (const match of queries) {
      for (const count of [1, 3, 10, 21, 100]) {
        // A phrase asked for once before (in another query, or under another count) is kept.
        const kept = rankOrPhrases(store, match, count) ?? rankOrPhrases(store, match, count)!;
        assertEquals(
          kept.map((row) => `${row.pk} ${row.score}`),
          bySqlite(store, match, count),
          `${match}, best ${count}`,
        );
      }
    }
  }),
);

Deno.test(
  "the rows that hold only a common word fill a page the rare words' rows do not",
  withTranscripts(TRANSCRIPTS, (store) => {
    const match = '"plan" OR "pol 358"';
    const rare = store.all(RANK_SQL, '"pol 358"', 100).length;
    assertEquals(rare, 4);
    const ranked = byKeptScores(store, match, 10);
    assertEquals(ranked, bySqlite(store, match, 10));
    // Past the rare rows, the page holds rows of "plan" alone, best first by its own score.
    const ticketKeys = new Set(
      store.all(RANK_SQL, '"pol 358"', 100).map((row) => String(row["pk"])),
    );
    const rest = ranked.slice(rare).map((line) => line.split(" ")[0]!);
    assertEquals(rest.length, 6);
    assert(rest.every((key) => !ticketKeys.has(key)));
    assertEquals(
      rest,
      bySqlite(store, '"plan"', 100).map((line) => line.split(" ")[0]!)
        .filter((key) => !ticketKeys.has(key)).slice(0, 6),
    );
  }),
);

Deno.test(
  "a change to the store is ranked anew, not from scores kept before it",
  withTranscripts(TRANSCRIPTS, (store) => {
    const match = '"budget" OR "pol 358"';
    const before = byKeptScores(store, match, 100);
    const writer = new DatabaseSync(store.location);
    writer.exec("DELETE FROM transcripts WHERE id = 't-4'");
    writer.close();
    const after = byKeptScores(store, match, 100);
    assertEquals(after, bySqlite(store, match, 100));
    assert(after.length === before.length - 1);
  }),
);

Deno.test("only phrases joined by OR are ranked from kept scores", () => {
  assertEquals(orPhrases('"plan" OR "pol 358"'), ['"plan"', '"pol 358"']);
  assertEquals(orPhrases('"a OR b" OR c*'), ['"a OR b"', "c*"]);
  for (
    const other of ["plan AND pricing", "plan pricing", "title:plan", "NEAR(a b)", "a OR", "OR"]
  ) {
    assertEquals(orPhrases(other), null, other);
  }
});
