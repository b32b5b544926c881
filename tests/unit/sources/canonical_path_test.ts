/** canonicalPath: two names of one file compare equal, whether or not the file exists yet. */
import { join } from "node:path";
import { assertEquals } from "../../helpers/assert.ts";
import { canonicalPath } from "../../../lib/sources/canonical_path.ts";

Deno.test("canonicalPath resolves links to a file and through a linked folder to a file not there yet", () => {
  const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "tmcp-canonical-" }));
  try {
    Deno.mkdirSync(join(dir, "real"));
    Deno.writeTextFileSync(join(dir, "real", "store.db"), "");
    Deno.symlinkSync(join(dir, "real"), join(dir, "linked"));
    Deno.symlinkSync(join(dir, "real", "store.db"), join(dir, "alias.db"));
    assertEquals(canonicalPath(join(dir, "alias.db")), join(dir, "real", "store.db"));
    assertEquals(canonicalPath(join(dir, "linked", "store.db")), join(dir, "real", "store.db"));
    assertEquals(
      canonicalPath(join(dir, "linked", "later", "new.db")),
      join(dir, "real", "later", "new.db"),
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
