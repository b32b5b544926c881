/**
 * The folder source in one thread: what the walk reads and leaves out, ids, skipped files,
 * changes picked up by a pass, progress and `partial` while indexing, and segments read
 * from the file.
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch } from "../../helpers/assert.ts";
import { buildFolderFixture } from "../../helpers/folder_fixture.ts";
import { walkFolder } from "../../../lib/sources/folder/folder_walk.ts";
import { MAX_TRANSCRIPT_FILE_BYTES } from "../../../lib/config/limits.ts";
import { FolderIndex } from "../../../lib/sources/folder/folder_index.ts";
import { FolderReader } from "../../../lib/sources/folder/folder_reader.ts";
import { readFolderFile } from "../../../lib/sources/folder/folder_parse.ts";
import { fileTranscriptKey } from "../../../lib/ingest/file_key.ts";
import { SourceSet } from "../../../lib/sources/source_set.ts";
import { planSources } from "../../../lib/sources/served_sources.ts";
import { checkSource } from "../../../lib/sources/source_check.ts";

function openIndex(path: string): { index: FolderIndex; reader: FolderReader } {
  const index = new FolderIndex("notes", path);
  index.refresh();
  return { index, reader: new FolderReader(index) };
}

Deno.test("the walk leaves out hidden files, media and never loops on a symlink", () => {
  const folder = buildFolderFixture();
  try {
    const walk = walkFolder(folder.path);
    assertEquals(walk.files.map((file) => file.relative), [
      "2025/03/kiwi review.md",
      "empty.txt",
      "standup.txt",
    ]);
    assertEquals(walk.problems, []);
  } finally {
    folder.cleanup();
  }
});

Deno.test("a folder reached by a symlink too is read at its own path, whatever the listing order", () => {
  const folder = buildFolderFixture();
  try {
    // Links named before and after each folder: in any listing order, some come first.
    for (let i = 0; i < 30; i++) {
      folder.write(`r${i}/t${i}.txt`, `Note ${i}.`);
      Deno.symlinkSync(`r${i}`, join(folder.path, `a${i}`));
      Deno.symlinkSync(join(folder.path, `r${i}`), join(folder.path, `z${i}`));
    }
    const relatives = walkFolder(folder.path).files.map((file) => file.relative);
    const notes = relatives.filter((relative) => /\/t\d+\.txt$/.test(relative));
    assertEquals(notes, Array.from({ length: 30 }, (_, i) => `r${i}/t${i}.txt`).sort());
  } finally {
    folder.cleanup();
  }
});

Deno.test("a file over the size cap is skipped when its name promises a transcript, else left out", () => {
  const folder = buildFolderFixture();
  try {
    for (const name of ["long.vtt", "server.log", "firmware"]) {
      const file = Deno.openSync(join(folder.path, name), { write: true, create: true });
      file.truncateSync(MAX_TRANSCRIPT_FILE_BYTES + 1);
      file.close();
    }
    const { problems } = walkFolder(folder.path);
    assertEquals(problems, [{ relative: "long.vtt", reason: "larger than 32 MiB" }]);
  } finally {
    folder.cleanup();
  }
});

Deno.test("a folder's transcripts: ids from the relative path, label file, skipped kept with why", () => {
  const folder = buildFolderFixture();
  try {
    const { index, reader } = openIndex(folder.path);
    const listed = reader.listTranscripts(null, 10, {});
    assertEquals(
      listed.map((item) => item.id).sort(),
      [
        `notes:${fileTranscriptKey("2025/03/kiwi review.md")}`,
        `notes:${fileTranscriptKey("standup.txt")}`,
      ].sort(),
    );
    assert(listed.every((item) => item.source === "file"));
    // No date in the names: the modification time, RFC 3339 UTC.
    const mtime = Deno.statSync(join(folder.path, "standup.txt")).mtime!.toISOString();
    assertEquals(listed.find((item) => item.title === "standup")?.createdAt, mtime);
    assertEquals(reader.skippedFiles(), [{ relative: "empty.txt", reason: "the file is empty" }]);
    const facts = reader.facts();
    assertEquals(facts.transcripts, 2);
    assertEquals(facts.search, "fts");
    assertEquals(facts.notes.length, 1);
    assertMatch(facts.notes[0]!, /^1 file skipped/);
    assertEquals(reader.search("walrus", 10).hits, []);
    const found = reader.search("zebra", 10);
    assertEquals(found.hits.length, 1);
    assertEquals(found.partial, false);
    index.close();
    // The same folder indexed again (a restart): the same ids.
    const again = openIndex(folder.path);
    assertEquals(
      again.reader.listTranscripts(null, 10, {}).map((item) => item.id).sort(),
      listed.map((item) => item.id).sort(),
    );
    again.index.close();
  } finally {
    folder.cleanup();
  }
});

Deno.test("a pass picks up new, changed, deleted and renamed files; ids follow the path", () => {
  const folder = buildFolderFixture();
  try {
    const { index, reader } = openIndex(folder.path);
    const standupId = `notes:${fileTranscriptKey("standup.txt")}`;
    folder.write("new/ostrich.txt", "An ostrich joined the call.");
    // A different size, so the change shows whatever the clock's resolution.
    folder.write("standup.txt", "The zebra plan is now the okapi plan, agreed by all.");
    Deno.removeSync(join(folder.path, "2025/03/kiwi review.md"));
    Deno.renameSync(join(folder.path, "empty.txt"), join(folder.path, "renamed.txt"));
    Deno.writeTextFileSync(join(folder.path, "renamed.txt"), "A renamed file about lemurs.");
    index.refresh();
    const ids = reader.listTranscripts(null, 10, {}).map((item) => item.id).sort();
    assertEquals(
      ids,
      [
        `notes:${fileTranscriptKey("new/ostrich.txt")}`,
        `notes:${fileTranscriptKey("renamed.txt")}`,
        standupId,
      ].sort(),
    );
    assertEquals(reader.search("okapi", 10).hits.length, 1);
    assertEquals(reader.search("kiwi", 10).hits, []);
    assertEquals(reader.getTranscript(standupId)?.text.includes("okapi"), true);
    assertEquals(reader.skippedFiles(), []);
    index.close();
  } finally {
    folder.cleanup();
  }
});

Deno.test("while the first pass runs, facts show progress and search rankings are partial", async () => {
  const folder = buildFolderFixture();
  try {
    for (let i = 0; i < 5; i++) folder.write(`batch/${i}.txt`, `Item ${i} mentions the zebra.`);
    const index = new FolderIndex("notes", folder.path);
    const reader = new FolderReader(index);
    const seen: { note: string; partial: boolean }[] = [];
    // A slice of 0 ms reads one file: the pause between slices is where calls are answered.
    await index.indexSlices(0, () => {
      seen.push({
        note: reader.facts().notes[0] ?? "",
        partial: reader.search("zebra", 10).partial,
      });
      return Promise.resolve();
    });
    assertEquals(seen.length, 8);
    assert(seen.every((step) => step.partial), JSON.stringify(seen));
    assertEquals(seen[0]!.note.startsWith("indexing: 1 of 8 files read"), true, seen[0]!.note);
    assertEquals(reader.search("zebra", 10).partial, false);
    assertEquals(reader.search("zebra", 10).hits.length, 6);
    assert(!reader.facts().notes.some((note) => note.startsWith("indexing")));
    index.close();
  } finally {
    folder.cleanup();
  }
});

Deno.test("segments are read from the file, in seq order from fromSeq", () => {
  const folder = buildFolderFixture();
  try {
    folder.write("three.txt", "First part.\n\nSecond part.\n\nThird part.");
    const { index, reader } = openIndex(folder.path);
    const id = `notes:${fileTranscriptKey("three.txt")}`;
    const page = reader.readSegments(id, { fromSeq: 1, limit: 5 });
    assertEquals(page?.map((segment) => [segment.seq, segment.text]), [
      [1, "Second part."],
      [2, "Third part."],
    ]);
    assertEquals(
      reader.readSegments("notes:0000000000000000", { fromSeq: 0, limit: 5 }),
      undefined,
    );
    index.close();
  } finally {
    folder.cleanup();
  }
});

Deno.test("a file read again is parsed once while unchanged, and anew once it changes", () => {
  const folder = buildFolderFixture();
  try {
    folder.write("three.txt", "First part.\n\nSecond part.\n\nThird part.");
    // Written long ago: its time tells any later write apart.
    const past = new Date(Date.now() - 3_600_000);
    Deno.utimeSync(join(folder.path, "three.txt"), past, past);
    const { index } = openIndex(folder.path);
    const id = `notes:${fileTranscriptKey("three.txt")}`;
    const first = index.reread(id);
    // Kept: a page's batches read the same parse, not the file each time.
    assert(first !== undefined && index.reread(id) === first);
    // Another file read in between is kept beside it: a page of search hits cites several.
    index.reread(`notes:${fileTranscriptKey("standup.txt")}`);
    assert(index.reread(id) === first);
    folder.write("three.txt", "First part.\n\nSecond part, longer now.\n\nThird part.");
    const changed = index.reread(id);
    assert(changed?.kind === "transcript");
    assertEquals(changed.transcript.segments[1]?.text, "Second part, longer now.");
    Deno.removeSync(join(folder.path, "three.txt"));
    assertEquals(index.reread(id)?.kind, "skipped");
    index.close();
  } finally {
    folder.cleanup();
  }
});

Deno.test("a file rewritten at the same size in the same tick of its time is read anew", () => {
  const folder = buildFolderFixture();
  try {
    // Two writes within one tick of the file system's clock (a coarse one, or a writer
    // quick enough) leave the same time; a time ahead of the clock stands for that tick
    // without depending on how fast this test runs.
    const tick = new Date(Date.now() + 3_600_000);
    const path = join(folder.path, "same.txt");
    folder.write("same.txt", "The kiwi plan.");
    Deno.utimeSync(path, tick, tick);
    const { index } = openIndex(folder.path);
    const id = `notes:${fileTranscriptKey("same.txt")}`;
    const first = index.reread(id);
    assert(first?.kind === "transcript");
    assertEquals(first.transcript.segments[0]?.text, "The kiwi plan.");
    folder.write("same.txt", "The pear plan.");
    Deno.utimeSync(path, tick, tick);
    const second = index.reread(id);
    assert(second?.kind === "transcript");
    assertEquals(second.transcript.segments[0]?.text, "The pear plan.");
    index.close();
  } finally {
    folder.cleanup();
  }
});

Deno.test("a file read again is parsed anew each time when too large to keep", () => {
  const folder = buildFolderFixture();
  try {
    // Over the few MB kept, under the size cap of what is read at all.
    const cue = "We agreed on the zebra plan and the kiwi harvest, item by item.\n\n";
    folder.write("long.txt", cue.repeat(Math.ceil((5 * 1024 * 1024) / cue.length)));
    const { index } = openIndex(folder.path);
    const id = `notes:${fileTranscriptKey("long.txt")}`;
    const first = index.reread(id);
    assertEquals(first?.kind, "transcript");
    assert(index.reread(id) !== first);
    index.close();
  } finally {
    folder.cleanup();
  }
});

Deno.test("a folder is planned without reading it, and `check` lists each skipped file", () => {
  const folder = buildFolderFixture();
  try {
    const [planned] = planSources([{ name: "notes", path: folder.path }]);
    assertEquals(planned?.kind, "folder");
    assertEquals(planned?.spec.detected, "folder");
    const sources = SourceSet.open([planned!.spec]);
    const check = checkSource(sources, sources.all[0]!);
    sources.close();
    assert(check.healthy);
    assertMatch(check.text, /source: +notes \(folder\)/);
    assertMatch(check.text, /transcripts: +2\n/);
    assertMatch(check.text, /skipped: +1 file\n {2}empty\.txt: the file is empty/);
    // A name with a line break is shown escaped: one line per file, none forged.
    folder.write("bad\nname.vtt", "");
    const again = SourceSet.open([planned!.spec]);
    const listed = checkSource(again, again.all[0]!).text;
    again.close();
    assertMatch(
      listed,
      /skipped: +2 files\n {2}bad\\nname\.vtt: the file is empty\n {2}empty\.txt/,
    );
  } finally {
    folder.cleanup();
  }
});

Deno.test("a folder that goes away answers unavailable, and comes back on the next pass", () => {
  const folder = buildFolderFixture();
  const moved = `${folder.path}-moved`;
  try {
    const { index, reader } = openIndex(folder.path);
    Deno.renameSync(folder.path, moved);
    index.refresh();
    let failure = "";
    try {
      reader.facts();
    } catch (error) {
      failure = (error as Error).message;
    }
    assertMatch(failure, /^Cannot read source notes: the folder cannot be read at .*: not found$/);
    // A file put at its path: said in a few words, the path not repeated.
    Deno.writeTextFileSync(folder.path, "not a folder");
    index.refresh();
    assertEquals(index.failure, `the folder cannot be read at ${folder.path}: not a folder`);
    Deno.removeSync(folder.path);
    Deno.renameSync(moved, folder.path);
    // A link to itself is skipped with why, the OS's error number and path left out.
    Deno.symlinkSync("self.vtt", join(folder.path, "self.vtt"));
    index.refresh();
    assertEquals(
      index.skipped().find((file) => file.relative === "self.vtt")?.reason,
      "cannot be read: too many levels of symbolic links",
    );
    index.refresh();
    assertEquals(reader.facts().transcripts, 2);
    index.close();
  } finally {
    try {
      Deno.removeSync(moved, { recursive: true });
    } catch { /* moved back */ }
    folder.cleanup();
  }
});

Deno.test("two names that differ only in Unicode form share an id; either removed, the other stays", () => {
  const folder = buildFolderFixture();
  try {
    const composed = "caf\u00e9.txt";
    const decomposed = "cafe\u0301.txt";
    folder.write(composed, "Composed wombat.");
    folder.write(decomposed, "Decomposed wombat.");
    const { index, reader } = openIndex(folder.path);
    const id = `notes:${fileTranscriptKey(composed)}`;
    const served = () => reader.listTranscripts(null, 50, {}).filter((item) => item.id === id);
    assertEquals(served().length, 1);
    for (const [gone, left] of [[composed, "Decomposed"], [decomposed, "Composed"]]) {
      folder.write(composed, "Composed wombat.");
      folder.write(decomposed, "Decomposed wombat.");
      index.refresh();
      Deno.removeSync(join(folder.path, gone!));
      index.refresh();
      assertEquals(served().length, 1, `${gone} removed`);
      assertEquals(reader.getTranscript(id)?.text, `${left} wombat.`);
    }
    index.close();
  } finally {
    folder.cleanup();
  }
});

Deno.test("a file gone between the listing and its read is not reported skipped", () => {
  const folder = buildFolderFixture();
  try {
    const gone = { relative: "gone.vtt", path: join(folder.path, "gone.vtt"), mtime: 0, size: 9 };
    assertEquals(readFolderFile(gone), { kind: "ignored" });
    // A file that is there but cannot be read still is.
    const folderAsFile = { relative: "2025", path: join(folder.path, "2025"), mtime: 0, size: 9 };
    assertEquals(readFolderFile(folderAsFile).kind, "skipped");
  } finally {
    folder.cleanup();
  }
});
