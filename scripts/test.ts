/**
 * `deno task test [PATH|FLAG]…`: the test suite.
 *
 * 1. The bundle the binary is compiled from (`deno task compile --bundle-only`) is built into
 *    a temporary folder, and TRANSCRIPT_MCP_TEST_BUNDLE names it: the servers the tests start
 *    run it (tests/helpers/server_process.ts). A server started from main.ts resolves and
 *    loads about 270 modules, in its main thread and again in its worker; the bundle had that
 *    done at build time, so a test's session costs about a quarter less CPU, and the suite
 *    starts hundreds. It also puts what ships under every wire test. The tests that start
 *    `deno task start` keep the source's path tested, as does `deno test FILE` alone.
 * 2. Every test file under tests/ is run, the files dealt in turn into {@link GROUPS}
 *    groups (scripts/test_groups.ts), each group one module that imports its files, and the
 *    groups three at a time ({@link JOBS}). `deno test` starts a fresh runtime for each module
 *    it is given: about a third of a second of CPU on a 2-core machine before the first test,
 *    once per file (176 when this was measured), each loading the same modules again. A group
 *    pays it once. The tests are the same tests, with the same names and sanitizers, and each
 *    file's failures still name its file.
 *
 * Arguments replace step 2 (paths, `--filter`…): they go to `deno test` as they are.
 * The folder is removed afterwards, whatever the outcome; the exit code is the tests'.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { TEST_BUNDLE_VARIABLE } from "./test_bundle.ts";
import { dealFiles, groupModule, testFiles } from "./test_groups.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const TEST_FLAGS = [
  "--parallel",
  "--no-check",
  "--allow-read",
  "--allow-write",
  "--allow-run",
  "--allow-env",
];
/** Groups the test files are dealt into: enough to keep {@link JOBS} running to the end. */
const GROUPS = 12;
/**
 * Groups run at once, where DENO_JOBS does not say. On two cores, three spent less CPU than
 * four (less switching between the processes and threads they start) and ended sooner: 2 min
 * 42 s against 2 min 57 s in consecutive runs; two left the cores idle while a test waits.
 */
const JOBS = "3";

/** Writes the group modules into `dir` and returns their paths. */
function writeGroups(dir: string): string[] {
  return dealFiles(testFiles(join(root, "tests")), GROUPS).map((group, n) => {
    const path = join(dir, `group_${String(n + 1).padStart(2, "0")}_test.ts`);
    Deno.writeTextFileSync(path, groupModule(group, root));
    return path;
  });
}

const workDir = Deno.makeTempDirSync({ prefix: "transcript-mcp-test-" });
const bundleDir = join(workDir, "bundle");
let code = 1;
try {
  const built = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "compile", "--bundle-only", "--bundle-dir", bundleDir],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).outputSync();
  if (built.code !== 0) {
    console.error(
      "Cannot build the bundle the tests run: `deno task compile --bundle-only` failed:",
    );
    console.error(new TextDecoder().decode(built.stderr).trim());
  } else {
    const targets = Deno.args.length > 0
      ? Deno.args
      : ["--config", join(root, "deno.json"), ...writeGroups(workDir)];
    const tested = await new Deno.Command(Deno.execPath(), {
      args: ["test", ...TEST_FLAGS, ...targets],
      cwd: root,
      env: { DENO_JOBS: Deno.env.get("DENO_JOBS") ?? JOBS, [TEST_BUNDLE_VARIABLE]: bundleDir },
      stdin: "null",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn().status;
    code = tested.code;
  }
} finally {
  Deno.removeSync(workDir, { recursive: true });
}
Deno.exit(code);
