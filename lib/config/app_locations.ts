/**
 * Where each supported app keeps its database by default, per operating system: the places
 * `transcript-mcp discover` looks. Only paths are worked out here; nothing is read.
 *
 * @module
 */
import { posix, win32 } from "node:path";
import {
  type DbPathContext,
  homeDir,
  NoHomeError,
  platformDataDir,
  resolveDbPath,
} from "./db_path.ts";
import { nameFromPath } from "./source_name.ts";

/**
 * The environment variables {@link appLocations} reads. The permission flags of the start
 * task and the binary (`--allow-env=…`) must allow each of them; a test checks they do.
 */
export const APP_LOCATION_ENV_VARS: readonly string[] = [
  "HOME",
  "USERPROFILE",
  "APPDATA",
  "XDG_DATA_HOME",
  "TRANSCRIPT_MCP_DB",
];

/** The kind of database an app keeps, as lib/sources names it (SourceKindName). */
export type AppKind =
  | "transcript-mcp"
  | "screenpipe"
  | "meetily"
  | "buzz"
  | "rousseau"
  | "kuradb";

/** One place a database is expected. */
export interface AppLocation {
  /** The kind expected there. The database's own tables decide what it really is. */
  kind: AppKind;
  /** The source name a `--source NAME=PATH` for it would take. */
  name: string;
  /** The absolute path of the database file (for KuraDB, of its folder). */
  path: string;
}

/**
 * KuraDB's folder under the home directory (its `db.json` lists a database per subfolder),
 * the same on macOS and Linux, the only systems KuraDB runs on; XDG_CONFIG_HOME is not read.
 */
const KURADB_FOLDER = [".config", "kuradb"];

/** The name of the app-data folder Meetily's Tauri app keeps its database in. */
const MEETILY_FOLDER = "com.meetily.ai";

/**
 * Where Buzz keeps `Buzz.sqlite`: platformdirs' `user_data_dir("Buzz")` (no author given,
 * so on Windows the app name twice, under Local AppData, not Roaming), and on Linux also
 * inside the Snap's and the Flatpak's own data folders, which those packages make the
 * XDG data folder of the app.
 */
function buzzPaths(os: string, home: string | undefined, dataDir: string | undefined): string[] {
  const file = "Buzz.sqlite";
  if (os === "windows") {
    return home === undefined ? [] : [win32.join(home, "AppData", "Local", "Buzz", "Buzz", file)];
  }
  const paths = dataDir === undefined ? [] : [posix.join(dataDir, "Buzz", file)];
  if (os !== "darwin" && home !== undefined) {
    paths.push(
      posix.join(home, "snap", "buzz", "current", ".local", "share", "Buzz", file),
      posix.join(home, ".var", "app", "io.github.chidiwilliams.Buzz", "data", "Buzz", file),
    );
  }
  return paths;
}

/**
 * The default database path of each supported app for `context.os`, and ours
 * (TRANSCRIPT_MCP_DB and the platform default, as resolveDbPath finds them): screenpipe's
 * `~/.screenpipe/db.sqlite` on every OS, Meetily's `meeting_minutes.sqlite` in the
 * `com.meetily.ai` app-data folder, rousseau's `~/.local/share/rousseau/sessions.db` on
 * every OS, our `transcript-mcp/store.db`, then Buzz's `Buzz/Buzz.sqlite` (see buzzPaths:
 * Local AppData on Windows; Snap and Flatpak folders too on Linux), then KuraDB's folder
 * `~/.config/kuradb` (macOS and Linux; discover finds each database its db.json lists). A
 * location whose environment is missing (no HOME, say) is left out, and a path listed twice
 * is listed once.
 * Windows paths are built with backslashes. No file is touched.
 *
 * @example
 * ```ts
 * import { appLocations } from "./app_locations.ts";
 * appLocations({
 *   env: (name) => (name === "HOME" ? "/home/ada" : undefined),
 *   os: "linux",
 *   cwd: "/",
 * });
 * // [
 * //   { kind: "screenpipe", name: "screenpipe", path: "/home/ada/.screenpipe/db.sqlite" },
 * //   { kind: "meetily", name: "meetily",
 * //     path: "/home/ada/.local/share/com.meetily.ai/meeting_minutes.sqlite" },
 * //   { kind: "rousseau", name: "rousseau",
 * //     path: "/home/ada/.local/share/rousseau/sessions.db" },
 * //   { kind: "transcript-mcp", name: "store",
 * //     path: "/home/ada/.local/share/transcript-mcp/store.db" },
 * //   { kind: "buzz", name: "buzz", path: "/home/ada/.local/share/Buzz/Buzz.sqlite" },
 * //   { kind: "buzz", name: "buzz",
 * //     path: "/home/ada/snap/buzz/current/.local/share/Buzz/Buzz.sqlite" },
 * //   { kind: "buzz", name: "buzz",
 * //     path: "/home/ada/.var/app/io.github.chidiwilliams.Buzz/data/Buzz/Buzz.sqlite" },
 * //   { kind: "kuradb", name: "kuradb", path: "/home/ada/.config/kuradb" },
 * // ]
 * ```
 */
export function appLocations(context: Omit<DbPathContext, "flag">): AppLocation[] {
  const paths = context.os === "windows" ? win32 : posix;
  const home = homeDir(context);
  const dataDir = platformDataDir({ ...context, home });
  const locations: AppLocation[] = [];
  if (home !== undefined) {
    locations.push({
      kind: "screenpipe",
      name: "screenpipe",
      path: paths.join(home, ".screenpipe", "db.sqlite"),
    });
  }
  if (dataDir !== undefined) {
    locations.push(
      {
        kind: "meetily",
        name: "meetily",
        path: paths.join(dataDir, MEETILY_FOLDER, "meeting_minutes.sqlite"),
      },
    );
  }
  if (home !== undefined) {
    // rousseau keeps ~/.local/share on every OS (its config.go), not the platform's folder.
    locations.push({
      kind: "rousseau",
      name: "rousseau",
      path: paths.join(home, ".local", "share", "rousseau", "sessions.db"),
    });
  }
  const fromEnv = context.env("TRANSCRIPT_MCP_DB");
  if (fromEnv) {
    try {
      const { path } = resolveDbPath(context);
      locations.push({ kind: "transcript-mcp", name: nameFromPath(path), path });
    } catch (error) {
      // A ~ path with no home names no place to look.
      if (!(error instanceof NoHomeError)) throw error;
    }
  }
  if (dataDir !== undefined) {
    locations.push({
      kind: "transcript-mcp",
      name: "store",
      path: paths.join(dataDir, "transcript-mcp", "store.db"),
    });
  }
  for (const path of buzzPaths(context.os, home, dataDir)) {
    locations.push({ kind: "buzz", name: "buzz", path });
  }
  if (home !== undefined && (context.os === "darwin" || context.os === "linux")) {
    locations.push({ kind: "kuradb", name: "kuradb", path: paths.join(home, ...KURADB_FOLDER) });
  }
  // Absolute even under a relative HOME: discover prints them into a client config that
  // the client runs from a folder of its own.
  const absolute = locations.map((location) => ({
    ...location,
    path: paths.resolve(context.cwd, location.path),
  }));
  return absolute.filter((location, index) =>
    absolute.findIndex((other) => other.path === location.path) === index
  );
}
