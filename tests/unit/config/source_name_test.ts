/** The one rule for source names: the pattern, and the name a path gets when given none. */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { nameFromPath, SOURCE_NAME_PATTERN } from "../../../lib/config/source_name.ts";

Deno.test("nameFromPath() makes a valid source name from any file name", () => {
  assertEquals(nameFromPath("/x/store.db"), "store");
  assertEquals(nameFromPath("Team Calls.db"), "team-calls");
  assertEquals(nameFromPath("C:\\Users\\Ada\\Team Notes.sqlite"), "team-notes");
  assertEquals(nameFromPath("/x/研究.db"), "store");
  assertEquals(nameFromPath("/x/...db"), "store");
  assertEquals(nameFromPath("/x/" + "a".repeat(40) + ".db"), "a".repeat(32));
  assertEquals(nameFromPath("/x/_hidden.db"), "hidden");
  assertEquals(nameFromPath("/x/notes - .db"), "notes");
  for (const path of ["/x/Ünïcode Ñame.db", "/x/-.db", "/x/a_b-c.sqlite", "/x/.db"]) {
    assert(SOURCE_NAME_PATTERN.test(nameFromPath(path)), path);
  }
});

Deno.test("SOURCE_NAME_PATTERN takes 1 to 32 of a-z, 0-9, _ and -, not starting with _ or -", () => {
  for (const good of ["a", "store", "team-notes", "x_1", "9", "a".repeat(32)]) {
    assert(SOURCE_NAME_PATTERN.test(good), good);
  }
  for (const bad of ["", "-a", "_a", "A", "a b", "a.b", "a".repeat(33), "é"]) {
    assert(!SOURCE_NAME_PATTERN.test(bad), bad);
  }
});
