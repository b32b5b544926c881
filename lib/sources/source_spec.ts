/**
 * From the command line's choice to the sources a run reads: the demo, or each named path
 * made absolute (a `~` expanded, a relative path taken from the working directory), or,
 * with none named, the store at TRANSCRIPT_MCP_DB or the platform default. The sources are
 * then settled once (served_sources.ts) and every thread opens the same specs.
 *
 * @module
 */
import type { StoreChoice } from "../config/cli.ts";
import {
  type DbPathContext,
  type DbPathOrigin,
  NoDefaultPathError,
  NoHomeError,
  resolveDbPath,
} from "../config/db_path.ts";
import { StoreOpenError } from "../store/errors.ts";
import { planSources, type SourceRequest } from "./served_sources.ts";
import type { SourceSpec } from "./source_set.ts";

/** The sources a run asked for, before they are opened. */
export type ChosenSources =
  | { kind: "demo" }
  | {
    kind: "paths";
    /** Each source, its path absolute. */
    requests: SourceRequest[];
    /** What decided the paths: `--db` for paths typed, else where the default came from. */
    origin: DbPathOrigin;
  };

/**
 * Turns the command line's choice into absolute source requests. With no store named and no
 * default path in the environment (no HOME), or a `~` path and no HOME, it throws a
 * {@link StoreOpenError} saying so.
 *
 * @example
 * ```ts
 * import { chooseSources } from "./source_spec.ts";
 * const flags = [{ name: "work", path: "~/store.db", option: "--source" as const }];
 * chooseSources({ kind: "paths", flags }, {
 *   env: (name) => name === "HOME" ? "/home/ada" : undefined,
 *   os: "linux",
 *   cwd: "/",
 * });
 * // { kind: "paths", origin: "--db",
 * //   requests: [{ name: "work", path: "/home/ada/store.db", origin: "--source" }] }
 * ```
 */
export function chooseSources(
  choice: StoreChoice,
  context: Omit<DbPathContext, "flag">,
): ChosenSources {
  if (choice.kind === "demo") return { kind: "demo" };
  try {
    if (choice.flags.length === 0) {
      const { path, origin } = resolveDbPath(context);
      return { kind: "paths", requests: [{ name: null, path, origin }], origin };
    }
    return {
      kind: "paths",
      requests: choice.flags.map((flag) => ({
        name: flag.name,
        path: resolveDbPath({ ...context, flag: flag.path }).path,
        origin: flag.option,
      })),
      origin: "--db",
    };
  } catch (error) {
    throw asOpenError(error);
  }
}

/** A path that could not be resolved, as the one line a start that cannot open prints. */
function asOpenError(error: unknown): unknown {
  if (error instanceof NoDefaultPathError) return new StoreOpenError(error.message);
  if (error instanceof NoHomeError) {
    return new StoreOpenError(`Cannot open store: ${error.message}`);
  }
  return error;
}

/** The name the built-in demo store is served under. */
export const DEMO_SOURCE_NAME = "demo";

/**
 * Settles the chosen sources: each opened once, its kind detected and its name fixed. A
 * missing store whose path the user did not type gets where the path came from, and at the
 * default path what to do instead: a first start without --source lands here.
 *
 * @example
 * ```ts
 * import { settleSources } from "./source_spec.ts";
 * settleSources({ kind: "demo" }); // [{ kind: "demo", name: "demo" }]
 * ```
 */
export function settleSources(chosen: ChosenSources, busyTimeoutMs?: number): SourceSpec[] {
  if (chosen.kind === "demo") return [{ kind: "demo", name: DEMO_SOURCE_NAME }];
  try {
    return planSources(chosen.requests, busyTimeoutMs).map((planned) => planned.spec);
  } catch (error) {
    // A path the user typed needs no hint.
    if (!(error instanceof StoreOpenError) || !error.missing || chosen.origin === "--db") {
      throw error;
    }
    const hint = chosen.origin === "platform default"
      ? " (the default path); pass --source PATH to name your store, or --demo to try the " +
        "built-in demo store"
      : ` (from ${chosen.origin})`;
    throw new StoreOpenError(`${error.message}${hint}`, error.busy, true);
  }
}
