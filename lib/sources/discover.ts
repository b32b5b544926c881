/**
 * `transcript-mcp discover`: look in the places apps keep their databases, read what is
 * there without leaving a trace, and say how to serve it. The places come from
 * lib/config/app_locations.ts; what a file is comes from its own tables (open_source.ts).
 *
 * @module
 */
import type { AppLocation } from "../config/app_locations.ts";
import { nameFromPath } from "../config/source_name.ts";
import { SOURCE_KINDS } from "./kinds.ts";
import { openDatabaseSource } from "./open_source.ts";
import { canonicalPath } from "./canonical_path.ts";
import type { SourceKind, SourceKindName } from "./source_kind.ts";
import { isKuraDbFolder, KURADB_REGISTRY, readKuraDbFolder } from "./adapters/kuradb_folder.ts";
import { join } from "node:path";

/** A source found at one of the locations. */
export interface FoundSource {
  /** Its kind, as its tables say (not what was expected at its path). */
  kind: SourceKindName;
  /** The name `--source NAME=PATH` gives it: unique among the sources found. */
  name: string;
  /** The database file. */
  path: string;
  /** How many transcripts it holds (counted to the end: discover gives no budget). */
  transcripts: number | null;
  /** The newest transcript's createdAt, or null. */
  newest: string | null;
  /** What a user should know about it (the reader's notes). */
  notes: string[];
}

/** What one location held. */
export type Finding =
  | { location: AppLocation; outcome: "found"; source: FoundSource }
  | { location: AppLocation; outcome: "missing" }
  | { location: AppLocation; outcome: "unreadable"; reason: string };

/** What {@link discoverSources} found, one finding per location, in their order. */
export interface Discovery {
  /** Every location looked in, and what it held (a file found already, once). */
  findings: Finding[];
}

/** Options for {@link discoverSources}. */
export interface DiscoverOptions {
  /**
   * The kinds to recognise.
   *
   * @default {SOURCE_KINDS}
   */
  kinds?: readonly SourceKind[];
  /**
   * How long a read waits for an app's write lock, in milliseconds.
   *
   * @default {BUSY_TIMEOUT_MS}
   */
  busyTimeoutMs?: number;
}

/**
 * Looks in each location (a KuraDB folder as each database its db.json lists, or as
 * "unreadable" when db.json is): a missing file is "missing"; a file is opened read-only as
 * whatever kind its tables say, its facts read and the file closed. A file that cannot be
 * read (locked past the busy timeout, damaged, not SQLite, of no known kind) is
 * "unreadable" with the one-line reason; nothing is thrown for it. Nothing is written and
 * no file is created, not even SQLite's `-wal`/`-shm` (a WAL database its app has closed is
 * read from a copy in memory).
 *
 * @example
 * ```ts
 * import { appLocations } from "../config/app_locations.ts";
 * import { discoverSources, formatDiscovery } from "./discover.ts";
 * const found = discoverSources(
 *   appLocations({ os: Deno.build.os, env: (name) => Deno.env.get(name), cwd: Deno.cwd() }),
 * );
 * console.log(formatDiscovery(found, { command: Deno.execPath() }));
 * ```
 */
export function discoverSources(
  locations: readonly AppLocation[],
  options: DiscoverOptions = {},
): Discovery {
  const taken = new Set<string>();
  // Real paths of the files found: one reached again by another path (through a link) is
  // the same source, which the config must not name twice (a server refuses that).
  const files = new Set<string>();
  const findings = locations.flatMap((location): Finding[] => {
    if (!exists(location.path)) return [{ location, outcome: "missing" }];
    // KuraDB's folder without its db.json: the app has made no database yet. One it cannot
    // read (a folder it may not list, a db.json that is no file) is read below, to say why.
    const registry = { ...location, path: join(location.path, KURADB_REGISTRY) };
    const kuraDbFolder = location.kind === "kuradb" && isFolder(location.path);
    if (kuraDbFolder && !exists(registry.path)) return [{ location: registry, outcome: "missing" }];
    let databases: (AppLocation & { failure?: string })[];
    try {
      databases = databasesAt(location, kuraDbFolder);
    } catch (error) {
      return [{ location, outcome: "unreadable", reason: firstLine(error) }];
    }
    // A db.json that lists none (`[]`): no database yet, as without one.
    if (databases.length === 0) return [{ location: registry, outcome: "missing" }];
    return databases.flatMap(({ failure, ...database }): Finding[] => {
      if (failure !== undefined) {
        return [{ location: database, outcome: "unreadable", reason: failure }];
      }
      if (!exists(database.path)) return [{ location: database, outcome: "missing" }];
      const file = canonicalPath(database.path);
      if (files.has(file)) return [];
      try {
        const source = readSource(database, options);
        source.name = uniqueName(source.name, taken);
        taken.add(source.name);
        files.add(file);
        return [{ location: database, outcome: "found", source }];
      } catch (error) {
        return [{ location: database, outcome: "unreadable", reason: firstLine(error) }];
      }
    });
  });
  return { findings };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!;
}

/**
 * The databases at a location: the file itself, or each database a KuraDB folder (KuraDB's
 * own, `kuraDbFolder`, or one found at another app's path) lists (an entry of its db.json
 * that names none, with why).
 */
function databasesAt(
  location: AppLocation,
  kuraDbFolder: boolean,
): (AppLocation & { failure?: string })[] {
  if (!kuraDbFolder && !isKuraDbFolder(location.path)) return [location];
  return readKuraDbFolder(location.path, null).map((database) => ({
    kind: "kuradb",
    name: database.name,
    path: database.path,
    ...(database.failure === undefined ? {} : { failure: database.failure }),
  }));
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch (error) {
    // Any other failure (permission, say) is for the open to report. Below a file, where
    // the app's folder should be, there is nothing to find.
    return !(error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory);
  }
}

function isFolder(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

function readSource(location: AppLocation, options: DiscoverOptions): FoundSource {
  const { kind, store, reader } = openDatabaseSource(location.path, {
    name: location.name,
    kinds: options.kinds ?? SOURCE_KINDS,
    busyTimeoutMs: options.busyTimeoutMs,
    leaveNoFiles: true,
  });
  try {
    const facts = reader.facts();
    // A file that is not what its location expected is named as what it is.
    const name = kind.defaultName ??
      (kind.kind === location.kind ? location.name : nameFromPath(location.path));
    return {
      kind: kind.kind,
      name,
      path: location.path,
      transcripts: facts.transcripts,
      newest: facts.newest,
      notes: facts.notes,
    };
  } finally {
    store.close();
  }
}

function uniqueName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 2; taken.has(name); n++) {
    const suffix = `-${n}`;
    name = `${name.slice(0, 32 - suffix.length)}${suffix}`;
  }
  return name;
}

/** How {@link formatDiscovery} writes the client config. */
export interface FormatOptions {
  /** The program an MCP client starts: the path of the transcript-mcp binary. */
  command: string;
  /**
   * Arguments before the `--source` ones (for a run from source: `run`, the permission
   * flags and main.ts).
   *
   * @default {[]}
   */
  args?: readonly string[];
}

/**
 * The text `discover` prints: a block per source found (kind, name, path, transcripts,
 * newest, notes), every path looked in with what it held, and a client config to paste
 * whose `args` name each found source as `--source NAME=PATH`. When nothing was found it
 * says so and how to point at a store or try the demo.
 *
 * @example
 * ```ts
 * import { formatDiscovery } from "./discover.ts";
 * const text = formatDiscovery({ findings: [] }, { command: "/usr/local/bin/transcript-mcp" });
 * text.startsWith("No transcript sources found"); // true
 * ```
 */
export function formatDiscovery(discovery: Discovery, options: FormatOptions): string {
  const found = discovery.findings.flatMap((finding) =>
    finding.outcome === "found" ? [finding.source] : []
  );
  const lines: string[] = [];
  if (found.length === 0) {
    lines.push("No transcript sources found in the default locations.");
  } else {
    lines.push(`Found ${found.length} transcript source${found.length === 1 ? "" : "s"}:`);
    for (const source of found) {
      lines.push(
        "",
        `${source.name} (${source.kind})`,
        `  path:        ${source.path}`,
        `  transcripts: ${source.transcripts}`,
        `  newest:      ${source.newest ?? "none"}`,
        ...source.notes.map((note) => `  note:        ${note}`),
      );
    }
  }
  lines.push("", "Looked in:");
  if (discovery.findings.length === 0) {
    lines.push("  nowhere: neither HOME nor a data directory is set in the environment");
  }
  for (const finding of discovery.findings) {
    const { kind, path } = finding.location;
    const status = finding.outcome === "missing" ? "not found" : finding.outcome;
    lines.push(`  ${status.padEnd(10)} ${path} (${kind})`);
    if (finding.outcome === "unreadable") lines.push(`             ${finding.reason}`);
  }
  lines.push("");
  if (found.length === 0) {
    lines.push(
      "Point transcript-mcp at a store with --source PATH (or --source NAME=PATH, repeatable),",
      "or try the built-in demo store with --demo.",
    );
  } else {
    const args = [
      ...(options.args ?? []),
      ...found.flatMap((source) => ["--source", `${source.name}=${source.path}`]),
    ];
    const config = { mcpServers: { transcripts: { command: options.command, args } } };
    lines.push(
      "To serve them, add this to your MCP client's configuration:",
      "",
      JSON.stringify(config, null, 2),
    );
  }
  return lines.join("\n");
}
