/**
 * The sources a run serves, fixed once at start: each named source opened once, its kind
 * detected and its name settled (given, else the kind's, else the file's), names checked
 * to be distinct, and a source that cannot be opened kept with its reason so the others
 * still serve. Every thread then opens the same specs (source_set.ts).
 *
 * @module
 */
import { StoreOpenError } from "../store/errors.ts";
import { openSourceOfKind } from "./detect_source.ts";
import { canonicalPath } from "./canonical_path.ts";
import { nameFromPath } from "../config/source_name.ts";
import type { SourceKindName, SourceKindSign, SourceListing } from "./source_kind.ts";
import { isKuraDbFolder, readKuraDbFolder } from "./adapters/kuradb_folder.ts";
import type { SourceSpec } from "./source_set.ts";

/** A source as the command line names it: an optional name and an absolute path. */
export interface SourceRequest {
  /** The name given as `NAME=`, or null to take the kind's or the file's. */
  name: string | null;
  /** The database file's absolute path, or a folder's. */
  path: string;
  /** What named it, for the log line: an option, or where a default path came from. */
  origin?: string | undefined;
  /** What its app calls it, when the app lists it (a database of a KuraDB folder). */
  listing?: SourceListing | undefined;
}

/** A source settled at start: its spec, and its kind when it opened. */
export interface PlannedSource {
  /** What every thread opens. */
  spec: SourceSpec & { kind: "path" };
  /** Its kind, or null when it could not be opened. */
  kind: SourceKindName | null;
  /** Why it could not be opened, or null. */
  error: StoreOpenError | null;
}

/**
 * Two sources with one name: a usage error (exit 2), naming both paths.
 *
 * @example
 * ```ts
 * import { DuplicateSourceNameError } from "./served_sources.ts";
 * new DuplicateSourceNameError("store", "/a/store.db", "/b/store.db").message;
 * ```
 */
export class DuplicateSourceNameError extends Error {
  /** Makes the error for `name`, held by the sources at `first` and `second`. */
  constructor(name: string, first: string, second: string) {
    super(
      `two sources are named '${name}' (${first} and ${second}); name them apart with ` +
        "--source NAME=PATH",
    );
    this.name = "DuplicateSourceNameError";
  }
}

/**
 * Opens each requested source once to settle its name and kind, and closes it. A source
 * that fails is kept with its reason. Throws DuplicateSourceNameError when two end with one
 * name, StoreOpenError when two are one file, and StoreOpenError when none opens (a single
 * source's own message, unchanged).
 *
 * @example
 * ```ts
 * import { planSources } from "./served_sources.ts";
 * const planned = planSources([{ name: null, path: "/home/ada/.screenpipe/db.sqlite" }]);
 * planned[0]?.spec.name; // "screenpipe"
 * ```
 */
export function planSources(
  requests: readonly SourceRequest[],
  busyTimeoutMs?: number,
): PlannedSource[] {
  const planned = requests.flatMap((request) => {
    // A folder holding KuraDB's db.json is KuraDB's; any other folder is of transcript files.
    if (isKuraDbFolder(request.path)) return planKuraDbFolder(request, busyTimeoutMs);
    const folder = planFolder(request, request.name ?? nameFromPath(request.path));
    return [folder ?? planSource(request, busyTimeoutMs)];
  });
  const byName = new Map<string, string>();
  for (const { spec } of planned) {
    const other = byName.get(spec.name);
    if (other !== undefined) throw new DuplicateSourceNameError(spec.name, other, spec.path);
    byName.set(spec.name, spec.path);
  }
  if (planned.every((source) => source.kind === null)) {
    if (planned.length === 1) throw planned[0]!.error!;
    throw new StoreOpenError(
      `Cannot serve: no source could be opened: ${
        planned.map((source) => `${source.spec.name}: ${source.spec.failure}`).join("; ")
      }`,
    );
  }
  // One file named twice would answer each of its items twice, once under each name. (A
  // KuraDB folder's bad entries all point at its db.json, and serve nothing.)
  const byFile = new Map<string, string>();
  for (const { spec } of planned.filter((source) => source.kind !== null)) {
    const file = canonicalPath(spec.path);
    const other = byFile.get(file);
    if (other !== undefined) {
      throw new StoreOpenError(
        `Cannot use sources ${other} and ${spec.name}: they are one file, ${file}; name it once`,
      );
    }
    byFile.set(file, spec.name);
  }
  return planned;
}

/** Opens one source to settle its name and kind; one that fails is kept with its reason. */
function planSource(request: SourceRequest, busyTimeoutMs?: number): PlannedSource {
  let listed: { name: string | null; listing: SourceListing } | null = request.listing === undefined
    ? null
    : { name: null, listing: request.listing };
  const nameOf = (kind?: SourceKindSign) => {
    listed ??= kind?.listingOf?.(request.path) ?? null;
    return request.name ?? listed?.name ?? kind?.defaultName ?? nameFromPath(request.path);
  };
  try {
    // The kind's sign alone: its reader is loaded with the session's services, and refuses
    // nothing its check accepts.
    const kind = openSourceOfKind(
      request.path,
      { busyTimeoutMs, listing: request.listing },
      (kind, store) => {
        // Named before the check, as when the reader was made here: a check that refuses
        // still leaves the name the kind gives.
        nameOf(kind);
        kind.check?.(store);
        store.close();
        return kind;
      },
    );
    const name = nameOf(kind);
    return {
      spec: {
        kind: "path",
        name,
        path: request.path,
        detected: kind.kind,
        ...(listed === null ? {} : { listing: listed.listing }),
      },
      kind: kind.kind,
      error: null,
    };
  } catch (error) {
    if (!(error instanceof StoreOpenError)) throw error;
    const name = nameOf();
    return {
      spec: {
        kind: "path",
        name,
        path: request.path,
        failure: error.message,
        ...(error.transient ? { retry: true } : {}),
        ...(request.name === null && (listed?.name ?? null) === null
          ? { namedFromFile: true }
          : {}),
        ...(listed === null ? {} : { listing: listed.listing }),
      },
      kind: null,
      error,
    };
  }
}

/**
 * A KuraDB folder: each database its db.json lists, as its own source. A db.json that
 * cannot be read, or lists none, is one source that failed, so the others still serve.
 */
function planKuraDbFolder(request: SourceRequest, busyTimeoutMs?: number): PlannedSource[] {
  const failed = (error: StoreOpenError): PlannedSource[] => [{
    spec: {
      kind: "path",
      name: request.name ?? "kuradb",
      path: request.path,
      failure: error.message,
    },
    kind: null,
    error,
  }];
  try {
    const databases = readKuraDbFolder(request.path, request.name);
    if (databases.length === 0) {
      return failed(
        new StoreOpenError(`Cannot open KuraDB folder ${request.path}: db.json lists no databases`),
      );
    }
    return databases.map((database): PlannedSource => {
      if (database.failure !== undefined) {
        const { name, path, listing, failure } = database;
        return {
          spec: { kind: "path", name, path, failure, listing },
          kind: null,
          error: new StoreOpenError(failure),
        };
      }
      const { name, path, listing } = database;
      return planSource({ ...request, name, path, listing }, busyTimeoutMs);
    });
  } catch (error) {
    if (error instanceof StoreOpenError) return failed(error);
    throw error;
  }
}

/**
 * A folder of transcript files as a source, or null when the path is not a folder. Nothing
 * below the folder is read here: its host indexes it once the server is up, so a start is
 * as quick whatever the folder holds.
 *
 * @example
 * ```ts
 * import { planFolder } from "./served_sources.ts";
 * planFolder({ name: null, path: "/home/ada/Transcripts" }, "transcripts")?.kind; // "folder"
 * ```
 */
export function planFolder(request: SourceRequest, name: string): PlannedSource | null {
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(request.path);
  } catch {
    return null; // Missing or unreadable: the database path's checks say why.
  }
  if (!info.isDirectory) return null;
  try {
    Deno.readDirSync(request.path)[Symbol.iterator]().next();
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    const failure = new StoreOpenError(
      `Cannot open source: cannot read the folder ${request.path}: ${why}`,
    );
    return {
      spec: { kind: "path", name, path: request.path, failure: failure.message },
      kind: null,
      error: failure,
    };
  }
  return {
    spec: { kind: "path", name, path: request.path, detected: "folder" },
    kind: "folder",
    error: null,
  };
}
