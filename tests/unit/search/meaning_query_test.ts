/** Reading a query for its meaning: content words, their neighbours, and when not to expand. */
import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import { planMeaning } from "../../../lib/search/meaning_query.ts";
import { indexTerms } from "../../../lib/search/query_work.ts";
import { wordVectors } from "../../../lib/search/word_vectors_file.ts";
import {
  MEANING_COMMON_WORDS,
  MEANING_NEIGHBOURS,
  MEANING_THRESHOLD,
} from "../../../lib/config/limits.ts";

function table() {
  const loaded = wordVectors();
  if (!("table" in loaded)) throw new Error(loaded.failure);
  return loaded.table;
}

Deno.test("a query word brings its stored neighbours, none below the threshold", () => {
  const plan = planMeaning(table(), "what did we say about the budget?");
  assert(plan.expand);
  assertEquals(plan.words, ["budget"]);
  const stored = table().neighboursOf("budget");
  assert(plan.expansions.length > 0 && plan.expansions.length <= MEANING_NEIGHBOURS);
  for (const expansion of plan.expansions) {
    assertEquals(expansion.from, "budget");
    const neighbour = stored.find((n) => n.word === expansion.word);
    assert(neighbour !== undefined, `${expansion.word} is a stored neighbour of budget`);
    assert(expansion.similarity >= MEANING_THRESHOLD, `${expansion.word} ${expansion.similarity}`);
  }
  assert(plan.expansions.some((e) => e.word === "spending"), JSON.stringify(plan.expansions));
  // Every neighbour at or above the threshold is taken, up to the limit, best first.
  const above = stored.filter((n) => n.similarity >= MEANING_THRESHOLD);
  assertEquals(plan.expansions[0]!.word, above[0]!.word);
});

Deno.test("a neighbour that stems like the query word or another neighbour is left out", () => {
  const plan = planMeaning(table(), "costs");
  assert(plan.expand);
  const words = plan.expansions.map((e) => e.word);
  assert(!words.includes("cost"), words.join(" ")); // "costs" and "cost" are one index term.
  const stems = indexTerms(["costs", ...words]);
  assertEquals(new Set(stems).size, stems.length, stems.join(" "));
});

Deno.test("stop words, asking words and the commonest words bring no neighbours", () => {
  const none = planMeaning(table(), "what did we say about it?");
  assert(!none.expand);
  assertMatch(none.reason, /no word/);
  const common = planMeaning(table(), "new people");
  assert(common.expand);
  assertEquals(common.expansions, []);
  for (const word of ["new", "people"]) assert(table().indexOf(word) < MEANING_COMMON_WORDS);
});

Deno.test("a query mostly of words the English table lacks runs on its own words", () => {
  const german = planMeaning(table(), "Abstimmung über die Illustrationen für das Onboarding");
  assert(!german.expand);
  assertMatch(german.reason, /not in the English word table/);
  const syntax = planMeaning(table(), '"budget review" OR pricing');
  assert(!syntax.expand);
  assertMatch(syntax.reason, /FTS5 syntax/);
  // A ticket number counts neither way: the English words still expand.
  assert(planMeaning(table(), "budget for POL-358").expand);
});
