/**
 * The requests the protocol gate answers beside tools/call: resources, prompts and
 * completions, each method routed to its module, loaded on its first request (issue #26).
 *
 * @module
 */
import type { CallBounds } from "../runtime/deadline.ts";
import { LazyModule } from "../runtime/lazy_module.ts";
import type { RequestAnswer, RequestRunner } from "./request_answer.ts";
import type { SourceReads } from "./source_reads.ts";

// Literal specifiers, so that `deno compile` and `deno bundle` see and include them.
const resources = new LazyModule(() => import("./resources/resource_methods.ts"));
const prompts = new LazyModule(() => import("./prompts/prompt_methods.ts"));
const completions = new LazyModule(() => import("./completions/complete.ts"));

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
    "resources/list": async (params, bounds) =>
      (await resources.get()).listResources(reads, params, bounds),
    "resources/templates/list": async (params) =>
      params["cursor"] === undefined
        ? (await resources.get()).listResourceTemplates()
        : (await prompts.get()).refuseCursor("resources/templates/list"),
    "resources/read": async (params, bounds) =>
      (await resources.get()).readResource(reads, params, bounds),
    "prompts/list": async (params) => (await prompts.get()).listPrompts(params),
    "prompts/get": async (params, bounds) => (await prompts.get()).getPrompt(reads, params, bounds),
    "completion/complete": async (params, bounds) =>
      (await completions.get()).complete({ reads, sourceNames }, params, bounds),
  };
  return {
    handles: (method) => Object.hasOwn(methods, method),
    run: (method, params, bounds) => methods[method]!(params, bounds),
  };
}
