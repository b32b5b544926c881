/**
 * The SDK's own Client over StdioClientTransport, connected to the real server started as
 * users start it (`deno task start`), for end-to-end tests.
 */
import { Client } from "@modelcontextprotocol/sdk/client";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { PROJECT_ROOT } from "./server_process.ts";

/** A Client connected to a server started with `args` through `deno task start`. */
async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "start", ...args],
    cwd: PROJECT_ROOT,
    stderr: "pipe",
  });
  const client = new Client({ name: "e2e-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** Runs `fn` with a Client connected to a server started with `args`, then closes it. */
export async function withClient(args: string[], fn: (client: Client) => Promise<void>) {
  const client = await connect(args);
  try {
    await fn(client);
  } finally {
    await client.close();
  }
}

/**
 * One connected Client shared by the tests of a file that leave its server as they found it:
 * each connection starts two Deno processes (the task runner and the server), the most of such
 * a test's CPU time (issue #26). The first test's {@link SharedClient.use} connects, and the
 * file's last test that shares it runs in {@link SharedClient.last}, which closes it.
 */
export class SharedClient {
  readonly #args: string[];
  #client: Promise<Client> | undefined;

  constructor(args: string[]) {
    this.#args = args;
  }

  /** Runs `fn` with the shared Client, connected if it is not yet. */
  async use(fn: (client: Client) => Promise<void>): Promise<void> {
    this.#client ??= connect(this.#args);
    await fn(await this.#client);
  }

  /** Runs `fn` as {@link use} does, then closes the Client, which ends its server. */
  async last(fn: (client: Client) => Promise<void>): Promise<void> {
    try {
      await this.use(fn);
    } finally {
      const client = this.#client;
      this.#client = undefined;
      if (client !== undefined) await (await client).close();
    }
  }
}
