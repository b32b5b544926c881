/**
 * A path as the file system names it, for telling whether two paths name one file: the
 * same file reached through a link, or through a linked folder, compares equal.
 *
 * @module
 */
import { join, resolve } from "node:path";

/**
 * `path` with its symbolic links resolved as far as it exists: a path that does not exist
 * yet is its nearest existing folder's real path joined with the rest.
 *
 * @example
 * ```ts
 * import { canonicalPath } from "./canonical_path.ts";
 * canonicalPath("/tmp/not-there-yet/store.db"); // "/tmp/not-there-yet/store.db", /tmp resolved
 * ```
 */
export function canonicalPath(path: string): string {
  try {
    return Deno.realPathSync(path);
  } catch {
    const parent = resolve(path, "..");
    if (parent === path) return path;
    return join(canonicalPath(parent), path.slice(parent.length).replace(/^[\\/]+/, ""));
  }
}
