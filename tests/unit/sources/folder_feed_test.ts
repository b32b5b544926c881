/**
 * `index`'s direct folder feed (lib/sources/folder/folder_feed.ts): each file read once, in a
 * parsing thread or not, gives exactly what the served folder's reader gives `index` (the
 * same items, texts, segments, ids, hashes, order and skipped files), and a run over it
 * writes the store a run over the reader writes.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildFolderFixture, type FolderFixture } from "../../helpers/folder_fixture.ts";
import { FolderIndex } from "../../../lib/sources/folder/folder_index.ts";
import { FolderReader } from "../../../lib/sources/folder/folder_reader.ts";
import { folderFeed } from "../../../lib/sources/folder/folder_feed.ts";
import { sourceEntries } from "../../../lib/sources/source_entries.ts";
import { type IndexEntry, itemHash } from "../../../lib/ingest/indexed_item.ts";
import { type IndexFeed, indexFeedsAsync } from "../../../lib/ingest/index_run.ts";
import { StoreWriter } from "../../../lib/ingest/store_writer.ts";
import { fileTranscriptKey } from "../../../lib/ingest/file_key.ts";

const PARSER_URL = new URL("../../../lib/runtime/folder_feed_worker.ts", import.meta.url);

/** A VTT file of `cues` cues by three speakers, each cue naming `word`. */
function vtt(cues: number, word: string): string {
  const lines = ["WEBVTT", ""];
  for (let cue = 0; cue < cues; cue++) {
    const s = String(cue % 60).padStart(2, "0");
    const m = String(Math.floor(cue / 60) % 60).padStart(2, "0");
    lines.push(`00:${m}:${s}.000 --> 00:${m}:${s}.900`);
    lines.push(`<v Speaker ${cue % 3}>Cue ${cue} says ${word} and more words.`);
    lines.push("");
  }
  return lines.join("\n");
}

/**
 * The fixture folder plus: large VTT files (several parsing batches), files sharing one
 * modification time (ties broken by path), a dated name, an SRT, Whisper JSON and a
 * truncated JSON file (skipped with its reason).
 */
function buildFeedFolder(): FolderFixture {
  const folder = buildFolderFixture();
  const sameTime = new Date(Date.UTC(2024, 5, 1, 12, 0, 0));
  for (let file = 0; file < 12; file++) {
    const relative = `big/${String(11 - file).padStart(2, "0")}.vtt`;
    folder.write(relative, vtt(3_000, `word${file}x`));
    Deno.utimeSync(join(folder.path, relative), sameTime, sameTime);
  }
  folder.write("2025-03-14 Pricing review.vtt", vtt(5, "pricing"));
  folder.write(
    "calls/standup.srt",
    "1\r\n00:00:00,500 --> 00:00:02,000\r\nFixture talk first.\r\n\r\n" +
      "2\r\n00:00:02,000 --> 00:00:03,000\r\nThen the budget.\r\n",
  );
  folder.write(
    "calls/whisper.json",
    JSON.stringify({
      language: "en",
      segments: [{ start: 0, end: 1.5, text: " Whisper says hello." }],
    }),
  );
  folder.write("calls/truncated.json", '{"segments": [{"start": 0, "end": 1.5, "text": "cut');
  return folder;
}

/** What the served folder's reader gives `index`, each transcript with its hash. */
function servedEntries(path: string): IndexEntry[] {
  const index = new FolderIndex("calls", path);
  try {
    index.refresh();
    return [...sourceEntries(new FolderReader(index))].map((entry) =>
      entry.kind === "transcript" ? { ...entry, hash: itemHash(entry) } : entry
    );
  } finally {
    index.close();
  }
}

async function fedEntries(feed: IndexFeed): Promise<IndexEntry[]> {
  const entries: IndexEntry[] = [];
  for await (const entry of feed.entries as AsyncIterable<IndexEntry>) entries.push(entry);
  return entries;
}

/** Runs index of `feed` into the store at `out`. */
async function build(out: string, feed: IndexFeed) {
  const writer = StoreWriter.open(out);
  try {
    return await indexFeedsAsync(writer, [feed]);
  } finally {
    writer.close();
  }
}

Deno.test("a folder fed directly gives index what the served folder's reader gives it", async () => {
  const folder = buildFeedFolder();
  try {
    const served = servedEntries(folder.path);
    const transcripts = served.filter((entry) => entry.kind === "transcript");
    assertEquals(transcripts.length, 17);
    assert(transcripts.some((entry) => entry.item.segments.length === 3_000));
    assertEquals(
      served.filter((entry) => entry.kind === "skipped").map((entry) => entry.id),
      ["calls/truncated.json", "empty.txt"],
    );
    for (const parser of [undefined, PARSER_URL]) {
      const feed = folderFeed("calls", folder.path, parser);
      assertEquals(feed.total, 19);
      assertEquals(await fedEntries(feed), served, parser === undefined ? "here" : "in a thread");
    }
  } finally {
    folder.cleanup();
  }
});

Deno.test("a folder fed directly writes the store the served folder's reader writes", async () => {
  const folder = buildFeedFolder();
  const dir = Deno.makeTempDirSync({ prefix: "tmcp-feed-" });
  const dump = (path: string) => {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      return [
        "SELECT * FROM transcripts ORDER BY pk",
        "SELECT * FROM segments ORDER BY transcript_id, seq",
        "SELECT * FROM index_items ORDER BY kind, id",
      ].map((sql) => db.prepare(sql).all().map((row) => ({ ...row })));
    } finally {
      db.close();
    }
  };
  try {
    const served = servedEntries(folder.path);
    const direct = await build(join(dir, "direct.db"), folderFeed("calls", folder.path));
    const viaReader = await build(join(dir, "reader.db"), {
      source: "calls",
      total: null,
      entries: served,
    });
    assertEquals(direct, viaReader);
    assertEquals([direct.added, direct.skipped.length], [17, 2]);
    assertEquals(direct.skipped[0], {
      source: "calls",
      id: "calls/truncated.json",
      reason: served.find((entry) => entry.kind === "skipped")!.reason,
    });
    assertEquals(dump(join(dir, "direct.db")), dump(join(dir, "reader.db")));
  } finally {
    folder.cleanup();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a folder that cannot be listed keeps its items in the store, with why", async () => {
  const folder = buildFeedFolder();
  const dir = Deno.makeTempDirSync({ prefix: "tmcp-feed-" });
  const out = join(dir, "archive.db");
  const run = (feed: IndexFeed) => build(out, feed);
  try {
    assertEquals((await run(folderFeed("calls", folder.path, PARSER_URL))).added, 17);
    const gone = folderFeed("calls", join(folder.path, "no-such-folder"), PARSER_URL);
    assertEquals(gone.entries, undefined);
    const summary = await run(gone);
    assertEquals([summary.removed, summary.kept.length, summary.kept[0]?.count], [0, 1, 17]);
    assert(
      /^Cannot read source calls: the folder cannot be read at .*: not found$/.test(
        summary.kept[0]!.reason,
      ),
      summary.kept[0]!.reason,
    );
  } finally {
    folder.cleanup();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a folder fed again: a changed file is updated in place, a gone one removed, a new one added", async () => {
  const folder = buildFeedFolder();
  const dir = Deno.makeTempDirSync({ prefix: "tmcp-feed-" });
  const out = join(dir, "archive.db");
  /** Every transcript's pk, by id. */
  const pks = () => {
    const db = new DatabaseSync(out, { readOnly: true });
    const rows = db.prepare("SELECT id, pk FROM transcripts").all();
    db.close();
    return new Map(rows.map((row) => [row["id"], row["pk"]]));
  };
  try {
    await build(out, folderFeed("calls", folder.path, PARSER_URL));
    const before = servedEntries(folder.path).filter((entry) => entry.kind === "transcript");
    const changedId = before.find((entry) => entry.item.title === "Pricing review")!.item.id;
    const goneId = `calls:${fileTranscriptKey("calls/standup.srt")}`;
    assert(before.some((entry) => entry.item.id === goneId));
    const pk = pks().get(changedId);
    folder.write("2025-03-14 Pricing review.vtt", vtt(6, "discount"));
    Deno.removeSync(join(folder.path, "calls/standup.srt"));
    folder.write("calls/new call.txt", "A brand new call about the harbour.");
    const summary = await build(out, folderFeed("calls", folder.path, PARSER_URL));
    assertEquals([summary.added, summary.updated, summary.removed, summary.unchanged], [
      1,
      1,
      1,
      15,
    ]);
    const after = pks();
    assertEquals(after.get(changedId), pk);
    assertEquals(after.has(goneId), false);
    assertEquals(after.size, 17);
  } finally {
    folder.cleanup();
    Deno.removeSync(dir, { recursive: true });
  }
});
