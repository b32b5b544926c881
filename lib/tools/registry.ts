/**
 * The registry of every tool the server offers, in the order `tools/list` publishes them.
 * It refuses, when the module loads, a tool not annotated read-only: the server must never
 * offer a tool that says it may write, destroy or reach beyond the store.
 *
 * @module
 */
import { getTranscript } from "./get_transcript.ts";
import { listSources } from "./list_sources.ts";
import { listTasks } from "./list_tasks.ts";
import { listTranscripts } from "./list_transcripts.ts";
import { searchTranscripts } from "./search_transcripts.ts";
import type { AnyTool, ToolAnnotations } from "./tool.ts";
import { TOOL_SETS } from "./tool_sets.ts";

/** The annotation values every registered tool must carry. */
const REQUIRED_ANNOTATIONS: Partial<ToolAnnotations> = {
  readOnlyHint: true,
  destructiveHint: false,
  openWorldHint: false,
};

/**
 * Checks that every tool is annotated read-only (readOnlyHint true, destructiveHint false,
 * openWorldHint false) and that no two share a name, and returns them in the same order.
 * Throws an Error naming the first tool that fails.
 *
 * @example
 * ```ts
 * import { createRegistry } from "./registry.ts";
 * import { listTasks } from "./list_tasks.ts";
 * createRegistry([listTasks]).length; // 1
 * createRegistry([{ ...listTasks, annotations: { ...listTasks.annotations, readOnlyHint: false } }]);
 * // throws: Cannot register tool list_tasks: it is not annotated read-only (readOnlyHint: expected true, got false)
 * ```
 */
export function createRegistry(tools: readonly AnyTool[]): readonly AnyTool[] {
  const names = new Set<string>();
  for (const tool of tools) {
    const annotations = (tool.annotations ?? {}) as Partial<ToolAnnotations>;
    const wrong = Object.entries(REQUIRED_ANNOTATIONS)
      .filter(([key, value]) => annotations[key as keyof ToolAnnotations] !== value)
      .map(([key, value]) =>
        `${key}: expected ${value}, got ${annotations[key as keyof ToolAnnotations]}`
      );
    if (wrong.length > 0) {
      throw new Error(
        `Cannot register tool ${tool.name}: it is not annotated read-only (${wrong.join(", ")})`,
      );
    }
    if (names.has(tool.name)) {
      throw new Error(`Cannot register tool ${tool.name}: another tool has the same name`);
    }
    names.add(tool.name);
  }
  return Object.freeze([...tools]);
}

/** Every tool, in publishing order. */
export const TOOLS: readonly AnyTool[] = createRegistry([
  listTranscripts,
  getTranscript,
  searchTranscripts,
  listTasks,
  listSources,
]);

const withSets = new Map<string, readonly AnyTool[]>();

/**
 * The native tools followed by those of the seed tool sets named (`--tools`, tool_sets.ts),
 * checked as {@link createRegistry} checks them. Throws for a name that is no set.
 *
 * @example
 * ```ts
 * import { toolsWith } from "./registry.ts";
 * toolsWith(["rousseau"]).some((tool) => tool.name === "rousseau_read_session"); // true
 * toolsWith([]).length; // 5: the native tools
 * ```
 */
export function toolsWith(setNames: readonly string[]): readonly AnyTool[] {
  if (setNames.length === 0) return TOOLS;
  const key = setNames.join(",");
  let tools = withSets.get(key);
  if (tools === undefined) {
    tools = createRegistry([
      ...TOOLS,
      ...setNames.flatMap((name) => {
        const set = Object.hasOwn(TOOL_SETS, name) ? TOOL_SETS[name] : undefined;
        if (set === undefined) throw new Error(`Cannot register tool set ${name}: there is none`);
        return set;
      }),
    ]);
    withSets.set(key, tools);
  }
  return tools;
}

/**
 * Finds a tool by name among `tools` (the native tools when left out).
 *
 * @example
 * ```ts
 * import { findTool } from "./registry.ts";
 * findTool("search_transcripts")?.title; // "Search transcripts"
 * ```
 */
export function findTool(name: string, tools: readonly AnyTool[] = TOOLS): AnyTool | undefined {
  return tools.find((tool) => tool.name === name);
}
