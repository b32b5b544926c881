/**
 * The folder's first pass with a parsing thread (lib/runtime/folder_parse_worker.ts): the
 * index it builds is the one a single thread builds, row for row and pk for pk, whether the
 * thread parses, is still starting, or cannot start at all.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { buildFolderFixture, type FolderFixture } from "../../helpers/folder_fixture.ts";
import { FolderIndex } from "../../../lib/sources/folder/folder_index.ts";
import { FolderReader } from "../../../lib/sources/folder/folder_reader.ts";
import {
  type FolderParser,
  type ParsedFile,
  type StartedParser,
  startParser,
} from "../../../lib/sources/folder/folder_parse.ts";
import type { ToParser } from "../../../lib/runtime/worker_protocol.ts";

const PARSER_URL = new URL("../../../lib/runtime/folder_parse_worker.ts", import.meta.url);

/**
 * Adds 14 WebVTT files of about 400 KB (several of the index's 1 MB batches), each with a
 * word of its own, so a misplaced or lost file shows in the rows.
 */
function addLargeFiles(folder: FolderFixture): void {
  for (let file = 0; file < 14; file++) {
    const cues: string[] = ["WEBVTT", ""];
    for (let cue = 0; cue < 4_000; cue++) {
      const s = String(cue % 60).padStart(2, "0");
      const m = String(Math.floor(cue / 60) % 60).padStart(2, "0");
      const h = String(Math.floor(cue / 3600)).padStart(2, "0");
      cues.push(`${h}:${m}:${s}.000 --> ${h}:${m}:${s}.900`);
      cues.push(`<v Speaker ${cue % 3}>Cue ${cue} of file ${file} says word${file}x and more.`);
      cues.push("");
    }
    folder.write(`big/${String(file).padStart(2, "0")}.vtt`, cues.join("\n"));
  }
}

/** Every row of the index, in pk order. */
function rows(index: FolderIndex): unknown[] {
  return index.store.all(
    "SELECT pk, id, title, text, created_at, duration FROM transcripts ORDER BY pk",
  )
    .map((row) => ({ ...row }));
}

/** The rows a single thread indexes, then closes the index. */
function singleThreadRows(path: string): unknown[] {
  const index = new FolderIndex("notes", path);
  index.refresh();
  const all = rows(index);
  index.close();
  return all;
}

async function untilReady(parser: FolderParser): Promise<void> {
  while (!parser.ready) await new Promise((resolve) => setTimeout(resolve, 5));
}

Deno.test("a pass with a parsing thread indexes what one thread does, in the same order", async () => {
  const folder = buildFolderFixture();
  addLargeFiles(folder);
  const started = startParser(PARSER_URL);
  try {
    await untilReady(started);
    const parser = counting(started);
    const index = new FolderIndex("notes", folder.path);
    let pauses = 0;
    await index.indexSlices(40, () => {
      pauses++;
      return Promise.resolve();
    }, parser);
    assert(parser.sent > 0, "the thread parsed some batches");
    assert(pauses >= 4, `inserted in several batches, calls answered between: ${pauses}`);
    const threaded = rows(index);
    assertEquals(threaded.length, 16);
    assertEquals(new FolderReader(index).search("word13x", 5).hits.length, 1);
    assertEquals(index.progress, { indexing: false, done: 17, total: 17 });
    index.close();
    assertEquals(threaded, singleThreadRows(folder.path));
  } finally {
    started.close();
    folder.cleanup();
  }
});

Deno.test("a parsing thread that cannot start leaves the pass to this one", async () => {
  const folder = buildFolderFixture();
  addLargeFiles(folder);
  const parser = startParser(new URL("./no_such_worker.ts", import.meta.url));
  try {
    const index = new FolderIndex("notes", folder.path);
    await index.indexSlices(40, () => new Promise((resolve) => setTimeout(resolve, 0)), parser);
    assertEquals(parser.ready, false);
    const all = rows(index);
    index.close();
    assertEquals(all, singleThreadRows(folder.path));
  } finally {
    parser.close();
    folder.cleanup();
  }
});

/** A parsing thread started here and reached over a port, as the main thread starts a host's. */
function parserOverPort(url: URL): { parser: StartedParser<ParsedFile>; thread: Worker } {
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(url, { type: "module" });
  const connect: ToParser = { type: "folder-parse-port", port: port2 };
  thread.postMessage(connect, [port2]);
  return { parser: startParser(port1), thread };
}

/** `parser`, counting the files it is sent, and calling `onFirst` when the first are. */
function counting(parser: FolderParser, onFirst = () => {}): FolderParser & { sent: number } {
  const counted = {
    sent: 0,
    get ready() {
      return parser.ready;
    },
    parseMany(files: Parameters<FolderParser["parseMany"]>[0]) {
      if (counted.sent === 0) onFirst();
      counted.sent += files.length;
      return parser.parseMany(files);
    },
  };
  return counted;
}

Deno.test("a parsing thread reached over a port indexes what one thread does", async () => {
  const folder = buildFolderFixture();
  addLargeFiles(folder);
  const { parser, thread } = parserOverPort(PARSER_URL);
  try {
    await untilReady(parser);
    const counted = counting(parser);
    const index = new FolderIndex("notes", folder.path);
    await index.indexSlices(40, () => Promise.resolve(), counted);
    assert(counted.sent > 0, "the thread parsed some batches");
    const threaded = rows(index);
    index.close();
    assertEquals(threaded, singleThreadRows(folder.path));
    // Closed, what is asked afterwards is parsed here.
    parser.close();
    assertEquals(await parser.parseMany([]), []);
  } finally {
    thread.terminate();
    folder.cleanup();
  }
});

Deno.test("a parsing thread over a port that fails leaves its batches and the rest to this one", async () => {
  const folder = buildFolderFixture();
  addLargeFiles(folder);
  // A thread that takes the port and never answers: only fail() can release its batches.
  const { parser, thread } = parserOverPort(new URL("./silent_parser.ts", import.meta.url));
  try {
    await untilReady(parser);
    // Its starter sees it fail once a batch waits on it: the pass is stuck until then.
    const failing = counting(parser, () => setTimeout(() => parser.fail(), 20));
    const index = new FolderIndex("notes", folder.path);
    await index.indexSlices(40, () => new Promise((resolve) => setTimeout(resolve, 0)), failing);
    assert(failing.sent > 0, "batches were sent to the thread");
    assertEquals(parser.ready, false);
    const all = rows(index);
    index.close();
    assertEquals(all, singleThreadRows(folder.path));
  } finally {
    parser.close();
    thread.terminate();
    folder.cleanup();
  }
});
