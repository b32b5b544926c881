/**
 * `deno task bench-search`: how well search_transcripts finds the meeting, and the moment in
 * it, that answers a question a person wrote, on QMSum's train split (162 real meetings,
 * 1,095 questions, each with the turns that answer it). QMSum's test and val splits are
 * never read.
 *
 * The meetings are written to a temporary folder as WebVTT files (bench/qmsum_folder.ts;
 * times made up at 2.5 words a second) and this checkout's server is spawned on it with the
 * start task's flags. Once the folder is indexed, every question is asked one call at a
 * time, `limit: 10`, in each mode and in two forms: as written, and as keywords (the
 * bench's own stop list taken out: bench/search_metrics.ts). The figures (bench/
 * search_metrics.ts): R@1, R@10, MRR within the top 10, and the share of questions whose
 * right meeting's `moment` starts within an answering span (from 30 s before it); also
 * `passages`, when results carry them. Errors and refusals count as misses and are
 * reported, with answers that held no result. A baseline of plain SQLite FTS5 over windows of turns runs in process on the
 * same questions (bench/search_baseline.ts).
 *
 * ```sh
 * deno task bench-search [--data FILE] [--modes words,meaning,both] [--forms written,keywords]
 *   [--limit-queries N] [--json FILE]
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { McpClient, RpcMessage } from "./mcp_client.ts";
import { PROJECT_ROOT, startServer } from "./server_under_test.ts";
import { type Meeting, pickQuestions, readMeetings, writeMeetingFolder } from "./qmsum_folder.ts";
import { keywordForm, questionWords, type RankedMeeting, scoreQuestion } from "./search_metrics.ts";
import { WindowIndex } from "./search_baseline.ts";
import {
  type Form,
  FORMS,
  MODES,
  type Run,
  runSummary,
  runTable,
  runWithScores,
} from "./search_report.ts";

const TOP = 10;
const POLL_MS = 100;
const INDEX_WAIT_MS = 600_000;
const REFUSAL = "query: too broad";

/** What one call answered, as the figures need it. */
interface Asked {
  outcome: "ok" | "error" | "refused";
  ms: number;
  ranking: RankedMeeting[];
  partial: boolean;
  literalOnly: boolean;
  /** The answer's bytes, when it held 10 results. */
  bytes?: number;
  message?: string;
}

/** The meeting a result is: by its id's key, the file's; its title is checked beside it. */
function rankedOf(
  result: RpcMessage,
  byKey: ReadonlyMap<string, string>,
  mismatches: { count: number },
): RankedMeeting {
  const id = String(result["id"]);
  const meeting = byKey.get(id.slice(id.lastIndexOf(":") + 1)) ?? null;
  if (meeting !== result["title"]) mismatches.count++;
  const moment = result["moment"];
  const ranked: RankedMeeting = {
    meeting,
    momentMs: typeof moment?.startMs === "number" ? moment.startMs : null,
  };
  const passages = result["passages"];
  if (Array.isArray(passages)) {
    ranked.passageMs = passages.map((p) => p?.startMs).filter((ms) => typeof ms === "number");
  }
  return ranked;
}

async function ask(
  client: McpClient,
  query: string,
  mode: string,
  byKey: ReadonlyMap<string, string>,
  mismatches: { count: number },
): Promise<Asked> {
  const args = { query, limit: TOP, mode };
  const { message, elapsedMs: ms } = await client.request("tools/call", {
    name: "search_transcripts",
    arguments: args,
  });
  const none = { ms, ranking: [], partial: false, literalOnly: false };
  const result = message["result"];
  if (result === undefined) {
    return { ...none, outcome: "error", message: JSON.stringify(message["error"]) };
  }
  if (result.isError === true) {
    const text = String(result.content?.[0]?.text ?? "");
    const refused = text.includes(REFUSAL);
    return { ...none, outcome: refused ? "refused" : "error", message: text };
  }
  const answer = result.structuredContent;
  const full = (answer.results as RpcMessage[]).length === TOP;
  return {
    outcome: "ok",
    ms,
    ...(full ? { bytes: new TextEncoder().encode(JSON.stringify(answer)).length } : {}),
    ranking: (answer.results as RpcMessage[]).map((r) => rankedOf(r, byKey, mismatches)),
    partial: answer.partial === true,
    literalOnly: typeof answer.literalOnly === "string",
  };
}

/** Polls list_sources until the folder's first pass is done; returns its facts. */
async function waitIndexed(client: McpClient): Promise<{ transcripts: number; notes: string[] }> {
  const started = performance.now();
  for (;;) {
    const answer = await client.callTool("list_sources", {});
    const source = answer.message["result"].structuredContent.sources[0];
    if (!source.notes.some((note: string) => note.startsWith("indexing"))) return source;
    if (performance.now() - started > INDEX_WAIT_MS) throw new Error("the folder never indexed");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function listOption<T extends string>(value: string, all: readonly T[], flag: string): T[] {
  const picked = value.split(",").map((word) => word.trim()).filter((word) => word !== "");
  const bad = picked.filter((word) => !(all as readonly string[]).includes(word));
  if (bad.length > 0 || picked.length === 0) {
    throw new Error(`${flag}: one or more of ${all.join(",")}, not ${value}`);
  }
  return picked as T[];
}

function formOf(query: string, form: Form): string {
  return form === "written" ? query : keywordForm(query);
}

/** The baseline's runs, one a form. */
function baselineRuns(
  meetings: readonly Meeting[],
  asked: ReturnType<typeof pickQuestions>,
  forms: readonly Form[],
): Run[] {
  const index = new WindowIndex(meetings);
  try {
    return forms.map((form) => {
      const run = runWithScores("fts5-windows", "-", form);
      for (const { meeting, question } of asked) {
        const started = performance.now();
        const ranking = index.rank(questionWords(question.query, form === "keywords"), TOP);
        run.ms.push(performance.now() - started);
        if (ranking.length === 0) run.empty++;
        run.scores.push(scoreQuestion(ranking, meeting.id, question.spans, meeting.times));
      }
      return run;
    });
  } finally {
    index.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      data: { type: "string", default: join(PROJECT_ROOT, "../shared/eval/qmsum-train.jsonl.gz") },
      modes: { type: "string", default: MODES.join(",") },
      forms: { type: "string", default: FORMS.join(",") },
      "limit-queries": { type: "string" },
      json: { type: "string" },
    },
    strict: true,
  });
  const modes = listOption(values.modes, MODES, "--modes");
  const forms = listOption(values.forms, FORMS, "--forms");
  const limitText = values["limit-queries"];
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
    throw new Error(`--limit-queries: a positive whole number, not ${limitText}`);
  }
  const began = performance.now();
  const meetings = await readMeetings(values.data);
  const asked = pickQuestions(meetings, limit);
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-qmsum-" });
  const runs: Run[] = [];
  const mismatches = { count: 0 };
  let indexMs = NaN;
  let served = { transcripts: 0, notes: [] as string[] };
  try {
    const byKey = writeMeetingFolder(dir, meetings);
    const client = startServer(dir);
    try {
      await client.initialize();
      served = await waitIndexed(client);
      indexMs = performance.now() - client.spawnedAt;
      console.error(
        `bench-search: ${served.transcripts} of ${meetings.length} meetings served ` +
          `after ${(indexMs / 1000).toFixed(1)} s${
            served.notes.length > 0 ? `; notes: ${served.notes.join("; ")}` : ""
          }`,
      );
      const server = new Map<string, Run>();
      for (const mode of modes) {
        for (const form of forms) {
          server.set(`${mode}/${form}`, runWithScores("server", mode, form));
        }
      }
      const asking = performance.now();
      // Question by question, every mode and form in turn: noise falls on each alike.
      for (const [n, { meeting, question }] of asked.entries()) {
        for (const mode of modes) {
          for (const form of forms) {
            const run = server.get(`${mode}/${form}`)!;
            const answer = await ask(client, formOf(question.query, form), mode, byKey, mismatches);
            run.ms.push(answer.ms);
            if (answer.bytes !== undefined) run.bytes.push(answer.bytes);
            run.scores.push(
              scoreQuestion(answer.ranking, meeting.id, question.spans, meeting.times),
            );
            if (answer.outcome === "error") run.errors++;
            if (answer.outcome === "refused") run.refusals++;
            if (answer.outcome === "ok" && answer.ranking.length === 0) run.empty++;
            if (answer.partial) run.partial++;
            if (answer.literalOnly) run.literalOnly++;
            if (answer.message !== undefined && run.samples.length < 3) {
              run.samples.push(`${formOf(question.query, form)} → ${answer.message}`);
            }
          }
        }
        if ((n + 1) % 100 === 0) {
          const seconds = (performance.now() - asking) / 1000;
          console.error(
            `bench-search: ${n + 1} of ${asked.length} questions, ${seconds.toFixed(0)} s`,
          );
        }
      }
      runs.push(...server.values());
    } finally {
      await client.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  runs.push(...baselineRuns(meetings, asked, forms));
  const elapsedMs = performance.now() - began;
  console.log(
    `QMSum train: ${meetings.length} meetings, ${asked.length} questions; top ${TOP}; ` +
      `${served.transcripts} meetings served, indexed in ${(indexMs / 1000).toFixed(1)} s; ` +
      `run ${(elapsedMs / 60_000).toFixed(1)} min\n`,
  );
  console.log(runTable(runs));
  if (mismatches.count > 0) {
    console.log(`\n${mismatches.count} results whose title is not their file's meeting id`);
  }
  for (const run of runs) {
    for (const sample of run.samples) console.log(`\n${run.mode}/${run.form}: ${sample}`);
  }
  if (values.json !== undefined) {
    const json = {
      data: values.data,
      meetings: meetings.length,
      questions: asked.length,
      served,
      indexMs,
      elapsedMs,
      titleMismatches: mismatches.count,
      runs: runs.map((run) => ({ ...runSummary(run), scores: run.scores, ms: run.ms })),
    };
    Deno.writeTextFileSync(values.json, JSON.stringify(json, null, 1) + "\n");
  }
}
