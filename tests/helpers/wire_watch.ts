/**
 * What the wire tests of other apps' sources share: a server whose every answer is checked
 * for planted secrets, paging through every transcript, and an app's writer run as its own
 * process, announcing what it committed one JSON line at a time.
 */
import { assert } from "./assert.ts";
import { lines } from "./lines.ts";
import type { Message, ServerProcess } from "./server_process.ts";

/** A server whose answers are all checked: none may hold a secret, in any case. */
export interface WatchedServer {
  /** Checks `answer` (named `what` in a failure) and returns it. */
  record(what: string, answer: Message): Message;
  /** Calls a tool and checks its answer. */
  tool(name: string, args: unknown): Promise<Message>;
  /** How many answers were checked. */
  readonly checked: number;
}

/** Watches `server`'s answers for `secrets`. */
export function watchAnswers(server: ServerProcess, secrets: readonly string[]): WatchedServer {
  let checked = 0;
  const record = (what: string, answer: Message) => {
    const text = JSON.stringify(answer).toLowerCase();
    checked++;
    for (const secret of secrets) {
      assert(!text.includes(secret.toLowerCase()), `${what} holds ${secret}`);
    }
    return answer;
  };
  return {
    record,
    tool: async (name, args) =>
      record(`${name} ${JSON.stringify(args)}`, await server.callTool(name, args)),
    get checked() {
      return checked;
    },
  };
}

/** Every transcript id list_transcripts gives, `limit` a page. */
export async function allTranscriptIds(
  tool: (name: string, args: unknown) => Promise<Message>,
  limit: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let cursor: string | null = null;;) {
    const page: Message = await tool("list_transcripts", { limit, ...(cursor ? { cursor } : {}) });
    ids.push(...page["structuredContent"].transcripts.map((item: Message) => item.id));
    cursor = page["structuredContent"].nextCursor ?? null;
    if (cursor === null) return ids;
  }
}

/** An app's writer, run as its own process. */
export interface Writer<T> {
  /** What it announced it committed, in order. */
  readonly saved: T[];
  /** Whether it is still writing. */
  writing(): boolean;
  /** Resolves once its output is read to the end. */
  readonly done: Promise<void>;
}

/** Runs the writer script `script` with `args`, reading its JSON lines into `saved`. */
export function startWriter<T>(script: string, args: readonly string[]): Writer<T> {
  const process = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", script, ...args],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const saved: T[] = [];
  let writing = true;
  void process.status.then(() => (writing = false));
  const done = (async () => {
    for await (const line of lines(process.stdout)) saved.push(JSON.parse(line));
  })();
  return { saved, writing: () => writing, done };
}
