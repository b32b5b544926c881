/**
 * A Meetily database whose `transcripts` or `meetings` is a view (or, alike, a virtual table
 * it did not declare), through the real process. A
 * view is read by SQLite as the tables it selects from, which the connection's authorizer
 * denies (tests/unit/store/authorizer_views_test.ts): served, every call failed as `internal`.
 * It is refused at open instead, with one line saying which table is a view, in list_sources,
 * `check` and the exit-2 line; a view selecting Meetily's API keys from `settings` leaks none.
 */
import { assert, assertEquals, assertMatch } from "../helpers/assert.ts";
import { runCli } from "../helpers/server_process.ts";
import { buildMeetilyFixture, MEETILY_DECOY_SECRETS } from "../helpers/meetily_fixture.ts";
import { buildFixtureStore } from "../helpers/fixture_store.ts";

/** Each view, and the table it stands in for. */
const VIEWS = [
  {
    what: "a benign transcripts view",
    table: "transcripts",
    sql: `ALTER TABLE transcripts RENAME TO transcripts_data;
          CREATE VIEW transcripts AS SELECT * FROM transcripts_data;`,
  },
  {
    what: "a transcripts view reading the API keys of settings",
    table: "transcripts",
    sql: `ALTER TABLE transcripts RENAME TO transcripts_data;
          CREATE VIEW transcripts AS
            SELECT t.id, t.meeting_id,
                   s.openaiApiKey || ' ' || s.anthropicApiKey || ' ' || s.groqApiKey AS transcript,
                   t.timestamp, t.summary, t.action_items, t.key_points, t.audio_start_time,
                   t.audio_end_time, t.duration
              FROM transcripts_data t, settings s;`,
  },
  {
    what: "a transcripts virtual table (FTS5, the rows copied in)",
    table: "transcripts",
    shape: "virtual table",
    sql: `ALTER TABLE transcripts RENAME TO transcripts_old;
          CREATE VIRTUAL TABLE transcripts USING fts5 (id, meeting_id, transcript, timestamp,
            summary, action_items, key_points, audio_start_time, audio_end_time, duration);
          INSERT INTO transcripts SELECT id, meeting_id, transcript, timestamp, summary,
            action_items, key_points, audio_start_time, audio_end_time, duration
            FROM transcripts_old;`,
  },
  {
    what: "a meetings view reading the API keys of settings",
    table: "meetings",
    sql: `ALTER TABLE meetings RENAME TO meetings_data;
          CREATE VIEW meetings AS
            SELECT m.id, s.openaiApiKey AS title, m.created_at, m.updated_at, m.folder_path
              FROM meetings_data m, settings s;`,
  },
] as const;

function assertNoSecret(text: string): void {
  for (const secret of MEETILY_DECOY_SECRETS) assert(!text.includes(secret), `${secret} leaked`);
  assert(!/\n\s+at /.test(text), `no stack trace: ${text}`);
  assert(!text.includes("internal"), `no internal error: ${text}`);
}

for (const view of VIEWS) {
  const { what, table, sql } = view;
  const shape = "shape" in view ? view.shape : "view";
  Deno.test(`meetily: ${what} is refused at open, named, and nothing of it is read`, async () => {
    const meetily = buildMeetilyFixture({ afterFill: sql });
    const store = buildFixtureStore();
    const why =
      `Cannot open source: .*meeting_minutes\\.sqlite is a meetily database whose ${table} ` +
      `is a ${shape}, not a table`;
    try {
      const alone = await runCli(["call", "list_transcripts", "--source", meetily.path]);
      assertEquals(alone.code, 2, alone.stdout + alone.stderr);
      const lines = alone.stderr.trim().split("\n");
      assertEquals(lines.length, 1, alone.stderr);
      assertMatch(lines[0]!, new RegExp(`^transcript-mcp: ${why}`));
      assertNoSecret(alone.stdout + alone.stderr);

      const both = ["--source", `app=${meetily.path}`, "--source", `mine=${store.path}`];
      const listed = await runCli(["call", "list_sources", ...both]);
      assertEquals(listed.code, 0, listed.stderr);
      // deno-lint-ignore no-explicit-any
      const [app, mine] = JSON.parse(listed.stdout).sources as any[];
      assertEquals([app.name, app.available, mine.available], ["app", false, true]);
      assertMatch(app.notes[0], new RegExp(`^Cannot read source app: ${why}`));
      for (const secret of MEETILY_DECOY_SECRETS.slice(0, 3)) {
        const search = await runCli([
          "call",
          "search_transcripts",
          JSON.stringify({ query: secret, mode: "words" }),
          ...both,
        ]);
        assertEquals(search.code, 0, search.stderr);
        assertEquals(JSON.parse(search.stdout).results, []);
        assertNoSecret(search.stdout + search.stderr);
      }
      const check = await runCli(["check", ...both]);
      assertEquals(check.code, 1, check.stdout + check.stderr);
      assertMatch(
        check.stdout,
        new RegExp(`file: +UNREADABLE: Cannot read source app: ${why}`),
      );
      assertNoSecret(listed.stdout + listed.stderr + check.stdout + check.stderr);
    } finally {
      meetily.cleanup();
      store.cleanup();
    }
  });
}
