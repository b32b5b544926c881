-- The transcript-mcp store contract, schema version 1.
-- The owning app creates and writes this schema; transcript-mcp only reads it.
-- docs/store.md explains every column. Tests build their fixture stores from this file.

PRAGMA user_version = 1;

CREATE TABLE transcripts (
  -- An explicit INTEGER PRIMARY KEY: VACUUM may renumber the implicit rowid of a
  -- table without one, which would silently break the external-content FTS index.
  pk          INTEGER PRIMARY KEY,
  id          TEXT    NOT NULL UNIQUE,          -- UUID, the identifier clients see
  title       TEXT    NOT NULL DEFAULT '',
  text        TEXT    NOT NULL DEFAULT '',
  created_at  TEXT    NOT NULL,                 -- RFC 3339 UTC, YYYY-MM-DDTHH:MM:SS.sssZ
  source      TEXT,                             -- e.g. meeting, voice_note, chat
  duration    REAL,                             -- seconds
  starred     INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),
  language    TEXT,                             -- BCP 47 tag, e.g. en, de-CH
  engine      TEXT,                             -- transcription engine
  model_id    TEXT,                             -- model used by the engine
  manual_tags TEXT,                             -- JSON array of strings
  template    TEXT                              -- summary template name
);

-- Serves newest-first listing and its keyset cursor.
CREATE INDEX transcripts_newest ON transcripts (created_at DESC, pk DESC);

CREATE VIRTUAL TABLE transcripts_fts USING fts5 (
  title,
  text,
  content = 'transcripts',
  content_rowid = 'pk',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- The app keeps the external-content index in sync with these triggers.
CREATE TRIGGER transcripts_fts_insert AFTER INSERT ON transcripts BEGIN
  INSERT INTO transcripts_fts (rowid, title, text) VALUES (new.pk, new.title, new.text);
END;

CREATE TRIGGER transcripts_fts_delete AFTER DELETE ON transcripts BEGIN
  INSERT INTO transcripts_fts (transcripts_fts, rowid, title, text)
  VALUES ('delete', old.pk, old.title, old.text);
END;

CREATE TRIGGER transcripts_fts_update AFTER UPDATE OF title, text ON transcripts BEGIN
  INSERT INTO transcripts_fts (transcripts_fts, rowid, title, text)
  VALUES ('delete', old.pk, old.title, old.text);
  INSERT INTO transcripts_fts (rowid, title, text) VALUES (new.pk, new.title, new.text);
END;

CREATE TABLE segments (
  transcript_id TEXT    NOT NULL REFERENCES transcripts (id) ON DELETE CASCADE,
  seq           INTEGER NOT NULL,               -- 0-based order within the transcript
  start_ms      INTEGER NOT NULL,
  end_ms        INTEGER NOT NULL,
  speaker       TEXT,
  text          TEXT    NOT NULL,
  PRIMARY KEY (transcript_id, seq)
);

CREATE TABLE tasks (
  id             TEXT    PRIMARY KEY,           -- UUID
  text           TEXT    NOT NULL,
  bucket         TEXT    NOT NULL DEFAULT 'inbox'
                 CHECK (bucket IN ('inbox', 'today', 'week', 'someday', 'done')),
  done           INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
  done_at        TEXT,                          -- RFC 3339 UTC, set when done
  created_at     TEXT    NOT NULL,              -- RFC 3339 UTC
  parent_task_id TEXT REFERENCES tasks (id) ON DELETE CASCADE,
  transcript_id  TEXT REFERENCES transcripts (id) ON DELETE SET NULL
);

-- Serves newest-first listing and its keyset cursor.
CREATE INDEX tasks_newest ON tasks (created_at DESC, id DESC);
