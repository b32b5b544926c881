/**
 * Our own schema (lib/store/schema.sql) as a kind of source: the store an app writes for
 * transcript-mcp, and the one `index` builds.
 *
 * @module
 */
import { fts5Tables } from "../../store/authorizer.ts";
import { checkContract } from "../../store/open_store.ts";
import type { SourceKind } from "../source_kind.ts";
import { ContractReader } from "./contract_reader.ts";

/**
 * A store in our own schema. It is recognised by its `transcripts` or `tasks` table, and
 * then checked against the contract (schema version, required tables), so a store of an
 * older or newer version is named as such rather than as an unknown kind.
 *
 * @example
 * ```ts
 * import { contractKind } from "./contract_kind.ts";
 * contractKind.matches(new Map([["transcripts", new Set(["id", "text"])]])); // true
 * ```
 */
export const contractKind: SourceKind = {
  kind: "transcript-mcp",
  defaultName: null,
  matches: (tables) => tables.has("transcripts") || tables.has("tasks"),
  readable: {
    transcripts: "*",
    ...fts5Tables("transcripts_fts"),
    segments: "*",
    tasks: "*",
  },
  vocabOf: "transcripts_fts",
  open(store) {
    checkContract(store, store.location);
    return new ContractReader(store);
  },
};
