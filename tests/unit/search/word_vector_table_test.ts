import { assert, assertEquals, assertThrows } from "../../helpers/assert.ts";
import {
  decodeWordVectorTable,
  encodeWordVectorTable,
} from "../../../lib/search/word_vector_table.ts";

const TABLE = new URL("../../../lib/search/word_vectors.bin", import.meta.url);
const SAMPLE = new URL("../../fixtures/word_vector_cosines.json", import.meta.url);

/** The error the distilled table may add to a cosine of the package's own vectors. */
const MAX_COSINE_ERROR = 0.01;

const source = { package: "test", version: "0", sha256: "00", selection: "all" };

Deno.test("encodeWordVectorTable() round-trips words, vectors and exact neighbours", () => {
  // Four 3-d unit vectors: b is nearest a, then c; d points away from all.
  const raw = [[1, 0, 0], [0.9, 0.1, 0], [0.6, 0.8, 0], [-1, 0, 0]];
  const unit = new Float32Array(raw.flatMap((v) => v.map((x) => x / Math.hypot(...v))));
  const table = decodeWordVectorTable(
    encodeWordVectorTable({ source, words: ["a", "b", "c", "d"], dims: 3, unit, neighbours: 2 }),
  );
  assertEquals(table.header.count, 4);
  assertEquals(table.neighboursOf("a").map((n) => n.word), ["b", "c"]);
  assertEquals(table.neighboursOf("missing"), []);
  assert(Math.abs(table.cosine(0, 3) + 1) < MAX_COSINE_ERROR);
  const sum = new Float32Array(3);
  table.addVector(2, sum, 2);
  assert(Math.abs(sum[0]! - 1.2) < 0.02 && Math.abs(sum[1]! - 1.6) < 0.02, `${sum}`);
});

Deno.test("decodeWordVectorTable() refuses bytes that are not a table, or cut short", () => {
  assertThrows(
    () => decodeWordVectorTable(new TextEncoder().encode("not a table")),
    Error,
    "TMCPWV01",
  );
  const unit = new Float32Array([1, 0, 0, 1]);
  const bytes = encodeWordVectorTable({ source, words: ["a", "b"], dims: 2, unit, neighbours: 1 });
  assertThrows(
    () => decodeWordVectorTable(bytes.subarray(0, bytes.length - 1)),
    Error,
    "do not add up",
  );
});

Deno.test("the distilled table reproduces the package's own cosines within the stated error", () => {
  const table = decodeWordVectorTable(Deno.readFileSync(TABLE));
  const sample = JSON.parse(Deno.readTextFileSync(SAMPLE));
  assertEquals(table.header.source, sample.source);
  let worst = 0;
  for (const [a, b, expected] of sample.pairs as [string, string, number][]) {
    const [i, j] = [table.indexOf(a), table.indexOf(b)];
    assert(i >= 0 && j >= 0, `${a} and ${b} are in the table`);
    worst = Math.max(worst, Math.abs(table.cosine(i, j) - expected));
  }
  assert(worst < MAX_COSINE_ERROR, `worst cosine error ${worst}`);
});

Deno.test("the distilled table's neighbours are words of the same meaning", () => {
  const table = decodeWordVectorTable(Deno.readFileSync(TABLE));
  const near = (word: string) => table.neighboursOf(word).map((n) => n.word);
  assert(near("pricing").includes("price"), near("pricing").join(" "));
  assert(near("budget").includes("spending"), near("budget").join(" "));
  assert(near("hire").some((w) => w.startsWith("hir") || w === "recruit"), near("hire").join(" "));
  for (const n of table.neighboursOf("customer")) assert(n.similarity > 0 && n.similarity <= 1);
});
