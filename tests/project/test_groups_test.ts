/**
 * `deno task test` runs every test file once, in groups (scripts/test_groups.ts), and its
 * servers run the bundle it built where it names one (scripts/test_bundle.ts).
 */
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { assert, assertEquals } from "../helpers/assert.ts";
import { PROJECT_ROOT } from "../helpers/server_process.ts";
import { dealFiles, groupModule, testFiles } from "../../scripts/test_groups.ts";
import { testServerEntry } from "../../scripts/test_bundle.ts";

Deno.test("test groups: every test file under tests/ is found, and nothing else", () => {
  const files = testFiles(join(PROJECT_ROOT, "tests"));
  assert(files.includes(fileURLToPath(import.meta.url)), "this file");
  assert(files.includes(join(PROJECT_ROOT, "tests", "wire", "protocol_test.ts")));
  assert(files.every((file) => file.endsWith("_test.ts")));
  assert(!files.some((file) => file.includes(`${join("tests", "helpers")}`)), "no helper");
  assertEquals(files, [...files].sort());
  assertEquals(new Set(files).size, files.length);
});

Deno.test("test groups: each file is dealt into exactly one group, sizes one apart at most", () => {
  const cases: [number, number][] = [[0, 12], [5, 12], [12, 12], [13, 12], [178, 12], [7, 1]];
  for (const [count, groups] of cases) {
    const files = Array.from({ length: count }, (_, n) => `/t/f${n}_test.ts`);
    const dealt = dealFiles(files, groups);
    assertEquals(dealt.length, Math.min(count, groups));
    assertEquals(dealt.flat().sort(), [...files].sort());
    const sizes = dealt.map((group) => group.length);
    if (sizes.length > 0) {
      assert(Math.max(...sizes) - Math.min(...sizes) <= 1, `${count}: ${sizes}`);
    }
    assert(sizes.every((size) => size > 0), `${count}: no empty group`);
  }
});

Deno.test("test groups: a group's module imports each of its files by URL", () => {
  const files = [
    join(PROJECT_ROOT, "tests", "a b_test.ts"),
    join(PROJECT_ROOT, "tests", "c_test.ts"),
  ];
  const text = groupModule(files, PROJECT_ROOT);
  const imported = [...text.matchAll(/^import (".*");$/gm)].map((m) => JSON.parse(m[1]!));
  assertEquals(imported, files.map((file) => pathToFileURL(file).href));
  assert(text.includes(`// ${join("tests", "c_test.ts")}\n`), text);
});

Deno.test("a test's server runs the bundle deno task test names, else main.ts", () => {
  assertEquals(testServerEntry(join("/tmp", "bundle")), join("/tmp", "bundle", "main.js"));
  assertEquals(testServerEntry(null), "main.ts");
});
