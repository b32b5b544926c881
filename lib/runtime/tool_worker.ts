/**
 * A tool worker's entry point: one thread with its own read-only connections, running one
 * tool call (or read for resources, prompts and completions) at a time for the pool in
 * worker_pool.ts. With SQLite off the main thread, a
 * slow query never stalls the protocol: pings, cancellations and other calls are still
 * read and answered while it runs.
 *
 * @module
 */
import { clockNow } from "./deadline.ts";
import { GarbageCollector } from "./garbage_collector.ts";
import { describeError } from "../log.ts";
import { SourceSet } from "../sources/source_set.ts";
import { setFolderLinks } from "../sources/folder/folder_links.ts";
import { callTool, toolErrorOutcome, type ToolOutcome } from "../tools/call_tool.ts";
import { findTool, TOOLS, toolsWith } from "../tools/registry.ts";
import type { AnyTool } from "../tools/tool.ts";
import { INTERNAL_TOOLS } from "../tools/search_parts.ts";
import { type ReadOutcome, runSourceRead } from "../tools/reads/source_read.ts";
import { useWordVectors } from "../search/word_vectors_file.ts";
import {
  type FromWorker,
  STOP_CALL_ID,
  STOP_CANCELLED,
  STOP_REASON,
  type ToWorker,
} from "./worker_protocol.ts";

// The worker global, typed without pulling the worker lib into the whole program.
const scope = self as unknown as {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

let sources: SourceSet | undefined;
let tools: readonly AnyTool[] = TOOLS;
const garbage = new GarbageCollector();
let current = { callId: 0, deadline: Infinity };

scope.onmessage = (event) => {
  const message = event.data;
  // A folder's host has an entry of its own (folder_host_worker.ts).
  if (
    message.type === "folder-host" || message.type === "folder-link" ||
    message.type === "folder-parser-failed"
  ) return;
  if (message.type === "init") {
    useWordVectors(message.wordVectors);
    try {
      tools = toolsWith(message.toolSets);
      const links = message.links ?? {};
      setFolderLinks((name) => links[name]);
      // A source that cannot be opened is kept with its reason: the others still serve.
      sources = SourceSet.open(message.sources);
      const stop = new Int32Array(message.stop);
      sources.setInterruptCheck(() => {
        if (Atomics.load(stop, STOP_CALL_ID) === current.callId) {
          return Atomics.load(stop, STOP_REASON) === STOP_CANCELLED ? "cancelled" : "timeout";
        }
        return clockNow() > current.deadline ? "timeout" : null;
      });
      scope.postMessage({ type: "ready" });
    } catch (error) {
      scope.postMessage({
        type: "init-failed",
        message: describeError(error),
        busy: false,
      });
    }
    return;
  }
  current = { callId: message.callId, deadline: message.deadline };
  let outcome: ToolOutcome | ReadOutcome;
  if (sources === undefined) {
    outcome = toolErrorOutcome("internal", "The worker has no sources open");
  } else if (message.type === "read") {
    outcome = runSourceRead(sources, message.read);
  } else {
    const tool = findTool(message.tool, tools) ??
      INTERNAL_TOOLS.find((t) => t.name === message.tool);
    outcome = tool === undefined
      ? toolErrorOutcome("internal", `Tool ${message.tool} is not available`)
      // On this thread's clock: when the call arrived, time queued in the pool included.
      : callTool(tool, sources, message.args, performance.now() - (clockNow() - message.arrivedAt));
  }
  // The answer's JSON is made here, off the main thread; the main thread only frames it.
  scope.postMessage({ type: "result", callId: message.callId, outcome });
  // After the answer is on its way: only a call already queued for this worker waits.
  garbage.afterCall();
};
