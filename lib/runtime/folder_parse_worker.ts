/**
 * The entry of a folder host's parsing thread (lib/sources/folder/folder_parse.ts): it reads
 * and parses the files it is sent and answers with what the index keeps, or, for `index`
 * (a request naming its source), the whole items it writes. It loads the
 * parsers alone, not the tools a tool worker loads: it is up in a fraction of the time, and
 * loading costs the other threads less CPU while the server starts.
 *
 * @module
 */
import {
  feedFile,
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
  const { id, files, source } = event.data;
  const parsed = source === undefined
    ? files.map(parseFolderFile)
    : files.map((file) => feedFile(source, file));
  scope.postMessage({ type: "parsed", id, parsed });
};
scope.postMessage({ type: "parser-ready" });
