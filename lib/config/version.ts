/**
 * The server's name and version. deno.json is the only place the version is written.
 *
 * @module
 */
import denoConfig from "../../deno.json" with { type: "json" };

/** The name the server reports in `serverInfo` and in `--help`. */
export const SERVER_NAME = "transcript-mcp";

/**
 * The release version, read from deno.json.
 *
 * @example
 * ```ts
 * import { VERSION } from "./version.ts";
 * console.log(`transcript-mcp ${VERSION}`);
 * ```
 */
export const VERSION: string = denoConfig.version;
