import { assertEquals } from "./helpers/assert.ts";
import { plainWordsQuery } from "../lib/fts_query.ts";

Deno.test("plain words: punctuation-joined words become phrases", () => {
  assertEquals(plainWordsQuery("what's the plan?"), '"what s" "the" "plan"');
  assertEquals(plainWordsQuery("zoom.us"), '"zoom us"');
  assertEquals(plainWordsQuery("POL-358"), '"POL 358"');
});

Deno.test("plain words keep letters of every script and drop FTS5 operators' symbols", () => {
  assertEquals(plainWordsQuery('Größe "unclosed (NEAR* ^x'), '"Größe" "unclosed" "NEAR" "x"');
  assertEquals(plainWordsQuery("会議 メモ"), '"会議" "メモ"');
});

Deno.test("plain words of a query without words is null", () => {
  assertEquals(plainWordsQuery("?!"), null);
  assertEquals(plainWordsQuery("   "), null);
});
