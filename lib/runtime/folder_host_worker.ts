/**
 * The entry of a served folder's host thread (lib/sources/folder/folder_host.ts, started by
 * folder_hosts.ts): it indexes the folder and answers the other threads' reads over their
 * links. It loads the folder's index and reader alone, not the tools a tool worker loads:
 * the thread costs less memory for as long as the server runs, and is up sooner.
 *
 * @module
 */
import { FolderHost } from "../sources/folder/folder_host.ts";
import type { ToWorker } from "./worker_protocol.ts";
import { GarbageCollector } from "./garbage_collector.ts";

// The worker global, typed without pulling the worker lib into the whole program.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

/** The host's parsing thread's entry, beside this one's (bundled too: scripts/compile.ts). */
const FOLDER_PARSE_WORKER_URL = new URL(
  import.meta.url.endsWith(".js") ? "./folder_parse_worker.js" : "./folder_parse_worker.ts",
  import.meta.url,
);

let host: FolderHost | undefined;

// Each slice of a pass leaves the files' parsed text behind, as garbage: V8 lets it pile up
// for tens of MB before it collects, and that peak stays the process's resident memory.
const garbage = new GarbageCollector();

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "folder-host") {
    const parser = message.parser ?? FOLDER_PARSE_WORKER_URL;
    host = new FolderHost(message.name, message.path, parser, () => garbage.afterCall());
    host.start();
  } else if (message.type === "folder-parser-failed") {
    host?.parserFailed();
  } else if (message.type === "folder-link") {
    host?.link(message.link);
  }
};
