/**
 * Our own schema (lib/store/schema.sql) as a kind of source: the store an app writes for
 * transcript-mcp, and the one `index` builds.
 *
 * @module
 */
import { CONTRACT_SIGN } from "../kind_signs.ts";
import type { SourceKind } from "../source_kind.ts";
import { ContractReader } from "./contract_reader.ts";

/**
 * A store in our own schema: its sign (kind_signs.ts), checked again as it opens, and its
 * reader.
 *
 * @example
 * ```ts
 * import { contractKind } from "./contract_kind.ts";
 * contractKind.matches(new Map([["transcripts", new Set(["id", "text"])]])); // true
 * ```
 */
export const contractKind: SourceKind = {
  ...CONTRACT_SIGN,
  open(store) {
    CONTRACT_SIGN.check!(store);
    return new ContractReader(store);
  },
};
