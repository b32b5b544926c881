/**
 * How each kind of source is recognised, apart from how it is read: what settling the sources
 * at start needs (issue #26). The readers (lib/sources/adapters/, lib/sources/contract/) are
 * loaded with the session's services once `initialize` is answered; each kind there is its
 * sign here with a reader added (kinds.ts, in the same order).
 *
 * @module
 */
import { fts5Tables } from "../store/authorizer.ts";
import { checkContract } from "../store/open_store.ts";
import { missingColumns, type SourceKindSign } from "./source_kind.ts";
import { isScreenpipe, SCREENPIPE_READABLE } from "./adapters/screenpipe_schema.ts";
import { kuradbListingOf } from "./adapters/kuradb_folder.ts";

/**
 * screenpipe's database (`~/.screenpipe/db.sqlite`): its audio transcriptions, as
 * sittings.
 *
 * @example
 * ```ts
 * import { SCREENPIPE_SIGN } from "./kind_signs.ts";
 * SCREENPIPE_SIGN.matches(new Map([["notes", new Set(["id"])]])); // false
 * ```
 */
export const SCREENPIPE_SIGN: SourceKindSign = {
  kind: "screenpipe",
  defaultName: "screenpipe",
  matches: isScreenpipe,
  readable: SCREENPIPE_READABLE,
  vocabOf: null,
};

/** What Meetily's reader reads: never `settings` or `transcript_settings` (API keys), nor anything else. */
export const MEETILY_READABLE = {
  meetings: ["id", "title", "created_at"],
  transcripts: ["meeting_id", "transcript", "audio_start_time", "audio_end_time"],
  summary_processes: ["meeting_id", "result", "created_at"],
} as const;

/**
 * The Meetily kind. Recognised by the columns it reads of Meetily's own: `meetings` (id,
 * title, created_at) and a `transcripts` table keyed by `meeting_id` with `transcript` (our
 * own schema's `transcripts` has neither), so an upgrade that drops a column it never reads
 * (`updated_at`, `timestamp`) leaves it readable.
 *
 * @example
 * ```ts
 * import { MEETILY_SIGN } from "./kind_signs.ts";
 * MEETILY_SIGN.matches(new Map([["transcripts", new Set(["id", "text"])]])); // false
 * ```
 */
export const MEETILY_SIGN: SourceKindSign = {
  kind: "meetily",
  defaultName: "meetily",
  matches: (tables) =>
    missingColumns(tables, "meetings", MEETILY_READABLE.meetings).length === 0 &&
    missingColumns(tables, "transcripts", ["meeting_id", "transcript"]).length === 0,
  readable: MEETILY_READABLE,
  vocabOf: null,
};

/**
 * What Buzz's reader reads. Never `error_message` (it can hold paths and API errors), `url`,
 * `output_folder` or the user's `notes`; nothing else in the folder (Buzz keeps an
 * encrypted `.secrets.json` beside the database) is opened.
 */
export const BUZZ_READABLE = {
  transcription: [
    "id",
    "status",
    "time_queued",
    "file",
    "name",
    "language",
    "model_type",
    "whisper_model_size",
    "hugging_face_model_id",
  ],
  transcription_segment: [
    "id",
    "transcription_id",
    "start_time",
    "end_time",
    "text",
    "translation",
  ],
} as const;

/**
 * The Buzz kind. Recognised by Buzz's two tables with the columns its first schema already
 * had: `transcription` (id, status, time_queued, file) and `transcription_segment`
 * (transcription_id, start_time, end_time, text).
 *
 * @example
 * ```ts
 * import { BUZZ_SIGN } from "./kind_signs.ts";
 * BUZZ_SIGN.matches(new Map([["transcripts", new Set(["id", "text"])]])); // false
 * ```
 */
export const BUZZ_SIGN: SourceKindSign = {
  kind: "buzz",
  defaultName: "buzz",
  matches: (tables) =>
    missingColumns(tables, "transcription", ["id", "status", "time_queued", "file"]).length ===
      0 &&
    missingColumns(tables, "transcription_segment", [
        "transcription_id",
        "start_time",
        "end_time",
        "text",
      ]).length === 0,
  readable: BUZZ_READABLE,
  vocabOf: null,
};

/** rousseau's full-text index of its sessions. */
export const ROUSSEAU_FTS = "sessions_fts";

/**
 * What rousseau's reader reads. Never `oauth_tokens`, `jid_sessions` (phone numbers),
 * `claude_sessions`, `recall_vectors`, nor `cron_jobs.deliver_to` (a WhatsApp JID: a phone
 * number).
 */
export const ROUSSEAU_READABLE = {
  sessions: ["id", "title", "payload", "message_count", "created_at", "updated_at"],
  cron_jobs: ["id", "name", "cron_expr", "prompt", "enabled", "created_at", "last_run_at"],
  ...fts5Tables(ROUSSEAU_FTS),
} as const;

/** The columns of rousseau's `sessions` it cannot do without. */
const ROUSSEAU_SESSION_COLUMNS = ["id", "title", "payload", "created_at", "updated_at"];

/**
 * rousseau's session store (`~/.local/share/rousseau/sessions.db`). Recognised by its
 * `sessions` table (the payload column) beside the `sessions_fts` index; `cron_jobs` is
 * read when present.
 *
 * @example
 * ```ts
 * import { ROUSSEAU_SIGN } from "./kind_signs.ts";
 * ROUSSEAU_SIGN.matches(new Map([["sessions", new Set(["id"])]])); // false
 * ```
 */
export const ROUSSEAU_SIGN: SourceKindSign = {
  kind: "rousseau",
  defaultName: "rousseau",
  matches: (tables) =>
    missingColumns(tables, "sessions", ROUSSEAU_SESSION_COLUMNS).length === 0 &&
    tables.has(ROUSSEAU_FTS),
  readable: ROUSSEAU_READABLE,
  vocabOf: ROUSSEAU_FTS,
};

/**
 * What KuraDB's reader reads: never `embedding` or `is_embed` (vectors are not used yet), never
 * the `query_cache` of KuraDB's global.db, nothing else.
 */
export const KURADB_READABLE = {
  file_data: ["id", "source", "chunk", "total", "content", "dismiss", "created_at", "updated_at"],
} as const;

/**
 * The KuraDB kind. Recognised by KuraDB's `file_data` table with its chunk columns and the
 * `dismiss` flag; KuraDB's global.db (only `query_cache`) is no source.
 *
 * @example
 * ```ts
 * import { KURADB_SIGN } from "./kind_signs.ts";
 * KURADB_SIGN.matches(new Map([["query_cache", new Set(["query", "embedding"])]])); // false
 * ```
 */
export const KURADB_SIGN: SourceKindSign = {
  kind: "kuradb",
  defaultName: null,
  listingOf: kuradbListingOf,
  matches: (tables) =>
    missingColumns(tables, "file_data", [
      "id",
      "source",
      "chunk",
      "content",
      "dismiss",
      "created_at",
    ]).length === 0,
  readable: KURADB_READABLE,
  vocabOf: null,
};

/**
 * A store in our own schema (lib/store/schema.sql). It is recognised by its `transcripts` or
 * `tasks` table, and then checked against the contract (schema version, required tables), so
 * a store of an older or newer version is named as such rather than as an unknown kind.
 *
 * @example
 * ```ts
 * import { CONTRACT_SIGN } from "./kind_signs.ts";
 * CONTRACT_SIGN.matches(new Map([["transcripts", new Set(["id", "text"])]])); // true
 * ```
 */
export const CONTRACT_SIGN: SourceKindSign = {
  kind: "transcript-mcp",
  defaultName: null,
  matches: (tables) => tables.has("transcripts") || tables.has("tasks"),
  readable: {
    transcripts: "*",
    ...fts5Tables("transcripts_fts"),
    segments: "*",
    tasks: "*",
  },
  vocabOf: "transcripts_fts",
  check: (store) => checkContract(store, store.location),
};

/**
 * The signs, in the order detection tries them: other apps' layouts first (an app may keep a
 * `transcripts` table of its own), our own schema last.
 */
export const SOURCE_KIND_SIGNS: readonly SourceKindSign[] = [
  SCREENPIPE_SIGN,
  MEETILY_SIGN,
  BUZZ_SIGN,
  ROUSSEAU_SIGN,
  KURADB_SIGN,
  CONTRACT_SIGN,
];
