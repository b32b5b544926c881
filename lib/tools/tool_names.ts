/**
 * The names of the tools, apart from the tools: the command line and the protocol gate need
 * only these before `initialize` is answered, and the tools' code (search, meaning, the
 * seed sets' readers) is loaded on first use (issue #26). A test holds them equal to the
 * registry's.
 *
 * @module
 */

/** The native tools' names, in publishing order (registry.ts's TOOLS). */
export const NATIVE_TOOL_NAMES: readonly string[] = [
  "list_transcripts",
  "get_transcript",
  "get_turns",
  "search_transcripts",
  "list_tasks",
  "list_sources",
];

/** Each seed tool set's tool names by its `--tools` name (tool_sets.ts's TOOL_SETS). */
export const TOOL_SET_NAMES: Readonly<Record<string, readonly string[]>> = {
  rousseau: [
    "rousseau_search_sessions",
    "rousseau_list_sessions",
    "rousseau_read_session",
    "rousseau_cron_list",
  ],
  kuradb: ["list_rag", "search_rag"],
};

/**
 * The names of the native tools followed by those of the sets named, as
 * `toolsWith(setNames)` orders the tools. Sets that are none add nothing here: the registry
 * refuses them when the tools load.
 *
 * @example
 * ```ts
 * import { toolNamesWith } from "./tool_names.ts";
 * toolNamesWith(["kuradb"]).slice(-2); // ["list_rag", "search_rag"]
 * ```
 */
export function toolNamesWith(setNames: readonly string[]): readonly string[] {
  return [
    ...NATIVE_TOOL_NAMES,
    ...setNames.flatMap((name) => Object.hasOwn(TOOL_SET_NAMES, name) ? TOOL_SET_NAMES[name]! : []),
  ];
}
