/**
 * A served folder's hostile entries, built here: paths that stop being regular files between
 * the walk and the read (a FIFO, a link to a device), entries that are not files at all, and
 * names the file system gives back in another form. None may hang a read or be dropped
 * without a word when its name promises a transcript.
 */
import { join } from "node:path";
import { assertEquals } from "../../helpers/assert.ts";
import { buildFolderFixture } from "../../helpers/folder_fixture.ts";
import { FolderIndex } from "../../../lib/sources/folder/folder_index.ts";
import { readFolderFile } from "../../../lib/sources/folder/folder_parse.ts";
import { walkFolder } from "../../../lib/sources/folder/folder_walk.ts";
import { fileTranscriptKey } from "../../../lib/ingest/file_key.ts";

const VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>The otter report.</v>\n";

/**
 * Makes `path` a FIFO with a writer waiting to give it `text`: a read that opens it gets the
 * text (with no writer, the open would wait forever). Returns how to end the writer.
 */
function fifoWithWriter(path: string, text: string): () => Promise<void> {
  const made = new Deno.Command("mkfifo", { args: [path] }).outputSync();
  if (!made.success) throw new Error("mkfifo failed");
  const writer = new Deno.Command("sh", {
    args: ["-c", 'printf "%s" "$1" > "$2"', "sh", text, path],
    stdout: "null",
    stderr: "null",
  }).spawn();
  return async () => {
    try {
      writer.kill("SIGKILL");
    } catch {
      // It wrote and ended: the FIFO was read.
    }
    await writer.status;
  };
}

Deno.test("a file replaced by a FIFO after the walk is skipped, never opened", async () => {
  const folder = buildFolderFixture();
  const path = join(folder.path, "call.vtt");
  const endWriter = fifoWithWriter(path, VTT);
  try {
    const outcome = readFolderFile({ relative: "call.vtt", path, mtime: 0, size: VTT.length });
    assertEquals(outcome, { kind: "skipped", reason: "cannot be read: not a regular file" });
  } finally {
    await endWriter();
    folder.cleanup();
  }
});

Deno.test("an indexed file replaced by a FIFO is not opened when its segments are read again", async () => {
  const folder = buildFolderFixture();
  folder.write("call.vtt", VTT);
  const index = new FolderIndex("notes", folder.path);
  index.refresh();
  const id = `notes:${fileTranscriptKey("call.vtt")}`;
  Deno.removeSync(join(folder.path, "call.vtt"));
  const endWriter = fifoWithWriter(join(folder.path, "call.vtt"), VTT);
  try {
    assertEquals(index.reread(id), {
      kind: "skipped",
      reason: "cannot be read: not a regular file",
    });
  } finally {
    await endWriter();
    index.close();
    folder.cleanup();
  }
});

Deno.test("entries that are not regular files are reported when their names promise a transcript", () => {
  const folder = buildFolderFixture();
  try {
    for (const name of ["pipe.vtt", "pipe.bin"]) {
      const made = new Deno.Command("mkfifo", { args: [join(folder.path, name)] }).outputSync();
      if (!made.success) throw new Error("mkfifo failed");
    }
    Deno.symlinkSync("/dev/null", join(folder.path, "null.srt"));
    Deno.symlinkSync("/dev/zero", join(folder.path, "zero"));
    const problems = walkFolder(folder.path).problems;
    problems.sort((a, b) => a.relative < b.relative ? -1 : 1);
    assertEquals(problems, [
      { relative: "null.srt", reason: "not a regular file" },
      { relative: "pipe.vtt", reason: "not a regular file" },
    ]);
  } finally {
    folder.cleanup();
  }
});

Deno.test("a name that is not valid UTF-8 is reported as such, not as a file not found", () => {
  const folder = buildFolderFixture();
  try {
    const made = new Deno.Command("sh", {
      args: ["-c", `printf 'WEBVTT\\n' > "$1/$(printf 'bad\\377.vtt')"`, "sh", folder.path],
    }).outputSync();
    if (!made.success) throw new Error("the file was not made");
    assertEquals(walkFolder(folder.path).problems, [{
      relative: "bad\uFFFD.vtt",
      reason: "cannot be read: its name is not valid UTF-8 (rename it to read it)",
    }]);
  } finally {
    folder.cleanup();
  }
});

Deno.test("a tree nested past the path limit is walked: its reachable files read, the rest named", () => {
  const folder = buildFolderFixture();
  try {
    // 2,100 folders deep: past PATH_MAX (4,096 bytes) near the bottom, with
    // a link back up the tree from near the top. Made 100 levels a `mkdir -p` (each path
    // relative, well within PATH_MAX), not one process a level.
    const levels = (n: number) => Array.from({ length: n }, () => "e").join("/");
    const made = new Deno.Command("sh", {
      args: [
        "-c",
        'cd "$1" && mkdir -p "$3" && cd -P "$3" && printf "%s" "$2" > near.vtt && ' +
        "ln -s ../.. loop && i=0 && while [ $i -lt 19 ]; do " +
        'mkdir -p "$4" && cd -P "$4" || exit 1; i=$((i+1)); done && ' +
        'mkdir -p "$5" && cd -P "$5" && printf "%s" "$2" > far.vtt',
        "sh",
        folder.path,
        VTT,
        levels(101),
        levels(100),
        levels(99),
      ],
    }).outputSync();
    if (!made.success) throw new Error("the tree was not made");
    const walk = walkFolder(folder.path);
    const near = `${"e/".repeat(101)}near.vtt`;
    assertEquals(walk.files.map((file) => file.relative).filter((path) => path.endsWith(".vtt")), [
      near,
    ]);
    assertEquals(walk.problems.length, 1);
    assertEquals(walk.problems[0]!.reason, "cannot be read: file name too long");
  } finally {
    new Deno.Command("rm", { args: ["-rf", folder.path] }).outputSync();
  }
});

Deno.test("a broken link is reported under a transcript's name, left out under a recording's", () => {
  const folder = buildFolderFixture();
  try {
    // Links to recordings on a drive that is not mounted, beside a link to a transcript there.
    for (const name of ["call.m4a", "call.mp4", "call.vtt"]) {
      Deno.symlinkSync(`/nonexistent-drive/${name}`, join(folder.path, name));
    }
    assertEquals(walkFolder(folder.path).problems, [
      { relative: "call.vtt", reason: "cannot be read: not found" },
    ]);
  } finally {
    folder.cleanup();
  }
});
