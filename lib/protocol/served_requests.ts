/**
 * The requests the protocol gate answers beside tools/call: resources, prompts and
 * completions, each method routed to its module.
 *
 * @module
 */
import type { CallBounds } from "../runtime/deadline.ts";
import { complete } from "./completions/complete.ts";
import { getPrompt, listPrompts, refuseCursor } from "./prompts/prompt_methods.ts";
import type { RequestAnswer, RequestRunner } from "./request_answer.ts";
import {
  listResources,
  listResourceTemplates,
  readResource,
} from "./resources/resource_methods.ts";
import type { SourceReads } from "./source_reads.ts";

type Method = (params: Record<string, unknown>, bounds: CallBounds) => Promise<RequestAnswer>;

/**
 * The request runner of resources, prompts and completions over `reads` (the worker pool),
 * for sources named `sourceNames`.
 *
 * @example
 * ```ts
 * import { servedRequests } from "./served_requests.ts";
 * import { ToolWorkerPool } from "../runtime/worker_pool.ts";
 * const pool = new ToolWorkerPool([{ kind: "demo", name: "demo" }]);
 * servedRequests(pool, ["demo"]).handles("resources/read"); // true
 * ```
 */
export function servedRequests(
  reads: SourceReads,
  sourceNames: readonly string[],
): RequestRunner {
  const methods: Record<string, Method> = {
    "resources/list": (params, bounds) => listResources(reads, params, bounds),
    "resources/templates/list": (params) =>
      Promise.resolve(
        params["cursor"] === undefined
          ? listResourceTemplates()
          : refuseCursor("resources/templates/list"),
      ),
    "resources/read": (params, bounds) => readResource(reads, params, bounds),
    "prompts/list": (params) => Promise.resolve(listPrompts(params)),
    "prompts/get": (params, bounds) => getPrompt(reads, params, bounds),
    "completion/complete": (params, bounds) => complete({ reads, sourceNames }, params, bounds),
  };
  return {
    handles: (method) => Object.hasOwn(methods, method),
    run: (method, params, bounds) => methods[method]!(params, bounds),
  };
}
