/**
 * Every kind of source this server reads, in the order detection tries them: other apps'
 * layouts first (an app may keep a `transcripts` table of its own), our own schema last.
 *
 * @module
 */
import type { SourceKind } from "./source_kind.ts";
import { screenpipeKind } from "./adapters/screenpipe.ts";
import { meetilyKind } from "./adapters/meetily.ts";
import { buzzKind } from "./adapters/buzz.ts";
import { rousseauKind } from "./adapters/rousseau.ts";
import { contractKind } from "./contract/contract_kind.ts";

/** The kinds, in detection order. */
export const SOURCE_KINDS: readonly SourceKind[] = [
  screenpipeKind,
  meetilyKind,
  buzzKind,
  rousseauKind,
  contractKind,
];
