/** SIF passage vectors: common words weigh little, and passages compare by topic. */
import { assert } from "../../helpers/assert.ts";
import { passageVector, sifWeight, vectorCosine } from "../../../lib/search/passage_vector.ts";
import { wordVectors } from "../../../lib/search/word_vectors_file.ts";

function table() {
  const loaded = wordVectors();
  if (!("table" in loaded)) throw new Error(loaded.failure);
  return loaded.table;
}

Deno.test("sifWeight() weighs frequent words less", () => {
  assert(sifWeight(0, 60_000) < 0.05);
  assert(sifWeight(100, 60_000) < sifWeight(1_000, 60_000));
  assert(sifWeight(20_000, 60_000) > 0.95 && sifWeight(20_000, 60_000) < 1);
});

Deno.test("a passage about costs is nearer a question about costs than one about a river", () => {
  const query = passageVector(table(), "costs")!;
  const costs = passageVector(table(), "the budget, the expenses and the price of the licences")!;
  const river = passageVector(table(), "the river flooded the road and the bridge was closed")!;
  assert(vectorCosine(query, costs) > vectorCosine(query, river) + 0.2);
  assert(passageVector(table(), "zzzq qqqz") === null);
  assert(vectorCosine(query, new Float32Array(query.length)) === 0);
});
