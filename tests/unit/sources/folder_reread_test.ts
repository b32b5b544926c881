/** A served folder's files read again: for a page's moments, and kept parsed while unchanged. */
import { join } from "node:path";
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildFolderFixture } from "../../helpers/folder_fixture.ts";
import { FolderIndex, KEPT_REREAD_BYTES } from "../../../lib/sources/folder/folder_index.ts";
import { FolderReader } from "../../../lib/sources/folder/folder_reader.ts";
import { fileTranscriptKey } from "../../../lib/ingest/file_key.ts";

function openIndex(path: string): { index: FolderIndex; reader: FolderReader } {
  const index = new FolderIndex("notes", path);
  index.refresh();
  return { index, reader: new FolderReader(index) };
}

Deno.test("a page's moments are found in the files: the near segment, else the first holding the words", () => {
  const folder = buildFolderFixture();
  try {
    folder.write(
      "plans.txt",
      "The Plan is set.\n\nWe plan the launch.\n\nThe plan again.\n\nPlanning ahead.",
    );
    const { index, reader } = openIndex(folder.path);
    const id = `notes:${fileTranscriptKey("plans.txt")}`;
    const found = reader.findSegments([
      // The near segment holds it.
      { id, needle: "plan", near: 2 },
      // It does not: the first that does.
      { id, needle: "plan", near: 3 },
      // Exactly nowhere: the first that holds it folded to lower case.
      { id, needle: "the plan is", near: 3 },
      // As a whole word nowhere ("Planning" is not "plan").
      { id, needle: "plann" },
      { id: "notes:0000000000000000", needle: "plan" },
    ]);
    assertEquals(found.map((segment) => segment?.seq ?? segment), [2, 1, 0, null, undefined]);
    assertEquals(found[0]?.text, "The plan again.");
    index.close();
  } finally {
    folder.cleanup();
  }
});

Deno.test("files read again are kept up to their cap in all, the least lately read let go first", () => {
  const folder = buildFolderFixture();
  try {
    // Two files of 0.525 of the cap each pass it together; one of them and a small file do not.
    const line = "We went over the budget for the quarter once more.\n\n";
    const big = line.repeat(Math.ceil(0.525 * KEPT_REREAD_BYTES / line.length));
    folder.write("small.txt", "First part.\n\nSecond part.");
    folder.write("big1.txt", big);
    folder.write("big2.txt", big);
    const past = new Date(Date.now() - 3_600_000);
    for (const name of ["small.txt", "big1.txt", "big2.txt"]) {
      Deno.utimeSync(join(folder.path, name), past, past);
    }
    const { index } = openIndex(folder.path);
    const idOf = (name: string) => `notes:${fileTranscriptKey(name)}`;
    const small = index.reread(idOf("small.txt"));
    const big1 = index.reread(idOf("big1.txt"));
    assert(index.reread(idOf("small.txt")) === small);
    // big2 lets go of big1, read less lately than small.
    const big2 = index.reread(idOf("big2.txt"));
    assert(index.reread(idOf("big2.txt")) === big2);
    assert(index.reread(idOf("small.txt")) === small);
    assert(index.reread(idOf("big1.txt")) !== big1);
    // big1 read anew lets go of big2, read less lately than small.
    assert(index.reread(idOf("small.txt")) === small);
    assert(index.reread(idOf("big2.txt")) !== big2);
    index.close();
  } finally {
    folder.cleanup();
  }
});
