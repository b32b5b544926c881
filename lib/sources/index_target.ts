/**
 * Which `--out` paths `index` refuses before it opens anything for writing: one of its own
 * sources (or a file inside a folder it reads), and a database of another app. The store
 * writer (lib/ingest/store_writer.ts) then refuses a store of ours that index did not build.
 *
 * @module
 */
import { dirname, isAbsolute, resolve, sep } from "node:path";
import { StoreOpenError } from "../store/errors.ts";
import { canonicalPath } from "./canonical_path.ts";
import { openReadOnly } from "../store/open_store.ts";
import { detectKind } from "./detect_source.ts";
import { readTableColumns } from "./source_kind.ts";
import type { SourceSpec } from "./source_set.ts";

function statOrNull(path: string): Deno.FileInfo | null {
  try {
    return Deno.statSync(path);
  } catch {
    return null;
  }
}

/** Whether two files are one under two names: a hard link, or a folder mounted twice. */
function isSameFile(a: Deno.FileInfo | null, b: Deno.FileInfo | null): boolean {
  return a !== null && b !== null && a.ino !== null && a.ino === b.ino && a.dev === b.dev;
}

function isMissing(path: string): boolean {
  try {
    Deno.statSync(path);
    return false;
  } catch (error) {
    return error instanceof Deno.errors.NotFound;
  }
}

/**
 * Why `index` must not write `out` given these sources, or null when it may. `cwd` makes a
 * relative `out` absolute.
 *
 * @example
 * ```ts
 * import { refuseIndexTarget } from "./index_target.ts";
 * refuseIndexTarget("/data/meetily.sqlite", [
 *   { kind: "path", name: "meetily", path: "/data/meetily.sqlite" },
 * ], "/");
 * // "Cannot index: --out /data/meetily.sqlite is the source meetily; …"
 * ```
 */
export function refuseIndexTarget(
  out: string,
  specs: readonly SourceSpec[],
  cwd: string,
): string | null {
  const absolute = isAbsolute(out) ? out : resolve(cwd, out);
  const target = canonicalPath(absolute);
  const targetInfo = statOrNull(target);
  for (const spec of specs) {
    if (spec.kind !== "path") continue;
    const path = canonicalPath(spec.path);
    if (path === target || isSameFile(targetInfo, statOrNull(path))) {
      return `Cannot index: --out ${out} is the source ${spec.name}; index never writes ` +
        "a source: name a new file for --out";
    }
    if (statOrNull(path)?.isDirectory && target.startsWith(path + sep)) {
      return `Cannot index: --out ${out} is inside the folder of the source ${spec.name}; ` +
        "index never writes into a source: put --out elsewhere";
    }
  }
  const info = targetInfo;
  if (info?.isDirectory) return `Cannot index: --out ${out} is a directory, not a store file`;
  // A device or a FIFO (/dev/null for a dry run) cannot hold a store; SQLite would leave its
  // journal beside it.
  if (info !== null && !info.isFile) {
    return `Cannot index: --out ${out} is not a regular file; name a file for the store`;
  }
  if (info === null && isMissing(dirname(target))) {
    return `Cannot index: --out ${out} is in a folder that does not exist (${
      dirname(target)
    }); make it first`;
  }
  if (info === null || info.size === 0) return null;
  let kind: string | undefined;
  let tables = 0;
  try {
    [kind, tables] = openReadOnly(target, undefined, (db) => {
      const columns = readTableColumns(db);
      db.close();
      return [detectKind(columns)?.kind, columns.size] as const;
    });
  } catch (error) {
    const why = error instanceof StoreOpenError ? error.message : String(error);
    return `Cannot index: --out ${out} cannot be read as a store (${why.split("\n", 1)[0]})`;
  }
  if (kind === "transcript-mcp" || tables === 0) return null;
  return kind === undefined
    ? `Cannot index: --out ${out} is a database of no known kind; index writes only a new ` +
      "file or a store it built"
    : `Cannot index: --out ${out} is a ${kind} database, another app's; index writes only a ` +
      "new file or a store it built";
}
