/**
 * docs/resources.md against the code: its example answers are what the demo store answers, run
 * through the same modules the server answers with (the reads in process rather than in a
 * worker), and its error codes and limits are the code's.
 */
import { assert, assertEquals } from "../helpers/assert.ts";
import { cell, docs, quantities, section, tableRows } from "../helpers/docs.ts";
import { SourceSet } from "../../lib/sources/source_set.ts";
import { runSourceRead, type SourceRead } from "../../lib/tools/reads/source_read.ts";
import type { SourceReads } from "../../lib/protocol/source_reads.ts";
import { readResource, RESOURCE_NOT_FOUND } from "../../lib/protocol/resources/resource_methods.ts";
import { complete } from "../../lib/protocol/completions/complete.ts";
import { Deadline } from "../../lib/runtime/deadline.ts";
import { RPC_ERRORS } from "../../lib/transport/jsonrpc.ts";
import {
  COMPLETION_MAX_VALUES,
  COMPLETION_SCAN_ITEMS,
  PROMPT_EMBED_BYTES,
  RESOURCE_MAX_BYTES,
  RESOURCE_PAGE_SIZE,
} from "../../lib/config/limits.ts";

const sources = SourceSet.open([{ kind: "demo", name: "demo" }]);
/** The reads, run here on the demo store. */
const reads: SourceReads = {
  read: <R extends SourceRead>(read: R) => Promise.resolve(runSourceRead(sources, read)),
};
const bounds = { deadline: new Deadline() };
const page = docs.resources;

Deno.test("docs/resources.md's resource example is what resources/read answers", async () => {
  const [, uri, block] = /<!-- resource-example: (\S+) -->\s*```text\n([\s\S]*?)```/.exec(
    page,
  )!;
  const answer = await readResource(reads, { uri }, bounds);
  assert(answer.ok);
  assertEquals(JSON.parse(answer.resultJson).contents[0].text, block);
});

Deno.test("docs/resources.md's completion example is what completion/complete answers", async () => {
  const [, params, block] = /<!-- completion-example: (\{.*\}) -->\s*```json\n([\s\S]*?)```/
    .exec(page)!;
  const answer = await complete({ reads, sourceNames: ["demo"] }, JSON.parse(params!), bounds);
  assert(answer.ok);
  assertEquals(JSON.parse(answer.resultJson), JSON.parse(block!));
});

Deno.test("docs/resources.md's error codes and limits are the code's", () => {
  const codes = [...tableRows(section(page, "Errors")).keys()].filter((key) => /^-\d+$/.test(key))
    .map(Number).sort();
  const expected = [
    RESOURCE_NOT_FOUND,
    RPC_ERRORS.INVALID_PARAMS,
    RPC_ERRORS.INTERNAL_ERROR,
    RPC_ERRORS.METHOD_NOT_FOUND,
  ];
  assertEquals(codes, expected.sort());
  const limits = section(page, "Limits");
  const rows: [string, number][] = [
    ["Largest `resources/read` answer", RESOURCE_MAX_BYTES],
    ["Transcripts in a page of `resources/list`", RESOURCE_PAGE_SIZE],
    ["Largest transcript a prompt embeds", PROMPT_EMBED_BYTES],
    ["Values `completion/complete` suggests", COMPLETION_MAX_VALUES],
    ["Newest transcripts of a source it looks at", COMPLETION_SCAN_ITEMS],
  ];
  for (const [label, value] of rows) assertEquals(quantities(cell(limits, label)), [value], label);
  assertEquals(tableRows(limits).size - 1, rows.length, "every limit is checked");
});
