/** removeDatabaseFiles: a database goes with SQLite's files beside it, and nothing else. */
import { assertEquals, assertThrows } from "../../helpers/assert.ts";
import { removeDatabaseFiles } from "../../../lib/store/database_files.ts";

Deno.test("removeDatabaseFiles removes the file and its journal, WAL and index, those there", () => {
  const dir = Deno.makeTempDirSync({ prefix: "tmcp-dbfiles-" });
  try {
    for (const name of ["a.db", "a.db-wal", "a.db-shm", "a.db-journal", "a.dbx", "b.db"]) {
      Deno.writeTextFileSync(`${dir}/${name}`, "x");
    }
    removeDatabaseFiles(`${dir}/a.db`);
    const left = () => [...Deno.readDirSync(dir)].map((entry) => entry.name).sort();
    assertEquals(left(), ["a.dbx", "b.db"]);
    removeDatabaseFiles(`${dir}/a.db`); // Nothing there: nothing to do.
    Deno.writeTextFileSync(`${dir}/b.db-wal`, "x");
    removeDatabaseFiles(`${dir}/b.db`); // The file and one side file.
    assertEquals(left(), ["a.dbx"]);
    // A failure that is not "not there" is not swallowed: a folder with files in it.
    Deno.mkdirSync(`${dir}/c.db`);
    Deno.writeTextFileSync(`${dir}/c.db/inside`, "x");
    assertThrows(() => removeDatabaseFiles(`${dir}/c.db`), Error);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
