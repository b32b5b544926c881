/**
 * The params checks the protocol gate makes before a request goes further: the shape each
 * method's params must have, said in one line, so a malformed request is answered -32602
 * here rather than -32603 with the SDK's schema-validation dump, or not at all.
 *
 * @module
 */
import { isPlainObject, isRpcId } from "../transport/jsonrpc.ts";

/**
 * The `_meta` key of a request's related task: the SDK's RELATED_TASK_META_KEY, copied so that
 * the gate's checks do not load the SDK before `initialize` is answered (a test holds the two
 * equal).
 */
export const RELATED_TASK_META_KEY = "io.modelcontextprotocol/related-task";

/** Methods whose params hold at most an optional string `cursor`. */
const LIST_METHODS = new Set([
  "tools/list",
  "resources/list",
  "resources/templates/list",
  "prompts/list",
]);

/** The problem of an object whose values must all be strings, or null. */
function stringsProblem(value: unknown, path: string): string | null {
  if (value === undefined) return null;
  if (!isPlainObject(value)) return `${path} must be an object`;
  const bad = Object.entries(value).find(([, item]) => typeof item !== "string");
  return bad === undefined ? null : `${path}.${bad[0]} must be a string`;
}

/** completion/complete's `ref`, `argument` and `context`. */
function completeProblem(params: Record<string, unknown>): string | null {
  const ref = params["ref"];
  if (!isPlainObject(ref)) return "params.ref must be an object";
  if (ref["type"] === "ref/prompt") {
    if (typeof ref["name"] !== "string") return "params.ref.name must be a string";
  } else if (ref["type"] === "ref/resource") {
    if (typeof ref["uri"] !== "string") return "params.ref.uri must be a string";
  } else {
    return 'params.ref.type must be "ref/prompt" or "ref/resource"';
  }
  const argument = params["argument"];
  if (!isPlainObject(argument)) return "params.argument must be an object";
  if (typeof argument["name"] !== "string") return "params.argument.name must be a string";
  if (typeof argument["value"] !== "string") return "params.argument.value must be a string";
  const context = params["context"];
  if (context === undefined) return null;
  if (!isPlainObject(context)) return "params.context must be an object";
  return stringsProblem(context["arguments"], "params.context.arguments");
}

/**
 * What is wrong with the params of a request to `method`, or null when nothing is (or the
 * method is not one checked here).
 *
 * @example
 * ```ts
 * import { describeParamsProblem } from "./params_problem.ts";
 * describeParamsProblem("resources/read", {}); // "params.uri must be a string"
 * describeParamsProblem("tools/list", { cursor: "abc" }); // null
 * ```
 */
export function describeParamsProblem(
  method: string,
  params: Record<string, unknown>,
): string | null {
  const meta = params["_meta"];
  if (meta !== undefined) {
    if (!isPlainObject(meta)) return "params._meta must be an object";
    const token = meta["progressToken"];
    if (token !== undefined && !isRpcId(token)) {
      return "params._meta.progressToken must be a string or an integer";
    }
    const task = meta[RELATED_TASK_META_KEY];
    if (task !== undefined && !(isPlainObject(task) && typeof task["taskId"] === "string")) {
      return `params._meta["${RELATED_TASK_META_KEY}"] must be an object with a string taskId`;
    }
  }
  if (LIST_METHODS.has(method)) {
    return params["cursor"] !== undefined && typeof params["cursor"] !== "string"
      ? "params.cursor must be a string"
      : null;
  }
  switch (method) {
    case "initialize": {
      if (typeof params["protocolVersion"] !== "string") {
        return "params.protocolVersion must be a string";
      }
      if (!isPlainObject(params["capabilities"])) return "params.capabilities must be an object";
      const client = params["clientInfo"];
      if (!isPlainObject(client)) return "params.clientInfo must be an object";
      if (typeof client["name"] !== "string") return "params.clientInfo.name must be a string";
      if (typeof client["version"] !== "string") {
        return "params.clientInfo.version must be a string";
      }
      return null;
    }
    case "tools/call": {
      if (typeof params["name"] !== "string") return "params.name must be a string naming a tool";
      // null is sent by some clients for "no arguments", and means that here.
      const args = params["arguments"] ?? undefined;
      return args !== undefined && !isPlainObject(args)
        ? "params.arguments must be an object"
        : null;
    }
    case "resources/read":
      return typeof params["uri"] !== "string" ? "params.uri must be a string" : null;
    case "prompts/get":
      if (typeof params["name"] !== "string") {
        return "params.name must be a string naming a prompt";
      }
      return stringsProblem(params["arguments"] ?? undefined, "params.arguments");
    case "completion/complete":
      return completeProblem(params);
    default:
      return null;
  }
}
