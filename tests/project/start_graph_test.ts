/**
 * What is loaded before `initialize` is answered (issue #26): main.ts's static import graph,
 * read with `deno info`. The tools, search by meaning, the prompts, the seed tool sets, the
 * indexer, the worker pool, the sources' readers and the MCP SDK must be reached only through
 * dynamic `import()`s, so that serving does not evaluate them before its first answer (the
 * gate answers `initialize` itself).
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { PROJECT_ROOT } from "../helpers/server_process.ts";

interface InfoModule {
  specifier: string;
  dependencies?: { isDynamic?: boolean; code?: { specifier?: string } }[];
}

/**
 * The project files main.ts reaches by static imports, and by any import, relative; and the
 * npm packages it reaches by static imports.
 */
function graphs(): { staticFiles: Set<string>; allFiles: Set<string>; staticNpm: string[] } {
  const info = new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "main.ts"],
    cwd: PROJECT_ROOT,
    stdout: "piped",
  }).outputSync();
  assert(info.success);
  const json = JSON.parse(new TextDecoder().decode(info.stdout));
  const modules = new Map<string, InfoModule>(
    json.modules.map((module: InfoModule) => [module.specifier, module]),
  );
  const walk = (withDynamic: boolean) => {
    const seen = new Set<string>();
    const stack: string[] = [json.roots[0]];
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      for (const dependency of modules.get(at)?.dependencies ?? []) {
        const target = dependency.code?.specifier;
        if (target !== undefined && (withDynamic || !dependency.isDynamic)) stack.push(target);
      }
    }
    return seen;
  };
  const root = new URL(".", `file://${PROJECT_ROOT}`).href;
  const files = (seen: Set<string>) =>
    new Set([...seen].filter((url) => url.startsWith(root)).map((url) => url.slice(root.length)));
  const staticGraph = walk(false);
  return {
    staticFiles: files(staticGraph),
    allFiles: files(walk(true)),
    staticNpm: [...staticGraph].filter((url) => url.startsWith("npm:")),
  };
}

/** Loaded on first use, never at start. */
const LAZY = [
  "lib/search/meaning_query.ts",
  "lib/search/passage_vector.ts",
  "lib/search/word_vectors_file.ts",
  "lib/search/word_vector_table.ts",
  "lib/protocol/prompts/prompt_methods.ts",
  "lib/protocol/prompts/prompt_catalog.ts",
  "lib/protocol/resources/resource_methods.ts",
  "lib/protocol/completions/complete.ts",
  "lib/tools/registry.ts",
  "lib/tools/search_transcripts.ts",
  "lib/tools/rousseau/rousseau_tools.ts",
  "lib/tools/kuradb/kuradb_tools.ts",
  "lib/runtime/worker_pool.ts",
  "lib/runtime/inline_calls.ts",
  "lib/sources/source_set.ts",
  "lib/sources/folder/folder_reader.ts",
  "lib/demo/demo_data.ts",
  "lib/ingest/store_writer.ts",
  "lib/ingest/index_run.ts",
  "lib/sources/discover.ts",
  // The SDK's Server, loaded at the first message the gate leaves to it.
  "lib/protocol/sdk_server.ts",
  // The sources' readers: settling at start needs their kinds' signs alone.
  "lib/sources/kinds.ts",
  "lib/sources/open_source.ts",
  "lib/sources/adapters/screenpipe.ts",
  "lib/sources/adapters/meetily.ts",
  "lib/sources/adapters/buzz.ts",
  "lib/sources/adapters/rousseau.ts",
  "lib/sources/adapters/kuradb.ts",
  "lib/sources/contract/contract_kind.ts",
  "lib/sources/contract/contract_reader.ts",
];

Deno.test("serving loads the tools, meaning, prompts and the indexer only on first use", () => {
  const { staticFiles, allFiles, staticNpm } = graphs();
  // No npm package at all: the SDK (and the zod schemas it builds) waits for the gate.
  assertEquals(staticNpm, [], "npm packages statically imported from main.ts");
  assert(staticFiles.has("lib/protocol/server.ts"), "the graph was read");
  const loadedAtStart = LAZY.filter((file) => staticFiles.has(file));
  assertEquals(loadedAtStart, [], "statically imported from main.ts");
  // Still reachable: through a dynamic import() with a literal path, which `deno compile`
  // and `deno bundle` follow.
  assertEquals(LAZY.filter((file) => !allFiles.has(file)), [], "not reachable at all");
});
