/**
 * The KuraDB databases among a server's sources, by the names KuraDB's own tools use: a
 * source of kind kuradb, or one a KuraDB folder lists (even when it could not be opened).
 *
 * @module
 */
import type { ServedSource, SourceSet } from "../../sources/source_set.ts";
import { ToolError } from "../tool.ts";

/**
 * The database name KuraDB's tools show for `source`: its name in KuraDB where known, else
 * its source name.
 *
 * @example
 * ```ts
 * import { SourceSet } from "../../sources/source_set.ts";
 * import { databaseName } from "./kuradb_sources.ts";
 * const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
 * databaseName(sources.all[0]!); // "demo"
 * ```
 */
export function databaseName(source: ServedSource): string {
  return source.listing?.title ?? source.name;
}

/**
 * Every KuraDB database among `sources`, in the order they were named.
 *
 * @example
 * ```ts
 * import { SourceSet } from "../../sources/source_set.ts";
 * import { kuradbSources } from "./kuradb_sources.ts";
 * kuradbSources(SourceSet.open([{ kind: "demo", name: "demo" }])); // []
 * ```
 */
export function kuradbSources(sources: SourceSet): ServedSource[] {
  // A source that failed at start may be back, and be KuraDB's: its kind is known then.
  for (const source of sources.all) sources.refresh(source);
  return sources.all.filter((source) =>
    source.kind === "kuradb" || source.listing?.kind === "kuradb"
  );
}

/**
 * The KuraDB database `db` names: by its KuraDB name first, then by its source name.
 * Throws ToolError `invalid_arguments` naming the databases there are.
 *
 * @example
 * ```ts
 * import { SourceSet } from "../../sources/source_set.ts";
 * import { findDatabase } from "./kuradb_sources.ts";
 * findDatabase(SourceSet.open([{ kind: "demo", name: "demo" }]), "notes");
 * // throws: db: no KuraDB database named 'notes'; databases: none
 * ```
 */
export function findDatabase(sources: SourceSet, db: string): ServedSource {
  const databases = kuradbSources(sources);
  const found = databases.find((source) => databaseName(source) === db) ??
    databases.find((source) => source.name === db);
  if (found !== undefined) return found;
  const names = databases.map(databaseName);
  throw new ToolError(
    "invalid_arguments",
    `db: no KuraDB database named '${db}'; databases: ${
      names.length === 0 ? "none" : names.join(", ")
    }`,
  );
}
