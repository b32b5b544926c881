/**
 * `deno run --allow-run --allow-read scripts/doc_lint.ts MODULE...`: `deno doc --lint` over
 * the modules, less the one diagnostic it gets wrong here.
 *
 * `deno doc --lint` reports a public signature that names a type from an npm package (the
 * SDK's `Transport`, valibot's schemas) as referencing a private type, since only the
 * modules it was given count as public (denoland/deno#27364; the fix in denoland/deno#34339
 * skips only non-`file:` modules, and Deno keeps npm packages in `file:` paths). Such a
 * type is public in its own package. So a `private-type-ref` diagnostic is dropped when the
 * type it names is declared in none of the modules; one that names a type of ours still
 * fails, as does every other diagnostic. Exits 1 when any remain.
 */

if (Deno.args.length === 0) {
  console.error("usage: scripts/doc_lint.ts MODULE...");
  Deno.exit(2);
}

async function deno(args: string[]): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    ok: output.success,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

/** Every name the modules declare, exported or not. */
async function declaredNames(modules: string[]): Promise<Set<string>> {
  const run = await deno(["doc", "--private", "--json", ...modules]);
  if (!run.ok) throw new Error(`Cannot list the modules' declarations: ${run.stderr.trim()}`);
  const { nodes } = JSON.parse(run.stdout) as {
    nodes: Record<string, { symbols?: { name: string }[] }>;
  };
  return new Set(Object.values(nodes).flatMap((node) => node.symbols ?? []).map((s) => s.name));
}

const lint = await deno(["doc", "--lint", ...Deno.args]);
const output = lint.stdout + lint.stderr;
// Each diagnostic starts at a line `error[code]: ...`; the last chunk ends with the summary.
const chunks = output.split(/^(?=error\[)/m);
const diagnostics = chunks.filter((chunk) => chunk.startsWith("error["));
if (!lint.ok && diagnostics.length === 0) {
  console.error(output.trim());
  Deno.exit(1);
}

const ours = await declaredNames(Deno.args);
let dropped = 0;
const kept = diagnostics.filter((diagnostic) => {
  const named = /^error\[private-type-ref\]: .* references private type '([^']+)'/.exec(
    diagnostic,
  );
  if (named === null || ours.has(named[1]!)) return true;
  dropped++;
  return false;
});
for (const diagnostic of kept) {
  // Without the summary that ends the last diagnostic's chunk.
  console.error(diagnostic.replace(/^error: Found \d+ documentation lint errors?\.[\s\S]*$/m, ""));
}
console.log(
  `doc lint: ${kept.length} errors (${dropped} references to npm packages' types left out)`,
);
Deno.exit(kept.length === 0 ? 0 : 1);
