/**
 * Folders of transcript files for the folder source's tests, written for this project:
 * plain text and Markdown (read by every build of lib/ingest/), a file that must be skipped
 * (empty), files that are not transcripts (audio, a hidden folder), nested folders and a
 * symlink loop.
 */
import { join } from "node:path";

/** A folder written by {@link buildFolderFixture}. */
export interface FolderFixture {
  /** Its absolute path. */
  path: string;
  /** Writes `text` to the file at `relative` (folders made as needed). */
  write(relative: string, text: string): void;
  /** Removes the folder. */
  cleanup(): void;
}

/**
 * A temporary folder holding:
 * - `standup.txt` (the word "zebra"), `2025/03/kiwi review.md` (the word "kiwi");
 * - `empty.txt` (skipped: empty), `song.mp3` (not a transcript);
 * - `.hidden/secret.txt` and `.draft.txt` (hidden: never read; the word "walrus");
 * - `2025/loop`, a symlink back to the folder (a loop the walk must end).
 *
 * @example
 * ```ts
 * import { buildFolderFixture } from "./folder_fixture.ts";
 * const folder = buildFolderFixture();
 * folder.cleanup();
 * ```
 */
export function buildFolderFixture(): FolderFixture {
  const path = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "tmcp-folder-" }));
  const write = (relative: string, text: string) => {
    const file = join(path, relative);
    Deno.mkdirSync(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    Deno.writeTextFileSync(file, text);
  };
  write("standup.txt", "Budget review with Ana.\n\nWe agreed on the zebra plan.");
  write("2025/03/kiwi review.md", "# Kiwi\n\nThe kiwi harvest is early this year.");
  write("empty.txt", "");
  write("song.mp3", "ID3 not really audio");
  write(".hidden/secret.txt", "The walrus password.");
  write(".draft.txt", "A walrus draft.");
  Deno.symlinkSync(path, join(path, "2025/loop"));
  return { path, write, cleanup: () => Deno.removeSync(path, { recursive: true }) };
}

/**
 * Adds `count` WebVTT calls of `cues` cues each to `folder`, as `calls/N.vtt`: Ann says
 * "Call N cue M says more." in each, so each call is about 50 bytes a cue.
 *
 * @example
 * ```ts
 * import { addCalls, buildFolderFixture } from "./folder_fixture.ts";
 * const folder = buildFolderFixture();
 * addCalls(folder, 3, 100);
 * folder.cleanup();
 * ```
 */
export function addCalls(folder: FolderFixture, count: number, cues: number): void {
  for (let i = 0; i < count; i++) {
    const lines = Array.from({ length: cues }, (_, cue) => {
      const at = `00:${String(Math.floor(cue / 60) % 60).padStart(2, "0")}:` +
        `${String(cue % 60).padStart(2, "0")}`;
      return `${at}.000 --> ${at}.900\n<v Ann>Call ${i} cue ${cue} says more.\n`;
    });
    folder.write(`calls/${i}.vtt`, `WEBVTT\n\n${lines.join("\n")}`);
  }
}
