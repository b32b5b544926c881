/**
 * What a session needs once it runs tools: the tools themselves, the worker pool, the main
 * thread's inline calls and the split search. serveStdio (server.ts) loads this module with
 * a dynamic `import()` after `initialize` is answered, so none of it, nor the search, meaning
 * and source-reading code it pulls in, is evaluated before that answer (issue #26).
 *
 * @module
 */
import { InlineCalls } from "../runtime/inline_calls.ts";
import { SourceSet, type SourceSpec } from "../sources/source_set.ts";
import { type PublishedTool, publishTool } from "../tools/call_tool.ts";
import { findTool, toolsWith } from "../tools/registry.ts";
import { searchTranscripts } from "../tools/search_transcripts.ts";
import { SplitSearch } from "../runtime/split_search.ts";
import { ToolWorkerPool, type ToolWorkerPoolOptions } from "../runtime/worker_pool.ts";
import type { CallBounds } from "../runtime/deadline.ts";
import type { ToolOutcome } from "../tools/tool_outcome.ts";
import type { SourceReads } from "./source_reads.ts";

/** A session's tool machinery, made by {@link startServices}. */
export interface SessionServices {
  /** The tools' definitions as tools/list publishes them, made on first use. */
  published(): PublishedTool[];
  /** Runs a call of a tool that exists: inline when cheap, else in the pool. */
  run(name: string, args: unknown, bounds: CallBounds): Promise<ToolOutcome>;
  /** The reads of resources, prompts and completions (the pool). */
  reads: SourceReads;
  /**
   * Opens the main thread's connections ahead of the first call. No worker is started: the
   * first call that needs one starts it (issue #26).
   */
  warm(): void;
  /** Closes the main thread's connections and stops the workers. */
  close(): void;
}

/**
 * Makes the tool machinery for `sources`: the pool is made at once, which starts a served
 * folder's indexing thread; workers start at the first call that needs one.
 *
 * @example
 * ```ts
 * import { startServices } from "./session_services.ts";
 * const services = startServices([{ kind: "demo", name: "demo" }], {});
 * services.published().length; // 6: the native tools
 * services.close();
 * ```
 */
export function startServices(
  sources: readonly SourceSpec[],
  options: ToolWorkerPoolOptions,
): SessionServices {
  const tools = toolsWith(options.toolSets ?? []);
  const pool = new ToolWorkerPool(sources, options);
  const [only, ...others] = sources;
  const splittable = others.length === 0 &&
    (only?.kind === "demo" || only?.detected === "transcript-mcp");
  const search = new SplitSearch(pool, { splittable });
  // The main thread's connections never wait for an app's lock: see inline_calls.ts.
  const inline = new InlineCalls(() => SourceSet.openEvery(sources, 0), {
    workerStarted: () => pool.workersStarted > 0,
  });
  let published: PublishedTool[] | undefined;
  return {
    // Building the JSON Schemas takes time: done on the first tools/list, not at start.
    published: () => published ??= tools.map(publishTool),
    run: (name, args, bounds) => {
      if (name === searchTranscripts.name) return search.run(args, bounds);
      const inlined = inline.run(findTool(name, tools)!, args, bounds.deadline);
      return inlined.ran ? Promise.resolve(inlined.outcome) : pool.run(name, args, bounds);
    },
    reads: pool,
    // A worker warmed here held 17–20 MiB for the whole session, 20% of its resident memory,
    // for a first search that waits for its start (docs/performance.md); lists and reads run
    // here and need none.
    warm: () => void inline.open(),
    close: () => {
      inline.close();
      pool.close();
    },
  };
}
