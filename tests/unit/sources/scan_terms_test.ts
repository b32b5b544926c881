/**
 * Scanned search's words: stems as our store's index makes them, found as whole words, and
 * the key (a stem's start) that SQL narrows rows by never leaving out a word of the stem.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import {
  heldAt,
  isPart,
  type Misses,
  scanTerm,
  withStems,
} from "../../../lib/sources/adapters/scan_terms.ts";
import { stemmed, stemOf, stemWords } from "../../../lib/search/word_stems.ts";
import { indexTerms } from "../../../lib/search/query_work.ts";
import { decodeWordVectorTable } from "../../../lib/search/word_vector_table.ts";

/** 60,000 English words (the word-vector table's), lower-cased, single runs of letters. */
function vocabulary(): string[] {
  const table = decodeWordVectorTable(
    Deno.readFileSync(new URL("../../../lib/search/word_vectors.bin", import.meta.url)),
  );
  const words: string[] = [];
  for (let i = 0; i < table.header.count; i++) {
    const word = table.wordAt(i).toLowerCase();
    if (/^[\p{L}\p{M}\p{N}]+$/u.test(word)) words.push(word);
  }
  // And every ending Porter's rules rewrite, on short and long roots, once and twice over.
  const roots = ["hop", "rat", "sens", "fluen", "reason", "activ", "gener", "relat", "agre", "happ"]
    .concat(["pon", "pl", "cry", "by", "sky", "ab", "is", "a", "e", "i", "y", "be", "tie"]);
  const endings = ("s es ies ied ing ed eed y ly ily ility ibility ability ably ation ational " +
    "ization izer ator ence ency ance ancy ive ivity iveness fulness ousness ousli ously ness " +
    "ful ic ical icity icate ative alize alism ism ate ating ated ble bling bled iz izing izes " +
    "logy ally ently ely e le l ll bli bil").split(" ");
  for (const root of roots) {
    for (const ending of ["", ...endings]) {
      words.push(root + ending, ...endings.slice(0, 12).map((again) => root + ending + again));
    }
  }
  return words;
}

Deno.test("scan stems: as the store's index stems ASCII words; every word starts with its key", () => {
  const words = vocabulary();
  assert(words.length > 75_000, `${words.length} words`);
  stemWords(words);
  const ascii = words.filter((word) => /^[a-z0-9]+$/.test(word));
  const indexed = indexTerms(ascii);
  const differ = ascii.filter((word, i) => stemOf(word) !== indexed[i]);
  assertEquals(differ, []);
  // The key of any word with a stem is a start of every other word with that stem.
  const byStem = new Map<string, string[]>();
  for (const word of words) byStem.set(stemOf(word), [...byStem.get(stemOf(word)) ?? [], word]);
  const missed: string[] = [];
  for (const group of byStem.values()) {
    for (const word of group) {
      const { keys } = scanTerm([word]);
      for (const other of group) if (!other.startsWith(keys[0]!)) missed.push(`${word}/${other}`);
    }
  }
  assertEquals(missed, []);
});

Deno.test("scan terms: whole words with the stem, never letters inside a word", () => {
  const cases: [string[], string, number][] = [
    [["a"], "banana and apples, a pear", 19],
    [["a"], "banana and apples", -1],
    [["plan"], "a planet; our planning", 14],
    [["Plans"], "the plan", 4],
    [["planet"], "our plans", -1],
    [["happiness"], "a happy team", 2],
    [["possibility"], "possible outcomes", 0],
    [["pol", "358"], "ticket pol–358, pol 359", 7],
    [["pol", "358"], "pol 359 and pol\n358", 12],
    [["été"], "l'été, ete", 2],
    [["ete"], "l'été", -1],
    [["b"], "a😀b", 3],
  ];
  for (const [words, text, at] of cases) {
    assertEquals(heldAt(text, scanTerm(words)), at, `${words} in ${text}`);
  }
  assertEquals(heldAt("plan, plans", scanTerm(["plan"]), 1), 6);
  assert(isPart(scanTerm(["plan"]), "planning", 0));
  assert(!isPart(scanTerm(["plan"]), "planet", 0));
  // A key of nothing (a stem that shares no start with its word) finds every word start.
  const anyStart = { ...scanTerm(["plan"]), keys: [""] };
  assertEquals(heldAt("x planet plans", anyStart), 9);
  assertEquals(heldAt("", anyStart), -1);
});

Deno.test("scan terms: the LIKE pattern narrows rows by the key, cased letters as wildcards", () => {
  assertEquals(scanTerm(["Possibility"]).like, "%possib%");
  assertEquals(scanTerm(["plans"]).like, "%plan%");
  assertEquals(scanTerm(["POL", "358"]).like, "%pol%358%");
  const term = scanTerm(["Ørstedvik"]);
  assertEquals(term.like, "%_rstedvik%");
  assertEquals(term.cases, [["%ø%", "%Ø%"]]);
});

Deno.test("scan terms: a word not stemmed yet is noted, stemmed in a batch, and tested again", () => {
  const term = scanTerm(["blorf"]);
  const word = "blorfing"; // Made up, so never stemmed before.
  assertEquals(stemmed(word), undefined);
  const misses: Misses = { words: new Set() };
  assertEquals(term.test(`we ${word}`, misses), false);
  assertEquals([...misses.words], [word]);
  let batches = 0;
  const tests: boolean[] = [];
  const held = withStems((noted) => {
    const hit = term.test(`we ${word} and a blorfer`, noted);
    tests.push(hit);
    return hit;
  }, () => batches++);
  assertEquals([held, tests, batches], [true, [false, true], 1]);
  assertEquals(stemOf(word), "blorf");
  // Once stemmed, one run answers.
  tests.length = 0;
  withStems((noted) => tests.push(term.test(`we ${word}`, noted)));
  assertEquals(tests.length, 1);
});

Deno.test("stemWords: a call that fills the cache keeps a stem for each of its own words", () => {
  stemWords(["planning"]);
  const many = Array.from({ length: 50_000 }, (_, i) => `w${i}x`);
  stemWords(["planning", ...many]);
  assertEquals(stemmed("planning"), "plan");
  assertEquals(stemmed("w49999x"), "w49999x");
});
