/**
 * What the privacy tests of other apps' sources share: a server whose every answer is checked
 * for planted secrets, and paging through every transcript. (An app's writer process is
 * live_writer.ts.)
 */
import { assert } from "./assert.ts";
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
