/**
 * `deno task bench-folder-store [--data FILE] [--questions N] [--mode words|both]`: a search
 * of a served folder against the same search of the store `index` builds from that folder
 * (issue #26 item 6: at most 1.5× the store's p50). The folder is QMSum's train meetings as
 * WebVTT files (bench/qmsum_folder.ts); the two servers run side by side and take turns
 * answering each question, `limit: 10`, so a noisy machine weighs on both alike. p50 and p90
 * in ms, and their ratios.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { pickQuestions, readMeetings, writeMeetingFolder } from "./qmsum_folder.ts";
import { PROJECT_ROOT, startServer } from "./server_under_test.ts";
import type { McpClient } from "./mcp_client.ts";
import { median, percentile } from "./stats.ts";
import { processMemory } from "./proc.ts";
import { positiveInteger } from "./gen_store.ts";
import { readStartPermissionFlags } from "../scripts/permission_flags.ts";

const INDEX_WAIT_MS = 300_000;
const POLL_MS = 100;

/** Polls list_sources until the folder's first pass is done. */
async function waitIndexed(client: McpClient): Promise<void> {
  const started = performance.now();
  for (;;) {
    const answer = await client.callTool("list_sources", {});
    const source = answer.message["result"].structuredContent.sources[0];
    if (!source.notes.some((note: string) => note.startsWith("indexing"))) return;
    if (performance.now() - started > INDEX_WAIT_MS) throw new Error("the folder never indexed");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Builds the store of `folder` at `out` with the real `index` command. */
async function indexFolder(folder: string, out: string): Promise<void> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...readStartPermissionFlags(), "main.ts", "index", folder, "--out", out],
    cwd: PROJECT_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!result.success) throw new Error(new TextDecoder().decode(result.stderr));
}

/** One search's time in ms; throws on a failed call. */
async function timed(client: McpClient, args: Record<string, unknown>): Promise<number> {
  const answer = await client.callTool("search_transcripts", args);
  const result = answer.message["result"];
  if (result === undefined || result.isError) {
    throw new Error(JSON.stringify(answer.message).slice(0, 300));
  }
  return answer.elapsedMs;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      data: { type: "string", default: join(PROJECT_ROOT, "../shared/eval/qmsum-train.jsonl.gz") },
      questions: { type: "string" },
      mode: { type: "string", default: "words" },
    },
    strict: true,
  });
  const count = positiveInteger("questions", values.questions, 300);
  const meetings = await readMeetings(values.data);
  const asked = pickQuestions(meetings, count);
  const dir = Deno.makeTempDirSync({ prefix: "transcript-mcp-folder-store-" });
  const folder = join(dir, "meetings");
  const store = join(dir, "meetings.db");
  Deno.mkdirSync(folder);
  try {
    writeMeetingFolder(folder, meetings);
    await indexFolder(folder, store);
    const served = startServer(folder);
    const built = startServer(store);
    try {
      await served.initialize();
      await built.initialize();
      await waitIndexed(served);
      const folderMs: number[] = [];
      const storeMs: number[] = [];
      for (const [n, { question }] of asked.entries()) {
        const args = { query: question.query, mode: values.mode, limit: 10 };
        const order = n % 2 === 0 ? [served, built] : [built, served];
        for (const client of order) {
          (client === served ? folderMs : storeMs).push(await timed(client, args));
        }
      }
      const row = (label: string, folderValue: number, storeValue: number) =>
        `| ${label} | ${folderValue.toFixed(1)} | ${storeValue.toFixed(1)} | ${
          (folderValue / storeValue).toFixed(2)
        }× |`;
      console.log(
        `QMSum train: ${meetings.length} meetings, ${asked.length} questions, mode ${values.mode}\n`,
      );
      console.log("| Figure | Folder (ms) | Store (ms) | Folder / store |");
      console.log("| --- | ---: | ---: | ---: |");
      console.log(row("p50", median(folderMs), median(storeMs)));
      console.log(row("p90", percentile(folderMs, 90), percentile(storeMs, 90)));
      // What serving the folder holds beside the store: its index, and the files it keeps parsed.
      const [folderRss, storeRss] = [served, built].map((c) => processMemory(c.pid)?.peakRss);
      if (folderRss !== undefined && storeRss !== undefined) {
        const mib = (bytes: number) => Number((bytes / 2 ** 20).toFixed(1));
        console.log(
          `| peak RSS (MiB) | ${mib(folderRss)} | ${mib(storeRss)} | ${
            (folderRss / storeRss).toFixed(2)
          }× |`,
        );
      }
    } finally {
      await served.close();
      await built.close();
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}
