/**
 * What a source may be called, and the name a path gets when it is given none: one rule for
 * the command line, the sources layer and `discover`.
 *
 * @module
 */

/** What a source name may be: lower-case ASCII letters, digits, `_` and `-`, up to 32. */
export const SOURCE_NAME_PATTERN: RegExp = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/**
 * A source name made from a file's path: its file name lower-cased, the extension dropped,
 * other characters turned to `-`, at most 32 characters; "store" when nothing usable is left.
 *
 * @example
 * ```ts
 * import { nameFromPath } from "./source_name.ts";
 * nameFromPath("/home/ada/Team Notes.sqlite"); // "team-notes"
 * ```
 */
export function nameFromPath(path: string): string {
  const file = path.split(/[\\/]/).pop() ?? "";
  const stem = file.replace(/\.[^.]*$/, "").toLowerCase();
  const name = stem.replace(/[^a-z0-9_-]+/g, "-").replace(/^[-_]+/, "").slice(0, 32)
    .replace(/[-_]+$/, "");
  return SOURCE_NAME_PATTERN.test(name) ? name : "store";
}
