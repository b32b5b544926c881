/**
 * Twins: two files of a folder whose paths make one id (the same name in NFC and NFD, or
 * `a\b.vtt` beside `a/b.vtt`). `index` and the served folder pick the same one by one rule,
 * whatever order the files were written or changed in, and both name the other as skipped.
 */
import { join } from "node:path";
import { assertEquals } from "../../helpers/assert.ts";
import { buildFolderFixture, type FolderFixture } from "../../helpers/folder_fixture.ts";
import { FolderIndex } from "../../../lib/sources/folder/folder_index.ts";
import { FolderReader } from "../../../lib/sources/folder/folder_reader.ts";
import { folderFeed } from "../../../lib/sources/folder/folder_feed.ts";
import type { IndexEntry } from "../../../lib/ingest/indexed_item.ts";
import { fileTranscriptKey } from "../../../lib/ingest/file_key.ts";

const COMPOSED = "caf\u00e9.vtt";
const DECOMPOSED = "cafe\u0301.vtt";
const SLASHED = "calls/standup.vtt";
const BACKSLASHED = "calls\\standup.vtt";
const vtt = (word: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>${word} wombat.\n`;

/** Writes each name with its own word, modified in the order given (last = newest). */
function writeTwins(folder: FolderFixture, names: readonly string[]): void {
  names.forEach((name, i) => {
    folder.write(name, vtt(`Word${i}`));
    const at = new Date(Date.UTC(2025, 0, 1, 12, i));
    Deno.utimeSync(join(folder.path, name), at, at);
  });
}

/** The word of the file each twin id is served from, and the skipped names, as serving has it. */
function served(index: FolderIndex): [string[], string[]] {
  const reader = new FolderReader(index);
  const words = [COMPOSED, SLASHED].map((name) =>
    reader.getTranscript(`notes:${fileTranscriptKey(name)}`)?.text ?? "none"
  );
  return [
    words,
    index.skipped().map((file) => file.relative).filter((name) => name !== "empty.txt"),
  ];
}

/** The same, as `index` has it. */
async function indexed(path: string): Promise<[string[], string[]]> {
  const entries: IndexEntry[] = [];
  for await (const entry of folderFeed("notes", path).entries!) entries.push(entry);
  const words = [COMPOSED, SLASHED].map((name) => {
    const id = `notes:${fileTranscriptKey(name)}`;
    const found = entries.find((entry) => entry.kind === "transcript" && entry.item.id === id);
    return found?.kind === "transcript" ? found.item.text : "none";
  });
  const skipped = entries.flatMap((entry) =>
    entry.kind === "skipped" && entry.id !== "empty.txt" ? [entry.id] : []
  );
  return [words, skipped];
}

Deno.test("twins: index and serving pick the same file, whichever was written last", async () => {
  const orders = [
    [COMPOSED, DECOMPOSED, SLASHED, BACKSLASHED],
    [DECOMPOSED, COMPOSED, BACKSLASHED, SLASHED],
  ];
  for (const order of orders) {
    const folder = buildFolderFixture();
    try {
      writeTwins(folder, order);
      const index = new FolderIndex("notes", folder.path);
      index.refresh();
      const expected: [string[], string[]] = [
        [
          `Ann: Word${order.indexOf(COMPOSED)} wombat.`,
          `Ann: Word${order.indexOf(SLASHED)} wombat.`,
        ],
        [BACKSLASHED, DECOMPOSED].sort(),
      ];
      assertEquals(served(index), expected, order.join(" "));
      assertEquals(await indexed(folder.path), expected, order.join(" "));
      // The losing twin changed: serving still answers the winner, as index would.
      writeTwins(folder, [DECOMPOSED, BACKSLASHED]);
      Deno.utimeSync(join(folder.path, DECOMPOSED), new Date(), new Date());
      index.refresh();
      assertEquals(served(index)[0], expected[0]);
      index.close();
    } finally {
      folder.cleanup();
    }
  }
});

Deno.test("twins: the winner removed, the other is served; brought back, it wins again", () => {
  const folder = buildFolderFixture();
  try {
    writeTwins(folder, [COMPOSED, DECOMPOSED]);
    const index = new FolderIndex("notes", folder.path);
    index.refresh();
    Deno.removeSync(join(folder.path, COMPOSED));
    index.refresh();
    assertEquals(served(index)[0][0], "Ann: Word1 wombat.");
    assertEquals(served(index)[1], []);
    folder.write(COMPOSED, vtt("Back"));
    index.refresh();
    assertEquals(served(index), [["Ann: Back wombat.", "none"], [DECOMPOSED]]);
    index.close();
  } finally {
    folder.cleanup();
  }
});
