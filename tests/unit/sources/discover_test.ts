import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import { type AppLocation, appLocations } from "../../../lib/config/app_locations.ts";
import { discoverSources, type Discovery, formatDiscovery } from "../../../lib/sources/discover.ts";
import { openReadOnlyCopy } from "../../../lib/store/open_store.ts";
import { TEST_KIND_TABLES, TEST_KINDS, writeNotesDb } from "../../helpers/table_kind.ts";
import { nameFromLabel } from "../../../lib/config/source_name.ts";

const COMMAND = "/opt/transcript mcp/bin/transcript-mcp";
const TIMES = ["2026-01-02T09:00:00Z", "2026-03-04T10:30:00Z", "2026-02-01T08:00:00Z"];

/** Every file under `dir`, with its size and modification time: what a write would change. */
function listing(dir: string, prefix = ""): string[] {
  return [...Deno.readDirSync(dir)].flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) return listing(path, `${prefix}${entry.name}/`);
    const info = Deno.statSync(path);
    return [`${prefix}${entry.name} ${info.size} ${info.mtime?.getTime()}`];
  }).sort();
}

/** Runs `body` with a fresh temporary home, removed afterwards. */
function withHome(body: (home: string) => void): void {
  const home = Deno.makeTempDirSync({ prefix: "discover-home-" });
  try {
    body(home);
  } finally {
    Deno.removeSync(home, { recursive: true });
  }
}

/**
 * The locations for `os` under a real temporary home. Windows paths are built with
 * backslashes; they are read back here as the same folders under the POSIX temporary home.
 */
function locationsFor(os: string, home: string): AppLocation[] {
  const vars: Record<string, string> = os === "windows"
    ? { USERPROFILE: home, APPDATA: `${home}\\AppData\\Roaming` }
    : { HOME: home };
  const locations = appLocations({ env: (name) => vars[name], os, cwd: home });
  return locations.map((location) => ({ ...location, path: location.path.replaceAll("\\", "/") }));
}

function pathOf(locations: readonly AppLocation[], kind: string): string {
  return locations.find((location) => location.kind === kind)!.path;
}

/** The client config JSON at the end of the text, parsed. */
function configOf(text: string): { command: string; args: string[] } {
  const start = text.indexOf("\n{\n");
  assert(start !== -1, `a config in:\n${text}`);
  return JSON.parse(text.slice(start)).mcpServers.transcripts;
}

for (const os of ["linux", "darwin", "windows"]) {
  Deno.test(`discover on ${os}: finds each app's store at its default path, leaving no trace`, () => {
    withHome((home) => {
      const locations = locationsFor(os, home);
      const screenpipe = pathOf(locations, "screenpipe");
      const meetily = pathOf(locations, "meetily");
      writeNotesDb(screenpipe, {
        table: TEST_KIND_TABLES.screenpipe,
        createdAt: TIMES,
        journal: "wal",
      });
      writeNotesDb(meetily, {
        table: TEST_KIND_TABLES.meetily,
        createdAt: TIMES.slice(0, 1),
        journal: "delete",
      });
      const rousseau = pathOf(locations, "rousseau");
      writeNotesDb(rousseau, {
        table: TEST_KIND_TABLES.rousseau,
        createdAt: TIMES.slice(0, 2),
        journal: "wal",
      });
      // KuraDB's folder (macOS and Linux): one database there, one listed but missing.
      const kuradb = os === "windows" ? null : pathOf(locations, "kuradb");
      if (kuradb !== null) {
        writeNotesDb(`${kuradb}/研究_notes/data.db`, {
          table: TEST_KIND_TABLES.kuradb,
          createdAt: TIMES.slice(0, 2),
          journal: "wal",
        });
        Deno.writeTextFileSync(`${kuradb}/db.json`, '[{"db":"研究_notes"},{"db":"gone"}]');
        Deno.writeTextFileSync(`${kuradb}/.secrets`, "OPENAI_API_KEY=sk-never-read");
      }
      const before = listing(home);

      const discovery = discoverSources(locations, { kinds: TEST_KINDS, busyTimeoutMs: 0 });

      assertEquals(listing(home), before, "no file written or created");
      assertEquals(
        discovery.findings.map((finding) => finding.outcome),
        locations.flatMap(({ path }) =>
          path === kuradb
            ? ["found", "missing"]
            : path === screenpipe || path === meetily || path === rousseau
            ? ["found"]
            : ["missing"]
        ),
      );
      if (kuradb !== null) {
        const found = discovery.findings.at(-2)!;
        assert(found.outcome === "found");
        assertEquals([found.source.kind, found.source.name, found.source.transcripts], [
          "kuradb",
          nameFromLabel("研究_notes"),
          2,
        ]);
        assertEquals(discovery.findings.at(-1)!.location.path, `${kuradb}/gone/data.db`);
      }
      const [first, second] = discovery.findings;
      const third = discovery.findings.find((finding) => finding.location.path === rousseau);
      assert(third?.outcome === "found");
      assertEquals([third.source.kind, third.source.transcripts], ["rousseau", 2]);
      assert(first?.outcome === "found" && second?.outcome === "found");
      assertEquals(first.source, {
        kind: "screenpipe",
        name: "screenpipe",
        path: screenpipe,
        transcripts: 3,
        newest: "2026-03-04T10:30:00Z",
        notes: [],
      });
      assertEquals([second.source.kind, second.source.transcripts], ["meetily", 1]);

      const text = formatDiscovery(discovery, { command: COMMAND });
      assertEquals(configOf(text), {
        command: COMMAND,
        args: [
          "--source",
          `screenpipe=${screenpipe}`,
          "--source",
          `meetily=${meetily}`,
          "--source",
          `rousseau=${rousseau}`,
          ...(kuradb === null
            ? []
            : ["--source", `${nameFromLabel("研究_notes")}=${kuradb}/研究_notes/data.db`]),
        ],
      });
      for (const location of locations.filter((one) => one.kind !== "kuradb")) {
        assert(text.includes(location.path), location.path);
      }
      assertMatch(text, kuradb === null ? /^Found 3 transcript sources:/ : /^Found 4/);
      assertMatch(text, /transcripts: 3\n\s+newest:\s+2026-03-04T10:30:00Z/);
      assertMatch(text, new RegExp(`not found\\s+${pathOf(locations, "transcript-mcp")}`));
    });
  });
}

Deno.test("discover: nothing found is a report of where it looked, with what to do", () => {
  withHome((home) => {
    const locations = locationsFor("linux", home);
    const before = listing(home);
    const discovery = discoverSources(locations, { kinds: TEST_KINDS });
    assertEquals(listing(home), before);
    assertEquals(
      discovery.findings.map((finding) => finding.outcome),
      locations.map(() => "missing"),
    );
    const text = formatDiscovery(discovery, { command: COMMAND });
    assertMatch(text, /^No transcript sources found/);
    for (const location of locations) {
      assertMatch(text, new RegExp(`not found\\s+${location.path}`));
    }
    assertMatch(text, /--source PATH/);
    assertMatch(text, /--demo/);
    assert(!text.includes("mcpServers"), "no config without a source");
  });
  const nowhere = formatDiscovery(discoverSources([]), { command: COMMAND });
  assertMatch(nowhere, /Looked in:\n\s+nowhere: neither HOME nor a data directory is set/);
});

Deno.test("discover: a store its app holds locked is reported with the reason; the rest are read", () => {
  withHome((home) => {
    const locations = locationsFor("linux", home);
    const meetily = pathOf(locations, "meetily");
    writeNotesDb(meetily, { table: TEST_KIND_TABLES.meetily, createdAt: TIMES, journal: "delete" });
    const ours = pathOf(locations, "transcript-mcp");
    writeNotesDb(ours, {
      table: TEST_KIND_TABLES["transcript-mcp"],
      createdAt: TIMES,
      journal: "delete",
    });
    const app = new DatabaseSync(meetily);
    let discovery: Discovery;
    try {
      app.exec("BEGIN EXCLUSIVE");
      discovery = discoverSources(locations, { kinds: TEST_KINDS, busyTimeoutMs: 0 });
    } finally {
      app.close();
    }
    const at = (kind: string) => locations.findIndex((location) => location.kind === kind);
    const locked = discovery.findings[at("meetily")];
    const store = discovery.findings[at("transcript-mcp")];
    assert(locked?.outcome === "unreadable", JSON.stringify(locked));
    assertMatch(
      locked.reason,
      /^Cannot open store: .*meeting_minutes\.sqlite is locked by its app; try again$/,
    );
    assert(store?.outcome === "found");
    assertEquals([store.source.name, store.source.kind, store.source.transcripts], [
      "store",
      "transcript-mcp",
      3,
    ]);
    const text = formatDiscovery(discovery, { command: COMMAND });
    assertMatch(
      text,
      /unreadable +\S+meeting_minutes\.sqlite \(meetily\)\n +Cannot open store: .* is locked/,
    );
    assertEquals(configOf(text).args, ["--source", `store=${ours}`]);
  });
});

Deno.test("discover: files at a default path are reported as what they are", () => {
  withHome((home) => {
    const locations = locationsFor("darwin", home);
    const [screenpipe, meetily, ours] = ["screenpipe", "meetily", "transcript-mcp"]
      .map((kind) => pathOf(locations, kind));
    // Meetily's database where screenpipe's is expected, and one of no known kind.
    writeNotesDb(screenpipe!, {
      table: TEST_KIND_TABLES.meetily,
      createdAt: TIMES,
      journal: "wal",
    });
    writeNotesDb(meetily!, {
      table: TEST_KIND_TABLES.meetily,
      createdAt: TIMES,
      journal: "delete",
    });
    writeNotesDb(ours!, { table: "recipes", createdAt: [], journal: "delete" });
    const discovery = discoverSources(locations, { kinds: TEST_KINDS, busyTimeoutMs: 0 });
    const [first, second] = discovery.findings;
    const third = discovery.findings[locations.findIndex((l) => l.kind === "transcript-mcp")];
    assert(first?.outcome === "found" && second?.outcome === "found");
    assertEquals([first.source.kind, first.source.name], ["meetily", "meetily"]);
    assertEquals([second.source.kind, second.source.name], ["meetily", "meetily-2"]);
    assert(third?.outcome === "unreadable");
    const kinds = TEST_KINDS.map((kind) => kind.kind).join(", ");
    assert(
      third.reason.endsWith(
        `is not a database of a known kind (tables: recipes); kinds supported: ${kinds}`,
      ),
      third.reason,
    );

    Deno.writeTextFileSync(screenpipe!, "not a database, just text that happens to be here\n");
    const notSqlite = discoverSources(locations, { kinds: TEST_KINDS }).findings[0]!;
    assert(notSqlite.outcome === "unreadable");
    assertEquals(notSqlite.reason, `Cannot open store: ${screenpipe} is not an SQLite database`);
  });
});

Deno.test("discover: a WAL store its app has open is read live, and its files are left as they were", () => {
  withHome((home) => {
    const locations = locationsFor("linux", home);
    const screenpipe = pathOf(locations, "screenpipe");
    writeNotesDb(screenpipe, {
      table: TEST_KIND_TABLES.screenpipe,
      createdAt: TIMES,
      journal: "wal",
    });
    const app = new DatabaseSync(screenpipe);
    try {
      // Committed into the WAL, not yet in the database file: only a live read sees it.
      app.prepare(`INSERT INTO ${TEST_KIND_TABLES.screenpipe} (body, created_at) VALUES ('x', ?)`)
        .run("2026-05-06T07:08:09Z");
      const before = listing(home);
      assert(before.some((line) => line.startsWith(".screenpipe/db.sqlite-wal ")), before.join());
      const found = discoverSources(locations, { kinds: TEST_KINDS }).findings[0]!;
      assertEquals(listing(home), before);
      assert(found.outcome === "found");
      assertEquals([found.source.transcripts, found.source.newest], [4, "2026-05-06T07:08:09Z"]);
    } finally {
      app.close();
    }
  });
});

Deno.test("discover: a closed WAL store too large to copy is refused, saying why", () => {
  withHome((home) => {
    const path = `${home}/db.sqlite`;
    writeNotesDb(path, { table: TEST_KIND_TABLES.screenpipe, createdAt: TIMES, journal: "wal" });
    let message = "";
    try {
      openReadOnlyCopy(path, 1024, (db) => db.close());
    } catch (error) {
      message = (error as Error).message;
    }
    assertMatch(
      message,
      /^Cannot open store: .* is in WAL mode with its app closed, and at \d+ bytes too large/,
    );
    assertEquals(listing(home).map((line) => line.split(" ")[0]), ["db.sqlite"]);
  });
});

Deno.test("discover: the config quotes Windows paths and spaces as JSON, and takes leading args", () => {
  const source = (name: string, path: string) => ({
    location: { kind: "screenpipe" as const, name, path },
    outcome: "found" as const,
    source: {
      kind: "screenpipe" as const,
      name,
      path,
      transcripts: 1,
      newest: null,
      notes: ["n1"],
    },
  });
  const windows = "C:\\Users\\Ada Lovelace\\.screenpipe\\db.sqlite";
  const text = formatDiscovery(
    { findings: [source("screenpipe", windows)] },
    { command: "C:\\Program Files\\transcript-mcp.exe", args: ["run", "main.ts"] },
  );
  assert(text.includes(`"screenpipe=C:\\\\Users\\\\Ada Lovelace\\\\.screenpipe\\\\db.sqlite"`));
  assertEquals(configOf(text), {
    command: "C:\\Program Files\\transcript-mcp.exe",
    args: ["run", "main.ts", "--source", `screenpipe=${windows}`],
  });
  assertMatch(text, /newest: +none\n +note: +n1/);
});

for (const os of ["linux", "darwin", "windows"]) {
  Deno.test(`discover on ${os}: finds Buzz in its platformdirs data folder`, () => {
    withHome((home) => {
      const locations = locationsFor(os, home);
      const buzz = pathOf(locations, "buzz");
      assertMatch(
        buzz,
        os === "windows" ? /\/AppData\/Local\/Buzz\/Buzz\/Buzz\.sqlite$/ : /\/Buzz\/Buzz\.sqlite$/,
      );
      writeNotesDb(buzz, { table: TEST_KIND_TABLES.buzz, createdAt: TIMES, journal: "delete" });
      const discovery = discoverSources(locations, { kinds: TEST_KINDS, busyTimeoutMs: 0 });
      const found = discovery.findings.flatMap((f) => f.outcome === "found" ? [f.source] : []);
      assertEquals(found.map((s) => [s.kind, s.name, s.path, s.transcripts]), [
        ["buzz", "buzz", buzz, 3],
      ]);
    });
  });
}

Deno.test("discover: a path under a file where a folder should be is not found, not unreadable", () => {
  const home = Deno.makeTempDirSync();
  try {
    // A file named .screenpipe: no database can be below it.
    Deno.writeTextFileSync(`${home}/.screenpipe`, "");
    const location: AppLocation = {
      kind: "screenpipe",
      name: "screenpipe",
      path: `${home}/.screenpipe/db.sqlite`,
    };
    assertEquals(discoverSources([location]).findings, [{ location, outcome: "missing" }]);
  } finally {
    Deno.removeSync(home, { recursive: true });
  }
});
