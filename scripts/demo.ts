/**
 * `deno task demo`: starts the server on the built-in demo store, connects the SDK's own
 * Client over stdio, and prints what an assistant would see: tools, a resource and a prompt.
 */
import { Client } from "@modelcontextprotocol/sdk/client";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fileURLToPath } from "node:url";

// deno-lint-ignore no-explicit-any
type Json = any;

const root = fileURLToPath(new URL("../", import.meta.url));
const transport = new StdioClientTransport({
  command: Deno.execPath(),
  args: ["task", "--quiet", "start", "--demo"],
  cwd: root,
  stderr: "ignore",
});
const client = new Client({ name: "transcript-mcp-demo", version: "1.0.0" });
await client.connect(transport);

// Bold only for a person at a terminal: piped output and NO_COLOR get plain text.
const bold = Deno.stdout.isTerminal() && !Deno.noColor;
const heading = (text: string) => console.log(bold ? `\n\x1b[1m== ${text}\x1b[0m` : `\n== ${text}`);
const call = async (name: string, args: Record<string, unknown>): Promise<Json> => {
  console.log(`\n> ${name} ${JSON.stringify(args)}`);
  const result: Json = await client.callTool({ name, arguments: args });
  return result.structuredContent;
};

const server = client.getServerVersion();
heading(`Connected to ${server?.name} ${server?.version}`);
console.log(client.getInstructions());

heading("Tools the assistant is offered");
for (const tool of (await client.listTools()).tools) {
  console.log(`- ${tool.name}: ${tool.description}`);
}

heading("A search, in everyday wording");
const found = await call("search_transcripts", {
  query: "what did we decide about pricing?",
  limit: 3,
});
console.log(`queryMode: ${found.queryMode}`);
for (const hit of found.results) {
  const at = hit.moment === null ? "" : ` (at ${hit.moment.at}, ${hit.moment.speaker ?? "?"})`;
  console.log(`  ${hit.createdAt.slice(0, 10)}  ${hit.title}${at}\n      ${hit.snippet}`);
  // The passages it cites, each at the minute it was said.
  for (const passage of hit.passages ?? []) {
    const said = passage.at === null ? "" : `${passage.at} ${passage.speaker ?? "?"}: `;
    console.log(`        · ${said}${passage.text.replaceAll("\n", " / ")}`);
  }
}

heading("Reading around the first hit's moment, as whole turns");
const first = found.results[0];
if (first?.moment) {
  const turns = await call("get_turns", {
    id: first.id,
    aroundMs: first.moment.startMs,
    maxChars: 1000,
  });
  console.log(`  speakers: ${turns.speakers.join(", ")}`);
  for (const turn of turns.turns) console.log(`  [${turn.at}] ${turn.speaker}: ${turn.text}`);
  console.log(`  nextCursor: ${turns.nextCursor === null ? "none" : "one more page"}`);
}

heading("A page of the longest transcript");
const recent = await call("list_transcripts", { limit: 20 });
let longest: Json = null;
for (const item of recent.transcripts) {
  if (longest === null || (item.duration ?? 0) > (longest.duration ?? 0)) longest = item;
}
console.log(
  `  ${recent.transcripts.length} transcripts, newest first; the longest: "${longest.title}" ` +
    `(${Math.round((longest.duration ?? 0) / 60)} min)`,
);
const page = await call("get_transcript", { id: longest.id, maxChars: 1000 });
console.log(
  `"${page.title}": characters ${page.offset}–${page.offset + page.text.length} of ` +
    `${page.totalChars}; nextOffset ${page.nextOffset}`,
);
console.log(page.text.split("\n").slice(0, 6).map((line: string) => `  ${line}`).join("\n"));

heading("Open tasks");
const tasks = await call("list_tasks", { done: false });
for (const task of tasks.tasks) console.log(`  [${task.bucket}] ${task.text}`);

heading("A transcript as a resource, as a person attaches it");
const { resources } = await client.listResources();
console.log(`  ${resources.length} resources, newest first, e.g. ${resources[0]!.uri}`);
const note = resources.find((resource) => /banner/i.test(resource.name)) ?? resources[0]!;
console.log(`\n> resources/read ${note.uri}`);
const { contents } = await client.readResource({ uri: note.uri });
const markdown = (contents[0] as Json).text as string;
console.log(markdown.split("\n").slice(0, 8).map((line) => `  ${line}`).join("\n"));

heading("A prompt a person picks, with its id completed from a title");
const suggested = await client.complete({
  ref: { type: "ref/prompt", name: "action_items" },
  argument: { name: "id", value: "banner" },
});
console.log(`  "banner" completes to ${JSON.stringify(suggested.completion.values)}`);
const id = suggested.completion.values[0]!;
console.log(`\n> prompts/get action_items {"id":"${id}"}`);
const prompt = await client.getPrompt({ name: "action_items", arguments: { id } });
for (const message of prompt.messages) {
  const content = message.content as Json;
  console.log(
    content.type === "resource"
      ? `  [${message.role}] the transcript, embedded: ${content.resource.uri}`
      : `  [${message.role}] ${content.text}`,
  );
}

await client.close();
