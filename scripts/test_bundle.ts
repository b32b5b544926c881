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
 * The folder of the bundle `deno task test` built, or null where the tests were started
 * without it (`deno test FILE`).
 *
 * @example
 * ```ts
 * import { testBundleDir } from "./test_bundle.ts";
 * const entry = testBundleDir() === null ? "main.ts" : "bundle/main.js";
 * ```
 */
export function testBundleDir(): string | null {
  const dir = Deno.env.get(TEST_BUNDLE_VARIABLE);
  return dir === undefined || dir === "" ? null : dir;
}

/**
 * What a test's server runs: the main.js of the bundle in `bundleDir` (by default the one
 * `deno task test` built), which is what the binary runs and cheaper to start (its modules
 * were resolved once, at build time, not in every process), or main.ts where there is none.
 *
 * @example
 * ```ts
 * import { testServerEntry } from "./test_bundle.ts";
 * testServerEntry(null); // "main.ts"
 * ```
 */
export function testServerEntry(bundleDir: string | null = testBundleDir()): string {
  return bundleDir === null ? "main.ts" : join(bundleDir, "main.js");
}
