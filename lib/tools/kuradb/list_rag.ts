/**
 * list_rag: KuraDB's tool listing its databases, under its own name and shape, over the
 * KuraDB sources this server reads: `loaded` names the databases that can be read now,
 * `registered` every one its folder's db.json lists (with when it was registered), each
 * with the sourceName the native tools take.
 *
 * @module
 */
import * as v from "valibot";
import { StoreInterruptedError } from "../../store/errors.ts";
import { capText } from "../response_budget.ts";
import { type AnyTool, defineTool, READ_ONLY_ANNOTATIONS } from "../tool.ts";
import { databaseName, kuradbSources } from "./kuradb_sources.ts";
import { FIELD_CAPS } from "../../config/limits.ts";

const outputSchema = v.object({
  loaded: v.pipe(
    v.array(v.string()),
    v.description("The databases that can be searched now: pass one as search_rag's db."),
  ),
  registered: v.pipe(
    v.array(v.object({
      db: v.string(),
      createAt: v.pipe(
        v.nullable(v.string()),
        v.description("When KuraDB registered it (its db.json), or null when unknown."),
      ),
      sourceName: v.pipe(v.string(), v.description("Its name for the other tools.")),
    })),
    v.description("Every KuraDB database this server was given, readable or not."),
  ),
});

/** list_rag: the KuraDB databases, as KuraDB's own tool lists them. */
export const listRag: AnyTool = defineTool({
  name: "list_rag",
  title: "List RAG databases",
  description: "List the KuraDB knowledge-base databases (folders of indexed files). Call it " +
    "when the database to search is not known yet; pass a name from `loaded` to search_rag.",
  inputSchema: v.strictObject({}),
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(sources) {
    const databases = kuradbSources(sources);
    const loaded = databases.filter((source) => {
      try {
        sources.reader(source);
        return true;
      } catch (error) {
        if (error instanceof StoreInterruptedError) throw error;
        return false;
      }
    });
    return {
      loaded: loaded.map((source) => capText(databaseName(source), FIELD_CAPS.title)),
      registered: databases.map((source) => ({
        db: capText(databaseName(source), FIELD_CAPS.title),
        createAt: capText(source.listing?.registeredAt ?? null, FIELD_CAPS.timestamp),
        sourceName: source.name,
      })),
    };
  },
});
