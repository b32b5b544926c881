/**
 * A KuraDB folder given as one source: every database its db.json lists served as its own
 * source, named from its database name (a non-ASCII one gets a stable ASCII name and keeps
 * its own as title), a listed database whose file is missing failing alone, a malformed
 * db.json failing with a clear reason while other sources serve, and one data.db given alone.
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertThrows } from "../../helpers/assert.ts";
import {
  buildKuraDbFolder,
  researchFiles,
  upsertKuraDbFiles,
} from "../../helpers/kuradb_fixture.ts";
import { buildFixtureStore } from "../../helpers/fixture_store.ts";
import { planSources } from "../../../lib/sources/served_sources.ts";
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { StoreOpenError } from "../../../lib/store/errors.ts";
import { nameFromLabel, SOURCE_NAME_PATTERN } from "../../../lib/config/source_name.ts";
import { isKuraDbFolder } from "../../../lib/sources/adapters/kuradb_folder.ts";

Deno.test("nameFromLabel() keeps a valid name and gives any other a stable, distinct ASCII one", () => {
  assertEquals(nameFromLabel("my_docs"), "my_docs");
  const names = ["研究_notes", "論文_notes", "My Docs", "研究", "Ørsted-wind", "x".repeat(40)]
    .map(nameFromLabel);
  assert(names.every((name) => SOURCE_NAME_PATTERN.test(name)), names.join(" "));
  assertEquals(new Set(names).size, names.length);
  assertMatch(names[0]!, /^notes-[0-9a-f]{8}$/);
  assertEquals(nameFromLabel("研究_notes"), names[0]);
});

Deno.test("a KuraDB folder serves each database of db.json, a missing one failing alone", () => {
  const fixture = buildKuraDbFolder([
    { name: "research", files: [] },
    { name: "研究_notes", files: [] },
    { name: "gone", files: null },
  ]);
  try {
    for (const name of ["research", "研究_notes"]) {
      upsertResearch(fixture.folder, name, fixture.databasePath(name));
    }
    assert(isKuraDbFolder(fixture.folder));
    assert(!isKuraDbFolder(fixture.databasePath("research")));
    const planned = planSources([{ name: null, path: fixture.folder }]);
    assertEquals(planned.map((source) => [source.spec.name, source.kind]), [
      ["research", "kuradb"],
      [nameFromLabel("研究_notes"), "kuradb"],
      ["gone", null],
    ]);
    assertEquals(planned.map((source) => source.spec.listing?.title), [
      "research",
      "研究_notes",
      "gone",
    ]);
    assertEquals(planned[0]!.spec.listing?.registeredAt, "2026-01-15T08:00:00Z");
    assertEquals(planned[0]!.spec.path, join(fixture.folder, "research", "data.db"));
    assertMatch(planned[2]!.spec.failure!, /gone[\\/]data\.db/);
    const sources = SourceSet.open(planned.map((source) => source.spec));
    try {
      const [research, notes] = sources.all;
      assertEquals(notes!.listing?.title, "研究_notes");
      assertEquals(sources.reader(research!).facts().transcripts, 3);
      assertEquals(sources.reader(notes!).listTranscripts(null, 5, {}).length, 3);
    } finally {
      sources.close();
    }
    const prefixed = planSources([{ name: "kb", path: fixture.folder }]);
    assertEquals(prefixed[0]!.spec.name, nameFromLabel("kb-research"));
  } finally {
    fixture.cleanup();
  }
});

function upsertResearch(folder: string, name: string, path: string): void {
  const { files, changed } = researchFiles(folder, name);
  Deno.mkdirSync(join(folder, name), { recursive: true });
  upsertKuraDbFiles(path, [...files, changed]);
}

Deno.test("a malformed db.json is a clear error; the other sources still serve", () => {
  const store = buildFixtureStore();
  for (
    const [dbJson, reason, name] of [
      ["{not json", /db\.json is not JSON/, "kuradb"],
      ['{"db": "x"}', /db\.json is not a list/, "kuradb"],
      // An entry alone is named by its place, as beside good ones.
      ['[{"db": "../escape"}]', /entry 1: "db" is not a database name/, "kuradb-entry-1"],
      ["[]", /db\.json lists no databases/, "kuradb"],
    ] as const
  ) {
    const fixture = buildKuraDbFolder([], { dbJson });
    try {
      const error = assertThrows(
        () => planSources([{ name: null, path: fixture.folder }]),
        StoreOpenError,
      );
      assertMatch(error.message, /^Cannot open KuraDB folder /);
      assertMatch(error.message, reason);
      const planned = planSources([
        { name: null, path: fixture.folder },
        { name: "mine", path: store.path },
      ]);
      assertEquals(planned.map((source) => [source.spec.name, source.kind]), [
        [name, null],
        ["mine", "transcript-mcp"],
      ]);
    } finally {
      fixture.cleanup();
    }
  }
  store.cleanup();
});

Deno.test("a database db.json lists twice is served once; the other sources still serve", () => {
  const store = buildFixtureStore();
  const dbJson = JSON.stringify([
    { db: "notes", createAt: "2026-01-15T08:00:00Z" },
    { db: "notes", createAt: "2026-02-15T08:00:00Z" },
  ]);
  const fixture = buildKuraDbFolder([{ name: "notes", files: [] }], { dbJson });
  try {
    const planned = planSources([
      { name: null, path: fixture.folder },
      { name: "mine", path: store.path },
    ]);
    assertEquals(planned.map((source) => source.spec.name), ["notes", "mine"]);
  } finally {
    fixture.cleanup();
    store.cleanup();
  }
});

Deno.test("one data.db given alone is named and titled from its folder", () => {
  const fixture = buildKuraDbFolder([{ name: "研究_notes", files: [] }]);
  try {
    const path = fixture.databasePath("研究_notes");
    upsertResearch(fixture.folder, "研究_notes", path);
    const [planned] = planSources([{ name: null, path }]);
    assertEquals(planned!.spec.name, nameFromLabel("研究_notes"));
    assertEquals(planned!.spec.listing, {
      title: "研究_notes",
      kind: "kuradb",
      registeredAt: "2026-01-15T08:00:00Z",
    });
    assertEquals(planSources([{ name: "mine", path }])[0]!.spec.name, "mine");
  } finally {
    fixture.cleanup();
  }
});

Deno.test("bad entries of db.json fail alone, each named with why; the good databases serve", () => {
  const fixture = buildKuraDbFolder(
    [{ name: "research", files: [] }, { name: "mine", files: [] }],
    {
      dbJson: JSON.stringify([
        { db: "research", createAt: "2026-01-15T08:00:00Z" },
        { db: "gone" },
        { db: "../escape" },
        null,
        { db: 42 },
        { db: "notkura" },
        { db: "mine" },
        { db: "text" },
      ]),
    },
  );
  const store = buildFixtureStore();
  try {
    upsertResearch(fixture.folder, "research", fixture.databasePath("research"));
    // A store of ours and a file that is no database, where KuraDB keeps a data.db.
    Deno.mkdirSync(join(fixture.folder, "notkura"));
    Deno.copyFileSync(store.path, fixture.databasePath("notkura"));
    Deno.mkdirSync(join(fixture.folder, "text"));
    Deno.writeTextFileSync(fixture.databasePath("text"), "not a database");
    const planned = planSources([{ name: null, path: fixture.folder }]);
    const registry = join(fixture.folder, "db.json");
    assertEquals(planned.map((source) => [source.spec.name, source.kind]), [
      ["research", "kuradb"],
      ["gone", null],
      ["kuradb-entry-3", null],
      ["kuradb-entry-4", null],
      ["kuradb-entry-5", null],
      ["notkura", null],
      ["mine", "kuradb"],
      ["text", null],
    ]);
    const failure = (name: string) => planned.find((source) => source.spec.name === name)!.spec;
    assertMatch(failure("gone").failure!, /file not found at .*gone[\\/]data\.db/);
    for (
      const [name, entry] of [["kuradb-entry-3", 3], ["kuradb-entry-4", 4], ["kuradb-entry-5", 5]]
    ) {
      assertEquals(failure(`${name}`).path, registry);
      assertMatch(
        failure(`${name}`).failure!,
        new RegExp(`db\\.json entry ${entry}: "db" is not a database name`),
      );
    }
    assertEquals(failure("kuradb-entry-3").listing?.title, "../escape");
    assertMatch(
      failure("notkura").failure!,
      /notkura[\\/]data\.db is not a kuradb database \(tables: /,
    );
    assertMatch(failure("text").failure!, /is not an SQLite database/);
    let now = 0;
    const sources = SourceSet.open(planned.map((source) => source.spec), undefined, {
      now: () => now,
      retryAfterMs: 1,
    });
    try {
      const served = sources.all.filter((source) => source.failure === null);
      assertEquals(served.map((source) => source.name), ["research", "mine"]);
      // The missing one is tried again when a call needs it: a store of ours put there is
      // refused, not served as one.
      Deno.mkdirSync(join(fixture.folder, "gone"));
      Deno.copyFileSync(store.path, fixture.databasePath("gone"));
      now = 10;
      const gone = sources.all.find((source) => source.name === "gone")!;
      assertThrows(() => sources.reader(gone), Error, "is not a kuradb database");
    } finally {
      sources.close();
    }
  } finally {
    fixture.cleanup();
    store.cleanup();
  }
});

Deno.test("a bad entry's name never takes a database's: a database named kuradb-entry-2 keeps it", () => {
  const fixture = buildKuraDbFolder([{ name: "kuradb-entry-2", files: [] }], {
    dbJson: JSON.stringify([{ db: "kuradb-entry-2" }, { db: "" }]),
  });
  try {
    const planned = planSources([{ name: null, path: fixture.folder }]);
    assertEquals(planned[0]!.spec.name, "kuradb-entry-2");
    assertEquals(planned[0]!.kind, "kuradb");
    assert(planned[1]!.spec.name !== "kuradb-entry-2");
    assertMatch(planned[1]!.spec.failure!, /entry 2: "db" is not a database name/);
  } finally {
    fixture.cleanup();
  }
});
