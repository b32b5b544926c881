/**
 * The rousseau kind over stores built from rousseau's own schema: detection, order by
 * updated_at, rendering of payloads (text blocks only, zero times null), search ranked by
 * the app's index but decided by what is shown, cron jobs as tasks, the never-read tables.
 */
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertThrows } from "../../helpers/assert.ts";
import {
  buildRousseauFixture,
  exchange,
  fixtureSessions,
  PLANTED,
  ROUSSEAU_DECOY_SECRETS,
  type RousseauFixtureOptions,
  saveSession,
  sessionId,
} from "../../helpers/rousseau_fixture.ts";
import { detectKind, openDatabaseSource } from "../../../lib/sources/open_source.ts";
import { readTableColumns } from "../../../lib/sources/source_kind.ts";
import { InvalidCursorError } from "../../../lib/sources/source_reader.ts";
import type { RousseauReader } from "../../../lib/sources/adapters/rousseau.ts";
import { renderPayload } from "../../../lib/sources/adapters/rousseau_payload.ts";
import { gluedSyntax } from "../../../lib/sources/adapters/rousseau_search.ts";
import { SCHEMA_SQL } from "../../../lib/store/schema.ts";
import { brokenDatabase } from "../../helpers/broken_sources.ts";
import type { Store } from "../../../lib/store/store.ts";

function withRousseau(
  options: RousseauFixtureOptions,
  run: (reader: RousseauReader, store: Store) => void,
): void {
  const fixture = buildRousseauFixture(options);
  const { kind, reader, store } = openDatabaseSource(fixture.path, { name: "ru" });
  try {
    assertEquals(kind.kind, "rousseau");
    run(reader as RousseauReader, store);
  } finally {
    store.close();
    fixture.cleanup();
  }
}

const id = (n: number) => `ru:${sessionId(n)}`;

Deno.test("rousseau: detected from sessions and sessions_fts; without the index it is no kind", () => {
  const fixture = buildRousseauFixture();
  const db = new DatabaseSync(fixture.path, { readOnly: true });
  assertEquals(detectKind(readTableColumns(db))?.kind, "rousseau");
  db.close();
  fixture.cleanup();
  const bare = buildRousseauFixture({ noIndex: true });
  const other = new DatabaseSync(bare.path, { readOnly: true });
  assertEquals(detectKind(readTableColumns(other)), undefined);
  other.close();
  bare.cleanup();
  const ours = new DatabaseSync(":memory:");
  ours.exec(SCHEMA_SQL);
  assertEquals(detectKind(readTableColumns(ours))?.kind, "transcript-mcp");
  ours.close();
});

Deno.test("rousseau: listed newest first by updated_at, paged by position, filtered by creation", () => {
  withRousseau({}, (reader) => {
    const all = reader.listTranscripts(null, 10, {});
    // Session 2 was created in 2025 but updated last: it comes first.
    assertEquals(all.map((t) => t.id), [id(2), id(3), id(1), id(4), id(5)]);
    assertEquals(all[0]!.createdAt, "2025-01-10T10:00:00.000Z");
    const first = reader.listTranscripts(null, 2, {});
    const rest = reader.listTranscripts(first.at(-1)!.position, 10, {});
    assertEquals([...first, ...rest].map((t) => t.id), all.map((t) => t.id));
    assertThrows(() => reader.listTranscripts(["x", "y"], 2, {}), InvalidCursorError);
    const since = reader.listTranscripts(null, 10, { since: "2026-07-01T00:00:00Z" });
    assertEquals(since.map((t) => t.id), [id(3), id(1)]);
    assertEquals(reader.listTranscripts(null, 10, { label: "meeting" }), []);
    assert(all[0]!.preview.startsWith("user: Plan a trip"), all[0]!.preview);
  });
});

Deno.test("rousseau: text blocks become turns; tool blocks and images leave a marker only", () => {
  withRousseau({}, (reader) => {
    const doc = reader.getTranscript(id(1))!;
    assertEquals(
      doc.text,
      [
        "user: My pod is stuck in CrashLoopBackOff.",
        "assistant: Let me look at the logs.",
        "[not shown: 1 tool call, 1 tool result]",
        "assistant: Check the liveness probe timeout.",
      ].join("\n"),
    );
    for (const word of [PLANTED.toolInput, PLANTED.toolOutput, "kubectl", "tool_use"]) {
      assert(!doc.text.includes(word), word);
    }
    const image = reader.getTranscript(id(3))!;
    assert(image.text.startsWith("[not shown: 1 image]\nuser: What does this chart show?"));
    assert(!image.text.includes(PLANTED.imageData));
    assert(image.text.includes(`<b>${PLANTED.afterTag}</b> sightings & trends`));
    assertEquals(reader.getTranscript("ru:nope"), undefined);
    assertEquals(reader.getTranscript(`other:${sessionId(1)}`), undefined);
  });
});

Deno.test("rousseau: segments per text block, speaker the role; Go's zero time is null", () => {
  withRousseau({}, (reader) => {
    const segments = reader.readSegments(id(1), { fromSeq: 0, limit: 10 })!;
    assertEquals(segments.map((s) => [s.seq, s.speaker]), [
      [0, "user"],
      [1, "assistant"],
      [2, "assistant"],
    ]);
    // The user's message has a real time (5 s after the start); the assistant's is zero.
    assertEquals(segments.map((s) => s.startMs), [5_000, null, null]);
    assert(segments.every((s) => s.endMs === null));
    assertEquals(reader.readSegments(id(1), { fromSeq: 1, limit: 1 })!.map((s) => s.text), [
      "Let me look at the logs.",
    ]);
    assertEquals(reader.readSegments(id(1), { fromSeq: 9, limit: 5 }), []);
    // Past the user's message (a time, no end): it is left out; untimed replies are kept.
    assertEquals(
      reader.readSegments(id(1), { fromSeq: 0, limit: 10, fromMs: 6_000 })!.map((s) => s.seq),
      [1, 2],
    );
    assertEquals(reader.readSegments("ru:gone", { fromSeq: 0, limit: 5 }), undefined);
    const undated = reader.getTranscript(id(4))!;
    // created_at is Go's zero time: the update time stands in, never year 1.
    assertEquals(undated.createdAt, "2026-06-15T07:00:00.000Z");
    assertEquals(
      reader.readSegments(id(4), { fromSeq: 0, limit: 5 })!.map((s) => s.startMs),
      [null, null],
    );
    const facts = reader.facts();
    assert(!JSON.stringify(facts).includes("0001-"));
    assert(facts.notes.some((note) => note.includes("updated_at")));
    assertEquals([facts.transcripts, facts.tasks, facts.search], [5, 2, "fts"]);
  });
});

Deno.test("rousseau: listings, documents and search hits name the session's roles as speakers", () => {
  withRousseau({}, (reader) => {
    const expected = reader.readSegments(id(1), { fromSeq: 0, limit: 100 })!
      .flatMap((s) => s.speaker === null ? [] : [s.speaker])
      .filter((speaker, i, all) => all.indexOf(speaker) === i);
    assertEquals(expected, ["user", "assistant"]);
    assertEquals(reader.getTranscript(id(1))!.speakers, expected);
    const listed = reader.listTranscripts(null, 10, {}).find((item) => item.id === id(1))!;
    assertEquals(listed.speakers, expected);
    const ranking = reader.search("logs", 5);
    const hit = reader.renderHits(ranking.hits.map((h) => h.key), ranking.match)
      .find((item) => item.id === id(1))!;
    assertEquals(hit.speakers, expected);
  });
});

Deno.test("rousseau: payloads that are no session render as nothing, not as an error", () => {
  assertEquals(renderPayload("{not json", null).unreadable, true);
  assertEquals(renderPayload('{"messages": 3}', null).unreadable, true);
  assertEquals(renderPayload('{"messages": null}', null).text, "");
});

function found(reader: RousseauReader, query: string): string[] {
  return reader.search(query, 10).hits.map((hit) => hit.key);
}

Deno.test("rousseau: search finds shown words, including after a line break, a tag, and deep", () => {
  withRousseau({}, (reader) => {
    assertEquals(found(reader, PLANTED.afterNewline), [sessionId(2)]);
    assertEquals(found(reader, PLANTED.afterTag), [sessionId(3)]);
    assertEquals(found(reader, PLANTED.deep), [sessionId(5)]);
    assertEquals(found(reader, "liveness probe"), [sessionId(1)]);
    assertEquals(found(reader, "CrashLoopBackOff"), [sessionId(1)]);
    // FTS5 syntax runs as written, with the same check.
    assertEquals(found(reader, '"liveness probe" OR platypus').sort(), [
      sessionId(1),
      sessionId(2),
    ]);
    assertEquals(reader.search("liveness AND probe", 5).mode, "fts5");
    const hit = reader.renderHits([sessionId(5)], PLANTED.deep)[0]!;
    assert(hit.window.includes(PLANTED.deep), hit.window);
    assertEquals(hit.id, id(5));
  });
});

Deno.test("rousseau: no session is found by its JSON keys, tool blocks or image data", () => {
  withRousseau({}, (reader) => {
    for (
      const query of [
        PLANTED.toolInput,
        PLANTED.toolOutput,
        PLANTED.imageData,
        "kubectl",
        "tool_use",
        "tool_result",
        "media_type",
        "kind",
        "content",
        "created_at",
        "u003cb",
        "nplatypus",
        "whatsapp",
        "iVBORw0KGgo",
        "toolu_01",
      ]
    ) {
      assertEquals(found(reader, query), [], query);
    }
    // The index itself does hold them: the check is what drops them.
    assertEquals(found(reader, "role"), []);
  });
});

Deno.test("rousseau: cron jobs are scheduled tasks with their schedule and state", () => {
  withRousseau({}, (reader) => {
    const tasks = reader.listTasks(null, 10, {});
    assertEquals(tasks.map((t) => [t.text, t.bucket, t.schedule, t.enabled, t.done]), [
      ["Summarise the week's sessions.", "scheduled", "0 17 * * 5", false, false],
      ["Brief me on today's calendar.", "scheduled", "0 8 * * *", true, false],
    ]);
    assertEquals(reader.listTasks(tasks[0]!.position, 10, {}).map((t) => t.id), [tasks[1]!.id]);
    assertEquals(reader.listTasks(null, 10, { bucket: "inbox" }), []);
    assertEquals(reader.listTasks(null, 10, { done: true }), []);
    assertEquals(reader.jobs().map((job) => job.name), ["weekly-review", "morning"]);
  });
  withRousseau({ cronJobs: null }, (reader) => {
    assertEquals(reader.listTasks(null, 10, {}), []);
    assert(reader.facts().notes.some((note) => note.includes("cron_jobs")));
  });
});

Deno.test("rousseau: the never-read tables and deliver_to cannot be read through the connection", () => {
  withRousseau({}, (reader, store) => {
    for (
      const sql of [
        "SELECT ciphertext FROM oauth_tokens",
        "SELECT jid FROM jid_sessions",
        "SELECT session_id FROM claude_sessions",
        "SELECT text FROM recall_vectors",
        "SELECT deliver_to FROM cron_jobs",
        "SELECT * FROM cron_jobs",
      ]
    ) {
      assertThrows(() => store.all(sql), Error);
    }
    const everything = JSON.stringify([
      reader.listTranscripts(null, 50, {}),
      reader.listTasks(null, 50, {}),
      reader.facts(),
      fixtureSessions().map((s) => reader.getTranscript(`ru:${s.id}`)),
    ]);
    for (const secret of ROUSSEAU_DECOY_SECRETS) {
      assert(!everything.includes(secret), secret);
      assertEquals(found(reader, secret), [], secret);
    }
  });
});

Deno.test("rousseau: a session saved again moves to the top and is found by its new words", () => {
  const fixture = buildRousseauFixture();
  const { reader, store } = openDatabaseSource(fixture.path, { name: "ru" });
  try {
    const writer = new DatabaseSync(fixture.path);
    const old = fixtureSessions()[3]!;
    saveSession(writer, {
      ...old,
      updatedAt: "2026-08-01T00:00:00Z",
      messages: [
        ...old.messages,
        ...exchange("Now the narwhal budget.", "Ok.", "2026-08-01T00:00:00Z"),
      ],
    });
    writer.close();
    assertEquals(reader.listTranscripts(null, 1, {})[0]!.id, `ru:${old.id}`);
    assertEquals(reader.search("narwhal", 5).hits.map((h) => h.key), [old.id]);
  } finally {
    store.close();
    fixture.cleanup();
  }
});

Deno.test("rousseau: FTS5 phrases are widened to their glued forms; NEAR, columns and joins kept", () => {
  const widened = (phrase: string, star = "") =>
    `(${
      ["", "n", "r", "t", "u003c", "u003e", "u0026"].map((g) => `"${g}${phrase}"${star}`)
        .join(" OR ")
    })`;
  assertEquals(gluedSyntax("title: plan*"), `title: ${widened("plan", "*")}`);
  assertEquals(gluedSyntax('"a b" NOT c'), `${widened("a b")} NOT ${widened("c")}`);
  assertEquals(gluedSyntax("NEAR(a b, 3) OR x"), `NEAR(a b, 3) OR ${widened("x")}`);
  assertEquals(gluedSyntax("a + b ^c"), "a + b ^c");
});

Deno.test("rousseau: an upgrade that drops message_count or last_run_at turns off only what reads it", () => {
  const cases = [
    ["ALTER TABLE sessions DROP COLUMN message_count", "sessions.message_count is missing"],
    ["ALTER TABLE cron_jobs DROP COLUMN last_run_at", "cron_jobs.last_run_at is missing"],
  ] as const;
  for (const [drop, note] of cases) {
    const db = brokenDatabase(
      "rousseau",
      (db) =>
        db.exec(`INSERT INTO sessions (id, title, payload, message_count, created_at, updated_at)
          VALUES ('s', 'S', '{"messages":[]}', 0, '2026-07-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z');
        INSERT INTO cron_jobs (id, name, cron_expr, prompt, deliver_to, enabled, created_at)
          VALUES ('j', 'j', '* * * * *', 'Brief me', 'x', 1, '2026-07-01T00:00:00.000Z');
        ${drop}`),
    );
    const { kind, reader, store } = openDatabaseSource(db.path, { name: "r" });
    try {
      assertEquals(kind.kind, "rousseau", drop);
      assertEquals(reader.listTranscripts(null, 10, {}).map((item) => item.id), ["r:s"]);
      assertEquals(reader.listTasks(null, 10, {}).map((task) => task.id), ["r:j"], drop);
      const notes = reader.facts().notes;
      assert(notes.some((line) => line.startsWith(note)), notes.join("\n"));
    } finally {
      store.close();
      db.cleanup();
    }
  }
});
