import { assertEquals, assertThrows } from "../../helpers/assert.ts";
import { NoHomeError, resolveDbPath } from "../../../lib/config/db_path.ts";

const envOf = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test("db path: --db wins over the environment variable", () => {
  const env = envOf({ TRANSCRIPT_MCP_DB: "/env/store.db", HOME: "/home/ada" });
  assertEquals(resolveDbPath({ flag: "/flag/store.db", env, os: "linux", cwd: "/" }), {
    path: "/flag/store.db",
    origin: "--db",
  });
  assertEquals(resolveDbPath({ env, os: "linux", cwd: "/" }), {
    path: "/env/store.db",
    origin: "TRANSCRIPT_MCP_DB",
  });
});

Deno.test("db path: platform defaults on Linux, macOS and Windows", () => {
  const linux = resolveDbPath({ env: envOf({ HOME: "/home/ada" }), os: "linux", cwd: "/" });
  assertEquals(linux.path, "/home/ada/.local/share/transcript-mcp/store.db");
  const xdg = resolveDbPath({
    env: envOf({ HOME: "/home/ada", XDG_DATA_HOME: "/data" }),
    os: "linux",
    cwd: "/",
  });
  assertEquals(xdg.path, "/data/transcript-mcp/store.db");
  const relativeXdg = resolveDbPath({
    env: envOf({ HOME: "/home/ada", XDG_DATA_HOME: "data" }),
    os: "linux",
    cwd: "/",
  });
  assertEquals(relativeXdg.path, "/home/ada/.local/share/transcript-mcp/store.db");
  const mac = resolveDbPath({ env: envOf({ HOME: "/Users/ada" }), os: "darwin", cwd: "/" });
  assertEquals(mac.path, "/Users/ada/Library/Application Support/transcript-mcp/store.db");
  const windows = resolveDbPath({
    env: envOf({ APPDATA: "C:\\Users\\Ada\\AppData\\Roaming" }),
    os: "windows",
    cwd: "C:\\",
  });
  assertEquals(windows.path, "C:\\Users\\Ada\\AppData\\Roaming\\transcript-mcp\\store.db");
  assertEquals(windows.origin, "platform default");
});

Deno.test("db path: Windows drive, UNC, spaces and non-ASCII pass through", () => {
  const env = envOf({});
  const cases = [
    "C:\\Users\\Zoë Ångström\\My Notes\\store.db",
    "\\\\nas\\share\\transcripts\\store.db",
  ];
  for (const flag of cases) {
    assertEquals(resolveDbPath({ flag, env, os: "windows", cwd: "D:\\work" }).path, flag);
  }
  assertEquals(
    resolveDbPath({ flag: "notes\\store.db", env, os: "windows", cwd: "D:\\work" }).path,
    "D:\\work\\notes\\store.db",
  );
});

Deno.test("db path: relative and ~ paths resolve; spaces and non-ASCII survive on POSIX", () => {
  const env = envOf({ HOME: "/home/zoë" });
  assertEquals(
    resolveDbPath({ flag: "~/My Notes/störe.db", env, os: "linux", cwd: "/x" }).path,
    "/home/zoë/My Notes/störe.db",
  );
  assertEquals(
    resolveDbPath({ flag: "data/s.db", env, os: "darwin", cwd: "/x y" }).path,
    "/x y/data/s.db",
  );
  const winHome = envOf({ USERPROFILE: "C:\\Users\\Ada" });
  assertEquals(
    resolveDbPath({ flag: "~\\store.db", env: winHome, os: "windows", cwd: "C:\\" }).path,
    "C:\\Users\\Ada\\store.db",
  );
});

Deno.test("db path: the default under a relative HOME is taken from the working directory", () => {
  const env = envOf({ HOME: "ada" });
  assertEquals(
    resolveDbPath({ env, os: "linux", cwd: "/home" }).path,
    "/home/ada/.local/share/transcript-mcp/store.db",
  );
});

Deno.test("db path: a ~ path where no home is set is refused, not taken from the working directory", () => {
  for (
    const [os, flag, named] of [["linux", "~/x.db", "HOME"], ["windows", "~\\x.db", "USERPROFILE"]]
  ) {
    for (
      const context of [{ flag }, { flag: undefined, env: envOf({ TRANSCRIPT_MCP_DB: flag! }) }]
    ) {
      const error = assertThrows(
        () => resolveDbPath({ env: envOf({}), os: os!, cwd: "/work", ...context }),
        NoHomeError,
      );
      assertEquals(
        error.message,
        `${flag} starts with ~, the home folder, but ${named} is not set; give the full path`,
      );
    }
  }
  // A ~ inside a name is no home folder.
  assertEquals(
    resolveDbPath({ flag: "~x.db", env: envOf({}), os: "linux", cwd: "/w" }).path,
    "/w/~x.db",
  );
});
