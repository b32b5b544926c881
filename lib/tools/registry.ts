/**
 * The registry of every tool the server offers, in the order `tools/list` publishes them.
 *
 * @module
 */
import { getTranscript } from "./get_transcript.ts";
import { listTasks } from "./list_tasks.ts";
import { listTranscripts } from "./list_transcripts.ts";
import { searchTranscripts } from "./search_transcripts.ts";
import type { AnyTool } from "./tool.ts";

/** Every tool, in publishing order. */
export const TOOLS: readonly AnyTool[] = [
  listTranscripts,
  getTranscript,
  searchTranscripts,
  listTasks,
];

/**
 * Finds a tool by name.
 *
 * @example
 * ```ts
 * import { findTool } from "./registry.ts";
 * findTool("search_transcripts")?.title; // "Search transcripts"
 * ```
 */
export function findTool(name: string): AnyTool | undefined {
  return TOOLS.find((tool) => tool.name === name);
}
