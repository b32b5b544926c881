/**
 * What a transcript file becomes once read: the contract's fields for one transcript, or the
 * reason it was left out. Parsers (read_transcript_file.ts) make these; the folder source and
 * the `index` command turn them into rows of our own schema (docs/store.md).
 *
 * @module
 */

/** One cue or utterance of a file, with times in ms where the format has them. */
export interface FileSegment {
  /** Start, in ms from the start of the recording, or null for untimed text. */
  startMs: number | null;
  /** End, in ms from the start of the recording, or null for untimed text. */
  endMs: number | null;
  /** Who spoke, as the file names them, or null. */
  speaker: string | null;
  /** What was said, tags stripped and entities decoded. */
  text: string;
}

/** A file read as a transcript. */
export interface FileTranscript {
  /** The format it was read as, e.g. "vtt", "srt", "whisper-json", "otter", "text". */
  format: string;
  /** Title from the file name, minus the extension and a recognised date or recording prefix. */
  title: string;
  /** A time found in the file name, RFC 3339 UTC; null: the caller uses the modification time. */
  createdAt: string | null;
  /** Length in seconds (the last cue's end), or null when untimed. */
  duration: number | null;
  /** Language code from the file (Whisper JSON), or null. */
  language: string | null;
  /** The engine that wrote it, where the file says, or null. */
  engine: string | null;
  /** Its cues in order; one untimed segment per paragraph for plain text. */
  segments: FileSegment[];
  /** The whole text: the turns joined as `Speaker: text` lines (plain lines without speakers). */
  text: string;
}

/**
 * What reading one file gave: a transcript; `skipped` for a file that should be a transcript
 * but cannot be read (reported with its reason); `ignored` for a file that is not a transcript
 * at all (audio, images, JSON of another shape), left out silently.
 */
export type FileOutcome =
  | { kind: "transcript"; transcript: FileTranscript }
  | { kind: "skipped"; reason: string }
  | { kind: "ignored" };
