/**
 * `resources/list`, `resources/templates/list` and `resources/read`: every transcript as a
 * Markdown resource at `transcript://SOURCE/ID` (transcript_uri.ts), listed newest first
 * across sources, read with its turns (lib/tools/reads).
 *
 * @module
 */
import type { CallBounds } from "../../runtime/deadline.ts";
import { readFailureAnswer } from "../read_failure.ts";
import { errorAnswer, type RequestAnswer, resultAnswer } from "../request_answer.ts";
import type { SourceReads } from "../source_reads.ts";
import type { ResourceEntry } from "../../tools/reads/source_read.ts";
import { parseTranscriptUri, TRANSCRIPT_URI_TEMPLATE, transcriptUri } from "./transcript_uri.ts";
import {
  ANSWER_ID_BYTES,
  MAX_TOOL_ERROR_MESSAGE,
  RESOURCE_MAX_BYTES,
} from "../../config/limits.ts";
import { jsonBytes } from "../../tools/response_budget.ts";
import { printable } from "../../text/printable.ts";

/**
 * The error code the MCP specification (2025-11-25, the version the SDK speaks) gives a
 * resource that is not there.
 */
export const RESOURCE_NOT_FOUND: number = -32002;

/** The media type of every transcript resource. */
export const TRANSCRIPT_MIME_TYPE: string = "text/markdown";

/**
 * The answer to a read of `uri`, which names no transcript. The URI is shown cut and on one
 * line, as tools show bad arguments: a client's 8 MiB line must not come back twice over.
 */
function notFound(uri: string): RequestAnswer {
  const shown = printable(uri, MAX_TOOL_ERROR_MESSAGE);
  return errorAnswer(RESOURCE_NOT_FOUND, `Resource not found: ${shown}`, { uri: shown });
}

/** A listed transcript as an MCP resource. */
function resourceOf(entry: ResourceEntry) {
  const kind = entry.label ?? "transcript";
  return {
    uri: transcriptUri(entry.sourceName, entry.key),
    name: entry.title === "" ? entry.key : entry.title,
    description: `${kind} recorded ${entry.createdAt}, from source ${entry.sourceName}`,
    mimeType: TRANSCRIPT_MIME_TYPE,
    ...(entry.textBytes === null ? {} : { size: entry.textBytes }),
  };
}

/**
 * One page of `resources/list`: transcripts newest first across sources.
 *
 * @example
 * ```ts
 * import { listResources } from "./resource_methods.ts";
 * import { ToolWorkerPool } from "../../runtime/worker_pool.ts";
 * import { Deadline } from "../../runtime/deadline.ts";
 * const pool = new ToolWorkerPool([{ kind: "demo", name: "demo" }]);
 * const answer = await listResources(pool, {}, { deadline: new Deadline() });
 * answer.ok; // true
 * pool.close();
 * ```
 */
export async function listResources(
  reads: SourceReads,
  params: Record<string, unknown>,
  bounds: CallBounds,
): Promise<RequestAnswer> {
  const cursor = (params["cursor"] as string | undefined) ?? null;
  const outcome = await reads.read({ kind: "resource-page", cursor }, "resources/list", bounds);
  if (!outcome.ok) return readFailureAnswer(outcome);
  const { items, nextCursor } = outcome.value;
  return resultAnswer({
    resources: items.map(resourceOf),
    ...(nextCursor === null ? {} : { nextCursor }),
  });
}

/**
 * `resources/templates/list`: the one template, `transcript://{source}/{id}`.
 *
 * @example
 * ```ts
 * import { listResourceTemplates } from "./resource_methods.ts";
 * listResourceTemplates().ok; // true
 * ```
 */
export function listResourceTemplates(): RequestAnswer {
  return resultAnswer({
    resourceTemplates: [{
      uriTemplate: TRANSCRIPT_URI_TEMPLATE,
      name: "transcript",
      title: "Transcript",
      description: "A transcript as Markdown: title, date, source and speakers, then one line " +
        "per turn, [h:mm:ss] Speaker: text. source is a name from list_sources; id is the " +
        "transcript's id within it (another app's id without its 'source:' prefix).",
      mimeType: TRANSCRIPT_MIME_TYPE,
    }],
  });
}

/**
 * `resources/read`: the transcript `params.uri` names, as Markdown of at most
 * {@link RESOURCE_MAX_BYTES}; -32002 with the uri when it names none.
 *
 * @example
 * ```ts
 * import { readResource } from "./resource_methods.ts";
 * import { ToolWorkerPool } from "../../runtime/worker_pool.ts";
 * import { Deadline } from "../../runtime/deadline.ts";
 * const pool = new ToolWorkerPool([{ kind: "demo", name: "demo" }]);
 * const answer = await readResource(pool, { uri: "transcript://demo/nope" }, {
 *   deadline: new Deadline(),
 * });
 * answer.ok; // false: -32002
 * pool.close();
 * ```
 */
export async function readResource(
  reads: SourceReads,
  params: Record<string, unknown>,
  bounds: CallBounds,
): Promise<RequestAnswer> {
  const uri = params["uri"] as string;
  const target = parseTranscriptUri(uri);
  if (target === null) return notFound(uri);
  // The Markdown's budget is the answer's, less what the line holds beside it.
  const beside = jsonBytes({
    jsonrpc: "2.0",
    id: "",
    result: { contents: [{ uri, mimeType: TRANSCRIPT_MIME_TYPE, text: "" }] },
  }) + ANSWER_ID_BYTES;
  const outcome = await reads.read(
    { kind: "transcript", target, maxBytes: RESOURCE_MAX_BYTES - beside },
    "resources/read",
    bounds,
  );
  if (!outcome.ok) return readFailureAnswer(outcome, () => notFound(uri));
  return resultAnswer({
    contents: [{ uri, mimeType: TRANSCRIPT_MIME_TYPE, text: outcome.value.markdown }],
  });
}
