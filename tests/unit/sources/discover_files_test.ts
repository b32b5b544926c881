/**
 * discover and the files beside a database: one store reached by two default paths, and a
 * WAL store its app has open with an emptied -wal.
 */
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../../helpers/assert.ts";
import { appLocations } from "../../../lib/config/app_locations.ts";
import { discoverSources, formatDiscovery } from "../../../lib/sources/discover.ts";
import { isIdleWal } from "../../../lib/store/open_store.ts";
import { TEST_KIND_TABLES, TEST_KINDS, writeNotesDb } from "../../helpers/table_kind.ts";

const TIMES = ["2026-01-02T09:00:00Z", "2026-03-04T10:30:00Z"];

Deno.test("discover: one store reached by two default paths (one through a link) is found once", () => {
  const home = Deno.makeTempDirSync({ prefix: "discover-home-" });
  // TRANSCRIPT_MCP_DB names the default store through a link to the home folder (/home a
  // link to /var/home, say): two paths, one file. Found twice, the config named it twice,
  // and a server refuses a file named twice.
  const link = `${home}-link`;
  Deno.symlinkSync(home, link);
  try {
    const vars: Record<string, string> = {
      HOME: home,
      TRANSCRIPT_MCP_DB: `${link}/.local/share/transcript-mcp/store.db`,
    };
    const locations = appLocations({ env: (name) => vars[name], os: "linux", cwd: home });
    assertEquals(locations.filter((l) => l.kind === "transcript-mcp").length, 2);
    writeNotesDb(`${home}/.local/share/transcript-mcp/store.db`, {
      table: TEST_KIND_TABLES["transcript-mcp"],
      createdAt: TIMES,
      journal: "delete",
    });
    const discovery = discoverSources(locations, { kinds: TEST_KINDS });
    const found = discovery.findings.filter((finding) => finding.outcome === "found");
    assertEquals(found.length, 1);
    const text = formatDiscovery(discovery, { command: "transcript-mcp" });
    const config = JSON.parse(text.slice(text.indexOf("\n{\n")));
    assertEquals(config.mcpServers.transcripts.args.length, 2);
  } finally {
    Deno.removeSync(link);
    Deno.removeSync(home, { recursive: true });
  }
});

Deno.test("discover: a WAL store its app has open with an emptied -wal is read live, not copied", () => {
  const home = Deno.makeTempDirSync({ prefix: "discover-home-" });
  try {
    const path = `${home}/db.sqlite`;
    writeNotesDb(path, { table: TEST_KIND_TABLES.screenpipe, createdAt: TIMES, journal: "wal" });
    assert(isIdleWal(path), "closed, with no -wal: read from a copy");
    const app = new DatabaseSync(path);
    try {
      app.prepare(`SELECT count(*) FROM ${TEST_KIND_TABLES.screenpipe}`).get();
      // An app that checkpoints with TRUNCATE (screenpipe's repair does) keeps its -wal and
      // -shm, the -wal empty: a live read creates no file, and a copy would refuse a store
      // over the copy's cap as "in WAL mode with its app closed".
      app.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      assertEquals(Deno.statSync(`${path}-wal`).size, 0);
      Deno.statSync(`${path}-shm`);
      assert(!isIdleWal(path), "its app has it open");
    } finally {
      app.close();
    }
  } finally {
    Deno.removeSync(home, { recursive: true });
  }
});

Deno.test("discover: a KuraDB folder whose db.json lists no database is not found, as without one", () => {
  const home = Deno.makeTempDirSync({ prefix: "discover-home-" });
  try {
    const vars: Record<string, string> = { HOME: home };
    const locations = appLocations({ env: (name) => vars[name], os: "linux", cwd: home });
    const folder = locations.find((location) => location.kind === "kuradb")!.path;
    Deno.mkdirSync(folder, { recursive: true });
    Deno.writeTextFileSync(`${folder}/db.json`, "[]");
    const discovery = discoverSources(locations, { kinds: TEST_KINDS });
    const kuradb = discovery.findings.filter((finding) => finding.location.kind === "kuradb");
    assertEquals(kuradb.map((f) => [f.outcome, f.location.path]), [
      ["missing", `${folder}/db.json`],
    ]);
    assert(!formatDiscovery(discovery, { command: "transcript-mcp" }).includes("unreadable"));
  } finally {
    Deno.removeSync(home, { recursive: true });
  }
});
