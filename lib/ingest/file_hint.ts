/**
 * What a file's name says it is, before its content is looked at: a format the name
 * promises (so an unreadable file is reported), a file that is clearly not a transcript
 * (audio, video, images, documents, archives, the files operating systems leave behind:
 * left out unread), or unknown (read only if its content is a recognisable transcript).
 *
 * @module
 */

/** The format a name promises, "not-transcript", or "unknown". */
export type FileHint = "vtt" | "srt" | "json" | "text" | "not-transcript" | "unknown";

const PROMISED: Record<string, FileHint> = {
  vtt: "vtt",
  webvtt: "vtt",
  srt: "srt",
  json: "json",
  txt: "text",
  text: "text",
  md: "text",
  markdown: "text",
};

const NOT_TRANSCRIPT = new Set(
  [
    // audio
    "mp3 m4a wav aac flac ogg oga opus wma aif aiff aifc amr caf mka weba",
    // video
    "mp4 m4v mov mkv webm avi wmv flv mpg mpeg 3gp ts mts",
    // images
    "png jpg jpeg gif heic heif webp tif tiff bmp ico svg raw",
    // documents, archives, databases, binaries
    "pdf doc docx xls xlsx ppt pptx key pages numbers odt rtf epub zip gz tgz bz2 xz 7z rar",
    "tar dmg iso exe dll so dylib bin dat db sqlite sqlite3 db-wal db-shm wal shm lock tmp part",
    "crdownload download",
    // editors' swap files and backups (a second copy of a transcript, not another one)
    "swp swo swx bak",
  ].join(" ").split(" "),
);

/** Files that file managers and sync tools leave in folders. */
const LEFT_BEHIND =
  /^(?:\.DS_Store|Thumbs\.db|desktop\.ini|Icon\r|\._.*|~\$.*|\.~lock\..*|.*~|#.*#)$/is;

/**
 * The hint `fileName` (a path's last part is used) gives.
 *
 * @example
 * ```ts
 * import { fileHint } from "./file_hint.ts";
 * fileHint("standup.VTT"); // "vtt"
 * fileHint("call.m4a"); // "not-transcript"
 * fileHint(".DS_Store"); // "not-transcript"
 * fileHint("captions"); // "unknown"
 * ```
 */
export function fileHint(fileName: string): FileHint {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  if (LEFT_BEHIND.test(base)) return "not-transcript";
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return "unknown";
  const extension = base.slice(dot + 1).toLowerCase();
  if (NOT_TRANSCRIPT.has(extension)) return "not-transcript";
  return PROMISED[extension] ?? "unknown";
}

/**
 * Whether `fileName` promises a transcript format by its extension (VTT, SRT, JSON, text).
 *
 * @example
 * ```ts
 * import { promisesTranscript } from "./file_hint.ts";
 * promisesTranscript("standup.vtt"); // true
 * promisesTranscript("captions"); // false
 * ```
 */
export function promisesTranscript(fileName: string): boolean {
  const hint = fileHint(fileName);
  return hint !== "not-transcript" && hint !== "unknown";
}
