/**
 * The command line as a user runs it beside serving: `check` on an app's database, the
 * client config `discover` prints, and `call`'s one-line errors.
 */
import { join } from "node:path";
import { assertEquals, assertMatch } from "../helpers/assert.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { runCli } from "../helpers/server_process.ts";

Deno.test("check on a healthy screenpipe database reports the file ok and exits 0", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-check-" });
  try {
    const path = join(dir, "db.sqlite");
    // screenpipe keeps FTS5 tables of OCR text and UI events the server may not read.
    const app = createScreenpipeDb(path);
    app.addChunk({
      device: "Microphone",
      atMs: Date.UTC(2026, 10, 3, 9),
      segments: [{ text: "hi" }],
    });
    app.index();
    app.close();
    const check = await runCli(["check", "--source", path]);
    assertMatch(check.stdout, /file: +ok\n/);
    assertEquals(check.code, 0, check.stdout);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
