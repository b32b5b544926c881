/**
 * The answer to `initialize`, written by the protocol gate without the SDK (issue #26): the
 * SDK and the zod schemas it builds as it loads were a third of a start, and nothing before
 * `initialize` is answered needs them. The answer is the SDK `Server`'s, byte for byte
 * (tests/unit/protocol/initialize_answer_test.ts compares the two), and it is given only for
 * params the SDK's schema surely accepts; any other `initialize` goes to the SDK as before,
 * which answers or refuses it in its own words.
 *
 * @module
 */
import { SERVER_NAME, VERSION } from "../config/version.ts";
import { isPlainObject, type RpcId } from "../transport/jsonrpc.ts";

/** What `initialize` tells the assistant about this server. */
export const INSTRUCTIONS: string =
  "This server gives read-only access to the user's local transcripts (meetings, voice " +
  "notes, chat sessions, recorded audio) and tasks, from one or more sources on this machine. " +
  "Nothing leaves this machine and nothing can be changed through it. Start with " +
  "search_transcripts for a topic or list_transcripts for recent items; read one with " +
  "get_transcript, a page at a time (follow nextOffset); list_tasks shows the task list; " +
  "list_sources names the sources, and sourceName narrows a call to one. Results are " +
  "paged: pass nextCursor back to continue.";

/** The capabilities this server declares; the gate answers resources, prompts and completions. */
export const CAPABILITIES = { tools: {}, resources: {}, prompts: {}, completions: {} } as const;

/** Who this server is, in `initialize`'s answer. */
export const SERVER_INFO = { name: SERVER_NAME, version: VERSION } as const;

/**
 * The SDK's (1.32.2) protocol versions, newest first: a client's version is answered back when
 * it is one of them, else the newest. Copied, so that the SDK need not load to read them; a
 * test holds them to the SDK's.
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  "2024-10-07",
];

/**
 * The answer line (no newline) to `initialize` request `id` with `params`, as the SDK's
 * `Server` would write it through the gate; null when the params might be ones its schema
 * refuses (an icon, a task capability, a value of an unexpected type), which
 * the SDK is then left to judge. `params` have passed the gate's own checks
 * (params_problem.ts): a string protocolVersion, an object of capabilities, a clientInfo
 * with a string name and version.
 *
 * @example
 * ```ts
 * import { initializeAnswerLine } from "./initialize_answer.ts";
 * initializeAnswerLine(1, {
 *   protocolVersion: "2025-06-18",
 *   capabilities: {},
 *   clientInfo: { name: "c", version: "1" },
 * }); // '{"result":{"protocolVersion":"2025-06-18","capabilities":{…},…},"jsonrpc":"2.0","id":1}'
 * initializeAnswerLine(1, {
 *   protocolVersion: "2025-06-18",
 *   capabilities: { roots: { listChanged: "yes" } },
 *   clientInfo: { name: "c", version: "1" },
 * }); // null: the SDK refuses it
 * ```
 */
export function initializeAnswerLine(id: RpcId, params: Record<string, unknown>): string | null {
  if (!surelyAccepted(params)) return null;
  const requested = params["protocolVersion"] as string;
  const protocolVersion = SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
    ? requested
    : SUPPORTED_PROTOCOL_VERSIONS[0];
  // The key order of the SDK's answer: its result, then jsonrpc and the id the gate restores.
  return JSON.stringify({
    result: {
      protocolVersion,
      capabilities: CAPABILITIES,
      serverInfo: SERVER_INFO,
      instructions: INSTRUCTIONS,
    },
    jsonrpc: "2.0",
    id,
  });
}

/** Absent, or of the type a schema's optional member takes. */
function optional(value: unknown, is: (value: unknown) => boolean): boolean {
  return value === undefined || is(value);
}

const isString = (value: unknown) => typeof value === "string";
const isBoolean = (value: unknown) => typeof value === "boolean";
/** The SDK's "any object" check, which arrays pass too. */
const isObject = (value: unknown) => typeof value === "object" && value !== null;
/** An object whose every value is an object: a record of capability objects. */
const isObjectRecord = (value: unknown) =>
  isPlainObject(value) && Object.values(value).every(isObject);

/**
 * Whether the SDK's InitializeRequestSchema surely accepts `params` that passed the gate's
 * checks. Members it does not know it strips, so they never refuse; members it knows must have
 * its types. Where its rules are intricate (icons, tasks) this says no, and the SDK decides.
 */
function surelyAccepted(params: Record<string, unknown>): boolean {
  const client = params["clientInfo"] as Record<string, unknown>;
  if (client["icons"] !== undefined) return false;
  if (!["title", "websiteUrl", "description"].every((key) => optional(client[key], isString))) {
    return false;
  }
  const capabilities = params["capabilities"] as Record<string, unknown>;
  if (capabilities["tasks"] !== undefined) return false;
  const sampling = capabilities["sampling"];
  const roots = capabilities["roots"];
  return optional(capabilities["experimental"], isObjectRecord) &&
    optional(capabilities["extensions"], isObjectRecord) &&
    optional(sampling, (value) =>
      isPlainObject(value) && optional(value["context"], isObject) &&
      optional(value["tools"], isObject)) &&
    optional(roots, (value) => isPlainObject(value) && optional(value["listChanged"], isBoolean)) &&
    optional(
      capabilities["elicitation"],
      (value) =>
        isPlainObject(value) && optional(value["url"], isObject) &&
        optional(
          value["form"],
          (form) => isPlainObject(form) && optional(form["applyDefaults"], isBoolean),
        ),
    );
}
