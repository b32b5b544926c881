/** Search by passages on small hand-made texts: the query read, the units cut, the ranks. */
import { assert, assertEquals } from "../../helpers/assert.ts";
import {
  everydayQuery,
  isFts5Syntax,
  speakerNameWords,
} from "../../../lib/search/everyday_query.ts";
import { passageUnits, unitSpeakers } from "../../../lib/search/passage_units.ts";
import { PASSAGE_WORDS, rankPassages } from "../../../lib/search/passage_rank.ts";
import { stemsOf } from "../../../lib/tools/search_passages.ts";
import { markTerms } from "../../../lib/tools/search_passage_view.ts";
import { stemWords } from "../../../lib/search/word_stems.ts";

let keys = 0;
/** Units of `text` under a key of their own. */
function unitsOf(text: string, speakers: string[] = []) {
  return passageUnits([{ cacheKey: `test\u0000${keys++}`, text, speakers }])[0]!;
}

/** `count` lines of filler talk by `speaker`, each of `words` words. */
function filler(speaker: string, count: number, words = 12): string[] {
  return Array.from(
    { length: count },
    (_, i) =>
      `${speaker}: ${Array.from({ length: words }, (_, w) => `filler${(i + w) % 7}`).join(" ")}`,
  );
}

Deno.test("everydayQuery drops a question's frame and names the speaker it asks about", () => {
  const asked = everydayQuery(
    "What did the Industrial Designer say about the materials for the remote casing?",
    ["Industrial Designer", "Marketing"],
  );
  assertEquals(asked.speakers, ["Industrial Designer"]);
  assertEquals(asked.words, ["materials", "remote", "casing"]);
  // Titles and parentheses are not what a person is called by.
  assertEquals(speakerNameWords("Mr. Dave Epp (Chatham-Kent, CPC)"), ["dave", "epp"]);
  assertEquals(everydayQuery("what did Dave Epp ask?", ["Mr. Dave Epp (CPC)"]).speakers, [
    "Mr. Dave Epp (CPC)",
  ]);
  // A one-letter name is too often a word of the question.
  assertEquals(everydayQuery("what did C think about a plan?", ["C"]).speakers, []);
});

Deno.test("everydayQuery keeps words joined by punctuation as a phrase, and never reads empty", () => {
  assertEquals(everydayQuery("status of POL-358 and zoom.us", []).phrases, [
    ["status"],
    ["pol", "358"],
    ["zoom", "us"],
  ]);
  // Only function and frame words: they are kept rather than nothing.
  assertEquals(everydayQuery("what did we discuss?", []).words, ["what", "did", "we", "discuss"]);
  assertEquals(everydayQuery("?!", []).words, []);
});

Deno.test("isFts5Syntax tells FTS5 expressions from everyday words", () => {
  for (const query of ['"pricing page"', "pricing OR plans", "pric*", "title:pricing", "(a b)"]) {
    assert(isFts5Syntax(query), query);
  }
  for (const query of ["what about pricing?", "POL-358", "meet at 10:30", "see https://x.io"]) {
    assert(!isFts5Syntax(query), query);
  }
});

Deno.test("passageUnits reads labels as speakers and non-speech marks as no words", () => {
  const units = unitsOf(
    "Ana: We {vocalsound} planned the [laughter] pricing.\nBen: (inaudible)\nBen: Yes, pricing.",
    ["Ana", "Ben"],
  );
  // Ben's line of nothing but a mark is no unit at all.
  assertEquals(units.map((unit) => [unit.line, unit.speaker, unit.said]), [
    [0, "Ana", "We planned the pricing."],
    [2, "Ben", "Yes, pricing."],
  ]);
  assertEquals(units[0]!.terms.length, 4);
  assertEquals(unitSpeakers(units), ["Ana", "Ben"]);
  // A text whose lines are labelled names speakers past a source's own (capped) list.
  const many = unitsOf("Ana: one.\nBen: two.\nCleo: three.", ["Ana", "Ben"]);
  assertEquals(unitSpeakers(many), ["Ana", "Ben", "Cleo"]);
  // A note with one `Word: ` line names nobody.
  assertEquals(unitSpeakers(unitsOf("Note: buy milk.\nThen the rest.", [])), []);
});

Deno.test("passageUnits reads a changed text again and keeps an unchanged one", () => {
  const key = `test\u0000kept${keys++}`;
  const [first] = passageUnits([{ cacheKey: key, text: "Ana: pricing.", speakers: ["Ana"] }]);
  const [again] = passageUnits([{ cacheKey: key, text: "Ana: pricing.", speakers: ["Ana"] }]);
  assert(first === again, "the same text's units are kept");
  const [changed] = passageUnits([{ cacheKey: key, text: "Ana: hiring.", speakers: ["Ana"] }]);
  assertEquals(changed![0]!.said, "hiring.");
});

Deno.test("rankPassages reads a changed text's words, not those it kept of the old one", () => {
  // What a ranking keeps of a text (where each word is said) goes with its units: a store
  // written under a live writer reads a changed text into new units, ranked afresh.
  const key = `test\u0000changed${keys++}`;
  const query = { terms: stemsOf(["zeppelin", "budget"]), namedSpeakers: [] };
  const [before] = passageUnits([{
    cacheKey: key,
    text: "Ana: the budget.\nBen: yes.",
    speakers: [],
  }]);
  const [old] = rankPassages([{ units: before!, titleStems: [] }], query);
  const [after] = passageUnits([{
    cacheKey: key,
    text: "Ana: the budget.\nBen: the zeppelin.",
    speakers: [],
  }]);
  const [changed] = rankPassages([{ units: after!, titleStems: [] }], query);
  assert(changed!.score > old!.score, `${changed!.score} > ${old!.score}`);
  assertEquals(changed!.coverage, 1);
  // The old units, asked again, rank as they did.
  assertEquals(
    rankPassages([{ units: before!, titleStems: [] }], query)[0]!.coverage,
    old!.coverage,
  );
});

Deno.test("rankPassages ranks a long meeting by the minutes it spends on the question", () => {
  // A long meeting that discusses the casing in one stretch, against a short one that
  // mentions the words once each, far apart.
  const focused = [
    ...filler("Ana", 60),
    "Ben: The casing should be rubber, a rubber casing is soft.",
    "Ana: Rubber for the casing then, and plastic for the buttons.",
    ...filler("Ben", 60),
  ].join("\n");
  const scattered = ["Ana: casing.", ...filler("Ben", 40), "Ana: rubber."].join("\n");
  const items = [unitsOf(scattered, ["Ana", "Ben"]), unitsOf(focused, ["Ana", "Ben"])];
  const terms = stemsOf(["rubber", "casing"]);
  const [loose, tight] = rankPassages(
    items.map((units) => ({ units, titleStems: [] })),
    { terms, namedSpeakers: [] },
  );
  assert(tight!.score > loose!.score, `${tight!.score} > ${loose!.score}`);
  // Its moment is the line that says most of it, not the meeting's start.
  assertEquals(tight!.passages[0]!.line, 60);
  assertEquals(tight!.passages[0]!.speaker, "Ben");
  assert(tight!.coverage === 1, "its best passage holds every word");
});

Deno.test("rankPassages weighs rare words over common ones, and lifts the speaker named", () => {
  const common = stemsOf(["budget"]);
  const rare = stemsOf(["zeppelin"]);
  const texts = [
    "Ana: the budget.\nBen: the zeppelin.",
    "Ana: the budget.\nBen: the budget again.",
    "Ana: the budget.",
    "Ana: the budget once more.",
  ];
  const items = texts.map((text) => ({ units: unitsOf(text, ["Ana", "Ben"]), titleStems: [] }));
  const ranks = rankPassages(items, { terms: [...common, ...rare], namedSpeakers: [] });
  assert(ranks[0]!.score > ranks[1]!.score, "the rare word decides");
  // A named speaker's passages and transcripts rank higher; only theirs with onlySpeaker.
  const byBen = rankPassages(items, { terms: common, namedSpeakers: ["Ben"] });
  const plain = rankPassages(items, { terms: common, namedSpeakers: [] });
  assert(byBen[1]!.score > plain[1]!.score);
  assertEquals(byBen[2]!.score, plain[2]!.score);
  const onlyBen = rankPassages(items, { terms: common, namedSpeakers: [], onlySpeaker: "ben" });
  assertEquals(onlyBen.map((rank) => rank.passages.length), [0, 1, 0, 0]);
  assertEquals(onlyBen.map((rank) => rank.matched), [false, true, false, false]);
  assertEquals(onlyBen[1]!.passages[0]!.line, 1);
});

Deno.test("rankPassages cuts passages of PASSAGE_WORDS words, at most three, not overlapping", () => {
  const lines = Array.from(
    { length: 200 },
    (_, i) => `Ana: ${i % 40 === 0 ? "pricing " : ""}${Array(10).fill("word").join(" ")}`,
  );
  const units = unitsOf(lines.join("\n"), ["Ana"]);
  const [rank] = rankPassages([{ units, titleStems: [] }], {
    terms: stemsOf(["pricing"]),
    namedSpeakers: [],
  });
  assert(rank!.passages.length <= 3 && rank!.passages.length > 0);
  for (const [i, one] of rank!.passages.entries()) {
    assert(one.lastLine - one.firstLine + 1 >= Math.floor(PASSAGE_WORDS / 11), "a few minutes");
    for (const other of rank!.passages.slice(i + 1)) {
      assert(one.lastLine < other.firstLine || other.lastLine < one.firstLine, "no overlap");
    }
  }
  // A title's words count: a transcript found by its title alone ranks.
  const [titled] = rankPassages([{
    units: unitsOf("Ana: nothing here."),
    titleStems: stemsOf(["pricing"]),
  }], {
    terms: stemsOf(["pricing"]),
    namedSpeakers: [],
  });
  assert(titled!.score > 0 && titled!.passages.length === 0);
});

Deno.test("markTerms marks by the stems as they are now, not as they were when a word was last marked", () => {
  // A word never stemmed is looked for as written; once stemmed, by its stem. What markTerms
  // keeps of each word must not outlive the stems it was worked out from.
  const marks = ["«", "»"] as const;
  const terms = new Set(["quokka"]);
  assertEquals(markTerms("two quokkas here", terms, marks), "two quokkas here");
  stemWords(["quokkas"]);
  assertEquals(markTerms("two quokkas here", terms, marks), "two «quokkas» here");
});
