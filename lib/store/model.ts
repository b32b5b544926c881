/**
 * The store's content as values: a transcript with its segments, and a task, as the owning
 * app writes them and as populate_store.ts fills a contract store from them. The demo's data,
 * the tests' fixture stores and the benchmark's generated stores are all made of these.
 *
 * @module
 */
/** One speaker-attributed, timed turn of a transcript. */
export interface Segment {
  /** Who spoke. */
  speaker: string;
  /** Offset of the turn's start from the start of the recording, in milliseconds. */
  startMs: number;
  /** Offset of the turn's end from the start of the recording, in milliseconds. */
  endMs: number;
  /** What was said. */
  text: string;
}

/** One transcript; its `text` is derived from its segments by populateStore (populate_store.ts). */
export interface Transcript {
  /** Its id (a UUID), unique in the store. */
  id: string;
  /** Human-readable title. */
  title: string;
  /** When it was recorded, RFC 3339 UTC with milliseconds. */
  createdAt: string;
  /** Where the transcript came from. */
  source: "meeting" | "voice_note" | "chat";
  /** Language code of the spoken text. */
  language: string;
  /** Transcription engine. */
  engine: string;
  /** Model the engine ran. */
  modelId: string;
  /** Whether the user starred it. */
  starred: boolean;
  /** Tags the user added by hand. */
  manualTags: string[];
  /** Template the recording was made with, if any. */
  template: string | null;
  /** The timed turns, in order. */
  segments: Segment[];
}

/** One task, usually captured from a transcript. */
export interface Task {
  /** Its id (a UUID), unique in the store. */
  id: string;
  /** What to do. */
  text: string;
  /** Which list the task sits in. */
  bucket: "inbox" | "today" | "week" | "someday" | "done";
  /** True exactly when the bucket is `done`. */
  done: boolean;
  /** When it was completed; set exactly when `done`. */
  doneAt: string | null;
  /** When it was created, RFC 3339 UTC with milliseconds. */
  createdAt: string;
  /** The task this is a subtask of, if any. */
  parentTaskId: string | null;
  /** The transcript the task came from, if any. */
  transcriptId: string | null;
}
