/**
 * A folder as `index` reads it: walked once, each file read and parsed once (in a parsing
 * thread where one can start, while the store is written), and handed to the store writer
 * whole, with its segments and content hash. Nothing is indexed in memory on the way, as the
 * served folder's reader would (folder_index.ts); what comes out is what that reader serves:
 * the same ids, fields, segments and skipped files, in the same order (a test compares them).
 *
 * @module
 */
import { nameFacts } from "../../ingest/file_name.ts";
import { fileCreatedAt } from "../../ingest/file_rows.ts";
import type { IndexFeed } from "../../ingest/index_run.ts";
import type { IndexEntry } from "../../ingest/indexed_item.ts";
import { baseName, parsedBatches, startFileParser } from "./folder_parse.ts";
import { type FedFile, feedFile, unpackSegments } from "./folder_feed_file.ts";
import {
  folderIdentity,
  type FolderWalk,
  reasonOf,
  type WalkedFile,
  walkFolder,
} from "./folder_walk.ts";

/**
 * The feed of the folder at `root`, served as `name`, for `index`. With `parserUrl` (the
 * entry lib/runtime/folder_feed_worker.ts), files are parsed in that thread while the caller writes; without
 * it, or until the thread is up, here. A folder that cannot be listed gives a feed with its
 * failure, and the store keeps that source's items as they were; so does one found empty while
 * the store holds items of it (IndexFeed.ifEmpty).
 *
 * @example
 * ```ts
 * import { folderFeed } from "./folder_feed.ts";
 * const feed = folderFeed("calls", "/home/ada/Transcripts");
 * if (feed.entries !== undefined) {
 *   for await (const entry of feed.entries) entry.kind; // "transcript" or "skipped"
 * }
 * ```
 */
export function folderFeed(name: string, root: string, parserUrl?: URL): IndexFeed {
  let walk: FolderWalk;
  let at: string | null;
  try {
    at = folderIdentity(root);
    walk = walkFolder(root);
  } catch (error) {
    // As the served folder's reader says it (SourceUnavailableError).
    const failure = `Cannot read source ${name}: the folder cannot be read at ${root}: ` +
      reasonOf(error);
    return { source: name, total: null, entries: undefined, failure };
  }
  return {
    source: name,
    total: walk.files.length,
    // A mount point whose drive is not mounted is an empty folder, not one emptied.
    ifEmpty: `its folder ${root} holds no transcript files now (is its drive mounted?); ` +
      "to drop them, run index without this source",
    entries: folderEntries(name, walk, parserUrl, () => {
      // A folder gone by the end (a drive unplugged, leaving its empty mount point; the
      // folder moved) is not one emptied: its files were not read, and its items are kept.
      if (at !== null && folderIdentity(root) !== at) {
        throw new Error(`the folder went away during the run (${root})`);
      }
    }),
  };
}

/**
 * The items of a walked folder in the order the served folder's reader gives them to
 * `index` (source_entries.ts): transcripts oldest first, ties in path order (so new rows get
 * the keys they would get from it), then the files that could not be read, in path order.
 */
async function* folderEntries(
  name: string,
  walk: FolderWalk,
  parserUrl: URL | undefined,
  checkStillThere: () => void,
): AsyncGenerator<IndexEntry> {
  const keyed = walk.files.map((file) => ({ file, at: createdAtOf(file) }));
  keyed.sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : a.file.relative < b.file.relative ? -1 : 1
  );
  // Taken off the end: last one first.
  const pending = keyed.map(({ file }) => file).reverse();
  const skipped = [...walk.problems];
  const parseHere = (file: WalkedFile) => feedFile(name, file);
  const parser = parserUrl === undefined ? undefined : startFileParser(parserUrl, parseHere, name);
  const here = {
    ready: false,
    parseMany: (files: WalkedFile[]) => Promise.resolve(files.map(parseHere)),
  };
  try {
    for await (
      const { files, parsed } of parsedBatches<FedFile>(pending, parser ?? here, parseHere)
    ) {
      for (let i = 0; i < files.length; i++) {
        const fed = parsed[i]!;
        if (fed.kind === "transcript") {
          const item = { ...fed.item, segments: unpackSegments(fed.segments) };
          yield { kind: "transcript", item, hash: fed.hash };
        } else if (fed.kind === "skipped") {
          skipped.push({ relative: files[i]!.relative, reason: fed.reason });
        }
      }
      // The thread's messages (it is up, a batch is back) wait for a task boundary, which
      // a run writing one batch after another never reaches by itself.
      if (parser !== undefined) await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    parser?.close();
  }
  checkStillThere();
  skipped.sort((a, b) => a.relative < b.relative ? -1 : 1);
  for (const { relative, reason } of skipped) yield { kind: "skipped", id: relative, reason };
}

/** The createdAt the file's row will have: from its name, else its modification time. */
function createdAtOf(file: WalkedFile): string {
  return fileCreatedAt(nameFacts(baseName(file.relative)).createdAt, file.mtime);
}
