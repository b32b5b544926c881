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

/**
 * A source name made from a name an app gives something (a KuraDB database's name): the
 * name itself when it is valid, else its valid characters (as {@link nameFromPath} keeps
 * them) and a short hash of the whole name, so that two names that differ only in letters
 * dropped here ("研究_notes", "論文_notes") stay apart, and a name always gets the same one.
 *
 * @example
 * ```ts
 * import { nameFromLabel } from "./source_name.ts";
 * nameFromLabel("my_docs"); // "my_docs"
 * nameFromLabel("研究_notes"); // "notes-" followed by 8 hex digits
 * ```
 */
export function nameFromLabel(label: string): string {
  if (SOURCE_NAME_PATTERN.test(label)) return label;
  // FNV-1a over the UTF-16 code units: stable across runs and platforms, and synchronous.
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193);
  const suffix = (hash >>> 0).toString(16).padStart(8, "0");
  const stem = label.toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^[-_]+/, "")
    .slice(0, 32 - suffix.length - 1).replace(/[-_]+$/, "");
  return stem === "" ? `db-${suffix}` : `${stem}-${suffix}`;
}
