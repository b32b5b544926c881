/**
 * How `deno task test` (scripts/test.ts) runs the test files: dealt into groups, each group
 * one module that imports its files, so that `deno test` starts one runtime a group rather
 * than one a file.
 *
 * @module
 */
import { pathToFileURL } from "node:url";
import { join, relative } from "node:path";

/**
 * Every `*_test.ts` under `dir`, at any depth, sorted.
 *
 * @example
 * ```ts
 * import { testFiles } from "./test_groups.ts";
 * testFiles("tests").every((path) => path.endsWith("_test.ts")); // true
 * ```
 */
export function testFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) found.push(...testFiles(path));
    else if (entry.isFile && entry.name.endsWith("_test.ts")) found.push(path);
  }
  return found.sort();
}

/**
 * `files` dealt in turn into `count` groups (fewer when there are fewer files): each file in
 * exactly one, the groups' sizes at most one apart.
 *
 * @example
 * ```ts
 * import { dealFiles } from "./test_groups.ts";
 * dealFiles(["a", "b", "c"], 2); // [["a", "c"], ["b"]]
 * ```
 */
export function dealFiles(files: readonly string[], count: number): string[][] {
  const groups: string[][] = Array.from({ length: Math.min(count, files.length) }, () => []);
  files.forEach((file, n) => groups[n % groups.length]!.push(file));
  return groups;
}

/**
 * The text of a group's module: an import of each file, by URL, named relative to `root`.
 *
 * @example
 * ```ts
 * import { groupModule } from "./test_groups.ts";
 * groupModule(["/p/tests/a_test.ts"], "/p");
 * // '// tests/a_test.ts\nimport "file:///p/tests/a_test.ts";\n'
 * ```
 */
export function groupModule(files: readonly string[], root: string): string {
  return files.map((file) =>
    `// ${relative(root, file)}\nimport ${JSON.stringify(pathToFileURL(file).href)};\n`
  ).join("");
}
