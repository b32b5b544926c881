/**
 * Where transcripts come from: a source spec, and the one place that turns it into an open
 * store. The main thread, every worker and the command line open their stores here, so a
 * new kind of source is added in this module and nowhere else.
 *
 * @module
 */
import type { StoreChoice } from "../config/cli.ts";
import { type DbPathContext, type DbPathOrigin, resolveDbPath } from "../config/db_path.ts";
import { openDemoStore } from "../demo/demo_store.ts";
import { StoreOpenError } from "../store/errors.ts";
import { openStore } from "../store/open_store.ts";
import type { Store } from "../store/store.ts";

/** A source to open: the built-in demo, or a store file at an absolute path. */
export type SourceSpec = { kind: "path"; path: string } | { kind: "demo" };

/** Options for {@link openSource}. */
export interface OpenSourceOptions {
  /**
   * How long a statement waits for the app's write lock, in milliseconds; 0 fails at once.
   * The demo store has no other writer and ignores it.
   */
  busyTimeoutMs?: number | undefined;
}

/**
 * Opens the source `spec` as a read-only store. Throws StoreOpenError with a one-line
 * message when a store file cannot be used.
 *
 * @example
 * ```ts
 * import { openSource } from "./source_spec.ts";
 * const store = openSource({ kind: "demo" });
 * store.location; // "(built-in demo store, in memory)"
 * store.close();
 * ```
 */
export function openSource(spec: SourceSpec, options: OpenSourceOptions = {}): Store {
  if (spec.kind === "demo") return openDemoStore();
  return options.busyTimeoutMs === undefined
    ? openStore(spec.path)
    : openStore(spec.path, { busyTimeoutMs: options.busyTimeoutMs });
}

/** A source chosen on the command line, and what decided a store file's path. */
export interface ChosenSource {
  /** The source to open. */
  spec: SourceSpec;
  /** What decided the path (`--db`, the environment, or the default); null for the demo. */
  origin: DbPathOrigin | null;
}

/**
 * Turns the command line's choice into a source spec: `--demo`, or a path from `--db`,
 * TRANSCRIPT_MCP_DB or the platform default.
 *
 * @example
 * ```ts
 * import { chooseSource } from "./source_spec.ts";
 * chooseSource({ kind: "path", flag: "/data/store.db" }, {
 *   env: () => undefined,
 *   os: "linux",
 *   cwd: "/",
 * }); // { spec: { kind: "path", path: "/data/store.db" }, origin: "--db" }
 * ```
 */
export function chooseSource(
  choice: StoreChoice,
  context: Omit<DbPathContext, "flag">,
): ChosenSource {
  if (choice.kind === "demo") return { spec: { kind: "demo" }, origin: null };
  const { path, origin } = resolveDbPath({ ...context, flag: choice.flag });
  return { spec: { kind: "path", path }, origin };
}

/**
 * Opens a chosen source. A missing store whose path the user did not type gets where the
 * path came from, and at the default path what to do instead: a first start without --db
 * lands here.
 *
 * @example
 * ```ts
 * import { chooseSource, openChosenSource } from "./source_spec.ts";
 * const chosen = chooseSource({ kind: "demo" }, { env: () => undefined, os: "linux", cwd: "/" });
 * openChosenSource(chosen).location; // "(built-in demo store, in memory)"
 * ```
 */
export function openChosenSource({ spec, origin }: ChosenSource): Store {
  try {
    return openSource(spec);
  } catch (error) {
    // A path the user typed (--db) needs no hint; the demo has no path.
    if (!(error instanceof StoreOpenError) || !error.missing || origin === null) throw error;
    if (origin === "--db") throw error;
    const hint = origin === "platform default"
      ? " (the default path); pass --db PATH to name your store, or --demo to try the built-in demo store"
      : ` (from ${origin})`;
    throw new StoreOpenError(`${error.message}${hint}`, error.busy, true);
  }
}
