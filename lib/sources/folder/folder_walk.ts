/**
 * Walking a served folder: every file below it, hidden files and folders left out, symlinks
 * followed but each real folder entered once (a loop of links ends the walk, never hangs it).
 *
 * @module
 */
import { MAX_TRANSCRIPT_FILE_BYTES } from "../../config/limits.ts";
import { promisesTranscript } from "../../ingest/file_hint.ts";
import { keyPath, twinWins } from "../../ingest/file_key.ts";

/** A file found by {@link walkFolder}. */
export interface WalkedFile {
  /** Its path relative to the folder, separators written `/`. */
  relative: string;
  /** Its absolute path. */
  path: string;
  /** Its modification time, ms since the epoch (0 where the OS has none). */
  mtime: number;
  /** Its size in bytes. */
  size: number;
}

/** A file or folder the walk found but cannot read, with why. */
export interface WalkProblem {
  /** Its path relative to the folder. */
  relative: string;
  /** Why, in a few words. */
  reason: string;
}

/** What a walk found. */
export interface FolderWalk {
  /** The files to read, in path order. */
  files: WalkedFile[];
  /** What could not be read, or is too large to read. */
  problems: WalkProblem[];
}

// Media and other files no transcript is ever in: left out without being opened, so a folder
// of recordings costs a directory listing, not a read of every recording.
const NOT_TRANSCRIPTS =
  /\.(mp3|m4a|wav|flac|ogg|opus|aac|wma|aiff?|mp4|m4v|mov|mkv|webm|avi|wmv|png|jpe?g|gif|webp|heic|tiff?|bmp|svg|pdf|zip|gz|tgz|7z|rar|exe|dmg|iso|bin|sqlite|db)$/i;

/**
 * Walks `root` (absolute) and returns its files with their sizes and times. Throws when
 * `root` itself cannot be read; anything below it that cannot be read is a problem, not a
 * failure. Of twins (paths that make one id, file_key.ts), only the one `twinWins` picks is
 * a file to read; the others are problems.
 *
 * @example
 * ```ts
 * import { walkFolder } from "./folder_walk.ts";
 * const { files } = walkFolder("/home/ada/Transcripts");
 * files.map((file) => file.relative); // ["2025/standup.vtt", "notes.txt", …]
 * ```
 */
export function walkFolder(root: string): FolderWalk {
  const files: WalkedFile[] = [];
  const problems: WalkProblem[] = [];
  const entered = new Set<string>([folderKey(root)]);
  const pending: string[] = [""];
  // Folders reached by a symlink are entered once every real one is: a folder linked to from
  // elsewhere in the tree is read at its own path, which its files' ids are made from,
  // however the file system lists the link beside it.
  const linked: string[] = [];
  while (pending.length > 0 || linked.length > 0) {
    const folder = pending.pop() ?? linked.shift()!;
    if (folder !== "") {
      let real: string;
      try {
        real = folderKey(`${root}/${folder}`);
      } catch (error) {
        problems.push({ relative: folder, reason: `cannot be read: ${reasonOf(error)}` });
        continue;
      }
      // A link back to a folder already entered (a loop, or a second way in): once only.
      if (entered.has(real)) continue;
      entered.add(real);
    }
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(folder === "" ? root : `${root}/${folder}`)];
    } catch (error) {
      if (folder === "") throw error;
      problems.push({ relative: folder, reason: `cannot be read: ${reasonOf(error)}` });
      continue;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const relative = folder === "" ? entry.name : `${folder}/${entry.name}`;
      const path = `${root}/${relative}`;
      let info: Deno.FileInfo;
      try {
        info = entry.isSymlink ? Deno.statSync(path) : Deno.lstatSync(path);
      } catch (error) {
        // A broken link to a recording (its drive not mounted) is no transcript to report.
        if (NOT_TRANSCRIPTS.test(entry.name)) continue;
        // A name the listing gave back with U+FFFD for bytes that are not UTF-8 names no
        // file: "not found" would say the file is not there, when it is.
        const why = error instanceof Deno.errors.NotFound && entry.name.includes("\uFFFD")
          ? NAME_NOT_UTF8
          : reasonOf(error);
        problems.push({ relative, reason: `cannot be read: ${why}` });
        continue;
      }
      if (info.isDirectory) {
        (entry.isSymlink ? linked : pending).push(relative);
      } else if (info.isFile && !NOT_TRANSCRIPTS.test(entry.name)) {
        if (info.size > MAX_TRANSCRIPT_FILE_BYTES) {
          // A log, a data file, a program: no transcript, so no file skipped to report.
          if (!promisesTranscript(entry.name)) continue;
          problems.push({
            relative,
            reason: `larger than ${MAX_TRANSCRIPT_FILE_BYTES / 1024 / 1024} MiB`,
          });
          continue;
        }
        files.push({ relative, path, mtime: info.mtime?.getTime() ?? 0, size: info.size });
      } else if (!info.isFile && promisesTranscript(entry.name)) {
        // A FIFO, socket or device under a transcript's name: never opened (a FIFO's open
        // waits for a writer), but said, as the file that should be there is not.
        problems.push({ relative, reason: "not a regular file" });
      }
    }
  }
  files.sort((a, b) => a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0);
  return { files: withoutTwins(files, problems), problems };
}

/**
 * Which folder `path` leads to, links followed: its device and inode, or its real path where
 * the OS gives no inode. Not the real path everywhere: working it out looks at each folder on
 * the way, so a tree N deep cost N³ looks (36 s for one 1,365 deep), where a stat costs N².
 */
function folderKey(path: string): string {
  const info = Deno.statSync(path);
  return info.ino === null ? Deno.realPathSync(path) : `${info.dev}:${info.ino}`;
}

const NAME_NOT_UTF8 = "its name is not valid UTF-8 (rename it to read it)";

const TWIN = "another file has the same name in another Unicode form (or with \\ for /), " +
  "and that one is read";

/** `files` (in path order) with only the winner of each set of twins; the rest are problems. */
function withoutTwins(files: WalkedFile[], problems: WalkProblem[]): WalkedFile[] {
  const byKey = new Map<string, WalkedFile>();
  let twins = false;
  for (const file of files) {
    const key = keyPath(file.relative);
    const held = byKey.get(key);
    if (held !== undefined) {
      twins = true;
      const loser = twinWins(file.relative, held.relative) ? held : file;
      problems.push({ relative: loser.relative, reason: TWIN });
      if (loser === file) continue;
    }
    byKey.set(key, file);
  }
  return twins ? files.filter((file) => byKey.get(keyPath(file.relative)) === file) : files;
}

/**
 * The folder at `root` as the file system knows it (device and inode): another folder put at
 * its path (a drive mounted on it or unmounted, the folder moved) has another. "gone" when
 * it cannot be looked at; null where the OS gives no inode.
 *
 * @example
 * ```ts
 * import { folderIdentity } from "./folder_walk.ts";
 * folderIdentity("/mnt/recordings"); // "2049:131073", another once a drive is mounted there
 * ```
 */
export function folderIdentity(root: string): string | null {
  try {
    const info = Deno.statSync(root);
    return info.ino === null ? null : `${info.dev}:${info.ino}`;
  } catch {
    return "gone";
  }
}

/**
 * A file-system error in a few words.
 *
 * @example
 * ```ts
 * import { reasonOf } from "./folder_walk.ts";
 * reasonOf(new Deno.errors.NotFound("x")); // "not found"
 * reasonOf(new Error("File name too long (os error 36): open '/x'")); // "file name too long"
 * ```
 */
export function reasonOf(error: unknown): string {
  if (error instanceof Deno.errors.NotFound) return "not found";
  if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
    return "permission denied";
  }
  if (error instanceof Deno.errors.NotADirectory) return "not a folder";
  const message = error instanceof Error ? error.message.split("\n", 1)[0]! : String(error);
  // "Too many levels of symbolic links (os error 40): stat '/home/…'": the words alone, as
  // the path is named beside it.
  const words = message.replace(/ \(os error \d+\).*$/, "");
  return words.charAt(0).toLowerCase() + words.slice(1);
}
