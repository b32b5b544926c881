/**
 * rousseau session stores for tests and the benchmark: the tables rousseau-agent's
 * `internal/state/sqlite/` makes (schema.sql, search.go, cron.go, jidmap.go, oauth.go,
 * session_cache.go, recall_vec.go at a0115335), written here from their reading, in WAL as
 * the app opens it, with payloads encoded as Go's encoding/json encodes an agent.Session
 * (HTML characters as `\u003c`…, image bytes as base64, zero times as `0001-01-01T00:00:00Z`).
 * Decoys are planted in the tables no reader may read.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";

/** Every table the app makes, with its index and the triggers that keep the FTS index. */
export const ROUSSEAU_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS sessions (
    id             TEXT PRIMARY KEY,
    title          TEXT NOT NULL,
    payload        TEXT NOT NULL,
    message_count  INTEGER NOT NULL DEFAULT 0,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_sessions_updated_at ON sessions(updated_at DESC);
CREATE VIRTUAL TABLE IF NOT EXISTS sessions_fts USING fts5(
    session_id UNINDEXED, title, body, tokenize = 'porter unicode61'
);
CREATE TRIGGER IF NOT EXISTS sessions_fts_ai AFTER INSERT ON sessions BEGIN
    INSERT INTO sessions_fts (session_id, title, body) VALUES (NEW.id, NEW.title, NEW.payload);
END;
CREATE TRIGGER IF NOT EXISTS sessions_fts_au AFTER UPDATE ON sessions BEGIN
    DELETE FROM sessions_fts WHERE session_id = OLD.id;
    INSERT INTO sessions_fts (session_id, title, body) VALUES (NEW.id, NEW.title, NEW.payload);
END;
CREATE TRIGGER IF NOT EXISTS sessions_fts_ad AFTER DELETE ON sessions BEGIN
    DELETE FROM sessions_fts WHERE session_id = OLD.id;
END;
CREATE TABLE IF NOT EXISTS cron_jobs (
    id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, cron_expr TEXT NOT NULL,
    prompt TEXT NOT NULL, deliver_to TEXT NOT NULL, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, last_run_at TEXT
);
CREATE TABLE IF NOT EXISTS jid_sessions (
    jid TEXT PRIMARY KEY, session_id TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS oauth_tokens (
    provider TEXT NOT NULL, account_id TEXT NOT NULL, ciphertext BLOB NOT NULL,
    updated_at TEXT NOT NULL, PRIMARY KEY (provider, account_id)
);
CREATE TABLE IF NOT EXISTS claude_sessions (session_id TEXT PRIMARY KEY, seen_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS recall_vectors (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, message_id INTEGER NOT NULL,
    chunk_index INTEGER NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL,
    embedding BLOB NOT NULL, created_at INTEGER NOT NULL, embedder TEXT NOT NULL,
    UNIQUE (session_id, message_id, chunk_index)
);
`;

/** Decoys in the tables never read; none is a word any session shows. */
export const ROUSSEAU_DECOY_SECRETS: readonly string[] = [
  "decoyoauthcipher7f3a",
  "decoyaccount51b2",
  "15557770123",
  "decoyclaudesession9c1e",
  "decoyrecallvector42",
  "decoydeliverjid88",
];

/** One content block. */
export type RousseauBlock =
  | { text: string }
  | { imageBase64: string }
  | { toolUse: { name: string; input: unknown } }
  | { toolResult: string };

/** One message; `at` null is Go's zero time (assistant and tool messages). */
export interface RousseauMessage {
  role: "user" | "assistant" | "system";
  blocks: RousseauBlock[];
  at: string | null;
}

/** One session. Times are the table's (`…T15:04:05.000Z`); null is Go's zero time. */
export interface RousseauSession {
  id: string;
  title: string;
  createdAt: string | null;
  updatedAt: string;
  messages: RousseauMessage[];
}

/** A cron job. */
export interface RousseauCronJob {
  id: string;
  name: string;
  cronExpr: string;
  prompt: string;
  enabled: boolean;
  createdAt: string;
}

const GO_ZERO = "0001-01-01T00:00:00Z";

/** JSON as Go's encoding/json writes it: `<`, `>`, `&`, U+2028 and U+2029 escaped. */
export function goJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** A table time as rousseau writes it (`2006-01-02T15:04:05.000Z`); zero for null. */
function tableTime(iso: string | null): string {
  return iso === null ? "0001-01-01T00:00:00.000Z" : new Date(iso).toISOString();
}

/** A payload time as Go's RFC 3339 (nanoseconds, trailing zeros trimmed). */
function payloadTime(iso: string | null): string {
  if (iso === null) return GO_ZERO;
  return new Date(iso).toISOString().replace(
    /\.(\d*?)0*Z$/,
    (_, digits) => digits === "" ? "Z" : `.${digits}Z`,
  );
}

function blockJson(block: RousseauBlock): Record<string, unknown> {
  if ("text" in block) return { kind: "text", text: block.text };
  if ("imageBase64" in block) {
    return {
      kind: "image",
      image: { media_type: "image/png", data: block.imageBase64, source: "whatsapp" },
    };
  }
  if ("toolUse" in block) {
    return {
      kind: "tool_use",
      tool_use: { id: "toolu_01", name: block.toolUse.name, input: block.toolUse.input },
    };
  }
  return {
    kind: "tool_result",
    tool_result: { tool_use_id: "toolu_01", output: block.toolResult },
  };
}

/** A session's payload, as rousseau's Save writes it. */
export function sessionPayload(session: RousseauSession): string {
  return goJson({
    id: session.id,
    title: session.title,
    messages: session.messages.map((message) => ({
      role: message.role,
      content: message.blocks.map(blockJson),
      created_at: payloadTime(message.at),
    })),
    created_at: payloadTime(session.createdAt),
    updated_at: payloadTime(session.updatedAt),
  });
}

/** Saves a session as rousseau's Store.Save does (insert or update). */
export function saveSession(db: DatabaseSync, session: RousseauSession): void {
  db.prepare(
    `INSERT INTO sessions (id, title, payload, message_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET title=excluded.title, payload=excluded.payload,
       message_count=excluded.message_count, updated_at=excluded.updated_at`,
  ).run(
    session.id,
    session.title,
    sessionPayload(session),
    session.messages.length,
    tableTime(session.createdAt),
    tableTime(session.updatedAt),
  );
}

/** A deterministic UUID-shaped id for session `n`. */
export function sessionId(n: number): string {
  return `5e55a000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
}

/** A user-then-assistant exchange. */
export function exchange(user: string, assistant: string, at: string): RousseauMessage[] {
  return [
    { role: "user", blocks: [{ text: user }], at },
    { role: "assistant", blocks: [{ text: assistant }], at: null },
  ];
}

/** Words the fixture plants, each where the tests look for it. */
export const PLANTED = {
  /** In a user text block, right after a line break only. */
  afterNewline: "platypus",
  /** In a text block, right after `<b>` (JSON `\u003e`). */
  afterTag: "wombat",
  /** Deep in a session of over 100,000 characters. */
  deep: "xylophonist",
  /** Only in a tool call's input. */
  toolInput: "zebrafinch",
  /** Only in a tool result's output. */
  toolOutput: "quokkahidden",
  /** Only in base64 image data. */
  imageData: "quasarblob",
} as const;

/** The standard sessions: planted words, a zero time, an old session updated lately. */
export function fixtureSessions(): RousseauSession[] {
  const long: RousseauMessage[] = [];
  for (let i = 0, chars = 0; chars < 110_000; i++, chars += 170) {
    long.push(...exchange(
      `Question ${i} about the migration plan and its rollback steps for the billing service.`,
      `Answer ${i}: keep the old schema readable, copy in batches, verify checksums each step.`,
      new Date(Date.UTC(2026, 5, 1, 9, 0, i)).toISOString(),
    ));
  }
  long.push(
    ...exchange(
      `Who played the ${PLANTED.deep} part at the end?`,
      "Nobody knows.",
      "2026-06-01T12:00:00Z",
    ),
  );
  return [
    {
      id: sessionId(1),
      title: "Kubernetes pod stuck",
      createdAt: "2026-07-01T08:00:00Z",
      updatedAt: "2026-07-01T08:30:00Z",
      messages: [
        {
          role: "user",
          blocks: [{ text: "My pod is stuck in CrashLoopBackOff." }],
          at: "2026-07-01T08:00:05Z",
        },
        {
          role: "assistant",
          blocks: [{ text: "Let me look at the logs." }, {
            toolUse: { name: "shell", input: { cmd: `kubectl logs ${PLANTED.toolInput}` } },
          }],
          at: null,
        },
        {
          role: "user",
          blocks: [{ toolResult: `error: ${PLANTED.toolOutput} not ready` }],
          at: null,
        },
        { role: "assistant", blocks: [{ text: "Check the liveness probe timeout." }], at: null },
      ],
    },
    {
      id: sessionId(2),
      title: "Old trip planning",
      createdAt: "2025-01-10T10:00:00Z",
      updatedAt: "2026-07-20T18:00:00Z",
      messages: [
        ...exchange(
          "Plan a trip to Lisbon in spring.",
          "Sure: three days, trams and pastéis.",
          "2025-01-10T10:00:01Z",
        ),
        ...exchange(
          `Packing list:\n${PLANTED.afterNewline} plushie, passport`,
          "Noted.",
          "2026-07-20T17:59:00Z",
        ),
      ],
    },
    {
      id: sessionId(3),
      title: "Screenshot question",
      createdAt: "2026-07-05T09:00:00Z",
      updatedAt: "2026-07-05T09:05:00Z",
      messages: [
        {
          role: "user",
          blocks: [{ imageBase64: `iVBORw0KGgo/${PLANTED.imageData}/AAAA` }, {
            text: "What does this chart show?",
          }],
          at: "2026-07-05T09:00:10Z",
        },
        {
          role: "assistant",
          blocks: [{ text: `It shows <b>${PLANTED.afterTag}</b> sightings & trends.` }],
          at: null,
        },
      ],
    },
    {
      id: sessionId(4),
      title: "Undated import",
      createdAt: null,
      updatedAt: "2026-06-15T07:00:00Z",
      messages: exchange("Imported note about the quarterly budget.", "Budget noted.", GO_ZERO),
    },
    {
      id: sessionId(5),
      title: "Long migration chat",
      createdAt: "2026-06-01T09:00:00Z",
      updatedAt: "2026-06-01T12:00:01Z",
      messages: long,
    },
  ];
}

/** The standard cron jobs: one enabled, one off. */
export function fixtureCronJobs(): RousseauCronJob[] {
  return [
    {
      id: "c0000001",
      name: "morning",
      cronExpr: "0 8 * * *",
      prompt: "Brief me on today's calendar.",
      enabled: true,
      createdAt: "2026-06-01T00:00:00Z",
    },
    {
      id: "c0000002",
      name: "weekly-review",
      cronExpr: "0 17 * * 5",
      prompt: "Summarise the week's sessions.",
      enabled: false,
      createdAt: "2026-06-10T00:00:00Z",
    },
  ];
}

/** Inserts a cron job as CronStore.Put does, its delivery target a decoy JID. */
export function putCronJob(db: DatabaseSync, job: RousseauCronJob): void {
  db.prepare(
    `INSERT INTO cron_jobs (id, name, cron_expr, prompt, deliver_to, enabled, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    job.id,
    job.name,
    job.cronExpr,
    job.prompt,
    `${ROUSSEAU_DECOY_SECRETS[5]}@s.whatsapp.net`,
    job.enabled ? 1 : 0,
    tableTime(job.createdAt),
  );
}

/** Plants the decoys in the tables never read. */
function plantDecoys(db: DatabaseSync): void {
  const [cipher, account, phone, claude, recall] = ROUSSEAU_DECOY_SECRETS;
  const now = "2026-07-01T00:00:00.000Z";
  db.prepare("INSERT INTO oauth_tokens VALUES (?, ?, ?, ?)")
    .run("google", account!, new TextEncoder().encode(cipher!), now);
  db.prepare("INSERT INTO jid_sessions VALUES (?, ?, ?)")
    .run(`${phone}@s.whatsapp.net`, sessionId(1), now);
  db.prepare("INSERT INTO claude_sessions VALUES (?, ?)").run(claude!, now);
  db.prepare(
    `INSERT INTO recall_vectors (session_id, message_id, chunk_index, role, text, embedding,
      created_at, embedder) VALUES (?, 0, 0, 'user', ?, ?, 0, 'decoy')`,
  ).run(sessionId(1), `${recall} lives only here`, new Uint8Array(16));
}

/** Options for {@link buildRousseauFixture}. */
export interface RousseauFixtureOptions {
  sessions?: RousseauSession[];
  cronJobs?: RousseauCronJob[] | null;
  noIndex?: boolean; // no sessions_fts: a database of no known kind
}

/** A fixture on disk. */
export interface RousseauFixture {
  dir: string;
  path: string;
  cleanup(): void;
}

/** Opens (or creates) a store at `path` as rousseau's Open does: WAL, busy timeout, schema. */
export function openRousseauDb(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode=WAL; PRAGMA busy_timeout=15000;");
  db.exec(ROUSSEAU_SCHEMA_SQL);
  return db;
}

/** Writes a rousseau store in a new temporary folder. */
export function buildRousseauFixture(options: RousseauFixtureOptions = {}): RousseauFixture {
  const dir = Deno.makeTempDirSync({ prefix: "rousseau-fixture-" });
  const path = join(dir, "sessions.db");
  const db = openRousseauDb(path);
  if (options.noIndex) {
    db.exec(`DROP TRIGGER sessions_fts_ai; DROP TRIGGER sessions_fts_au;
      DROP TRIGGER sessions_fts_ad; DROP TABLE sessions_fts`);
  }
  db.exec("BEGIN");
  for (const session of options.sessions ?? fixtureSessions()) saveSession(db, session);
  for (const job of options.cronJobs === undefined ? fixtureCronJobs() : options.cronJobs ?? []) {
    putCronJob(db, job);
  }
  if (options.cronJobs === null) db.exec("DROP TABLE cron_jobs");
  plantDecoys(db);
  db.exec("COMMIT");
  db.close();
  return { dir, path, cleanup: () => Deno.removeSync(dir, { recursive: true }) };
}
