/**
 * The one place a source becomes a store: the demo, or a file chosen on the command line.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import { chooseSource, openSource } from "../../../lib/sources/source_spec.ts";
import { StoreOpenError } from "../../../lib/store/errors.ts";

const linux = { env: (name: string) => ({ HOME: "/home/ada" })[name], os: "linux", cwd: "/work" };

Deno.test("the command line's choice becomes a spec, with what decided the path", () => {
  assertEquals(chooseSource({ kind: "demo" }, linux), { spec: { kind: "demo" }, origin: null });
  assertEquals(chooseSource({ kind: "path", flag: "data/store.db" }, linux), {
    spec: { kind: "path", path: "/work/data/store.db" },
    origin: "--db",
  });
  assertEquals(chooseSource({ kind: "path", flag: undefined }, linux), {
    spec: { kind: "path", path: "/home/ada/.local/share/transcript-mcp/store.db" },
    origin: "platform default",
  });
});

Deno.test("a spec opens as a read-only store: the demo in memory, a path from its file", () => {
  const demo = openSource({ kind: "demo" });
  try {
    assertEquals(Number(demo.get("SELECT count(*) AS n FROM transcripts")?.["n"]), 9);
  } finally {
    demo.close();
  }
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(3) });
  try {
    const store = openSource({ kind: "path", path: fixture.path }, { busyTimeoutMs: 0 });
    try {
      assertEquals(store.location, fixture.path);
      assertEquals(Number(store.get("SELECT count(*) AS n FROM transcripts")?.["n"]), 3);
    } finally {
      store.close();
    }
    let thrown: unknown;
    try {
      openSource({ kind: "path", path: `${fixture.dir}/missing.db` });
    } catch (error) {
      thrown = error;
    }
    assert(thrown instanceof StoreOpenError, "a missing file is refused with StoreOpenError");
  } finally {
    fixture.cleanup();
  }
});
