import { DatabaseSync } from "node:sqlite";
import { assertEquals, assertMatch } from "../../helpers/assert.ts";
import { writeFailure } from "../../../lib/store/errors.ts";

/** The error SQLite raises when `write` runs on a database capped at a few pages. */
function fullDiskError(write: (db: DatabaseSync) => void): unknown {
  const db = new DatabaseSync(":memory:");
  try {
    db.exec("CREATE TABLE t (x)");
    db.exec("PRAGMA max_page_count = 4");
    write(db);
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error("the capped database took the write");
}

Deno.test("writeFailure says the disk is full, from a statement's errcode or exec's message", () => {
  const big = "x".repeat(100_000);
  const byStatement = fullDiskError((db) => db.prepare("INSERT INTO t VALUES (?)").run(big));
  const byExec = fullDiskError((db) => db.exec(`INSERT INTO t VALUES ('${big}')`));
  for (const error of [byStatement, byExec]) {
    assertEquals(writeFailure(error), "the disk is full (database or disk is full)");
  }
});

Deno.test("writeFailure names an I/O error as a disk that could not be written", () => {
  const ioError = Object.assign(new Error("disk I/O error"), { errcode: 778 });
  assertMatch(writeFailure(ioError), /^the disk could not be written: full, or failing/);
  assertMatch(writeFailure(new Error("disk I/O error")), /^the disk could not be written/);
});

Deno.test("writeFailure passes any other error's message through", () => {
  assertEquals(
    writeFailure(new Error("NOT NULL constraint failed: t.x")),
    "NOT NULL constraint failed: t.x",
  );
  assertEquals(writeFailure("plain"), "plain");
});
