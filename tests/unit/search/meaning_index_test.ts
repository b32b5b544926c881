/**
 * The topic index of search by meaning: vectors of what was said, the nearest items in
 * order, reading in slices within a budget, and starting afresh when the texts change.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import {
  MeaningIndex,
  type TopicSource,
  type TopicText,
  topicVector,
} from "../../../lib/search/meaning_index.ts";
import { passageVector, vectorCosine } from "../../../lib/search/passage_vector.ts";
import { wordVectors } from "../../../lib/search/word_vectors_file.ts";
import type { WordVectorTable } from "../../../lib/search/word_vector_table.ts";

function table(): WordVectorTable {
  const loaded = wordVectors();
  if (!("table" in loaded)) throw new Error(loaded.failure);
  return loaded.table;
}

/** A source of `texts` by key "0", "1", …, newest (highest) first, and what it was asked. */
function textSource(texts: string[], stamp = () => "1") {
  const asked = { pages: 0, items: 0 };
  const reader = {
    itemSamples(after: string | null, limit: number): TopicText[] {
      asked.pages++;
      const below = after === null ? texts.length : Number(after);
      const items: TopicText[] = [];
      for (let key = below - 1; key >= 0 && items.length < limit; key--) {
        items.push({ key: String(key), title: "Note", text: texts[key]! });
      }
      asked.items += items.length;
      return items;
    },
    textStamp: stamp,
  } satisfies TopicSource;
  return { reader, asked };
}

const TOPICS = [
  "Sam: The garage says the brake pads are worn and the discs are scored.",
  "Sam: We planted tomatoes and beans on the allotment this spring.",
  "Sam: The quarterly budget review moved the hiring plan to next year.",
  "Sam: My flight to Lisbon was cancelled, so I rebooked for Friday.",
  "Sam: The dentist will fit a crown on the cracked molar next week.",
  "Sam: The toddler starts nursery three mornings a week in September.",
  "Sam: Our landlord wrote that the rent goes up from April.",
  "Sam: The router keeps dropping the broadband every evening.",
];

Deno.test("topicVector reads what was said, not the speakers' labels", () => {
  const words = table();
  const text = "Sam: The brakes squeal.\nPriya Shah: The garage can look on Monday.";
  const labelled = topicVector(words, { title: "Call", text })!;
  const said = passageVector(words, "Call\nThe brakes squeal.\nThe garage can look on Monday.")!;
  const withLabels = passageVector(words, `Call\n${text}`)!;
  assert(vectorCosine(labelled, said) > 0.9999, "the labels were read as words");
  assert(vectorCosine(labelled, withLabels) < 0.9999, "the test text's labels change nothing");
  // A text whose lines are not labelled keeps a colon's words.
  const plain = "The plan is simple: fix the brakes.\nThen we drive home.";
  assert(
    vectorCosine(topicVector(words, { title: "", text: plain })!, passageVector(words, plain)!) >
      0.9999,
  );
});

Deno.test("MeaningIndex.nearest gives the nearest items in order, however many it asks for", () => {
  const words = table();
  const { reader } = textSource(TOPICS);
  const index = new MeaningIndex(words);
  index.extend(reader, 1_000);
  assertEquals(index.size, TOPICS.length);
  const query = passageVector(words, "mechanic car repair")!;
  const all = index.nearest(query, TOPICS.length);
  assertEquals(new Set(all.map((hit) => hit.key)).size, TOPICS.length);
  for (let i = 1; i < all.length; i++) assert(all[i - 1]!.cosine >= all[i]!.cosine);
  // The best few are the first few of the whole ranking, whatever the order items were read in.
  for (const count of [1, 2, 3, 5]) assertEquals(index.nearest(query, count), all.slice(0, count));
  assertEquals(all[0]!.key, "0", "the brakes, for a question about the car");
  // Standing is in standard deviations about the mean cosine: it falls with the cosine, and
  // the garage stands well above the rest.
  const mean = all.reduce((sum, hit) => sum + hit.standing, 0) / all.length;
  assert(Math.abs(mean) < 1e-6, `mean standing ${mean}`);
  for (let i = 1; i < all.length; i++) assert(all[i - 1]!.standing >= all[i]!.standing);
  assert(all[0]!.standing > 2, `${all[0]!.standing}`);
});

Deno.test("MeaningIndex.extend reads as many items as it is told, and goes on where it stopped", () => {
  const words = table();
  const many = Array.from({ length: 40 }, (_, i) => TOPICS[i % TOPICS.length]!);
  const { reader, asked } = textSource(many);
  const index = new MeaningIndex(words);
  index.extend(reader, 0);
  assertEquals([index.size, index.complete, asked.items], [0, false, 0]);
  index.extend(reader, 25);
  assertEquals([index.size, index.complete, asked.items], [25, false, 25]);
  index.extend(reader, 25);
  assertEquals([index.size, index.complete], [40, true]);
  // Each item was read once: the second call went on, it did not start again.
  assertEquals(asked.items, 40);
  index.extend(reader, 25);
  assertEquals(asked.items, 40);
});

Deno.test("MeaningIndex starts afresh when the source's texts have changed", () => {
  const words = table();
  let stamp = "1";
  const texts = [...TOPICS];
  const { reader } = textSource(texts, () => stamp);
  const index = new MeaningIndex(words);
  index.extend(reader, 1_000);
  const query = passageVector(words, "holiday by the sea")!;
  assert(index.nearest(query, 1)[0]!.key !== "2");
  texts[2] = "Sam: We booked a cottage by the beach for the summer holiday.";
  stamp = "2";
  index.extend(reader, 1_000);
  assertEquals(index.size, TOPICS.length);
  assertEquals(index.nearest(query, 1)[0]!.key, "2");
});

Deno.test("MeaningIndex holds nothing of a source that cannot list its items", () => {
  const index = new MeaningIndex(table());
  index.extend({}, 1_000);
  assertEquals([index.size, index.complete], [0, true]);
});
