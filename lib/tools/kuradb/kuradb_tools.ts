/**
 * KuraDB's MCP tool names, offered beside the native tools so a client written for KuraDB's
 * own server (list_rag, search_rag) works unchanged over the KuraDB sources served here.
 *
 * @module
 */
import type { AnyTool } from "../tool.ts";
import { listRag } from "./list_rag.ts";
import { searchRag } from "./search_rag.ts";

/**
 * The KuraDB tools, in publishing order: what `--tools kuradb` adds.
 *
 * @example
 * ```ts
 * import { KURADB_TOOLS } from "./kuradb_tools.ts";
 * KURADB_TOOLS.map((tool) => tool.name); // ["list_rag", "search_rag"]
 * ```
 */
export const KURADB_TOOLS: readonly AnyTool[] = [listRag, searchRag];
