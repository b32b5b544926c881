/**
 * Meetily, Buzz, KuraDB and rousseau databases broken the way users' files are, served by the
 * real server at once: every answer keeps its documented shape (times RFC 3339 UTC, ids that
 * read back), and nothing fails inside the server.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { type BrokenDatabase, brokenDatabase, RFC3339_UTC } from "../helpers/broken_sources.ts";
import { type Message, type ServerProcess, startServer } from "../helpers/server_process.ts";
import { MAX_TIMEOUT_MS } from "../../lib/config/limits.ts";

/** Serves `databases` (name → database), runs `fn`, and ends the server cleanly. */
async function serving(
  databases: Record<string, BrokenDatabase>,
  fn: (
    call: (name: string, args: unknown) => Promise<Message>,
    server: ServerProcess,
  ) => Promise<void>,
): Promise<void> {
  const args = Object.entries(databases).flatMap((
    [name, db],
  ) => ["--source", `${name}=${db.path}`]);
  // The longest deadline: these tests check answers' shapes, and a loaded machine must not
  // turn a slow read (a 50 MB segment cut to size) into a timeout.
  const server = startServer([...args, "--timeout-ms", String(MAX_TIMEOUT_MS)]);
  try {
    await server.initialize();
    await fn(async (name, input) => {
      const answer = await server.callTool(name, input);
      assert(!answer["isError"], `${name}: ${JSON.stringify(answer["content"])}`);
      return answer["structuredContent"];
    }, server);
    assertEquals((await server.finish()).code, 0);
  } finally {
    await server.kill();
    for (const db of Object.values(databases)) db.cleanup();
  }
}

/** Every transcript of every page of list_transcripts. */
async function listAll(call: (name: string, args: unknown) => Promise<Message>) {
  const items: Message[] = [];
  for (let cursor: string | null = null;;) {
    const page: Message = await call("list_transcripts", {
      limit: 50,
      ...(cursor ? { cursor } : {}),
    });
    items.push(...page.transcripts);
    cursor = page.nextCursor ?? null;
    if (cursor === null) return items;
  }
}

Deno.test("times out of RFC 3339's range (negative years, Julian-day numbers, year 275760) are answered as RFC 3339 UTC", async () => {
  const far = "+275760-09-13T00:00:00Z";
  const databases = {
    m: brokenDatabase(
      "meetily",
      (db) =>
        db.exec(`INSERT INTO meetings (id, title, created_at, updated_at) VALUES
          ('neg', 'Negative year', '-0001-01-01T00:00:00Z', ''), ('ok', 'Fine', '2025-11-19T07:07:05+00:00', '');
        INSERT INTO summary_processes (meeting_id, status, created_at, updated_at, result) VALUES
          ('ok', 'completed', '-0001-06-01T00:00:00+00:00', '',
           '{"markdown": "**Action Items**\\n- Ann: send the notes"}');`),
    ),
    b: brokenDatabase(
      "buzz",
      (db) =>
        db.exec(`INSERT INTO transcription (id, status, time_queued, file) VALUES
        ('julian', 'completed', 1731999999.5, '/a/julian.mp3'),
        ('digits', 'completed', '1731999999', '/a/digits.mp3'),
        ('neg', 'completed', '-0001-01-01T00:00:00', '/a/neg.mp3')`),
    ),
    k: brokenDatabase(
      "kuradb",
      (db) =>
        db.exec(`INSERT INTO file_data (source, chunk, total, content, dismiss, created_at) VALUES
        ('/in/neg.md', 1, 1, 'negative', 0, '-0001-01-01 00:00:00'),
        ('/in/jd.md', 1, 1, 'julian', 0, 2460000.5)`),
    ),
    r: brokenDatabase(
      "rousseau",
      (db) =>
        db.exec(`INSERT INTO sessions (id, title, payload, message_count, created_at, updated_at)
          VALUES ('far', 'Far', '{"messages":[]}', 0, '${far}', '${far}');
        INSERT INTO cron_jobs (id, name, cron_expr, prompt, deliver_to, enabled, created_at)
          VALUES ('job', 'j', '* * * * *', 'Brief me', 'x', 1, '${far}')`),
    ),
  };
  await serving(databases, async (call) => {
    const times: string[] = [];
    const sources = (await call("list_sources", {})).sources;
    times.push(
      ...sources.map((source: Message) => source.newest).filter((t: unknown) => t !== null),
    );
    const items = await listAll(call);
    assertEquals(items.length, 8);
    for (const item of items) {
      times.push(item.createdAt, (await call("get_transcript", { id: item.id })).createdAt);
    }
    times.push(...(await call("list_tasks", {})).tasks.map((task: Message) => task.createdAt));
    for (const time of times) assert(RFC3339_UTC.test(time), `not RFC 3339 UTC: ${time}`);
    const notes = sources.flatMap((source: Message) => source.notes).join("\n");
    assert(/1 meetings have an unreadable created_at/.test(notes), notes);
    assert(/3 transcriptions have an unreadable time_queued/.test(notes), notes);
    assert(/2 files have an unreadable created_at/.test(notes), notes);
  });
});

Deno.test("segment times that are negative, huge, beyond 2^53 or not numbers are answered as none", async () => {
  const bad = `(-5, -10), (1e300, 1e308), (9223372036854775807, 9223372036854775807),
    ('NaN', 'Infinity')`;
  const databases = {
    m: brokenDatabase(
      "meetily",
      (db) =>
        db.exec(`INSERT INTO meetings (id, title, created_at, updated_at)
          VALUES ('m1', 'Bad times', '2025-11-19T07:07:05+00:00', '');
        INSERT INTO transcripts (meeting_id, transcript, timestamp, audio_start_time, audio_end_time)
          SELECT 'm1', 'said ' || column1, '', column1, column2 FROM (VALUES ${bad});`),
    ),
    b: brokenDatabase(
      "buzz",
      (db) =>
        db.exec(`INSERT INTO transcription (id, status, time_queued, file)
          VALUES ('b1', 'completed', '2025-11-19T08:07:05', '/a/b.mp3');
        INSERT INTO transcription_segment (transcription_id, text, start_time, end_time)
          SELECT 'b1', 'said ' || column1, column1, column2 FROM (VALUES ${bad});`),
    ),
  };
  await serving(databases, async (call) => {
    for (const id of ["m:m1", "b:b1"]) {
      const { turns } = await call("get_turns", { id });
      assertEquals(turns.length, 4, id);
      for (const turn of turns) {
        for (const ms of [turn.startMs, turn.endMs]) {
          assert(ms === null || (Number.isSafeInteger(ms) && ms >= 0), `${id}: ${ms}`);
        }
        assert(turn.at === null || /^\d{1,6}:\d\d:\d\d$/.test(turn.at), `${id}: ${turn.at}`);
      }
      const { duration } = await call("get_transcript", { id });
      assert(
        duration === null || (Number.isFinite(duration) && duration >= 0),
        `${id}: ${duration}`,
      );
    }
  });
});

Deno.test("rows with a NULL id (or KuraDB path) are not listed as '<source>:null'; a NULL title is not 'null'", async () => {
  const databases = {
    m: brokenDatabase(
      "meetily",
      (db) =>
        db.exec(`INSERT INTO meetings (id, title, created_at, updated_at) VALUES
        ('untitled', NULL, '2025-11-19T07:07:05+00:00', ''), (NULL, 'No id', '2025-11-19T08:00:00+00:00', '')`),
    ),
    b: brokenDatabase(
      "buzz",
      (db) =>
        db.exec(`INSERT INTO transcription (id, status, time_queued, file) VALUES
        ('b1', 'completed', '2025-11-19T08:07:05', '/a/b.mp3'), (NULL, 'completed', '2025-11-19T09:00:00', '/a/c.mp3')`),
    ),
    k: brokenDatabase(
      "kuradb",
      (db) =>
        db.exec(`INSERT INTO file_data (source, chunk, total, content, dismiss, created_at) VALUES
        ('/in/a.md', 1, 1, 'alpha', 0, '2025-11-01 00:00:00'),
        (NULL, 1, 1, 'no path', 0, '2025-11-02 00:00:00')`),
    ),
    r: brokenDatabase(
      "rousseau",
      (db) =>
        db.exec(
          `INSERT INTO sessions (id, title, payload, message_count, created_at, updated_at) VALUES
          ('s1', 'One', '{"messages":[]}', 0, '2026-07-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'),
          (NULL, 'No id', '{"messages":[]}', 0, '2026-07-02T00:00:00.000Z', '2026-07-02T00:00:00.000Z');
        INSERT INTO cron_jobs (id, name, cron_expr, prompt, deliver_to, enabled, created_at) VALUES
          (NULL, 'j', '* * * * *', 'Brief me', 'x', 1, '2026-07-01T00:00:00.000Z')`,
        ),
    ),
  };
  await serving(databases, async (call, server) => {
    const items = await listAll(call);
    assertEquals(items.map((item) => item.id).sort(), ["b:b1", "k:1", "m:untitled", "r:s1"]);
    assertEquals(items.find((item) => item.id === "m:untitled")?.title, "");
    for (const item of items) {
      const [source, key] = item.id.split(":");
      const read = await server.request("resources/read", { uri: `transcript://${source}/${key}` });
      assert(read["result"] !== undefined, JSON.stringify(read));
    }
    const sources = (await call("list_sources", {})).sources;
    assertEquals(sources.map((source: Message) => source.transcripts), [1, 1, 1, 1]);
    assertEquals((await call("list_tasks", {})).tasks, []);
  });
});

Deno.test("a 50 MB segment is served cut by resources/read and prompts/get; the server lives on", async () => {
  const huge = "budget talk ".repeat(50 * 1024 * 1024 / 12);
  const databases = {
    m: brokenDatabase("meetily", (db) => {
      db.exec(`INSERT INTO meetings (id, title, created_at, updated_at)
        VALUES ('big', 'Big', '2025-11-19T07:07:05+00:00', '')`);
      db.prepare(`INSERT INTO transcripts (meeting_id, transcript, timestamp, audio_start_time,
        audio_end_time) VALUES ('big', ?, '', 0, 1)`).run(huge);
    }),
  };
  await serving(databases, async (call, server) => {
    const read = await server.request("resources/read", { uri: "transcript://m/big" });
    assert(read["result"] !== undefined, JSON.stringify(read).slice(0, 300));
    const markdown: string = read["result"].contents[0].text;
    assert(
      markdown.length < 2 * 1024 * 1024 && /_Cut here at/.test(markdown),
      markdown.slice(-300),
    );
    const prompt = await server.request("prompts/get", {
      name: "summarize_transcript",
      arguments: { id: "m:big" },
    });
    assert(prompt["result"] !== undefined, JSON.stringify(prompt).slice(0, 300));
    assertEquals((await call("list_sources", {})).sources[0].transcripts, 1);
  });
});

Deno.test("a KuraDB file_data without updated_at opens with search by a text kept in memory read again after each change", async () => {
  const databases = {
    k: brokenDatabase(
      "kuradb",
      (db) =>
        db.exec(`INSERT INTO file_data (source, chunk, total, content, dismiss, created_at)
          VALUES ('/in/a.md', 1, 1, 'The zeppelin budget', 0, '2025-11-01 00:00:00');
        ALTER TABLE file_data DROP COLUMN updated_at`),
    ),
  };
  await serving(databases, async (call) => {
    const found = await call("search_transcripts", { query: "zeppelin" });
    assertEquals(found.results.map((hit: Message) => hit.title), ["a.md"]);
    const [source] = (await call("list_sources", {})).sources;
    assert(source.notes.some((note: string) => /updated_at is missing/.test(note)), source.notes);
  });
});

Deno.test("text stored as a BLOB (invalid UTF-8 too) is read as text, not as a list of byte values", async () => {
  // "Hello" and two bytes that are no UTF-8.
  const blob = "X'48656c6c6ffffe'";
  const databases = {
    m: brokenDatabase(
      "meetily",
      (db) =>
        db.exec(`INSERT INTO meetings (id, title, created_at, updated_at)
          VALUES ('m1', ${blob}, '2025-11-19T07:07:05+00:00', '');
        INSERT INTO transcripts (meeting_id, transcript, timestamp, audio_start_time, audio_end_time)
          VALUES ('m1', ${blob}, '', 0, 1)`),
    ),
    b: brokenDatabase(
      "buzz",
      (db) =>
        db.exec(`INSERT INTO transcription (id, status, time_queued, file, name)
          VALUES ('b1', 'completed', '2025-11-19T08:07:05', '/a/b.mp3', ${blob});
        INSERT INTO transcription_segment (transcription_id, text, start_time, end_time)
          VALUES ('b1', ${blob}, 0, 1)`),
    ),
    k: brokenDatabase(
      "kuradb",
      (db) =>
        db.exec(`INSERT INTO file_data (source, chunk, total, content, dismiss, created_at)
        VALUES ('/in/a.md', 1, 1, ${blob}, 0, '2025-11-01 00:00:00')`),
    ),
    r: brokenDatabase(
      "rousseau",
      (db) =>
        db.exec(`INSERT INTO sessions (id, title, payload, message_count, created_at, updated_at)
          VALUES ('s1', ${blob}, '{"messages":[]}', 0, '2026-07-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z');
        INSERT INTO cron_jobs (id, name, cron_expr, prompt, deliver_to, enabled, created_at)
          VALUES ('job', 'j', '* * * * *', ${blob}, 'x', 1, '2026-07-01T00:00:00.000Z')`),
    ),
  };
  await serving(databases, async (call) => {
    const items = await listAll(call);
    assertEquals(items.length, 4);
    const shown = [
      ...items.filter((item) => item.id !== "k:1").map((item) => item.title),
      ...items.filter((item) => !item.id.startsWith("r:")).map((item) => item.preview),
      ...(await call("list_tasks", {})).tasks.map((task: Message) => task.text),
    ];
    assertEquals(shown.length, 7);
    for (const text of shown) assert(/^Hello\ufffd/.test(text), `read as ${JSON.stringify(text)}`);
  });
});

Deno.test("text stored as a BLOB is found by a scanned search, not only by its title", async () => {
  // "The zeppelin budget", with a title that does not hold the word.
  const blob = "X'546865207a657070656c696e20627564676574'";
  const databases = {
    b: brokenDatabase(
      "buzz",
      (db) =>
        db.exec(`INSERT INTO transcription (id, status, time_queued, file, name)
          VALUES ('b1', 'completed', '2025-11-19T08:07:05', '/a/b.mp3', 'Talk');
        INSERT INTO transcription_segment (transcription_id, text, start_time, end_time)
          VALUES ('b1', ${blob}, 0, 1)`),
    ),
  };
  await serving(databases, async (call) => {
    const found = await call("search_transcripts", { query: "zeppelin", mode: "words" });
    assertEquals(found.results.map((hit: Message) => hit.id), ["b:b1"]);
  });
});

Deno.test("ids with colons, slashes, quotes, spaces at either end and control characters round-trip", async () => {
  const keys = [
    "a:b:c",
    "a/b/c",
    `q'uo"te`,
    " lead",
    "trail ",
    "tab\there",
    "ctl\u0001x",
    "%2F",
    "ünï 🎉",
  ];
  const databases = {
    m: brokenDatabase("meetily", (db) => {
      const insert = db.prepare(`INSERT INTO meetings (id, title, created_at, updated_at)
        VALUES (?, ?, '2025-11-19T07:07:05+00:00', '')`);
      keys.forEach((key, i) => insert.run(key, `Odd ${i}`));
    }),
  };
  await serving(databases, async (call, server) => {
    const listed = (await listAll(call)).map((item) => item.id).sort();
    assertEquals(listed, keys.map((key) => `m:${key}`).sort());
    for (const id of listed) {
      assertEquals((await call("get_transcript", { id })).id, id);
      assertEquals((await call("get_turns", { id })).id, id);
      const uri = `transcript://m/${encodeURIComponent(id.slice(2))}`;
      const read = await server.request("resources/read", { uri });
      assertEquals(read["result"]?.contents[0].uri, uri, JSON.stringify(read));
      const suggested = await server.request("completion/complete", {
        ref: { type: "ref/prompt", name: "summarize_transcript" },
        argument: { name: "id", value: "Odd" },
      });
      assert(suggested["result"].completion.values.includes(id), JSON.stringify(suggested));
      const prompt = await server.request("prompts/get", {
        name: "summarize_transcript",
        arguments: { id },
      });
      assert(prompt["result"] !== undefined, `${JSON.stringify(id)}: ${JSON.stringify(prompt)}`);
    }
  });
});

Deno.test("KuraDB files whose first rowid is negative or of 16 digits are listed and read back", async () => {
  const databases = {
    k: brokenDatabase(
      "kuradb",
      (db) =>
        db.exec(
          `INSERT INTO file_data (id, source, chunk, total, content, dismiss, created_at) VALUES
        (-5, '/in/neg.md', 1, 1, 'negative rowid', 0, '2025-11-01 00:00:00'),
        (1234567890123456, '/in/long.md', 1, 1, 'sixteen digits', 0, '2025-11-02 00:00:00')`,
        ),
    ),
  };
  await serving(databases, async (call, server) => {
    const ids = (await listAll(call)).map((item) => item.id);
    assertEquals(ids, ["k:1234567890123456", "k:-5"]);
    for (const id of ids) {
      assertEquals((await call("get_transcript", { id })).id, id);
      const read = await server.request("resources/read", { uri: `transcript://k/${id.slice(2)}` });
      assert(read["result"] !== undefined, JSON.stringify(read));
    }
  });
});

Deno.test("rousseau times that are no RFC 3339 ('5', 'Nov 19', 'garbage') are unreadable, not read as 2001", async () => {
  const databases = {
    r: brokenDatabase(
      "rousseau",
      (db) =>
        db.exec(`INSERT INTO sessions (id, title, payload, message_count, created_at, updated_at)
          VALUES ('s', 'S', '{"messages":[]}', 0, '5', '2026-07-01T00:00:00.000Z'),
            ('g', 'G', '{"messages":[]}', 0, 'garbage', 'garbage');
        INSERT INTO cron_jobs (id, name, cron_expr, prompt, deliver_to, enabled, created_at)
          VALUES ('j', 'j', '* * * * *', 'Brief me', 'x', 1, 'Nov 19')`),
    ),
  };
  await serving(databases, async (call) => {
    assertEquals(
      (await call("get_transcript", { id: "r:s" })).createdAt,
      "2026-07-01T00:00:00.000Z",
    );
    // The newest readable creation (or update, for the undated), not null for one garbage row.
    assertEquals((await call("list_sources", {})).sources[0].newest, "2026-07-01T00:00:00.000Z");
    const [task] = (await call("list_tasks", {})).tasks;
    assertEquals(task.createdAt, "1970-01-01T00:00:00.000Z");
  });
});
