/**
 * list_sources: what the server reads, by name: each source's kind, where it is, how much it
 * holds, how it is searched, and anything a user should know about it.
 *
 * @module
 */
import * as v from "valibot";
import type { SourceFacts } from "../sources/source_reader.ts";
import { StoreInterruptedError } from "../store/errors.ts";
import { callStarted } from "../sources/call_clock.ts";
import { capText } from "./response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS } from "./tool.ts";
import { COUNT_BUDGET_MS, FIELD_CAPS, MAX_SOURCE_NOTES } from "../config/limits.ts";

const sourceSchema = v.object({
  name: v.pipe(v.string(), v.description("Pass as sourceName to the other tools.")),
  title: v.optional(v.pipe(
    v.string(),
    v.description("What its app calls it, where the app names it (a KuraDB database's name)."),
  )),
  kind: v.pipe(
    v.nullable(v.string()),
    v.description(
      "transcript-mcp, screenpipe, meetily, buzz, rousseau, kuradb or folder; null when it " +
        "could not be opened.",
    ),
  ),
  location: v.pipe(v.string(), v.description("Where it is read from.")),
  available: v.pipe(v.boolean(), v.description("Whether it can be read now.")),
  transcripts: v.nullable(v.number()),
  tasks: v.nullable(v.number()),
  search: v.pipe(
    v.nullable(v.picklist(["fts", "scan"])),
    v.description('"fts" where the app keeps a full-text index used here, else "scan".'),
  ),
  turns: v.pipe(v.nullable(v.boolean()), v.description("Whether items have timed segments.")),
  newest: v.pipe(v.nullable(v.string()), v.description("The newest transcript's createdAt.")),
  notes: v.pipe(v.array(v.string()), v.description("What a user should know about it.")),
});

const outputSchema = v.object({ sources: v.array(sourceSchema) });

/** The facts of a source that cannot be read: unknown. */
const UNKNOWN = { transcripts: null, tasks: null, search: null, turns: null, newest: null };

/** list_sources: the sources the server reads. */
export const listSources: AnyTool = defineTool({
  name: "list_sources",
  title: "List sources",
  description: "List the sources this server reads (its own stores and other apps' " +
    "databases), each with its name, kind, counts, newest item, how it is searched and " +
    "notes. Pass a name as sourceName to list or search one source.",
  inputSchema: v.strictObject({}),
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources) {
    return {
      sources: sources.all.map((source) => {
        let facts: SourceFacts | undefined;
        let failure = source.failure;
        try {
          // One budget for the whole call, however many sources count.
          const spent = performance.now() - callStarted();
          facts = sources.reader(source).facts(Math.max(0, COUNT_BUDGET_MS - spent));
        } catch (error) {
          // A call past its deadline or cancelled is answered as such, not as sources that
          // cannot be read.
          if (error instanceof StoreInterruptedError) throw error;
          failure = (error as Error).message;
        }
        // The set's own notes: that a source failed at start is tried again, or why it
        // keeps the name it got at start.
        const own = source.notes ?? [];
        const notes = facts === undefined
          ? [failure ?? "cannot be read", ...own]
          : [...own, ...facts.notes];
        return {
          name: source.name,
          ...(source.listing ? { title: capText(source.listing.title, FIELD_CAPS.title) } : {}),
          kind: source.kind,
          location: capText(source.location, FIELD_CAPS.snippet),
          available: facts !== undefined,
          ...(facts === undefined ? UNKNOWN : {
            transcripts: facts.transcripts,
            tasks: facts.tasks,
            search: facts.search,
            turns: facts.turns,
            newest: facts.newest === null ? null : capText(facts.newest, FIELD_CAPS.timestamp),
          }),
          notes: notes.slice(0, MAX_SOURCE_NOTES).map((note) => capText(note, FIELD_CAPS.snippet)),
        };
      }),
    };
  },
});
