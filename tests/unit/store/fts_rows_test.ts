import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertThrows } from "../../helpers/assert.ts";
import { deferMerges, FtsRowIndexer, suspendInsertTrigger } from "../../../lib/store/fts_rows.ts";
import { SCHEMA_SQL } from "../../../lib/store/schema.ts";
import { FileRowWriter } from "../../../lib/ingest/file_rows.ts";

function schemaDb(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec(SCHEMA_SQL);
  return db;
}

const triggers = (db: DatabaseSync) =>
  db.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name").all()
    .map((row) => String(row["name"]));

const matches = (db: DatabaseSync, query: string) =>
  db.prepare("SELECT rowid FROM transcripts_fts WHERE transcripts_fts MATCH ? ORDER BY rowid")
    .all(query).map((row) => Number(row["rowid"]));

/** FTS5's own check that an external-content index holds exactly its table's rows. */
const integrityCheck = (db: DatabaseSync) =>
  db.exec("INSERT INTO transcripts_fts (transcripts_fts, rank) VALUES ('integrity-check', 1)");

Deno.test("suspendInsertTrigger drops the insert trigger and puts it back as it was", () => {
  const db = schemaDb();
  const before = triggers(db);
  const sql = () =>
    db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'transcripts_fts_insert'").get()?.sql;
  const original = sql();
  db.exec("BEGIN");
  const putBack = suspendInsertTrigger(db);
  assertEquals(triggers(db), before.filter((name) => name !== "transcripts_fts_insert"));
  putBack();
  db.exec("COMMIT");
  assertEquals(triggers(db), before);
  assertEquals(sql(), original);
  // Put back, it indexes rows again.
  db.exec("INSERT INTO transcripts (id, title, text, created_at) VALUES ('a', 'T', 'zebra', 'x')");
  assertEquals(matches(db, "zebra").length, 1);
  db.close();
});

Deno.test("a rollback after suspendInsertTrigger leaves the trigger in place", () => {
  const db = schemaDb();
  const before = triggers(db);
  db.exec("BEGIN");
  suspendInsertTrigger(db);
  db.exec("ROLLBACK");
  assertEquals(triggers(db), before);
  db.close();
});

Deno.test("suspendInsertTrigger on a database without the trigger changes nothing", () => {
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE t (a)");
  suspendInsertTrigger(db)();
  assertEquals(triggers(db), []);
  db.close();
});

Deno.test("rows indexed by FtsRowIndexer are found as the trigger's would be", () => {
  const db = schemaDb();
  suspendInsertTrigger(db);
  const insert = db.prepare(
    "INSERT INTO transcripts (id, title, text, created_at) VALUES (?, ?, ?, '2025')",
  );
  const indexer = new FtsRowIndexer(db);
  const rows: [string, string, string][] = [["a", "Budget", "walrus talk"], [
    "b",
    "Plan",
    "otter talk",
  ]];
  for (const [id, title, text] of rows) {
    indexer.add(insert.run(id, title, text).lastInsertRowid, title, text);
  }
  assertEquals(matches(db, "walrus"), [1]);
  assertEquals(matches(db, "talk"), [1, 2]);
  assertEquals(matches(db, "title:plan"), [2]);
  integrityCheck(db);
  db.close();
});

Deno.test("the integrity check fails on a row left out of FTS", () => {
  const db = schemaDb();
  suspendInsertTrigger(db);
  db.exec("INSERT INTO transcripts (id, title, text, created_at) VALUES ('a', 'T', 'gone', 'x')");
  assertThrows(() => integrityCheck(db), Error, "malformed");
  db.close();
});

Deno.test("FileRowWriter keeps FTS exact through inserts, updates and removals", () => {
  const db = schemaDb();
  const writer = new FileRowWriter(db);
  const row = (id: string, text: string) => ({
    id,
    title: `Title ${id}`,
    text,
    createdAt: "2025-01-01T00:00:00.000Z",
    duration: 1.5,
    language: null,
    engine: null,
  });
  writer.put(row("a", "Ann: the walrus sings"));
  writer.put(row("b", "Ben: the otter swims"));
  const pkOf = (id: string) =>
    Number(db.prepare("SELECT pk FROM transcripts WHERE id = ?").get(id)?.["pk"]);
  const pkA = pkOf("a");
  assertEquals(matches(db, "walrus"), [pkA]);
  writer.put(row("a", "Ann: the heron waits"));
  assertEquals(pkOf("a"), pkA, "an update keeps the row's pk");
  assertEquals(matches(db, "walrus"), []);
  assertEquals(matches(db, "heron"), [pkA]);
  const kept = db.prepare("SELECT source, manual_tags FROM transcripts WHERE id = 'a'").get();
  assertEquals([kept?.["source"], kept?.["manual_tags"]], ["file", "[]"]);
  writer.remove("b");
  assertEquals(matches(db, "otter"), []);
  assertEquals(matches(db, "the"), [pkA]);
  integrityCheck(db);
  // The writer's database indexes rows itself: its insert trigger is gone for good.
  assert(!triggers(db).includes("transcripts_fts_insert"));
  db.close();
});

Deno.test("deferMerges turns FTS5's automerge off for a load and back to its default", () => {
  const db = schemaDb();
  const automerge = () =>
    db.prepare("SELECT v FROM transcripts_fts_config WHERE k = 'automerge'").get()?.["v"];
  assertEquals(automerge(), undefined);
  const resume = deferMerges(db);
  assertEquals(automerge(), 0);
  const insert = db.prepare(
    "INSERT INTO transcripts (id, title, text, created_at) VALUES (?, 'T', ?, '2025')",
  );
  for (let i = 0; i < 40; i++) {
    db.exec("BEGIN");
    insert.run(`t${i}`, `word${i} shared`);
    db.exec("COMMIT");
  }
  resume();
  assertEquals(automerge(), 4);
  assertEquals(matches(db, "shared").length, 40);
  assertEquals(matches(db, "word39"), [40]);
  integrityCheck(db);
  db.close();
});

Deno.test("deferMerges with a hash size holds a load's terms in one segment, then puts 1 MiB back", () => {
  const db = schemaDb();
  const config = (key: string) =>
    db.prepare("SELECT v FROM transcripts_fts_config WHERE k = ?").get(key)?.["v"];
  const segments = () =>
    Number(db.prepare("SELECT count(*) AS n FROM transcripts_fts_data").get()?.["n"]);
  const load = (resume: () => void, from: number) => {
    db.exec("BEGIN");
    const insert = db.prepare(
      "INSERT INTO transcripts (id, title, text, created_at) VALUES (?, 'T', ?, '2025')",
    );
    // About 2 MB of distinct terms: past FTS5's 1 MiB default, so it writes out at least once.
    for (let i = from; i < from + 400; i++) {
      insert.run(`t${i}`, Array.from({ length: 500 }, (_, w) => `w${i}x${w}`).join(" "));
    }
    resume();
    db.exec("COMMIT");
  };
  load(deferMerges(db, 64 * 1024 * 1024), 0);
  const held = segments();
  assertEquals(config("hashsize"), 1_048_576, "FTS5's default is put back");
  assertEquals(config("automerge"), 4);
  load(deferMerges(db), 400);
  assert(segments() - held > held, `a default load writes more: ${held}, then ${segments()}`);
  assertEquals(matches(db, "w399x499"), [400]);
  assertEquals(matches(db, "w799x499"), [800]);
  integrityCheck(db);
  db.close();
});
