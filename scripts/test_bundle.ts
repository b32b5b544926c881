/**
 * The bundle `deno task test` builds before the tests (scripts/test.ts), and what the tests'
 * servers run because of it.
 *
 * @module
 */
import { join } from "node:path";

/**
 * The variable through which `deno task test` names the folder of the bundle it built from
 * this checkout: the JavaScript the binary is compiled from.
 */
export const TEST_BUNDLE_VARIABLE = "TRANSCRIPT_MCP_TEST_BUNDLE";

/**
 * The folder of the bundle `deno task test` built, or undefined where the tests were started
 * without it (`deno test FILE`).
 *
 * @example
 * ```ts
 * import { testBundleDir } from "./test_bundle.ts";
 * const entry = testBundleDir() === undefined ? "main.ts" : "bundle/main.js";
 * ```
 */
export function testBundleDir(): string | undefined {
  const dir = Deno.env.get(TEST_BUNDLE_VARIABLE);
  return dir === undefined || dir === "" ? undefined : dir;
}

/**
 * What a test's server runs: the bundle's main.js, which is what the binary runs and cheaper
 * to start (its modules were resolved once, at build time, not in every process), or main.ts
 * where there is no bundle.
 *
 * @example
 * ```ts
 * import { testServerEntry } from "./test_bundle.ts";
 * const args = ["run", testServerEntry(), "--demo"];
 * ```
 */
export function testServerEntry(): string {
  const dir = testBundleDir();
  return dir === undefined ? "main.ts" : join(dir, "main.js");
}
