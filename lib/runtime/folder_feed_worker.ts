/**
 * The entry of `index`'s parsing thread for a folder (lib/sources/folder/folder_feed.ts): it
 * reads the files it is sent whole, as the store holds them (folder_feed_file.ts), and
 * answers with them. An entry of its own, so the served folder's parsing thread
 * (folder_parse_worker.ts) loads nothing of this.
 *
 * @module
 */
import type { ParseAnswer, ParseRequest } from "../sources/folder/folder_parse.ts";
import { feedFile } from "../sources/folder/folder_feed_file.ts";

// The worker global, typed without pulling the worker lib into the whole program.
const scope = self as unknown as {
  postMessage(message: ParseAnswer): void;
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
};

scope.onmessage = (event) => {
  const { id, files, source } = event.data;
  scope.postMessage({ type: "parsed", id, parsed: files.map((file) => feedFile(source!, file)) });
};
scope.postMessage({ type: "parser-ready" });
