/**
 * The README is a front door and the docs hold together: the README stays small and links every
 * docs page, every relative link leads to a file and heading that exist, the README names the
 * set-up commands, the tasks and a reason for each dependency, and the install tables list the
 * binaries the release workflow builds.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { denoJson, DOC_PAGES, docs, read, readme, section } from "../helpers/docs.ts";

Deno.test("the README is a front door: under 10 KB, linking every docs page", () => {
  const bytes = new TextEncoder().encode(readme).length;
  assert(bytes < 10_000, `README.md is ${bytes} bytes`);
  for (const page of DOC_PAGES) assert(readme.includes(`](docs/${page}.md)`), `links ${page}.md`);
});

Deno.test("every relative link in the README and docs/ leads to a file and heading that exist", () => {
  const slug = (heading: string) =>
    heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
  const pages: [string, string][] = [
    ["README.md", readme],
    ...DOC_PAGES.map((page): [string, string] => [`docs/${page}.md`, docs[page]]),
  ];
  for (const [path, text] of pages) {
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [file, anchor] = target!.split("#");
      const resolved = file === "" ? path : new URL(file!, `file:///${path}`).pathname.slice(1);
      const text = read(resolved);
      if (anchor === undefined) continue;
      const slugs = [...text.matchAll(/^#+ (.*)$/gm)].map((m) => slug(m[1]!));
      assert(slugs.includes(anchor), `${path} links ${target}: no such heading`);
    }
  }
});

Deno.test("the README names the two set-up commands, the pinned Deno and the tasks", () => {
  assert(readme.includes("npx -y deno@2.9.6 task demo"));
  assert(readme.includes("npx -y deno@2.9.6 task test"));
  for (const task of ["demo", "test", "ok", "start", "compile"]) assert(denoJson.tasks[task], task);
});

Deno.test("the README gives every dependency a reason, and yaml stays out of the binary", async () => {
  const reasons = section(readme, "Dependencies, and why");
  for (const [name, specifier] of Object.entries(denoJson.imports as Record<string, string>)) {
    const pkg = /^npm:\/?(@?[^@]+)@/.exec(specifier)?.[1];
    assert(pkg !== undefined && reasons.includes(`\`npm:${pkg}`), `a reason for ${name}`);
  }
  const users: string[] = [];
  for (const root of ["lib", "scripts", "tests", "bench"]) {
    for await (const path of walk(new URL(`../../${root}/`, import.meta.url))) {
      if (IMPORTS_YAML.test(Deno.readTextFileSync(path))) users.push(path.pathname);
    }
  }
  assert(!IMPORTS_YAML.test(read("main.ts")), "main.ts imports no yaml");
  assert(users.length > 0 && users.every((path) => path.includes("/tests/")), users.join(", "));
  // From the checkout's root: the checkout's own path may hold "tests/" (a worktree named so).
  const root = new URL("../../", import.meta.url).pathname;
  for (const path of users) {
    assert(reasons.includes(path.slice(root.length)), `the README names ${path}`);
  }
});

/** An import of the yaml package, at the start of a line. */
const IMPORTS_YAML = /^import .* from "yaml";$/m;

/** Every .ts file under `dir`. */
async function* walk(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* walk(url);
    else if (entry.name.endsWith(".ts")) yield url;
  }
}

Deno.test("docs/install.md and the README list the binaries the release workflow builds", () => {
  const built = [...read(".github/workflows/release.yml").matchAll(/^\s+binary: (\S+)$/gm)]
    .map((m) => m[1]!).sort();
  assertEquals(built.length, 5);
  const pages: [string, string][] = [["README.md", readme], ["docs/install.md", docs.install]];
  for (const [path, text] of pages) {
    const listed = [...text.matchAll(/^\| [^|]+\| `(transcript-mcp-\S+)` +\|$/gm)]
      .map((m) => m[1]!).sort();
    assertEquals(listed, built, path);
  }
});
