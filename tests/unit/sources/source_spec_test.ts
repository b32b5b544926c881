/**
 * From the command line to the sources a run reads: paths made absolute, names settled
 * (given, the kind's, the file's), distinct names, a failing source kept beside the others,
 * and a set that notices a file deleted or replaced while it serves.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertThrows } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import { parseSourceFlag } from "../../../lib/config/cli.ts";
import { chooseSources, settleSources } from "../../../lib/sources/source_spec.ts";
import { DuplicateSourceNameError, planSources } from "../../../lib/sources/served_sources.ts";
import { SourceSet, SourceUnavailableError } from "../../../lib/sources/source_set.ts";
import { StoreBusyError, StoreOpenError } from "../../../lib/store/errors.ts";

const linux = { env: (name: string) => ({ HOME: "/home/ada" })[name], os: "linux", cwd: "/work" };

Deno.test("parseSourceFlag() reads NAME=PATH, a bare path, and refuses a bad name", () => {
  const flag = (name: string | null, path: string) => ({ name, path, option: "--source" });
  assertEquals(parseSourceFlag("work=/data/store.db"), flag("work", "/data/store.db"));
  assertEquals(parseSourceFlag("/data/a=b.db"), flag(null, "/data/a=b.db"));
  assertEquals(parseSourceFlag("./a=b.db"), flag(null, "./a=b.db"));
  assertEquals(parseSourceFlag("~/x=y.db"), flag(null, "~/x=y.db"));
  assertEquals(parseSourceFlag("C:\\data=x\\s.db"), flag(null, "C:\\data=x\\s.db"));
  assert(typeof parseSourceFlag("Work=/data/store.db") === "string", "upper case is refused");
  assert(typeof parseSourceFlag("w".repeat(33) + "=/x.db") === "string", "33 characters");
  assert(typeof parseSourceFlag("work=") === "string", "no path");
});

Deno.test("chooseSources() makes paths absolute and falls back to the default store", () => {
  assertEquals(chooseSources({ kind: "demo" }, linux), { kind: "demo" });
  assertEquals(
    chooseSources({
      kind: "paths",
      flags: [
        { name: "a", path: "data/store.db", option: "--source" },
        { name: null, path: "~/b.db", option: "--db" },
      ],
    }, linux),
    {
      kind: "paths",
      requests: [
        { name: "a", path: "/work/data/store.db", origin: "--source" },
        { name: null, path: "/home/ada/b.db", origin: "--db" },
      ],
      origin: "--db",
    },
  );
  assertEquals(chooseSources({ kind: "paths", flags: [] }, linux), {
    kind: "paths",
    requests: [{
      name: null,
      path: "/home/ada/.local/share/transcript-mcp/store.db",
      origin: "platform default",
    }],
    origin: "platform default",
  });
});

Deno.test("chooseSources() refuses to guess a default store when no home is set", () => {
  const homeless = { env: () => undefined, os: "linux", cwd: "/work" };
  const error = assertThrows(
    () => chooseSources({ kind: "paths", flags: [] }, homeless),
    StoreOpenError,
  );
  assertEquals(
    error.message,
    "Cannot open store: no default path, as neither HOME nor a data directory is set; " +
      "pass --source PATH to name your store, or --demo to try the built-in demo store",
  );
  // A data directory alone is enough, and a store named needs no home at all.
  const xdg = { ...homeless, env: (name: string) => name === "XDG_DATA_HOME" ? "/d" : undefined };
  assertEquals(
    chooseSources({ kind: "paths", flags: [] }, xdg),
    {
      kind: "paths",
      requests: [{ name: null, path: "/d/transcript-mcp/store.db", origin: "platform default" }],
      origin: "platform default",
    },
  );
  const named = chooseSources({
    kind: "paths",
    flags: [{ name: null, path: "s.db", option: "--source" }],
  }, homeless);
  assertEquals(named.kind === "paths" ? named.requests[0]!.path : "", "/work/s.db");
});

Deno.test("planSources() names sources, keeps one that fails, and refuses two with one name", () => {
  const first = buildFixtureStore({ transcripts: fixtureTranscripts(3) });
  const second = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
  try {
    const missing = join(first.dir, "gone.db");
    const planned = planSources([
      { name: null, path: first.path },
      { name: "work", path: second.path },
      { name: null, path: missing },
    ]);
    assertEquals(planned.map((p) => [p.spec.name, p.kind]), [
      ["store", "transcript-mcp"],
      ["work", "transcript-mcp"],
      ["gone", null],
    ]);
    assert(planned[2]!.spec.failure?.includes("file not found"), "the reason is kept");
    assertThrows(
      () => planSources([{ name: null, path: first.path }, { name: null, path: second.path }]),
      DuplicateSourceNameError,
      `two sources are named 'store' (${first.path} and ${second.path})`,
    );
    // None opens: one source keeps its own message; several are listed.
    assertThrows(() => planSources([{ name: null, path: missing }]), StoreOpenError, "not found");
    assertThrows(
      () => planSources([{ name: "a", path: missing }, { name: "b", path: missing }]),
      StoreOpenError,
      "no source could be opened: a: ",
    );
  } finally {
    first.cleanup();
    second.cleanup();
  }
});

Deno.test("planSources() refuses a database of no known kind, naming its tables", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const path = join(dir, "other.db");
    const db = new DatabaseSync(path);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY); CREATE TABLE tags (name TEXT)");
    db.close();
    assertThrows(
      () => planSources([{ name: null, path }]),
      StoreOpenError,
      "is not a database of a known kind (tables: notes, tags); kinds supported: ",
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("settleSources() hints at --source only when the default path is missing", () => {
  const missing = "/nonexistent/transcript-mcp/store.db";
  assertThrows(
    () =>
      settleSources({
        kind: "paths",
        requests: [{ name: null, path: missing }],
        origin: "platform default",
      }),
    StoreOpenError,
    "(the default path); pass --source PATH",
  );
  let typed = "";
  try {
    settleSources({ kind: "paths", requests: [{ name: null, path: missing }], origin: "--db" });
  } catch (error) {
    typed = (error as Error).message;
  }
  assert(typed.endsWith(missing), `a typed path gets no hint: ${typed}`);
});

Deno.test("SourceSet answers for a deleted file alone, and reads a replaced file anew", () => {
  const store = buildFixtureStore({ transcripts: fixtureTranscripts(3) });
  const other = buildFixtureStore({ transcripts: fixtureTranscripts(5) });
  const sources = SourceSet.open([
    { kind: "path", name: "store", path: store.path },
    { kind: "demo", name: "demo" },
  ]);
  try {
    const [mine, demo] = sources.all;
    assertEquals(sources.reader(mine!).facts().transcripts, 3);
    // Replaced: another store moved over it is read from then on.
    Deno.renameSync(other.path, store.path);
    assertEquals(sources.reader(mine!).facts().transcripts, 5);
    // Deleted: this source fails with its own error; the demo is unaffected.
    Deno.removeSync(store.path);
    assertThrows(() => sources.reader(mine!), SourceUnavailableError, "Cannot read source store");
    assertEquals(sources.reader(demo!).facts().transcripts, 9);
  } finally {
    sources.close();
    store.cleanup();
    other.cleanup();
  }
});

Deno.test("SourceSet.select() names the sources a call covers, or refuses an unknown name", () => {
  const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
  try {
    assertEquals(sources.select(undefined).map((s) => s.name), ["demo"]);
    assertEquals(sources.select("demo").map((s) => s.name), ["demo"]);
    assertThrows(() => sources.select("other"), Error, "no source named 'other'; sources: demo");
  } finally {
    sources.close();
  }
});

Deno.test("SourceSet answers busy, not unavailable, for a source its app holds locked", () => {
  const store = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
  const app = new DatabaseSync(store.path);
  app.exec("PRAGMA journal_mode = DELETE; BEGIN EXCLUSIVE");
  const sources = SourceSet.open([{ kind: "path", name: "store", path: store.path }], 20);
  try {
    const [source] = sources.all;
    assertThrows(() => sources.reader(source!), StoreBusyError);
    app.exec("COMMIT");
    assertEquals(sources.reader(source!).facts().transcripts, 2, "read once the lock is gone");
  } finally {
    sources.close();
    app.close();
    store.cleanup();
  }
});
