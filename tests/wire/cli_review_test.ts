/**
 * The command line's opening paths met with odd files: one this user may not read, a source
 * its app holds locked while `check` reads it, and a `~` path where no home is set.
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../helpers/fixture_store.ts";
import { holdLock } from "../helpers/app_lock.ts";
import { createScreenpipeDb } from "../helpers/screenpipe_fixture.ts";
import { isolatedHome, runCli } from "../helpers/server_process.ts";

/** Whether `command` runs here (setpriv is not on every system). */
function runs(command: string, args: string[]): boolean {
  try {
    return new Deno.Command(command, { args, stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
}

const DROP_DAC = [
  "setpriv",
  "--inh-caps=-dac_override,-dac_read_search",
  "--bounding-set=-dac_override,-dac_read_search",
];

/**
 * What to run the CLI under so that a file's mode bits apply: nothing for a user they apply
 * to; for root, who reads any file whatever its mode, setpriv without its DAC capabilities;
 * null where neither does (Windows, or root without setpriv).
 */
function modeBoundPrefix(): string[] | null {
  if (Deno.build.os === "windows") return null;
  const probe = Deno.makeTempFileSync();
  try {
    Deno.chmodSync(probe, 0o000);
    try {
      Deno.readFileSync(probe);
    } catch {
      return [];
    }
    return runs(DROP_DAC[0]!, [...DROP_DAC.slice(1), "cat", probe]) ? null : DROP_DAC;
  } finally {
    Deno.removeSync(probe);
  }
}

const PREFIX = modeBoundPrefix();

Deno.test({
  name: "a database this user may not read is refused in one line, exit 2, not an internal error",
  ignore: PREFIX === null,
  fn: async () => {
    const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
    Deno.chmodSync(fixture.path, 0o000);
    try {
      for (const command of ["check", "call list_sources"]) {
        const run = await runCli([...command.split(" "), "--source", fixture.path], {}, PREFIX!);
        assertEquals(
          run.stderr,
          `transcript-mcp: Cannot open store: permission denied reading ${fixture.path}\n`,
          command,
        );
        assertEquals(run.code, 2, command);
        assertEquals(run.stdout, "", command);
      }
    } finally {
      Deno.chmodSync(fixture.path, 0o644);
      fixture.cleanup();
    }
  },
});

Deno.test({
  name: "discover lists a database it may not read with the one-line reason",
  ignore: PREFIX === null,
  fn: async () => {
    const home = Deno.makeTempDirSync({ prefix: "transcript-mcp-home-" });
    const path = join(home, ".screenpipe", "db.sqlite");
    Deno.mkdirSync(join(home, ".screenpipe"));
    const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
    Deno.copyFileSync(fixture.path, path);
    fixture.cleanup();
    Deno.chmodSync(path, 0o000);
    try {
      const run = await runCli(["discover"], isolatedHome(home), PREFIX!);
      assertEquals(run.code, 0, run.stderr);
      assertMatch(
        run.stdout,
        new RegExp(`unreadable ${path} \\(screenpipe\\)\\n +Cannot open store: permission denied`),
      );
    } finally {
      Deno.chmodSync(path, 0o644);
      Deno.removeSync(home, { recursive: true });
    }
  },
});

Deno.test("check calls a source its app holds locked LOCKED, not DAMAGED, and exits 1", async () => {
  const served = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
  const locked = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
  const release = await holdLock(locked.path);
  try {
    const run = await runCli([
      "check",
      "--source",
      `served=${served.path}`,
      "--source",
      `locked=${locked.path}`,
    ]);
    const block = run.stdout.split("\n\n").find((text) => /^source: +locked\b/.test(text));
    assertMatch(block ?? run.stdout, /\nfile: +LOCKED: The store is locked by its app/);
    assertEquals(run.code, 1, run.stdout);
  } finally {
    await release();
    served.cleanup();
    locked.cleanup();
  }
});

Deno.test("a ~ path where no home is set is refused in one line, for a source and for --out", async () => {
  const noHome = isolatedHome("");
  const source = await runCli(["check", "--source", "~/x.db"], noHome);
  assertEquals(
    source.stderr,
    "transcript-mcp: Cannot open store: ~/x.db starts with ~, the home folder, but HOME is not " +
      "set; give the full path\n",
  );
  assertEquals(source.code, 2);
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
  try {
    const index = await runCli(["index", fixture.path, "--out", "~/y.db"], noHome);
    assertEquals(
      index.stderr,
      "transcript-mcp: Cannot index: --out ~/y.db starts with ~, the home folder, but HOME is " +
        "not set; give the full path\n",
    );
    assertEquals(index.code, 2);
  } finally {
    fixture.cleanup();
  }
});

Deno.test({
  name: "discover makes no -shm beside a WAL database that has a -wal but no -shm",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const home = Deno.makeTempDirSync({ prefix: "transcript-mcp-home-" });
    const folder = join(home, ".screenpipe");
    const path = join(folder, "db.sqlite");
    const files = () => [...Deno.readDirSync(folder)].map((entry) => entry.name).sort();
    Deno.mkdirSync(folder);
    try {
      // Its schema, written while it is open, is in the -wal.
      const app = createScreenpipeDb(path);
      // Copies of the file and its -wal, not its -shm: a backup, or an app stopped mid-write.
      const copy = join(home, "copy");
      Deno.mkdirSync(copy);
      Deno.copyFileSync(path, join(copy, "db.sqlite"));
      Deno.copyFileSync(`${path}-wal`, join(copy, "db.sqlite-wal"));
      app.close();
      Deno.removeSync(folder, { recursive: true });
      Deno.renameSync(copy, folder);
      assertEquals(files(), ["db.sqlite", "db.sqlite-wal"]);
      assert(Deno.statSync(`${path}-wal`).size > 0, "the -wal holds the app's write");
      const written = await runCli(["discover"], isolatedHome(home));
      assertEquals(written.code, 0, written.stderr);
      assertEquals(files(), ["db.sqlite", "db.sqlite-wal"], "no -shm made");
      assertMatch(
        written.stdout,
        new RegExp(
          `unreadable ${path} \\(screenpipe\\)\\n +Cannot open store: ${path} is in WAL mode with a -wal file but no -shm`,
        ),
      );
      // An empty -wal holds nothing: the file alone is read, from a copy.
      Deno.removeSync(folder, { recursive: true });
      Deno.mkdirSync(folder);
      createScreenpipeDb(path).close();
      Deno.writeFileSync(`${path}-wal`, new Uint8Array());
      const empty = await runCli(["discover"], isolatedHome(home));
      assertEquals(files(), ["db.sqlite", "db.sqlite-wal"], "no -shm made");
      assertMatch(empty.stdout, /^Found 1 transcript source:/);
    } finally {
      Deno.removeSync(home, { recursive: true });
    }
  },
});

Deno.test("a database with a write its app did not finish (a hot journal) is refused saying so", async () => {
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(20) });
  try {
    // An app killed mid-write: pages spilled to the file, their old content in the journal.
    const crash = await new Deno.Command(Deno.execPath(), {
      args: [
        "eval",
        `import { DatabaseSync } from "node:sqlite";
        const db = new DatabaseSync(${JSON.stringify(fixture.path)});
        db.exec("PRAGMA cache_size = 1; BEGIN; UPDATE transcripts SET title = title || randomblob(2000)");
        Deno.exit(0);`,
      ],
    }).output();
    assertEquals(crash.code, 0);
    assert(Deno.statSync(`${fixture.path}-journal`).size > 0, "a hot journal");
    const run = await runCli(["check", "--source", fixture.path]);
    assertEquals(
      run.stderr,
      `transcript-mcp: Cannot open store: ${fixture.path} holds a write its app did not finish ` +
        `(${fixture.path}-journal), which only a writer can roll back; start its app, or open ` +
        "the file once with sqlite3\n",
    );
    assertEquals(run.code, 2);
    assert(Deno.statSync(`${fixture.path}-journal`).size > 0, "the journal left as it was");
  } finally {
    fixture.cleanup();
  }
});

Deno.test("a line break in a path or an argument stays inside its one line on stderr", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-lines-" });
  try {
    const missing = await runCli(["check", "--source", join(dir, "a\nb.db")]);
    assertEquals(
      missing.stderr,
      `transcript-mcp: Cannot open store: file not found at ${join(dir, "a\\nb.db")}\n`,
    );
    assertEquals(missing.code, 2);
    const extra = await runCli(["tools", "one\r\ntwo"]);
    assertEquals(
      extra.stderr,
      "transcript-mcp: Unexpected argument 'one\\r\\ntwo' (see --help)\n",
    );
    assertEquals(extra.code, 2);
    const tool = await runCli(["--demo", "call", "list\ntasks"]);
    assertMatch(tool.stderr, /^transcript-mcp: unknown tool 'list\\ntasks'; tools: [^\n]+\n$/);
    assertEquals(tool.code, 2);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

/** Runs discover in `home` (under `prefix`, if any) and returns what it printed of KuraDB. */
async function discoverKuraDb(home: string, prefix: string[] = []): Promise<string> {
  const run = await runCli(["discover"], isolatedHome(home), prefix);
  assertEquals(run.code, 0, run.stderr);
  return run.stdout.split("\n").filter((line, i, lines) =>
    line.includes("(kuradb)") || lines[i - 1]?.includes("(kuradb)") && line.startsWith("      ")
  ).join("\n");
}

Deno.test("discover lists KuraDB's folder whose db.json it cannot read as unreadable, not not found", async () => {
  const home = Deno.makeTempDirSync({ prefix: "transcript-mcp-home-" });
  const folder = join(home, ".config", "kuradb");
  Deno.mkdirSync(join(folder, "db.json"), { recursive: true });
  try {
    assertEquals(
      await discoverKuraDb(home),
      `  unreadable ${folder} (kuradb)\n` +
        `             Cannot open KuraDB folder ${folder}: db.json cannot be read (IsADirectory)`,
    );
    Deno.removeSync(join(folder, "db.json"));
    if (PREFIX !== null) {
      Deno.writeTextFileSync(join(folder, "db.json"), "[]");
      Deno.chmodSync(folder, 0o000);
      try {
        assertEquals(
          await discoverKuraDb(home, PREFIX),
          `  unreadable ${folder} (kuradb)\n` +
            `             Cannot open KuraDB folder ${folder}: db.json cannot be read (PermissionDenied)`,
        );
      } finally {
        Deno.chmodSync(folder, 0o755);
      }
    }
  } finally {
    Deno.removeSync(home, { recursive: true });
  }
});

Deno.test({
  name: "a WAL database whose -shm this user may not read names that file, not a read-only folder",
  ignore: PREFIX === null,
  fn: async () => {
    const fixture = buildFixtureStore({
      transcripts: fixtureTranscripts(2),
      afterFill: "PRAGMA journal_mode = WAL",
    });
    const shm = `${fixture.path}-shm`;
    // As its app leaves them while it runs as another user: this user may read neither.
    Deno.writeFileSync(`${fixture.path}-wal`, new Uint8Array());
    Deno.writeFileSync(shm, new Uint8Array(32768));
    Deno.chmodSync(shm, 0o000);
    try {
      const run = await runCli(["check", "--source", fixture.path], {}, PREFIX!);
      assertEquals(
        run.stderr,
        `transcript-mcp: Cannot open store: permission denied reading ${shm}, which SQLite needs ` +
          `beside ${fixture.path} in WAL mode (does its app run as another user?)\n`,
      );
      assertEquals(run.code, 2);
    } finally {
      Deno.chmodSync(shm, 0o644);
      fixture.cleanup();
    }
  },
});

Deno.test("one database named twice, under two names or through a link, is refused in one line", async () => {
  const fixture = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
  const link = join(fixture.dir, "link.db");
  try {
    const paths = [fixture.path];
    if (Deno.build.os !== "windows") {
      Deno.symlinkSync(fixture.path, link);
      paths.push(link);
    }
    for (const second of paths) {
      const run = await runCli([
        "call",
        "list_sources",
        "--source",
        `a=${fixture.path}`,
        "--source",
        `b=${second}`,
      ]);
      assertEquals(
        run.stderr,
        "transcript-mcp: Cannot use sources a and b: they are one file, " +
          `${Deno.realPathSync(fixture.path)}; name it once\n`,
        second,
      );
      assertEquals(run.code, 2);
      assertEquals(run.stdout, "");
    }
  } finally {
    fixture.cleanup();
  }
});
