/**
 * The GitHub workflows are checked here, since they only run on GitHub: their triggers, the
 * five release targets each on a runner that executes it, the tasks and repository paths they
 * name, and the version that a release tag must carry.
 */
import { parse } from "yaml";
import { assert, assertEquals } from "../helpers/assert.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

const root = new URL("../../", import.meta.url);
const read = (path: string) => Deno.readTextFileSync(new URL(path, root));
const denoJson = JSON.parse(read("deno.json"));
const WORKFLOWS: Record<string, Json> = {
  "ci.yml": parse(read(".github/workflows/ci.yml")),
  "release.yml": parse(read(".github/workflows/release.yml")),
};
const ci = WORKFLOWS["ci.yml"];
const release = WORKFLOWS["release.yml"];

/** Each release target and the runner that executes its binary natively. */
const RELEASE_RUNNERS: Record<string, string> = {
  "x86_64-unknown-linux-gnu": "ubuntu-latest",
  "aarch64-unknown-linux-gnu": "ubuntu-24.04-arm",
  "x86_64-apple-darwin": "macos-15-intel",
  "aarch64-apple-darwin": "macos-latest",
  "x86_64-pc-windows-msvc": "windows-latest",
};

function stepsOf(job: Json): Step[] {
  return job.steps ?? [];
}

function allSteps(workflow: Json): Step[] {
  return Object.values(workflow.jobs).flatMap(stepsOf);
}

function scriptsOf(workflow: Json): string[] {
  return allSteps(workflow).flatMap((step) => step.run === undefined ? [] : [step.run]);
}

/** The runner labels a job runs on, with `${{ matrix.X }}` expanded. */
function runnersOf(job: Json): string[] {
  const runsOn = String(job["runs-on"]);
  const key = /^\$\{\{\s*matrix\.(\w+)\s*\}\}$/.exec(runsOn)?.[1];
  if (key === undefined) return [runsOn];
  const matrix = job.strategy?.matrix ?? {};
  return [...(matrix[key] ?? []), ...(matrix.include ?? []).map((row: Json) => row[key])];
}

/** The task names in `deno task [FLAGS] NAME` commands of a shell script. */
function denoTasksIn(script: string): string[] {
  return [...script.matchAll(/\bdeno task(?:\s+-[\w-]+)*\s+([\w:-]+)/g)].map((m) => m[1]!);
}

/** Files a script writes (`> FILE`, `tee FILE`): made by the run, not in the repository. */
function outputsOf(script: string): string[] {
  return [...script.matchAll(/(?:>>?|\btee(?:\s+-a)?)\s*"?([\w.][\w./-]*)/g)].map((m) => m[1]!);
}

/**
 * Relative paths a script names: words with a slash, or a file name with an extension the
 * repository uses. `dist/` is the build's output and is left out.
 */
function repositoryPathsIn(script: string): string[] {
  return script.split(/[\s"'`()<>|;,]+/).filter((word) =>
    (/^[\w.-]+(\/[\w.-]+)+\/?$/.test(word) ||
      /^[\w.-]+\.(ts|json|md|sql|ya?ml|lock)$/.test(word)) &&
    !/^(\.\/)?dist(\/|$)/.test(word)
  );
}

Deno.test("the path finder sees the paths a script reads and the files it writes", () => {
  const script =
    "cat CHANGELOG.md lib/store/schema.sql > notes.md\ndeno task smoke dist/bin | tee out.txt\n" +
    'deno eval \'Deno.readTextFileSync("deno.json")\' >> "$GITHUB_STEP_SUMMARY"';
  assertEquals(repositoryPathsIn(script), [
    "CHANGELOG.md",
    "lib/store/schema.sql",
    "notes.md",
    "deno.json",
  ]);
  assertEquals(outputsOf(script), ["notes.md", "out.txt"]);
  assertEquals(denoTasksIn("deno task --quiet smoke x && deno task ok"), ["smoke", "ok"]);
});

Deno.test("ci runs deno task ok on pushes to main and on pull requests", () => {
  assert(ci.on.push.branches.includes("main"));
  assert("pull_request" in ci.on);
  assertEquals(ci.permissions, { contents: "read" });
});

Deno.test("ci runs deno task ok on Linux, macOS and Windows", () => {
  const jobs = Object.values(ci.jobs).filter((job: Json) =>
    stepsOf(job).some((step) => step.run !== undefined && denoTasksIn(step.run).includes("ok"))
  );
  const runners = jobs.flatMap(runnersOf);
  for (const os of ["ubuntu", "macos", "windows"]) {
    assert(runners.some((runner) => runner.startsWith(`${os}-`)), `${os} in ${runners}`);
  }
});

Deno.test("every workflow installs the pinned Deno from npm after setup-node, before using it", () => {
  for (const [file, workflow] of Object.entries(WORKFLOWS)) {
    for (const [name, job] of Object.entries(workflow.jobs as Record<string, Json>)) {
      const steps = stepsOf(job);
      const firstDeno = steps.findIndex((step) => /^deno /m.test(step.run ?? ""));
      if (firstDeno === -1) continue;
      const setupNode = steps.findIndex((step) => step.uses?.startsWith("actions/setup-node@"));
      const install = steps.findIndex((step) => step.run === "npm install --global deno@2.9.6");
      assert(setupNode !== -1 && setupNode < install && install < firstDeno, `${file} ${name}`);
    }
  }
});

Deno.test("release runs on v* tags only, with write access only where it publishes", () => {
  assertEquals(Object.keys(release.on), ["push"]);
  assertEquals(release.on.push, { tags: ["v*"] });
  assertEquals(release.permissions, { contents: "read" });
  const writers = Object.entries(release.jobs as Record<string, Json>)
    .filter(([, job]) => job.permissions?.contents === "write")
    .map(([name]) => name);
  assertEquals(writers, ["publish"]);
});

Deno.test("release builds the five targets, each on a runner that executes it", () => {
  const rows: Json[] = release.jobs.build.strategy.matrix.include;
  const byTarget = Object.fromEntries(rows.map((row) => [row.target, row.runner]));
  assertEquals(byTarget, RELEASE_RUNNERS);
  for (const row of rows) {
    const exe = row.target.includes("windows") ? ".exe" : "";
    assertEquals(row.binary, `transcript-mcp-${row.target}${exe}`);
  }
  assertEquals(release.jobs.build["runs-on"], "${{ matrix.runner }}");
});

Deno.test("release compiles, then smoke-tests, then uploads each binary", () => {
  const steps = stepsOf(release.jobs.build);
  const at = (pattern: RegExp) => steps.findIndex((step) => pattern.test(step.run ?? ""));
  const compile = at(
    /deno task compile --target \$\{\{ matrix\.target \}\} --output dist\/\$\{\{ matrix\.binary \}\}/,
  );
  const smoke = at(/deno task smoke dist\/\$\{\{ matrix\.binary \}\}/);
  const upload = steps.findIndex((step) => step.uses?.startsWith("actions/upload-artifact@"));
  assert(compile !== -1 && compile < smoke && smoke < upload, `${compile} ${smoke} ${upload}`);
  assert(steps.some((step) => /ls -l .*\n[\s\S]*GITHUB_STEP_SUMMARY/.test(step.run ?? "")));
  // The binary carries write permission for index alone: each build writes and checks a store.
  const index = at(/dist\/\$\{\{ matrix\.binary \}\} index --demo --out/);
  const check = at(/dist\/\$\{\{ matrix\.binary \}\} check --source/);
  assert(compile < index && index === check && index < upload, `${index} ${check}`);
});

Deno.test("release publishes the binaries with a checksum each and SHA256SUMS", () => {
  const publish = release.jobs.publish;
  assertEquals(publish.needs, "build");
  const script = stepsOf(publish).map((step) => step.run ?? "").join("\n");
  assert(/sha256sum "\$\{binaries\[@\]\}" > SHA256SUMS/.test(script));
  assert(/sha256sum "\$binary" > "\$binary\.sha256"/.test(script));
  assert(/gh release create "\$GITHUB_REF_NAME"/.test(script));
  assert(/gh release upload "\$GITHUB_REF_NAME" --clobber dist\/\*/.test(script));
  const gh = stepsOf(publish).find((step) => /gh release/.test(step.run ?? ""));
  assertEquals(gh?.env, { GH_TOKEN: "${{ secrets.GITHUB_TOKEN }}" });
});

Deno.test("every deno task that a workflow runs exists in deno.json", () => {
  for (const [file, workflow] of Object.entries(WORKFLOWS)) {
    const used = scriptsOf(workflow).flatMap(denoTasksIn);
    assert(used.length > 0, file);
    for (const task of used) assert(task in denoJson.tasks, `${file}: deno task ${task}`);
  }
});

Deno.test("every repository path that a workflow names exists", () => {
  for (const [file, workflow] of Object.entries(WORKFLOWS)) {
    const scripts = scriptsOf(workflow);
    const made = new Set(scripts.flatMap(outputsOf));
    const named = scripts.flatMap(repositoryPathsIn).filter((path) => !made.has(path));
    for (const path of named) {
      let exists = true;
      try {
        Deno.statSync(new URL(path, root));
      } catch {
        exists = false;
      }
      assert(exists, `${file} names ${path}, which is not in the repository`);
    }
  }
});

Deno.test("every action is pinned to a major version", () => {
  for (const [file, workflow] of Object.entries(WORKFLOWS)) {
    for (const step of allSteps(workflow)) {
      if (step.uses !== undefined) {
        assert(/^[\w-]+\/[\w-]+@v\d+$/.test(step.uses), `${file}: ${step.uses}`);
      }
    }
  }
});

Deno.test("CHANGELOG.md's newest version is deno.json's version", () => {
  const newest = /^## \[(\d+\.\d+\.\d+[^\]]*)\]/m.exec(read("CHANGELOG.md"))?.[1];
  assertEquals(newest, denoJson.version);
});
