import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertThrows } from "../../helpers/assert.ts";
import { buildFixtureStore } from "../../helpers/fixture_store.ts";
import { IndexTargetError, StoreWriter } from "../../../lib/ingest/store_writer.ts";
import type { IndexedTranscript } from "../../../lib/ingest/indexed_item.ts";

function transcript(id: string, overrides: Partial<IndexedTranscript> = {}): IndexedTranscript {
  return {
    id,
    title: `Title ${id}`,
    createdAt: "2026-01-05T09:00:00.000Z",
    source: "meeting",
    duration: 9.5,
    starred: false,
    language: "en",
    engine: null,
    modelId: null,
    manualTags: ["a"],
    template: null,
    text: "Ana: Hello there.\nBen: Hi.",
    segments: [
      { seq: 0, startMs: 0, endMs: 900, speaker: "Ana", text: "Hello there." },
      { seq: 1, startMs: 900, endMs: 1_500, speaker: "Ben", text: "Hi." },
    ],
    ...overrides,
  };
}

function withStore(test: (path: string, read: DatabaseSync) => void): void {
  const dir = Deno.makeTempDirSync();
  const path = join(dir, "out.db");
  try {
    const writer = StoreWriter.open(path);
    writer.close();
    const read = new DatabaseSync(path, { readOnly: true });
    try {
      test(path, read);
    } finally {
      read.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

const count = (db: DatabaseSync, sql: string, ...args: string[]) =>
  Number(db.prepare(sql).get(...args)?.["n"]);

Deno.test("StoreWriter makes a store of our schema in WAL mode, with its side table", () => {
  withStore((_path, read) => {
    assertEquals(read.prepare("PRAGMA user_version").get()?.["user_version"], 1);
    assertEquals(read.prepare("PRAGMA journal_mode").get()?.["journal_mode"], "wal");
    const tables = read.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all()
      .map((row) => row["name"]);
    for (const table of ["transcripts", "segments", "tasks", "index_items"]) {
      assert(tables.includes(table), table);
    }
  });
});

Deno.test("StoreWriter writes timed segments, keeps a transcript's pk on update, removes whole", () => {
  withStore((path, read) => {
    const writer = StoreWriter.open(path);
    writer.begin();
    assertEquals(writer.putTranscript(transcript("x:1"), "x", "h1"), true);
    const untimed = transcript("x:2", {
      segments: [{ seq: 0, startMs: null, endMs: null, speaker: null, text: "Untimed." }],
    });
    assertEquals(writer.putTranscript(untimed, "x", "h2"), false);
    writer.commit();
    const pk = read.prepare("SELECT pk FROM transcripts WHERE id = 'x:1'").get()?.["pk"];
    assertEquals(
      count(read, "SELECT count(*) AS n FROM segments WHERE transcript_id = ?", "x:1"),
      2,
    );
    assertEquals(
      count(read, "SELECT count(*) AS n FROM segments WHERE transcript_id = ?", "x:2"),
      0,
    );

    writer.begin();
    writer.putTranscript(transcript("x:1", { title: "Renamed", segments: [] }), "x", "h3");
    writer.remove("transcript", "x:2");
    writer.commit();
    const row = read.prepare("SELECT pk, title FROM transcripts WHERE id = 'x:1'").get();
    assertEquals([row?.["pk"], row?.["title"]], [pk, "Renamed"]);
    assertEquals(count(read, "SELECT count(*) AS n FROM segments"), 0);
    assertEquals(count(read, "SELECT count(*) AS n FROM transcripts WHERE id = 'x:2'"), 0);
    assertEquals(
      count(
        read,
        "SELECT count(*) AS n FROM transcripts_fts WHERE transcripts_fts MATCH 'renamed'",
      ),
      1,
    );
    assertEquals(writer.known().map(({ id, hash }) => [id, hash]), [["x:1", "h3"]]);
    writer.close();
  });
});

Deno.test("StoreWriter indexes new transcripts exactly, and the store keeps its insert trigger", () => {
  withStore((path) => {
    const hasTrigger = (db: DatabaseSync) =>
      db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'transcripts_fts_insert'").get() !==
        undefined;
    const writer = StoreWriter.open(path);
    writer.begin();
    writer.putTranscript(transcript("x:1", { text: "Ana: walrus" }), "x", "h1");
    writer.putTranscript(transcript("x:2", { text: "Ben: heron" }), "x", "h2");
    writer.commit();
    writer.begin();
    writer.putTranscript(transcript("x:1", { text: "Ana: otter" }), "x", "h3");
    writer.putTranscript(transcript("x:3", { text: "Cy: lynx" }), "x", "h4");
    writer.close(); // rolled back
    // Outside a run the trigger indexes: the row is not indexed twice.
    const another = StoreWriter.open(path);
    another.putTranscript(transcript("x:4", { text: "Di: crane" }), "x", "h5");
    another.close();
    const check = new DatabaseSync(path);
    try {
      assert(hasTrigger(check));
      check.exec(
        "INSERT INTO transcripts_fts (transcripts_fts, rank) VALUES ('integrity-check', 1)",
      );
      const found = (word: string) =>
        check.prepare(
          "SELECT t.id FROM transcripts_fts f JOIN transcripts t ON t.pk = f.rowid " +
            "WHERE transcripts_fts MATCH ?",
        ).all(word).map((row) => row["id"]);
      assertEquals(found("walrus"), ["x:1"]);
      assertEquals(found("heron"), ["x:2"]);
      assertEquals(found("otter"), []);
      assertEquals(found("lynx"), []);
      assertEquals(found("crane"), ["x:4"]);
    } finally {
      check.close();
    }
  });
});

Deno.test("StoreWriter rolls back a transaction left open at close", () => {
  withStore((path, read) => {
    const writer = StoreWriter.open(path);
    writer.begin();
    writer.putTranscript(transcript("x:1"), "x", "h1");
    writer.close();
    assertEquals(count(read, "SELECT count(*) AS n FROM transcripts"), 0);
    assertEquals(count(read, "SELECT count(*) AS n FROM index_items"), 0);
  });
});

Deno.test("StoreWriter refuses a store an app wrote and a database of other tables", () => {
  const fixture = buildFixtureStore();
  const other = join(fixture.dir, "notes.db");
  try {
    const db = new DatabaseSync(other);
    db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY)");
    db.close();
    const before = Deno.readFileSync(fixture.path);
    assertThrows(
      () => StoreWriter.open(fixture.path),
      IndexTargetError,
      "a store written by an app",
    );
    assertThrows(
      () => StoreWriter.open(other),
      IndexTargetError,
      "a database that index did not build",
    );
    assertEquals(Deno.readFileSync(fixture.path), before);
  } finally {
    fixture.cleanup();
  }
});

Deno.test("StoreWriter: a second run on a new store still being built is refused; the first lands whole", () => {
  const dir = Deno.makeTempDirSync();
  const path = join(dir, "out.db");
  try {
    const first = StoreWriter.open(path);
    // Before its run begins, and during it: the building file is the first run's throughout.
    assertThrows(() => StoreWriter.open(path), IndexTargetError, "another run of index");
    first.begin();
    first.putTranscript(transcript("x:1"), "x", "h1");
    assertThrows(() => StoreWriter.open(path), IndexTargetError, "another run of index");
    first.commit();
    first.close();
    assertEquals([...Deno.readDirSync(dir)].map((entry) => entry.name).sort(), ["out.db"]);
    const read = new DatabaseSync(path, { readOnly: true });
    try {
      assertEquals(count(read, "SELECT count(*) AS n FROM transcripts"), 1);
      assertEquals(count(read, "SELECT count(*) AS n FROM segments"), 2);
    } finally {
      read.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("StoreWriter writes an empty --out reached by a symlink where the link points", () => {
  // As a file mounted into a container is written: in place, never replaced by a rename
  // (over a mount point the rename fails, and a symlink would be replaced by a file).
  const dir = Deno.makeTempDirSync();
  const real = join(dir, "real.db");
  const link = join(dir, "link.db");
  try {
    Deno.writeFileSync(real, new Uint8Array());
    Deno.symlinkSync(real, link);
    const writer = StoreWriter.open(link);
    writer.begin();
    writer.putTranscript(transcript("x:1"), "x", "h1");
    writer.commit();
    writer.close();
    assert(Deno.lstatSync(link).isSymlink, "the link is still a link");
    const read = new DatabaseSync(real, { readOnly: true });
    try {
      assertEquals(count(read, "SELECT count(*) AS n FROM transcripts"), 1);
    } finally {
      read.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("StoreWriter: a run on a store another run is writing is refused in one line", () => {
  withStore((path, read) => {
    const first = StoreWriter.open(path);
    const second = StoreWriter.open(path);
    try {
      first.begin();
      first.putTranscript(transcript("x:1"), "x", "h1");
      // After the busy timeout: a clear refusal, not SQLite's bare "database is locked".
      const error = assertThrows(() => second.begin(), IndexTargetError);
      assertEquals(
        error.message,
        `Cannot index into ${path}: another run of index is writing it; wait for it to end`,
      );
      first.commit();
    } finally {
      second.close();
      first.close();
    }
    assertEquals(count(read, "SELECT count(*) AS n FROM transcripts"), 1);
  });
});

Deno.test("StoreWriter.abandon removes its own building file, never one another run put there", () => {
  const dir = Deno.makeTempDirSync({ prefix: "tmcp-abandon-" });
  const out = join(dir, "archive.db");
  try {
    const own = StoreWriter.open(out);
    assert(Deno.statSync(`${out}-building`).isFile);
    own.abandon();
    assertThrows(() => Deno.statSync(`${out}-building`), Deno.errors.NotFound);

    const writer = StoreWriter.open(out);
    // Made while the first is still there, so it cannot get the same inode.
    Deno.writeTextFileSync(join(dir, "other"), "another run's");
    Deno.renameSync(join(dir, "other"), `${out}-building`);
    writer.abandon();
    assertEquals(Deno.readTextFileSync(`${out}-building`), "another run's");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
