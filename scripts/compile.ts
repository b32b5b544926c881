/**
 * `deno task compile [--target TRIPLE] [--output PATH] [--dry-run]`: builds the one-file
 * binary with `deno compile`, baking in exactly the permission flags of `deno task start`
 * (read from deno.json, so the two can never drift apart).
 *
 * `deno compile` downloads Deno's runtime (denort) for the target. Where it cannot (an
 * offline or air-gapped machine), this fails in one line that names DENORT_BIN, the
 * variable through which `deno compile` takes a local runtime instead.
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const config = JSON.parse(Deno.readTextFileSync(`${root}deno.json`));

/** The permission flags of the start task: every `--` word before the entry point. */
export function startPermissionFlags(startTask: string): string[] {
  const words = startTask.split(/\s+/);
  const entry = words.indexOf("main.ts");
  return words.slice(0, entry).filter((word) => word.startsWith("--"));
}

const { values } = parseArgs({
  args: Deno.args,
  options: {
    target: { type: "string" },
    output: { type: "string" },
    "dry-run": { type: "boolean" },
  },
});

const output = values.output ?? "dist/transcript-mcp";
const args = [
  "compile",
  ...startPermissionFlags(config.tasks.start),
  ...(values.target === undefined ? [] : ["--target", values.target]),
  "--output",
  output,
  "main.ts",
];

if (values["dry-run"]) {
  console.log(["deno", ...args].join(" "));
  Deno.exit(0);
}

const result = await new Deno.Command(Deno.execPath(), {
  args,
  cwd: root,
  stdout: "inherit",
  stderr: "piped",
  env: { NO_COLOR: "1" },
}).output();
if (result.code !== 0) {
  const stderr = new TextDecoder().decode(result.stderr);
  if (/Setting up base binary|denort/i.test(stderr) && !Deno.env.get("DENORT_BIN")) {
    console.error(
      "transcript-mcp compile: deno compile could not download its runtime (denort) for " +
        `${values.target ?? "this platform"}; on an offline machine set DENORT_BIN to a local ` +
        "denort binary of the same Deno version (2.9.6), or build on a machine with network access.",
    );
  } else {
    // Keep deno's own first line, not its stack of causes.
    const first = stderr.split("\n").find((line) => line.trim() !== "") ?? "unknown error";
    console.error(`transcript-mcp compile: ${first}`);
  }
  Deno.exit(1);
}
