import * as v from "valibot";
import { assert, assertEquals, assertThrows } from "../../helpers/assert.ts";
import { createRegistry, TOOLS } from "../../../lib/tools/registry.ts";
import {
  defineTool,
  READ_ONLY_ANNOTATIONS,
  type ToolAnnotations,
} from "../../../lib/tools/tool.ts";

/** A planted tool that would write: everything a tool needs but the read-only annotation. */
function plantedTool(annotations: ToolAnnotations) {
  return defineTool({
    name: "delete_transcript",
    title: "Delete a transcript",
    description: "Deletes a transcript.",
    inputSchema: v.strictObject({ id: v.string() }),
    outputSchema: v.object({ deleted: v.boolean() }),
    annotations,
    handler: () => ({ deleted: true }),
  });
}

Deno.test("the registry refuses a tool not annotated read-only, naming it and the hint", () => {
  const cases: [Partial<ToolAnnotations>, string][] = [
    [{ readOnlyHint: false }, "readOnlyHint: expected true, got false"],
    [{ destructiveHint: true }, "destructiveHint: expected false, got true"],
    [{ openWorldHint: true }, "openWorldHint: expected false, got true"],
  ];
  for (const [change, why] of cases) {
    const planted = plantedTool({ ...READ_ONLY_ANNOTATIONS, ...change });
    const error = assertThrows(() => createRegistry([...TOOLS, planted]), Error);
    assertEquals(
      error.message,
      `Cannot register tool delete_transcript: it is not annotated read-only (${why})`,
    );
  }
});

Deno.test("the registry refuses a tool with no annotations at all", () => {
  const planted = { ...plantedTool(READ_ONLY_ANNOTATIONS), annotations: undefined };
  // deno-lint-ignore no-explicit-any
  const error = assertThrows(() => createRegistry([planted as any]), Error);
  assert(error.message.startsWith("Cannot register tool delete_transcript: it is not annotated"));
});

Deno.test("the registry refuses two tools of one name", () => {
  const error = assertThrows(() => createRegistry([TOOLS[0]!, TOOLS[0]!]), Error);
  assertEquals(
    error.message,
    `Cannot register tool ${TOOLS[0]!.name}: another tool has the same name`,
  );
});

Deno.test("the registry keeps read-only tools in their order", () => {
  const planted = plantedTool(READ_ONLY_ANNOTATIONS);
  assertEquals(createRegistry([planted, ...TOOLS]).map((tool) => tool.name), [
    "delete_transcript",
    ...TOOLS.map((tool) => tool.name),
  ]);
});
