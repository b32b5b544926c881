/**
 * The seed tool sets `--tools NAME` adds beside the native tools: each keeps the tool names,
 * arguments and answers of one app's own MCP server, answered from this server's sources
 * under its rules, so a client can switch servers without rewriting its prompts. A set is
 * one entry here; the registry (registry.ts) checks its tools as it checks the native ones.
 *
 * @module
 */
import type { AnyTool } from "./tool.ts";
import { ROUSSEAU_TOOLS } from "./rousseau/rousseau_tools.ts";
import { KURADB_TOOLS } from "./kuradb/kuradb_tools.ts";

/** Each set by its `--tools` name, its tools in publishing order. */
export const TOOL_SETS: Readonly<Record<string, readonly AnyTool[]>> = {
  rousseau: ROUSSEAU_TOOLS,
  kuradb: KURADB_TOOLS,
};
