/**
 * `completion/complete`: suggestions for the `id` argument of the transcript prompts and
 * the `{id}` of the transcript template (ids whose titles hold what was typed, newest first,
 * read in a worker), and for the template's `{source}` (the source names).
 *
 * @module
 */
import type { CallBounds } from "../../runtime/deadline.ts";
import { RPC_ERRORS } from "../../transport/jsonrpc.ts";
import { printable } from "../../text/printable.ts";
import { readFailureAnswer } from "../read_failure.ts";
import { errorAnswer, type RequestAnswer, resultAnswer } from "../request_answer.ts";
import { findPrompt } from "../prompts/prompt_methods.ts";
import { TRANSCRIPT_URI_TEMPLATE } from "../resources/transcript_uri.ts";
import type { SourceReads } from "../source_reads.ts";
import { COMPLETION_MAX_VALUES } from "../../config/limits.ts";

const invalid = (why: string) => errorAnswer(RPC_ERRORS.INVALID_PARAMS, `Invalid params: ${why}`);

/** A completion result. */
function completion(values: readonly string[], hasMore: boolean): RequestAnswer {
  return resultAnswer({ completion: { values, hasMore } });
}

/** What `completion/complete` needs beyond the request: the reads, and the source names. */
export interface CompletionContext {
  /** Where ids are read. */
  reads: SourceReads;
  /** Every source's name, in the order they were named. */
  sourceNames: readonly string[];
}

/**
 * Answers one `completion/complete` request, whose params the gate has checked.
 *
 * @example
 * ```ts
 * import { complete } from "./complete.ts";
 * import { ToolWorkerPool } from "../../runtime/worker_pool.ts";
 * import { Deadline } from "../../runtime/deadline.ts";
 * const pool = new ToolWorkerPool([{ kind: "demo", name: "demo" }]);
 * const answer = await complete({ reads: pool, sourceNames: ["demo"] }, {
 *   ref: { type: "ref/prompt", name: "summarize_transcript" },
 *   argument: { name: "id", value: "pricing" },
 * }, { deadline: new Deadline() });
 * answer.ok; // true
 * pool.close();
 * ```
 */
export async function complete(
  { reads, sourceNames }: CompletionContext,
  params: Record<string, unknown>,
  bounds: CallBounds,
): Promise<RequestAnswer> {
  const ref = params["ref"] as { type: string; name?: string; uri?: string };
  const { name, value } = params["argument"] as { name: string; value: string };
  const context = params["context"] as { arguments?: Record<string, string> } | undefined;
  let source: string | null = null;
  if (ref.type === "ref/prompt") {
    const prompt = findPrompt(ref.name!);
    if (!("arguments" in prompt)) return prompt;
    if (!prompt.arguments.some((argument) => argument.name === name)) {
      return invalid(`prompt ${prompt.name} has no argument ${JSON.stringify(printable(name))}`);
    }
    // A topic is free text: nothing to suggest.
    if (name !== "id") return completion([], false);
  } else {
    if (ref.uri !== TRANSCRIPT_URI_TEMPLATE) {
      return invalid(
        `no resource template ${JSON.stringify(printable(ref.uri!))}; ` +
          `the one template is ${TRANSCRIPT_URI_TEMPLATE}`,
      );
    }
    if (name === "source") {
      const typed = value.toLowerCase();
      const names = sourceNames.filter((candidate) => candidate.startsWith(typed));
      return completion(
        names.slice(0, COMPLETION_MAX_VALUES),
        names.length > COMPLETION_MAX_VALUES,
      );
    }
    if (name !== "id") {
      return invalid(
        `${TRANSCRIPT_URI_TEMPLATE} has no variable ${JSON.stringify(printable(name))}`,
      );
    }
    source = context?.arguments?.["source"] ?? null;
    // A source not (yet) fully typed names nothing: no ids to suggest within it.
    if (source !== null && !sourceNames.includes(source)) return completion([], false);
  }
  const outcome = await reads.read(
    { kind: "id-suggestions", typed: value, sourceName: source, keys: ref.type !== "ref/prompt" },
    "completion/complete",
    bounds,
  );
  if (!outcome.ok) return readFailureAnswer(outcome);
  return completion(outcome.value.values, outcome.value.hasMore);
}
