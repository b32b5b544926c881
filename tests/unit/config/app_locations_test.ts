import { assert, assertEquals } from "../../helpers/assert.ts";
import { APP_LOCATION_ENV_VARS, appLocations } from "../../../lib/config/app_locations.ts";
import { ENV_VARS_READ } from "../../../lib/config/db_path.ts";

const envOf = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test("app locations: Linux, in ~/.local/share", () => {
  assertEquals(appLocations({ env: envOf({ HOME: "/home/ada" }), os: "linux", cwd: "/" }), [
    { kind: "screenpipe", name: "screenpipe", path: "/home/ada/.screenpipe/db.sqlite" },
    {
      kind: "meetily",
      name: "meetily",
      path: "/home/ada/.local/share/com.meetily.ai/meeting_minutes.sqlite",
    },
    {
      kind: "rousseau",
      name: "rousseau",
      path: "/home/ada/.local/share/rousseau/sessions.db",
    },
    {
      kind: "transcript-mcp",
      name: "store",
      path: "/home/ada/.local/share/transcript-mcp/store.db",
    },
    { kind: "buzz", name: "buzz", path: "/home/ada/.local/share/Buzz/Buzz.sqlite" },
    {
      kind: "buzz",
      name: "buzz",
      path: "/home/ada/snap/buzz/current/.local/share/Buzz/Buzz.sqlite",
    },
    {
      kind: "buzz",
      name: "buzz",
      path: "/home/ada/.var/app/io.github.chidiwilliams.Buzz/data/Buzz/Buzz.sqlite",
    },
    { kind: "kuradb", name: "kuradb", path: "/home/ada/.config/kuradb" },
  ]);
});

Deno.test("app locations: an absolute XDG_DATA_HOME moves Meetily and ours, not screenpipe or rousseau", () => {
  const env = envOf({ HOME: "/home/ada", XDG_DATA_HOME: "/data" });
  assertEquals(appLocations({ env, os: "linux", cwd: "/" }).map((location) => location.path), [
    "/home/ada/.screenpipe/db.sqlite",
    "/data/com.meetily.ai/meeting_minutes.sqlite",
    "/home/ada/.local/share/rousseau/sessions.db",
    "/data/transcript-mcp/store.db",
    "/data/Buzz/Buzz.sqlite",
    "/home/ada/snap/buzz/current/.local/share/Buzz/Buzz.sqlite",
    "/home/ada/.var/app/io.github.chidiwilliams.Buzz/data/Buzz/Buzz.sqlite",
    "/home/ada/.config/kuradb",
  ]);
  const relative = envOf({ HOME: "/home/ada", XDG_DATA_HOME: "data" });
  assertEquals(
    appLocations({ env: relative, os: "linux", cwd: "/" })[1]!.path,
    "/home/ada/.local/share/com.meetily.ai/meeting_minutes.sqlite",
  );
});

Deno.test("app locations: macOS, in Application Support", () => {
  assertEquals(
    appLocations({ env: envOf({ HOME: "/Users/ada" }), os: "darwin", cwd: "/" })
      .map((location) => location.path),
    [
      "/Users/ada/.screenpipe/db.sqlite",
      "/Users/ada/Library/Application Support/com.meetily.ai/meeting_minutes.sqlite",
      "/Users/ada/.local/share/rousseau/sessions.db",
      "/Users/ada/Library/Application Support/transcript-mcp/store.db",
      "/Users/ada/Library/Application Support/Buzz/Buzz.sqlite",
      "/Users/ada/.config/kuradb",
    ],
  );
});

Deno.test("app locations: Windows, with backslashes, from USERPROFILE and APPDATA", () => {
  const env = envOf({
    USERPROFILE: "C:\\Users\\Ada",
    APPDATA: "D:\\Roaming",
    HOME: "/c/Users/ada-msys",
  });
  assertEquals(appLocations({ env, os: "windows", cwd: "C:\\" }).map((location) => location.path), [
    "C:\\Users\\Ada\\.screenpipe\\db.sqlite",
    "D:\\Roaming\\com.meetily.ai\\meeting_minutes.sqlite",
    "C:\\Users\\Ada\\.local\\share\\rousseau\\sessions.db",
    "D:\\Roaming\\transcript-mcp\\store.db",
    "C:\\Users\\Ada\\AppData\\Local\\Buzz\\Buzz\\Buzz.sqlite",
  ]);
  const noAppData = envOf({ USERPROFILE: "C:\\Users\\Ada" });
  assertEquals(
    appLocations({ env: noAppData, os: "windows", cwd: "C:\\" })[1]!.path,
    "C:\\Users\\Ada\\AppData\\Roaming\\com.meetily.ai\\meeting_minutes.sqlite",
  );
});

Deno.test("app locations: without HOME, only what the environment still names", () => {
  assertEquals(appLocations({ env: envOf({}), os: "linux", cwd: "/" }), []);
  assertEquals(appLocations({ env: envOf({ HOME: "" }), os: "darwin", cwd: "/" }), []);
  assertEquals(
    appLocations({ env: envOf({ XDG_DATA_HOME: "/data" }), os: "linux", cwd: "/" })
      .map((location) => location.kind),
    ["meetily", "transcript-mcp", "buzz"],
  );
  assertEquals(
    appLocations({ env: envOf({ APPDATA: "D:\\Roaming" }), os: "windows", cwd: "C:\\" })
      .map((location) => location.kind),
    ["meetily", "transcript-mcp"],
  );
});

Deno.test("app locations: TRANSCRIPT_MCP_DB is looked in too, named from its file, once", () => {
  const env = envOf({ HOME: "/home/ada", TRANSCRIPT_MCP_DB: "~/Team Calls.db" });
  const ours = appLocations({ env, os: "linux", cwd: "/" })
    .filter((location) => location.kind === "transcript-mcp");
  assertEquals(ours, [
    { kind: "transcript-mcp", name: "team-calls", path: "/home/ada/Team Calls.db" },
    {
      kind: "transcript-mcp",
      name: "store",
      path: "/home/ada/.local/share/transcript-mcp/store.db",
    },
  ]);
  const same = envOf({
    HOME: "/home/ada",
    TRANSCRIPT_MCP_DB: "/home/ada/.local/share/transcript-mcp/store.db",
  });
  assertEquals(
    appLocations({ env: same, os: "linux", cwd: "/" }).filter((l) => l.kind === "transcript-mcp")
      .length,
    1,
  );
});

Deno.test("app locations read only environment variables the permission flags allow", () => {
  for (const name of APP_LOCATION_ENV_VARS) assert(ENV_VARS_READ.includes(name), name);
  const read = new Set<string>();
  const env = (name: string) => {
    read.add(name);
    return undefined;
  };
  for (const os of ["linux", "darwin", "windows"]) appLocations({ env, os, cwd: "/" });
  for (const name of read) assert(APP_LOCATION_ENV_VARS.includes(name), `${name} is listed`);
});

Deno.test("app locations: a relative HOME is taken from the working directory", () => {
  // discover prints these paths into a client config the client runs from elsewhere.
  const locations = appLocations({ env: envOf({ HOME: "ada" }), os: "linux", cwd: "/home" });
  assert(locations.length > 0);
  for (const { path } of locations) assert(path.startsWith("/home/ada/"), path);
});

Deno.test("app locations: a ~ TRANSCRIPT_MCP_DB without HOME names no place, not ./~", () => {
  const env = envOf({ TRANSCRIPT_MCP_DB: "~/calls.db", XDG_DATA_HOME: "/data" });
  assertEquals(
    appLocations({ env, os: "linux", cwd: "/work" }).map((location) => location.path),
    [
      "/data/com.meetily.ai/meeting_minutes.sqlite",
      "/data/transcript-mcp/store.db",
      "/data/Buzz/Buzz.sqlite",
    ],
  );
});
