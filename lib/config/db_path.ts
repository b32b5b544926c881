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
 * Resolves the store path. A leading `~` is expanded (MCP clients pass arguments without a
 * shell), relative paths are taken from the working directory, and Windows paths, UNC
 * paths, spaces and non-ASCII characters pass through untouched.
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
  const home = context.os === "windows"
    ? context.env("USERPROFILE") ?? context.env("HOME")
    : context.env("HOME");
  const absolute = (path: string) => {
    const expanded = (path === "~" || /^~[\\/]/.test(path)) && nonEmpty(home)
      ? paths.join(home!, path.slice(1))
      : path;
    return paths.resolve(context.cwd, expanded);
  };
  if (nonEmpty(context.flag)) return { path: absolute(context.flag!), origin: "--db" };
  const fromEnv = context.env("TRANSCRIPT_MCP_DB");
  if (nonEmpty(fromEnv)) return { path: absolute(fromEnv!), origin: "TRANSCRIPT_MCP_DB" };
  return {
    path: paths.join(platformDataDir(context, home), "transcript-mcp", "store.db"),
    origin: "platform default",
  };
}

function platformDataDir(context: DbPathContext, home: string | undefined): string {
  const paths = context.os === "windows" ? win32 : posix;
  const homeDir = home ?? context.cwd;
  switch (context.os) {
    case "windows":
      return context.env("APPDATA") || win32.join(homeDir, "AppData", "Roaming");
    case "darwin":
      return posix.join(homeDir, "Library", "Application Support");
    default: {
      const xdg = context.env("XDG_DATA_HOME");
      // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
      return xdg && paths.isAbsolute(xdg) ? xdg : posix.join(homeDir, ".local", "share");
    }
  }
}
