/**
 * A source's stamp: what its files look like on disk (sizes and modification times), for
 * `index` to skip a source that has not changed since its last run without reading it. A
 * stamp is only given when it can be trusted: never for a source written in the last moments
 * (a file system with coarse times could hide a write made in the same tick), one with a
 * rollback journal (a write under way), or a folder holding symbolic links.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { INDEX_STAMP_SETTLE_MS } from "../config/limits.ts";
import { VERSION } from "../config/version.ts";
import type { SourceSpec } from "./source_set.ts";

interface FileState {
  path: string;
  size: number;
  mtimeMs: number;
}

function stateOf(path: string): FileState | null {
  try {
    const info = Deno.lstatSync(path);
    return { path, size: info.size, mtimeMs: info.mtime?.getTime() ?? NaN };
  } catch {
    return null;
  }
}

/** Every entry under `dir`, or null when one is a symbolic link (or cannot be read). */
function folderStates(dir: string): FileState[] | null {
  const states: FileState[] = [];
  const walk = (at: string): boolean => {
    const entries = [...Deno.readDirSync(at)].sort((a, b) => a.name < b.name ? -1 : 1);
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (entry.isSymlink) return false;
      const state = stateOf(path);
      if (state === null) return false;
      states.push(state);
      if (entry.isDirectory && !walk(path)) return false;
    }
    return true;
  };
  try {
    return walk(dir) ? states : null;
  } catch {
    return null;
  }
}

/**
 * The stamp of the source `spec` at `nowMs`, or null when it has none to trust. Equal stamps
 * on two runs of the same build mean the source's files are as they were.
 *
 * @example
 * ```ts
 * import { sourceStamp } from "./source_stamp.ts";
 * sourceStamp({ kind: "path", name: "meetily", path: "/data/meeting_minutes.sqlite" }, Date.now());
 * // a hash, or null when the file changed in the last 2 seconds
 * ```
 */
export function sourceStamp(spec: SourceSpec, nowMs: number): string | null {
  if (spec.kind !== "path") return null;
  const main = stateOf(spec.path);
  if (main === null) return null;
  let states: FileState[] | null;
  if (Deno.statSync(spec.path).isDirectory) {
    states = folderStates(spec.path);
  } else {
    if (stateOf(`${spec.path}-journal`) !== null) return null;
    // Reading a closed WAL database makes SQLite create an empty -wal: empty is as absent.
    const wal = stateOf(`${spec.path}-wal`);
    states = wal === null || wal.size === 0 ? [main] : [main, wal];
  }
  if (states === null) return null;
  const newest = Math.max(main.mtimeMs, ...states.map((state) => state.mtimeMs));
  if (!(newest < nowMs - INDEX_STAMP_SETTLE_MS)) return null;
  const hash = createHash("sha256").update(JSON.stringify([VERSION, spec.name, spec.path]));
  for (const { path, size, mtimeMs } of states) {
    hash.update(JSON.stringify([path, size, mtimeMs]));
  }
  return hash.digest("hex");
}
