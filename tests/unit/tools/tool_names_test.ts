/**
 * The tool names known before the tools load (lib/tools/tool_names.ts) are the registry's:
 * the protocol gate answers "Unknown tool" from them before any tool module is evaluated.
 */
import { assertEquals } from "../../helpers/assert.ts";
import { NATIVE_TOOL_NAMES, TOOL_SET_NAMES, toolNamesWith } from "../../../lib/tools/tool_names.ts";
import { TOOLS, toolsWith } from "../../../lib/tools/registry.ts";
import { TOOL_SETS } from "../../../lib/tools/tool_sets.ts";

Deno.test("the names known before the tools load are the registry's, set by set, in order", () => {
  assertEquals(NATIVE_TOOL_NAMES, TOOLS.map((tool) => tool.name));
  assertEquals(Object.keys(TOOL_SET_NAMES), Object.keys(TOOL_SETS));
  for (const [set, tools] of Object.entries(TOOL_SETS)) {
    assertEquals(TOOL_SET_NAMES[set], tools.map((tool) => tool.name), set);
  }
  const sets = Object.keys(TOOL_SETS);
  for (const chosen of [[], ...sets.map((set) => [set]), sets, [...sets].reverse()]) {
    assertEquals(toolNamesWith(chosen), toolsWith(chosen).map((tool) => tool.name), chosen.join());
  }
});
