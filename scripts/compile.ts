/**
 * `deno task compile [--target TRIPLE] [--output PATH] [--bundle-dir DIR] [--bundle-only]
 * [--dry-run]`: builds the one-file binary.
 *
 * 1. `deno bundle` turns main.ts and the workers (tools, a folder's parsing) into JavaScript
 *    files. Measured on a 2-core Linux machine, this cuts process start to `initialize` answered from
 *    125 ms to about 77 ms (median of 5, `deno run` of each, same flags): module resolution of
 *    about 270 modules is done once, at build time. main.ts is split into chunks
 *    (`--code-splitting`): what its dynamic `import()`s load (the tools, the indexer, prompts)
 *    is a chunk of its own, read when first used, and the Node built-ins only those use
 *    (node:crypto) are not loaded at start, as they would be from one file (issue #26).
 * 2. `deno compile` embeds the bundles, and the word-vector table (copied beside the worker bundle,
 *    where the worker looks for it), with exactly the permission flags of `deno task start`
 *    (read from deno.json, so the two cannot drift apart). They grant write, so that one
 *    binary can serve and `index`: every command but `index` revokes it first thing (main.ts).
 *
 * `deno compile` downloads Deno's runtime (denort) for the target. Where it cannot (an
 * offline or air-gapped machine), this fails in one line that names DENORT_BIN, the
 * variable through which `deno compile` takes a local runtime instead.
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import { readStartPermissionFlags } from "./permission_flags.ts";

const root = fileURLToPath(new URL("../", import.meta.url));

const { values } = parseArgs({
  args: Deno.args,
  options: {
    target: { type: "string" },
    output: { type: "string" },
    "bundle-dir": { type: "string" },
    "bundle-only": { type: "boolean" },
    "dry-run": { type: "boolean" },
  },
});

const output = values.output ?? "dist/transcript-mcp";
const bundleDir = values["bundle-dir"] ?? "dist/bundle";
// The worker bundles sit beside the main bundle: lib/runtime/worker_pool.ts and tool_worker.ts
// look for them there.
const bundles = [
  ["main.ts", `${bundleDir}/main.js`],
  ["lib/runtime/tool_worker.ts", `${bundleDir}/tool_worker.js`],
  ["lib/runtime/folder_parse_worker.ts", `${bundleDir}/folder_parse_worker.js`],
  ["lib/runtime/folder_feed_worker.ts", `${bundleDir}/folder_feed_worker.js`],
  ["lib/runtime/folder_host_worker.ts", `${bundleDir}/folder_host_worker.js`],
] as const;
const bundleCommands = bundles.map(([entry, out]) =>
  entry === "main.ts"
    ? ["bundle", "--platform", "deno", "--code-splitting", "--outdir", bundleDir, entry]
    : ["bundle", "--platform", "deno", "--output", out, entry]
);
/** A chunk of the main bundle: esbuild names it after its entry with a hash of 8. */
const CHUNK = /^[\w.]+-[A-Z0-9]{8}\.js$/;
// The word-vector table is read beside the module that reads it (lib/search/
// word_vectors_file.ts), which in the release build is the worker bundle: it is copied there.
const wordVectors = ["lib/search/word_vectors.bin", `${bundleDir}/word_vectors.bin`] as const;
const compileCommand = [
  "compile",
  ...readStartPermissionFlags(),
  // Workers are loaded by URL at run time; deno compile embeds them only when named.
  "--include",
  bundles[1][1],
  "--include",
  wordVectors[1],
  "--include",
  bundles[2][1],
  "--include",
  bundles[3][1],
  "--include",
  bundles[4][1],
  ...(values.target === undefined ? [] : ["--target", values.target]),
  "--output",
  output,
  bundles[0][1],
];

if (values["dry-run"]) {
  for (const command of [...bundleCommands, compileCommand]) {
    console.log(["deno", ...command].join(" "));
  }
  Deno.exit(0);
}

async function run(args: string[]): Promise<{ ok: boolean; stderr: string }> {
  const result = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: root,
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  return { ok: result.success, stderr: new TextDecoder().decode(result.stderr) };
}

function firstLine(stderr: string): string {
  // Keep deno's own first line, not its stack of causes.
  return stderr.split("\n").find((line) => line.trim() !== "") ?? "unknown error";
}

// Chunks of an earlier build would be embedded too: they go first.
try {
  for (const entry of Deno.readDirSync(resolve(root, bundleDir))) {
    if (entry.isFile && CHUNK.test(entry.name)) {
      Deno.removeSync(resolve(root, bundleDir, entry.name));
    }
  }
} catch (error) {
  if (!(error instanceof Deno.errors.NotFound)) throw error;
}
// The bundles are independent: built at once, they take the time of the longest.
for (const bundled of await Promise.all(bundleCommands.map(run))) {
  if (!bundled.ok) {
    console.error(`transcript-mcp compile: bundling failed: ${firstLine(bundled.stderr)}`);
    Deno.exit(1);
  }
}
Deno.copyFileSync(`${root}${wordVectors[0]}`, resolve(root, wordVectors[1]));
if (values["bundle-only"]) Deno.exit(0);

// The chunks are reached from main.js by imports with literal paths, which deno compile
// follows; named too, as the workers are, so that none can be left out.
const chunks = [...Deno.readDirSync(resolve(root, bundleDir))]
  .filter((entry) => entry.isFile && CHUNK.test(entry.name))
  .flatMap((entry) => ["--include", `${bundleDir}/${entry.name}`]);
const compiled = await run([
  ...compileCommand.slice(0, -1),
  ...chunks,
  ...compileCommand.slice(-1),
]);
if (!compiled.ok) {
  if (/Setting up base binary|denort/i.test(compiled.stderr) && !Deno.env.get("DENORT_BIN")) {
    console.error(
      "transcript-mcp compile: deno compile could not download its runtime (denort) for " +
        `${values.target ?? "this platform"}; on an offline machine set DENORT_BIN to a local ` +
        "denort binary of the same Deno version (2.9.6), or build on a machine with network access.",
    );
  } else {
    console.error(`transcript-mcp compile: ${firstLine(compiled.stderr)}`);
  }
  Deno.exit(1);
}
console.log(`transcript-mcp compile: wrote ${output}`);
