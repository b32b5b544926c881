/**
 * `prompts/list` and `prompts/get`. A transcript prompt reads its transcript in a worker,
 * as Markdown within {@link PROMPT_EMBED_BYTES}: when it fits whole, it is embedded as a
 * resource before the task; when not, the task tells the model to page with get_turns.
 *
 * @module
 */
import type { CallBounds } from "../../runtime/deadline.ts";
import { RPC_ERRORS } from "../../transport/jsonrpc.ts";
import { printable } from "../../text/printable.ts";
import { readFailureAnswer } from "../read_failure.ts";
import { errorAnswer, type RequestAnswer, resultAnswer } from "../request_answer.ts";
import { TRANSCRIPT_MIME_TYPE } from "../resources/resource_methods.ts";
import { transcriptUri } from "../resources/transcript_uri.ts";
import type { SourceReads } from "../source_reads.ts";
import {
  embeddedTask,
  pagedTask,
  prepareTask,
  type PromptDefinition,
  PROMPTS,
  TRANSCRIPT_PROMPTS,
  type TranscriptPromptName,
} from "./prompt_catalog.ts";
import { MAX_QUERY_LENGTH, PROMPT_EMBED_BYTES } from "../../config/limits.ts";

const invalid = (why: string) => errorAnswer(RPC_ERRORS.INVALID_PARAMS, `Invalid params: ${why}`);

/**
 * The answer refusing a cursor: a list of one page has none to give back.
 *
 * @example
 * ```ts
 * import { refuseCursor } from "./prompt_methods.ts";
 * refuseCursor("prompts/list").ok; // false: -32602
 * ```
 */
export function refuseCursor(method: string): RequestAnswer {
  return invalid(`cursor: ${method} has one page; call it without a cursor`);
}

/**
 * `prompts/list`: every prompt, on one page.
 *
 * @example
 * ```ts
 * import { listPrompts } from "./prompt_methods.ts";
 * listPrompts({}).ok; // true
 * ```
 */
export function listPrompts(params: Record<string, unknown>): RequestAnswer {
  if (params["cursor"] !== undefined) return refuseCursor("prompts/list");
  return resultAnswer({ prompts: PROMPTS });
}

/**
 * The prompt called `name`, or the answer refusing it.
 *
 * @example
 * ```ts
 * import { findPrompt } from "./prompt_methods.ts";
 * "name" in findPrompt("prepare_for"); // true
 * ```
 */
export function findPrompt(name: string): PromptDefinition | RequestAnswer {
  const prompt = PROMPTS.find((candidate) => candidate.name === name);
  if (prompt !== undefined) return prompt;
  const names = PROMPTS.map((candidate) => candidate.name).join(", ");
  return invalid(`no prompt named ${JSON.stringify(printable(name))}; prompts: ${names}`);
}

/** The arguments of a call to `prompt`, checked: each required one given, none unknown. */
function checkArguments(
  prompt: PromptDefinition,
  given: Record<string, string>,
): RequestAnswer | null {
  const names = prompt.arguments.map((argument) => argument.name);
  const unknown = Object.keys(given).find((name) => !names.includes(name));
  if (unknown !== undefined) {
    return invalid(
      `prompt ${prompt.name} takes no argument ${JSON.stringify(printable(unknown))}; ` +
        `its arguments: ${names.join(", ")}`,
    );
  }
  const missing = prompt.arguments.find((argument) =>
    argument.required && (given[argument.name] ?? "").trim() === ""
  );
  return missing === undefined
    ? null
    : invalid(`prompt ${prompt.name} needs the argument ${missing.name}`);
}

/**
 * `prompts/get`: the messages of a prompt for the arguments given.
 *
 * @example
 * ```ts
 * import { getPrompt } from "./prompt_methods.ts";
 * import { ToolWorkerPool } from "../../runtime/worker_pool.ts";
 * import { Deadline } from "../../runtime/deadline.ts";
 * const pool = new ToolWorkerPool([{ kind: "demo", name: "demo" }]);
 * const answer = await getPrompt(pool, {
 *   name: "prepare_for",
 *   arguments: { topic: "pricing" },
 * }, { deadline: new Deadline() });
 * answer.ok; // true
 * pool.close();
 * ```
 */
export async function getPrompt(
  reads: SourceReads,
  params: Record<string, unknown>,
  bounds: CallBounds,
): Promise<RequestAnswer> {
  const prompt = findPrompt(params["name"] as string);
  if (!("arguments" in prompt)) return prompt;
  const given = (params["arguments"] ?? {}) as Record<string, string>;
  const problem = checkArguments(prompt, given);
  if (problem !== null) return problem;
  const text = (words: string) => ({ role: "user", content: { type: "text", text: words } });
  if (prompt.name === "prepare_for") {
    const topic = given["topic"]!.trim();
    if (topic.length > MAX_QUERY_LENGTH) {
      return invalid(`topic: expected at most ${MAX_QUERY_LENGTH} characters, got ${topic.length}`);
    }
    return resultAnswer({ description: prompt.description, messages: [text(prepareTask(topic))] });
  }
  const name = prompt.name as TranscriptPromptName;
  const readId = (id: string) =>
    reads.read(
      { kind: "transcript", target: { id }, maxBytes: PROMPT_EMBED_BYTES },
      "prompts/get",
      bounds,
    );
  // As given first: another app's id may end in a space; then trimmed, as a person types it.
  let id = given["id"]!;
  let outcome = await readId(id);
  if (!outcome.ok && outcome.code === "not_found" && id.trim() !== id) {
    id = id.trim();
    outcome = await readId(id);
  }
  if (!outcome.ok) {
    return readFailureAnswer(
      outcome,
      () =>
        invalid(`id: no transcript ${JSON.stringify(printable(id))}; list_transcripts gives ids`),
    );
  }
  const read = outcome.value;
  const whole = read.shownTurns === read.totalTurns;
  const messages = whole
    ? [
      {
        role: "user",
        content: {
          type: "resource",
          resource: {
            uri: transcriptUri(read.sourceName, read.key),
            mimeType: TRANSCRIPT_MIME_TYPE,
            text: read.markdown,
          },
        },
      },
      text(embeddedTask(name, read.title)),
    ]
    : [text(pagedTask(name, read.title, read.id, read.totalTurns))];
  return resultAnswer({ description: TRANSCRIPT_PROMPTS[name].description, messages });
}
