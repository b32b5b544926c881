/**
 * The entry of a folder host's parsing thread (lib/sources/folder/folder_parse.ts): it reads
 * and parses the files it is sent and answers with what the index keeps. It loads the
 * parsers alone, not the tools a tool worker loads: it is up in a fraction of the time, and
 * loading costs the other threads less CPU while the server starts.
 *
 * Started by a folder's host, it answers its parent. Started by the main thread for a host
 * (lib/runtime/folder_hosts.ts), it is given a port to the host and answers over that, and
 * ends when the host says it is done with it.
 *
 * @module
 */
import {
  type ParseAnswer,
  type ParseClose,
  parseFolderFile,
  type ParseRequest,
} from "../sources/folder/folder_parse.ts";
import type { ToParser } from "./worker_protocol.ts";
import { GarbageCollector } from "./garbage_collector.ts";

// A batch's file bytes and parsed text are garbage once answered: collected as they pile
// up, they do not raise the process's peak memory (and with it the memory V8 keeps).
const garbage = new GarbageCollector();

// The worker global, typed without pulling the worker lib into the whole program.
const scope = self as unknown as {
  postMessage(message: ParseAnswer): void;
  onmessage: ((event: MessageEvent<ParseRequest | ToParser>) => void) | null;
  close(): void;
};

/** Parses what `request` names and answers it through `answer`. */
function parse(request: ParseRequest, answer: (message: ParseAnswer) => void): void {
  answer({ type: "parsed", id: request.id, parsed: request.files.map(parseFolderFile) });
  garbage.afterCall();
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "folder-parse-port") {
    const { port } = message;
    port.onmessage = (request: MessageEvent<ParseRequest | ParseClose>) => {
      if (request.data.type === "folder-parse-close") scope.close();
      else parse(request.data, (answer) => port.postMessage(answer));
    };
    port.postMessage({ type: "parser-ready" } satisfies ParseAnswer);
  } else {
    parse(message, (answer) => scope.postMessage(answer));
  }
};
scope.postMessage({ type: "parser-ready" });
