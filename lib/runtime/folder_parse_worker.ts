/**
 * The entry of a folder host's parsing thread (lib/sources/folder/folder_parse.ts): it reads
 * and parses the files it is sent and answers with what the index keeps. It loads the
 * parsers alone, not the tools a tool worker loads: it is up in a fraction of the time, and
 * loading costs the other threads less CPU while the server starts.
 *
 * @module
 */
import {
  type ParseAnswer,
  parseFolderFile,
  type ParseRequest,
} from "../sources/folder/folder_parse.ts";

// The worker global, typed without pulling the worker lib into the whole program.
const scope = self as unknown as {
  postMessage(message: ParseAnswer): void;
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
};

scope.onmessage = (event) => {
  const { id, files } = event.data;
  scope.postMessage({ type: "parsed", id, parsed: files.map(parseFolderFile) });
};
scope.postMessage({ type: "parser-ready" });
