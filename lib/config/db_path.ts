/**
 * Where the store lives: `--db`, else TRANSCRIPT_MCP_DB, else the platform's data directory.
 *
 * @module
 */
import { posix, win32 } from "node:path";

/** The environment variables transcript-mcp reads; the permission flags allow exactly these. */
export const ENV_VARS_READ: readonly string[] = [
  "TRANSCRIPT_MCP_DB",
  "XDG_DATA_HOME",
  "HOME",
  "APPDATA",
  "USERPROFILE",
];

/** What decided the path, for the log line. */
export type DbPathOrigin = "--db" | "TRANSCRIPT_MCP_DB" | "platform default";

/** A resolved, absolute store path and where it came from. */
export interface DbPath {
  /** The absolute path of the store file. */
  path: string;
  /** What decided it. */
  origin: DbPathOrigin;
}

/** What path resolution depends on; injected so every platform's rules can be tested anywhere. */
export interface DbPathContext {
  /** The value of `--db`, if given; when absent, TRANSCRIPT_MCP_DB or the default decides. */
  flag?: string | undefined;
  /** Reads an environment variable. */
  env: (name: string) => string | undefined;
  /** The operating system, as in `Deno.build.os`. */
  os: string;
  /** The working directory, for relative paths. */
  cwd: string;
}

/**
 * Resolves the store path, or throws {@link NoDefaultPathError} when none was named and the
 * environment gives no default, and {@link NoHomeError} for a `~` path and no home. A
 * leading `~` is expanded (MCP clients pass arguments without a shell), relative paths are
 * taken from the working directory, and Windows paths, UNC paths, spaces and non-ASCII
 * characters pass through untouched.
 *
 * @example
 * ```ts
 * import { resolveDbPath } from "./db_path.ts";
 * const { path } = resolveDbPath({
 *   env: (name) => ({ HOME: "/home/ada" } as Record<string, string>)[name],
 *   os: "linux",
 *   cwd: "/",
 * });
 * path; // "/home/ada/.local/share/transcript-mcp/store.db"
 * ```
 */
export function resolveDbPath(context: DbPathContext): DbPath {
  const paths = context.os === "windows" ? win32 : posix;
  const nonEmpty = (value: string | undefined) => value !== undefined && value !== "";
  const home = homeDir(context);
  const absolute = (path: string) => {
    const tilde = path === "~" || /^~[\\/]/.test(path);
    // Taken from the working directory, it would name a folder called ~ that nobody chose.
    if (tilde && home === undefined) throw new NoHomeError(path, context.os);
    return paths.resolve(context.cwd, tilde ? paths.join(home!, path.slice(1)) : path);
  };
  if (nonEmpty(context.flag)) return { path: absolute(context.flag!), origin: "--db" };
  const fromEnv = context.env("TRANSCRIPT_MCP_DB");
  if (nonEmpty(fromEnv)) return { path: absolute(fromEnv!), origin: "TRANSCRIPT_MCP_DB" };
  const dataDir = platformDataDir({ ...context, home });
  // Without a home there is no default to fall back on; guessing one under the working
  // directory would name a path nobody chose.
  if (dataDir === undefined) throw new NoDefaultPathError();
  // A relative HOME or APPDATA is taken from the working directory, as a relative --db is.
  const path = paths.resolve(context.cwd, dataDir, "transcript-mcp", "store.db");
  return { path, origin: "platform default" };
}

/**
 * No store was named and there is no default path to use: neither a home directory nor a
 * data directory is set in the environment.
 *
 * @example
 * ```ts
 * import { NoDefaultPathError, resolveDbPath } from "./db_path.ts";
 * try {
 *   resolveDbPath({ env: () => undefined, os: "linux", cwd: "/" });
 * } catch (error) {
 *   error instanceof NoDefaultPathError; // true
 * }
 * ```
 */
export class NoDefaultPathError extends Error {
  /** Makes the error; its message says what was missing and what to do instead. */
  constructor() {
    super(
      "Cannot open store: no default path, as neither HOME nor a data directory is set; " +
        "pass --source PATH to name your store, or --demo to try the built-in demo store",
    );
    this.name = "NoDefaultPathError";
  }
}

/**
 * A path that starts with `~`, the home folder, where no home folder is set in the
 * environment. The message names the path and the variable, without saying what was being
 * opened: the caller says that.
 *
 * @example
 * ```ts
 * import { NoHomeError, resolveDbPath } from "./db_path.ts";
 * try {
 *   resolveDbPath({ flag: "~/store.db", env: () => undefined, os: "linux", cwd: "/" });
 * } catch (error) {
 *   error instanceof NoHomeError; // true
 *   (error as Error).message;
 *   // "~/store.db starts with ~, the home folder, but HOME is not set; give the full path"
 * }
 * ```
 */
export class NoHomeError extends Error {
  /** Makes the error for `path`, on the operating system `os` (as in `Deno.build.os`). */
  constructor(path: string, os: string) {
    const variable = os === "windows" ? "USERPROFILE" : "HOME";
    super(`${path} starts with ~, the home folder, but ${variable} is not set; give the full path`);
    this.name = "NoHomeError";
  }
}

/** What the platform's directories depend on. */
export interface PlatformContext {
  /** Reads an environment variable. */
  env: (name: string) => string | undefined;
  /** The operating system, as in `Deno.build.os`. */
  os: string;
}

/**
 * The user's home directory: HOME, or on Windows USERPROFILE (else HOME); undefined when
 * unset or empty.
 *
 * @example
 * ```ts
 * import { homeDir } from "./db_path.ts";
 * homeDir({ env: (name) => (name === "USERPROFILE" ? "C:\\Users\\Ada" : undefined), os: "windows" });
 * // "C:\\Users\\Ada"
 * ```
 */
export function homeDir(context: PlatformContext): string | undefined {
  const names = context.os === "windows" ? ["USERPROFILE", "HOME"] : ["HOME"];
  return names.map((name) => context.env(name)).find((value) =>
    value !== undefined && value !== ""
  );
}

/**
 * The platform's per-user data directory, where apps keep their databases: `%APPDATA%` on
 * Windows, `~/Library/Application Support` on macOS, `$XDG_DATA_HOME` else `~/.local/share`
 * elsewhere. `home` is the home directory to build on (undefined when unknown); the
 * answer is undefined when it is needed and unknown.
 *
 * @example
 * ```ts
 * import { platformDataDir } from "./db_path.ts";
 * platformDataDir({ env: () => undefined, os: "darwin", home: "/Users/ada" });
 * // "/Users/ada/Library/Application Support"
 * ```
 */
export function platformDataDir(
  context: PlatformContext & { home: string | undefined },
): string | undefined {
  const { home } = context;
  switch (context.os) {
    case "windows": {
      const appData = context.env("APPDATA");
      if (appData) return appData;
      return home === undefined ? undefined : win32.join(home, "AppData", "Roaming");
    }
    case "darwin":
      return home === undefined ? undefined : posix.join(home, "Library", "Application Support");
    default: {
      const xdg = context.env("XDG_DATA_HOME");
      // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
      if (xdg && posix.isAbsolute(xdg)) return xdg;
      return home === undefined ? undefined : posix.join(home, ".local", "share");
    }
  }
}
