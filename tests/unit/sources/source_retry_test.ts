/**
 * A database source that failed at start for a reason that may pass (its app held its lock,
 * its file was not there yet) is tried again when next needed, at most once per interval
 * (an injected clock, so no test waits), keeps the name it got at start, and one that
 * failed for good (of no known kind) stays out.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertThrows } from "../../helpers/assert.ts";
import { buildFixtureStore, fixtureTranscripts } from "../../helpers/fixture_store.ts";
import { createScreenpipeDb } from "../../helpers/screenpipe_fixture.ts";
import { planSources } from "../../../lib/sources/served_sources.ts";
import { SourceSet, SourceUnavailableError } from "../../../lib/sources/source_set.ts";
import { RetrySchedule } from "../../../lib/sources/source_retry.ts";
import { StoreBusyError, type StoreOpenError } from "../../../lib/store/errors.ts";
import { brokenDatabase } from "../../helpers/broken_sources.ts";
import { holdLock } from "../../helpers/app_lock.ts";

const INTERVAL = 1_000;

/** A clock the test moves by hand. */
function handClock() {
  const clock = { ms: 0, now: () => clock.ms };
  return clock;
}

function unknownKindDb(path: string): void {
  const db = new DatabaseSync(path);
  db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY)");
  db.close();
}

Deno.test("RetrySchedule lets one try through per interval", () => {
  const clock = handClock();
  const schedule = new RetrySchedule({ now: clock.now, retryAfterMs: INTERVAL });
  const state = { retryAt: -Infinity };
  assert(schedule.due(state), "the first need tries at once");
  assert(!schedule.due(state), "not again at the same moment");
  clock.ms = INTERVAL - 1;
  assert(!schedule.due(state), "nor just before the interval is up");
  clock.ms = INTERVAL;
  assert(schedule.due(state), "once it is up");
  assertMatch(schedule.note, /tried again when a call needs it, at most once every 1000 ms/);
});

Deno.test("a file missing at start is served once it is there, tried at most once per interval", () => {
  const kept = buildFixtureStore({ transcripts: fixtureTranscripts(3) });
  const later = buildFixtureStore({ transcripts: fixtureTranscripts(5) });
  const late = join(kept.dir, "late.db");
  const specs = planSources([
    { name: "kept", path: kept.path },
    { name: null, path: late },
  ]).map((planned) => planned.spec);
  assertEquals(specs.map((spec) => [spec.name, spec.retry]), [["kept", undefined], ["late", true]]);
  const clock = handClock();
  const sources = SourceSet.open(specs, 20, { now: clock.now, retryAfterMs: INTERVAL });
  try {
    const [mine, missing] = sources.all;
    assertThrows(() => sources.reader(missing!), SourceUnavailableError, "file not found");
    assertMatch(missing!.notes!.join("\n"), /tried again when a call needs it/);
    Deno.renameSync(later.path, late);
    // There now, but its interval is not up: no open attempt is made.
    assertThrows(() => sources.reader(missing!), SourceUnavailableError, "file not found");
    sources.refresh(missing!);
    assertEquals(missing!.kind, null);
    assertEquals(sources.reader(mine!).facts().transcripts, 3, "the other is unaffected");
    clock.ms += INTERVAL;
    assertEquals(sources.reader(missing!).facts().transcripts, 5);
    assertEquals([missing!.name, missing!.kind, missing!.failure], [
      "late",
      "transcript-mcp",
      null,
    ]);
    assertEquals(missing!.notes, [], "a store of ours is named from its file anyway");
    // Served like any other from then on: deleted, it answers its own error at once.
    Deno.removeSync(late);
    assertThrows(() => sources.reader(missing!), SourceUnavailableError, "its file is gone");
    assertEquals(sources.reader(mine!).facts().transcripts, 3);
  } finally {
    sources.close();
    kept.cleanup();
    later.cleanup();
  }
});

Deno.test("a screenpipe database locked at start comes back under its file's name, saying so", () => {
  const kept = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
  const path = join(kept.dir, "db.sqlite");
  const app = createScreenpipeDb(path);
  app.addChunk({ device: "Mic", atMs: Date.UTC(2026, 0, 5, 9), segments: [{ text: "hello" }] });
  app.close();
  const lock = new DatabaseSync(path);
  lock.exec("PRAGMA journal_mode = DELETE; BEGIN EXCLUSIVE");
  const clock = handClock();
  let sources: SourceSet | undefined;
  try {
    const specs = planSources([{ name: null, path: kept.path }, { name: null, path }], 20)
      .map((planned) => planned.spec);
    assertEquals(specs.map((spec) => spec.name), ["store", "db"], "its kind was unknown");
    sources = SourceSet.open(specs, 20, { now: clock.now, retryAfterMs: INTERVAL });
    const locked = sources.all[1]!;
    assertThrows(() => sources!.reader(locked), StoreBusyError);
    lock.exec("COMMIT");
    // Released, but not yet due: still answered as locked, without an open attempt.
    assertThrows(() => sources!.reader(locked), StoreBusyError);
    clock.ms += INTERVAL;
    assertEquals(sources.reader(locked).facts().transcripts, 1);
    assertEquals([locked.name, locked.kind], ["db", "screenpipe"]);
    assertMatch(
      locked.notes!.join("\n"),
      /named 'db' from its file: its kind could not be read at start.*named 'screenpipe'/,
    );
  } finally {
    sources?.close();
    lock.close();
    kept.cleanup();
  }
});

Deno.test("a source that failed for good is not tried again", () => {
  const kept = buildFixtureStore({ transcripts: fixtureTranscripts(2) });
  const good = buildFixtureStore({ transcripts: fixtureTranscripts(4) });
  const bad = join(kept.dir, "notes.db");
  const becomesBad = join(kept.dir, "soon.db");
  const becomesFolder = join(kept.dir, "folder");
  unknownKindDb(bad);
  const specs = planSources([
    { name: null, path: kept.path },
    { name: null, path: bad },
    { name: null, path: becomesBad },
    { name: null, path: becomesFolder },
  ]).map((planned) => planned.spec);
  assertEquals(specs.map((spec) => spec.retry), [undefined, undefined, true, true]);
  const clock = handClock();
  const sources = SourceSet.open(specs, 20, { now: clock.now, retryAfterMs: INTERVAL });
  try {
    const [, unknown, soon, folder] = sources.all;
    assertEquals(unknown!.notes, [], "no retry is promised");
    // The bad file is replaced by a good store: still out, since it is never tried again.
    Deno.renameSync(good.path, bad);
    clock.ms += INTERVAL;
    assertThrows(() => sources.reader(unknown!), SourceUnavailableError, "not a database of a");
    // Missing at start, then of no known kind: out for good once tried.
    unknownKindDb(becomesBad);
    Deno.mkdirSync(becomesFolder);
    assertThrows(() => sources.reader(soon!), SourceUnavailableError, "not a database of a");
    assertThrows(
      () => sources.reader(folder!),
      SourceUnavailableError,
      "was not there at start and is a folder now; restart the server to serve it",
    );
    assertEquals([soon!.notes, folder!.notes], [[], []], "the retry note is gone");
    // Gone again: were it tried, it would say "file not found".
    Deno.removeSync(becomesBad);
    clock.ms += INTERVAL;
    assertThrows(() => sources.reader(soon!), SourceUnavailableError, "not a database of a");
    assertEquals(sources.reader(sources.all[0]!).facts().transcripts, 2);
  } finally {
    sources.close();
    kept.cleanup();
    good.cleanup();
  }
});

Deno.test("StoreOpenError says which reasons may pass", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const empty = join(dir, "empty.db");
    Deno.writeFileSync(empty, new Uint8Array());
    const text = join(dir, "text.db");
    Deno.writeTextFileSync(text, "not sqlite at all, just text");
    const failed = (path: string) => {
      try {
        planSources([{ name: null, path }]);
      } catch (error) {
        return error as StoreOpenError;
      }
      throw new Error(`${path} opened`);
    };
    assertEquals(failed(join(dir, "none.db")).transient, true, "missing");
    assertEquals(failed(empty).transient, true, "empty: an app making it writes it next");
    assertEquals(failed(text).transient, false, "not SQLite");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a source its app holds locked when a thread opens it keeps the kind found at start", async () => {
  const db = brokenDatabase("buzz", () => {});
  const release = await holdLock(db.path);
  try {
    const sources = SourceSet.open(
      [{ kind: "path", name: "b", path: db.path, detected: "buzz" }],
      0,
    );
    try {
      const [locked] = sources.all;
      assertThrows(() => sources.reader(locked!), StoreBusyError);
      assertEquals(locked!.kind, "buzz");
    } finally {
      sources.close();
    }
  } finally {
    await release();
    db.cleanup();
  }
});
