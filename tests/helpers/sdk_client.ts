/**
 * The SDK's own Client over StdioClientTransport, connected to the real server started as
 * users start it (`deno task start`), for end-to-end tests.
 */
import { Client } from "@modelcontextprotocol/sdk/client";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { PROJECT_ROOT } from "./server_process.ts";

/** Runs `fn` with a Client connected to a server started with `args`, then closes it. */
export async function withClient(args: string[], fn: (client: Client) => Promise<void>) {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "start", ...args],
    cwd: PROJECT_ROOT,
    stderr: "pipe",
  });
  const client = new Client({ name: "e2e-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    await fn(client);
  } finally {
    await client.close();
  }
}
