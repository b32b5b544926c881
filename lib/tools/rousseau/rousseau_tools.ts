/**
 * The rousseau seed tools (`--tools rousseau`): the four read-only tools of rousseau's own
 * MCP server (internal/mcp/tools.go at a0115335) under its names, with its arguments,
 * defaults and plain-text rendering, answered from the rousseau-kind sources this server
 * reads. Each answer also carries the same facts as structured content.
 *
 * Where they differ from rousseau's server, by our rules: ids are public ids
 * (`<source>:<uuid>`; rousseau_read_session takes a bare uuid too); `limit` is capped at
 * {@link ROUSSEAU_TOOL_LIMIT}.max; times are RFC 3339, and Go's zero time reads "unknown";
 * a cron job's delivery target (a phone number) reads "(withheld)"; snippets come from the
 * shown text, never the payload JSON. With several rousseau sources the answers merge them;
 * with none, each tool answers `unavailable`.
 *
 * @module
 */
import * as v from "valibot";
import { RousseauReader, type SessionHead } from "../../sources/adapters/rousseau.ts";
import type { CronJob } from "../../sources/adapters/rousseau_cron.ts";
import { splitPublicId } from "../../sources/source_ids.ts";
import type { SourceSet } from "../../sources/source_set.ts";
import { SnippetMaker } from "../../search/snippet.ts";
import { capText } from "../response_budget.ts";
import { clampLimit } from "../arguments.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS, ToolError } from "../tool.ts";
import {
  FIELD_CAPS,
  MAX_QUERY_LENGTH,
  ROUSSEAU_READ_CHARS,
  ROUSSEAU_TOOL_LIMIT,
} from "../../config/limits.ts";

const snippets = new SnippetMaker(["", ""]);

/** What a delivery target reads as: it is a phone number, never read. */
const WITHHELD = "(withheld)";

/** The rousseau readers, with their source names; `unavailable` when there are none. */
function rousseauReaders(sources: SourceSet, act: string): RousseauReader[] {
  // A source that failed at start may be back, and be rousseau's: its kind is known then.
  for (const source of sources.all) sources.refresh(source);
  const readers = sources.all
    .filter((source) => source.kind === "rousseau" && source.failure === null)
    .map((source) => sources.reader(source))
    .filter((reader): reader is RousseauReader => reader instanceof RousseauReader);
  if (readers.length === 0) {
    throw new ToolError(
      "unavailable",
      `Cannot ${act}: no rousseau source is served (serve one with --source ` +
        "~/.local/share/rousseau/sessions.db; list_sources names the sources)",
    );
  }
  return readers;
}

/** Go's zero time (null) as rousseau's tools should have shown it. */
function shownTime(time: string | null): string {
  return time ?? "unknown";
}

/** `limit` as rousseau takes it: 0 or less is its default, and ours caps it. */
function limitOf(limit: number | undefined): number {
  return limit === undefined || limit <= 0
    ? ROUSSEAU_TOOL_LIMIT.fallback
    : clampLimit(limit, ROUSSEAU_TOOL_LIMIT);
}

const limitArgument = v.optional(
  v.pipe(
    v.number(),
    v.integer(),
    v.description(
      `Cap rows returned. Default ${ROUSSEAU_TOOL_LIMIT.fallback} (0 or less too); at most ` +
        `${ROUSSEAU_TOOL_LIMIT.max}.`,
    ),
  ),
);

const searchOutput = v.object({
  results: v.array(v.object({
    id: v.string(),
    sourceName: v.string(),
    title: v.string(),
    rank: v.pipe(v.number(), v.description("FTS5's bm25 score: lower is more relevant.")),
    snippet: v.string(),
  })),
});

/** rousseau_search_sessions: FTS5 search over every session. */
export const rousseauSearchSessions: AnyTool = defineTool({
  name: "rousseau_search_sessions",
  title: "Search rousseau sessions",
  description: "Full-text search across every recorded rousseau session. Uses SQLite FTS5 " +
    "syntax (phrases in double quotes, AND/OR/NOT, prefix wildcards).",
  inputSchema: v.strictObject({
    query: v.pipe(
      v.string(),
      v.check((value) => value.trim() !== "", "a non-blank query"),
      v.maxLength(MAX_QUERY_LENGTH),
      v.description("FTS5 query"),
    ),
    limit: limitArgument,
  }),
  outputSchema: searchOutput,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources, input) {
    const count = limitOf(input.limit);
    const ranked = rousseauReaders(sources, "search sessions").flatMap((reader) => {
      const ranking = reader.search(input.query, count);
      const hits = reader.renderHits(ranking.hits.map((hit) => hit.key), ranking.match);
      const scores = new Map(ranking.hits.map((hit) => [hit.key, hit.score]));
      const marked = snippets.markWindows(
        hits.map((hit) => ({ title: "", window: hit.window })),
        ranking.match,
      );
      return hits.map((hit, i) => ({
        id: capText(hit.id, FIELD_CAPS.id),
        sourceName: reader.name,
        title: capText(hit.title, FIELD_CAPS.title),
        rank: -(scores.get(hit.key) ?? 0),
        snippet: capText(marked[i]!.replace(/\s+/g, " "), FIELD_CAPS.snippet),
      }));
    });
    ranked.sort((a, b) => a.rank - b.rank);
    return { results: ranked.slice(0, count) };
  },
  text: (output) =>
    output.results.length === 0
      ? "(no matches)"
      : output.results.map((hit) =>
        `session ${hit.id} (rank ${hit.rank.toFixed(2)})\n    title:   ${hit.title}\n` +
        `    snippet: ${hit.snippet}`
      ).join("\n\n"),
});

const listOutput = v.object({
  sessions: v.array(v.object({
    id: v.string(),
    sourceName: v.string(),
    title: v.string(),
    messageCount: v.number(),
    updatedAt: v.nullable(v.string()),
  })),
});

/** rousseau_list_sessions: sessions newest first. */
export const rousseauListSessions: AnyTool = defineTool({
  name: "rousseau_list_sessions",
  title: "List rousseau sessions",
  description: "List rousseau sessions newest-first.",
  inputSchema: v.strictObject({ limit: limitArgument }),
  outputSchema: listOutput,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources, input) {
    const count = limitOf(input.limit);
    const heads: { head: SessionHead; sourceName: string; id: string }[] = [];
    for (const reader of rousseauReaders(sources, "list sessions")) {
      for (const head of reader.heads(null, count)) {
        heads.push({ head, sourceName: reader.name, id: `${reader.name}:${head.id}` });
      }
    }
    heads.sort((a, b) =>
      a.head.updatedText < b.head.updatedText ? 1 : a.head.updatedText > b.head.updatedText ? -1 : 0
    );
    return {
      sessions: heads.slice(0, count).map(({ head, sourceName, id }) => ({
        id: capText(id, FIELD_CAPS.id),
        sourceName,
        title: capText(head.title, FIELD_CAPS.title),
        messageCount: head.messageCount,
        updatedAt: head.updatedAt,
      })),
    };
  },
  text: (output) =>
    output.sessions.length === 0
      ? "(no sessions)"
      : output.sessions.map((s) =>
        `${s.id}  ${s.title}  msgs=${s.messageCount}  updated=${shownTime(s.updatedAt)}`
      ).join("\n"),
});

const readOutput = v.object({
  id: v.string(),
  sourceName: v.string(),
  title: v.string(),
  createdAt: v.nullable(v.string()),
  updatedAt: v.nullable(v.string()),
  messages: v.number(),
  text: v.pipe(
    v.string(),
    v.description("The transcript as rousseau renders it: `[i] role`, then its text blocks."),
  ),
  truncated: v.pipe(
    v.boolean(),
    v.description("Whether the text was cut (read on with get_transcript)."),
  ),
});

/** The transcript as rousseau's read_session renders it, without the header. */
function renderMessages(roles: (string | null)[], messageOf: number[], texts: string[]): string {
  const lines: string[] = [];
  let next = 0;
  roles.forEach((role, i) => {
    lines.push(`[${i}] ${role ?? ""}`);
    for (; next < messageOf.length && messageOf[next] === i; next++) {
      lines.push(`    ${texts[next]}`);
    }
  });
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

/** rousseau_read_session: one session's whole transcript. */
export const rousseauReadSession: AnyTool = defineTool({
  name: "rousseau_read_session",
  title: "Read a rousseau session",
  description: "Return the full transcript of a rousseau session by id.",
  inputSchema: v.strictObject({
    id: v.pipe(
      v.string(),
      v.check((value) => value !== "", "a session id"),
      v.description("Session id"),
    ),
  }),
  outputSchema: readOutput,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources, input) {
    const readers = rousseauReaders(sources, "read a session");
    const named = splitPublicId(input.id);
    const candidates = named === null
      ? readers.map((reader) => ({ reader, key: input.id }))
      : readers.filter((reader) => reader.name === named.name).map((reader) => ({
        reader,
        key: named.key,
      }));
    for (const { reader, key } of candidates) {
      const read = reader.session(key);
      if (read === undefined) continue;
      const { head, rendered } = read;
      const whole = renderMessages(
        rendered.roles,
        rendered.messageOf,
        rendered.segments.map((segment) => segment.text),
      );
      const truncated = whole.length > ROUSSEAU_READ_CHARS;
      return {
        id: capText(`${reader.name}:${head.id}`, FIELD_CAPS.id),
        sourceName: reader.name,
        title: capText(head.title, FIELD_CAPS.title),
        createdAt: head.createdAt,
        updatedAt: head.updatedAt,
        messages: rendered.messages,
        text: truncated ? capText(whole, ROUSSEAU_READ_CHARS) : whole,
        truncated,
      };
    }
    throw new ToolError("not_found", `Session ${input.id} not found`);
  },
  text: (output) =>
    `id: ${output.id}\ntitle: ${output.title}\ncreated: ${shownTime(output.createdAt)}\n` +
    `updated: ${shownTime(output.updatedAt)}\nmessages: ${output.messages}\n\n${output.text}` +
    (output.truncated
      ? `\n[cut at ${ROUSSEAU_READ_CHARS} characters: read on with get_transcript {"id": "${output.id}"}]`
      : ""),
});

const cronOutput = v.object({
  jobs: v.array(v.object({
    id: v.string(),
    sourceName: v.string(),
    name: v.string(),
    schedule: v.string(),
    enabled: v.boolean(),
    prompt: v.string(),
    createdAt: v.nullable(v.string()),
    lastRunAt: v.nullable(v.string()),
  })),
});

/** rousseau_cron_list: the scheduled jobs. */
export const rousseauCronList: AnyTool = defineTool({
  name: "rousseau_cron_list",
  title: "List rousseau cron jobs",
  description: "List rousseau's scheduled cron jobs (name, schedule, prompt, delivery target).",
  inputSchema: v.strictObject({}),
  outputSchema: cronOutput,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources) {
    const jobs: { job: CronJob; sourceName: string }[] = [];
    for (const reader of rousseauReaders(sources, "list cron jobs")) {
      for (const job of reader.jobs()) jobs.push({ job, sourceName: reader.name });
    }
    jobs.sort((a, b) =>
      a.job.createdText < b.job.createdText ? 1 : a.job.createdText > b.job.createdText ? -1 : 0
    );
    return {
      jobs: jobs.map(({ job, sourceName }) => ({
        id: capText(`${sourceName}:${job.id}`, FIELD_CAPS.id),
        sourceName,
        name: capText(job.name, FIELD_CAPS.label),
        schedule: capText(job.schedule, FIELD_CAPS.label),
        enabled: job.enabled,
        prompt: capText(job.prompt, FIELD_CAPS.taskText),
        createdAt: job.createdAt,
        lastRunAt: job.lastRunAt,
      })),
    };
  },
  text: (output) =>
    output.jobs.length === 0
      ? "(no jobs)"
      : output.jobs.map((job) =>
        `${job.name} [${job.enabled ? "on" : "off"}] ${job.schedule} → ${WITHHELD}  ` +
        `prompt=${JSON.stringify(job.prompt)}  deliver=${WITHHELD}`
      ).join("\n"),
});

/** The rousseau set, in rousseau's own order. */
export const ROUSSEAU_TOOLS: readonly AnyTool[] = [
  rousseauSearchSessions,
  rousseauListSessions,
  rousseauReadSession,
  rousseauCronList,
];
