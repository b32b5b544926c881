/**
 * QMSum's train split (/work/shared/eval/qmsum-train.jsonl.gz, its README beside it) read for
 * `deno task bench-search`, and written out as a folder of WebVTT files, one a meeting, for
 * the server to serve. Nothing of QMSum is kept in the repository: the folder is temporary.
 *
 * @module
 */
import { join } from "node:path";
import { fileTranscriptKey } from "../lib/ingest/file_key.ts";
import { meetingVtt, type Span, type Turn, type TurnTime, turnTimes } from "./search_metrics.ts";

/** A question and the turns that answer it. */
export interface Question {
  /** The question as a person wrote it. */
  query: string;
  /** The turns answering it, inclusive `[first, last]` indices. */
  spans: Span[];
}

/** A meeting of the data set, with its turns' made-up times. */
export interface Meeting {
  /** Its name, e.g. `ES2002a`; its file is `<id>.vtt`. */
  id: string;
  /** Its turns. */
  turns: Turn[];
  /** Its questions. */
  queries: Question[];
  /** When each turn is said. */
  times: TurnTime[];
}

function fail(line: number, what: string): never {
  throw new Error(`line ${line}: ${what}`);
}

function isSpan(value: unknown): value is Span {
  return Array.isArray(value) && value.length === 2 &&
    value.every((n) => Number.isInteger(n) && n >= 0) && value[0] <= value[1];
}

/** One line of the data set, checked. */
function meetingOf(line: number, text: string): Meeting {
  const row = JSON.parse(text) as Record<string, unknown>;
  const { id, turns, queries } = row;
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]+$/.test(id)) fail(line, "no usable id");
  if (
    !Array.isArray(turns) ||
    !turns.every((t) =>
      Array.isArray(t) && t.length === 2 && typeof t[0] === "string" && typeof t[1] === "string"
    )
  ) fail(line, "turns are not [speaker, text] pairs");
  if (
    !Array.isArray(queries) ||
    !queries.every((q) =>
      typeof q?.query === "string" && Array.isArray(q.spans) && q.spans.length > 0 &&
      q.spans.every(isSpan)
    )
  ) fail(line, "queries are not {query, spans}");
  const typed = turns as Turn[];
  return { id, turns: typed, queries: queries as Question[], times: turnTimes(typed) };
}

/**
 * The meetings of a gzipped JSON Lines file, read with DecompressionStream.
 *
 * @example
 * ```ts
 * import { readMeetings } from "./qmsum_folder.ts";
 * const meetings = await readMeetings("../shared/eval/qmsum-train.jsonl.gz");
 * meetings.length; // 162
 * ```
 */
export async function readMeetings(path: string): Promise<Meeting[]> {
  const file = await Deno.open(path);
  const text = await new Response(file.readable.pipeThrough(new DecompressionStream("gzip")))
    .text();
  const lines = text.split("\n");
  const meetings = lines.flatMap((line, i) => line.trim() === "" ? [] : [meetingOf(i + 1, line)]);
  if (new Set(meetings.map((m) => m.id)).size !== meetings.length) {
    throw new Error(`${path}: two meetings have one id`);
  }
  return meetings;
}

/**
 * Writes each meeting to `dir` as `<id>.vtt`; returns the meeting of each file's transcript
 * key (the folder source's id is `<source>:<key>`).
 *
 * @example
 * ```ts
 * import { writeMeetingFolder } from "./qmsum_folder.ts";
 * const byKey = writeMeetingFolder("/tmp/qmsum", []);
 * byKey.size; // 0
 * ```
 */
export function writeMeetingFolder(dir: string, meetings: readonly Meeting[]): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const { id, turns, times } of meetings) {
    Deno.writeTextFileSync(join(dir, `${id}.vtt`), meetingVtt(turns, times));
    byKey.set(fileTranscriptKey(`${id}.vtt`), id);
  }
  return byKey;
}

/**
 * The questions to ask: all, or `limit` spread evenly over the data set (every k-th, so a
 * quick run still covers each corpus).
 *
 * @example
 * ```ts
 * import { pickQuestions } from "./qmsum_folder.ts";
 * const meeting = { id: "m", turns: [], times: [], queries: [0, 1, 2, 3].map((n) => ({ query: `q${n}`, spans: [] })) };
 * pickQuestions([meeting], 2).map(({ question }) => question.query); // ["q0", "q2"]
 * ```
 */
export function pickQuestions(
  meetings: readonly Meeting[],
  limit?: number,
): { meeting: Meeting; question: Question }[] {
  const all = meetings.flatMap((meeting) =>
    meeting.queries.map((question) => ({ meeting, question }))
  );
  if (limit === undefined || limit >= all.length) return all;
  return Array.from({ length: limit }, (_, i) => all[Math.floor((i * all.length) / limit)]!);
}
