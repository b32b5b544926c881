import { assertEquals } from "../../helpers/assert.ts";
import {
  wholeTermFinders,
  type WordChars,
  WordFinder,
  type WordRun,
} from "../../../lib/text/word_finder.ts";

/** The pattern a run was written as before the finder: the oracle the finder must agree with. */
function patternOf(runs: readonly WordRun[], chars: WordChars, atStart: boolean): RegExp {
  const word = chars === "letters-numbers" ? "[\\p{L}\\p{N}]" : "[\\p{L}\\p{M}\\p{N}]";
  const notWord = chars === "letters-numbers" ? "[^\\p{L}\\p{N}]+" : "[^\\p{L}\\p{M}\\p{N}]+";
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const bodies = runs.map((run) => {
    const joined = run.words.map(escape).join(run.runOn ? `${word}*${notWord}` : notWord);
    if (run.end === "whole") return `${joined}(?!${word})`;
    if (run.end === "endings") return `${joined}(?:s|es|ed|d|ing)?(?!${word})`;
    return joined;
  });
  return new RegExp(`${atStart ? `(?<!${word})` : ""}(?:${bodies.join("|")})`, "u");
}

// Texts that put words against letters, marks, digits, astral letters, and separators.
const PIECES = [
  "plan",
  "plans",
  "planned",
  "planning",
  "plant",
  "re",
  "replan",
  "é",
  "\u0301",
  "9",
  "𝐀",
  "😀",
  " ",
  "-",
  ", ",
  "\n",
  "_",
  "café",
  "cafe\u0301",
  "ab",
  "a",
  "b",
  "priced",
  "price",
  "x",
];

function texts(count: number): string[] {
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from(
    { length: count },
    () =>
      Array.from(
        { length: 1 + Math.floor(next() * 12) },
        () => PIECES[Math.floor(next() * PIECES.length)]!,
      ).join(""),
  );
}

const CASES: { runs: WordRun[]; chars: WordChars; atStart: boolean }[] = [
  { runs: [{ words: ["plan"], end: "endings" }], chars: "letters-marks-numbers", atStart: true },
  { runs: [{ words: ["plan"], end: "whole" }], chars: "letters-numbers", atStart: true },
  {
    runs: [{ words: ["plan"], end: "endings" }, { words: ["planning"], end: "whole" }],
    chars: "letters-marks-numbers",
    atStart: true,
  },
  { runs: [{ words: ["pla"], end: "open" }], chars: "letters-marks-numbers", atStart: true },
  { runs: [{ words: ["an"], end: "open" }], chars: "letters-marks-numbers", atStart: false },
  {
    runs: [{ words: ["plan", "price"], runOn: true, end: "open" }],
    chars: "letters-marks-numbers",
    atStart: true,
  },
  { runs: [{ words: ["a", "b"], end: "whole" }], chars: "letters-numbers", atStart: true },
  { runs: [{ words: ["caf"], end: "whole" }], chars: "letters-marks-numbers", atStart: true },
  { runs: [{ words: ["caf"], end: "whole" }], chars: "letters-numbers", atStart: true },
  { runs: [{ words: ["re"], end: "endings" }], chars: "letters-marks-numbers", atStart: true },
];

Deno.test("WordFinder finds what the Unicode-class pattern it replaces finds, at the same index", () => {
  const all = texts(3000);
  for (const { runs, chars, atStart } of CASES) {
    const finder = new WordFinder(runs, chars, atStart);
    const pattern = patternOf(runs, chars, atStart);
    for (const text of all) {
      const expected = pattern.exec(text)?.index ?? -1;
      assertEquals(
        finder.indexIn(text),
        expected,
        `${JSON.stringify(runs)} in ${JSON.stringify(text)}`,
      );
    }
  }
});

Deno.test("WordFinder keeps a word whole against letters, marks and astral letters", () => {
  const whole = new WordFinder([{ words: ["plan"], end: "whole" }], "letters-marks-numbers");
  assertEquals(whole.indexIn("plan"), 0);
  assertEquals(whole.indexIn("plant plan"), 6);
  assertEquals(whole.indexIn("plané"), -1);
  assertEquals(whole.indexIn("plan\u0301"), -1, "a combining mark joins the word");
  assertEquals(whole.indexIn("𝐀plan"), -1, "an astral letter before it joins the word");
  assertEquals(whole.indexIn("😀plan😀"), 2, "an emoji is not a letter");
  const folded = new WordFinder([{ words: ["plan"], end: "whole" }], "letters-numbers");
  assertEquals(folded.indexIn("plan\u0301"), 0, "without marks, a mark ends the word");
});

Deno.test("WordFinder accepts one everyday ending and a phrase's words running on", () => {
  const endings = new WordFinder([{ words: ["plan"], end: "endings" }], "letters-marks-numbers");
  assertEquals(endings.indexIn("the plans"), 4);
  assertEquals(endings.indexIn("the plant"), -1);
  assertEquals(endings.indexIn("the planss"), -1);
  const phrase = new WordFinder(
    [{ words: ["pric", "plan"], runOn: true, end: "open" }],
    "letters-marks-numbers",
  );
  assertEquals(phrase.indexIn("our pricing, planned"), 4);
  assertEquals(phrase.indexIn("our pricingplan"), -1, "the words need a separator");
});

Deno.test("WordFinder with no words, or an empty one, finds nothing", () => {
  assertEquals(new WordFinder([], "letters-numbers").indexIn("any text"), -1);
  assertEquals(new WordFinder([{ words: [], end: "whole" }], "letters-numbers").test(" "), false);
  assertEquals(new WordFinder([{ words: [""], end: "open" }], "letters-numbers").test("x"), false);
});

Deno.test("WordFinder treats the query's words as literal text, not as a pattern", () => {
  const finder = new WordFinder([{ words: ["c++"], end: "open" }], "letters-marks-numbers");
  assertEquals(finder.indexIn("we use c++ daily"), 7);
  assertEquals(finder.indexIn("we use cc daily"), -1);
});

Deno.test("wholeTermFinders leaves out a term with no letter or digit, as FTS5 does", () => {
  const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const finders = wholeTermFinders(["Pricing", "\u0301", "--", "Été dernier"], fold);
  assertEquals(finders.length, 2);
  assertEquals(finders.map((finder) => finder.test("pricing, l'ete dernier")), [true, true]);
  assertEquals(finders.map((finder) => finder.test("repricing")), [false, false]);
});
