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
import { readStartPermissionFlags } from "./permission_flags.ts";

const root = fileURLToPath(new URL("../", import.meta.url));

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
  ...readStartPermissionFlags(),
  // Workers are loaded by URL at run time; deno compile embeds them only when named.
  "--include",
  "lib/tool_worker.ts",
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
