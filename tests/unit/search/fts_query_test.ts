import { assertEquals } from "../../helpers/assert.ts";
import { plainWordsQueries } from "../../../lib/search/fts_query.ts";

const allTerms = (query: string) => plainWordsQueries(query)?.allTerms;

Deno.test("plain words: punctuation-joined words become phrases", () => {
  assertEquals(allTerms("zoom.us"), '"zoom us"');
  assertEquals(allTerms("POL-358"), '"POL 358"');
  assertEquals(allTerms("sync-conflict banner"), '"sync conflict" "banner"');
});

Deno.test("plain words drop function words unless nothing else is left", () => {
  assertEquals(plainWordsQueries("what did we decide about pricing?"), {
    allTerms: '"decide" "pricing"',
    anyTerm: '"decide" OR "pricing"',
  });
  assertEquals(allTerms("what's the plan?"), '"plan"');
  assertEquals(allTerms("what is it?"), '"what" "is" "it"');
});

Deno.test("plain words keep letters of every script and drop FTS5 operators' symbols", () => {
  assertEquals(allTerms('Größe "unclosed (NEAR* ^x'), '"Größe" "unclosed" "NEAR" "x"');
  assertEquals(allTerms("会議 メモ"), '"会議" "メモ"');
  assertEquals(allTerms("budget budget"), '"budget"');
});

Deno.test("plain words of a query without words is null", () => {
  assertEquals(plainWordsQueries("?!"), null);
  assertEquals(plainWordsQueries("   "), null);
});
