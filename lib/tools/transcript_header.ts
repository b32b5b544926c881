/**
 * A transcript's header as every tool shows it (id, title, when, where from) and the
 * details the listing and the reader add (length, starred, language): each field's schema
 * and the way it is read from a row and capped, declared once for list, get and search.
 *
 * @module
 */
import * as v from "valibot";
import type { StoreRow } from "../store/store.ts";
import { flag, numberOrNull, textOrNull } from "./row_values.ts";
import { capText } from "./response_budget.ts";
import { FIELD_CAPS } from "../config/limits.ts";

/** The header fields every tool shows a transcript with. */
export interface TranscriptHeader {
  /** The transcript's id. */
  id: string;
  /** Its title. */
  title: string;
  /** When it was made, as the store holds it. */
  createdAt: string;
  /** Where it came from, or null. */
  source: string | null;
}

/** The details list_transcripts and get_transcript add to the header. */
export interface TranscriptDetails {
  /** Length in seconds, or null. */
  duration: number | null;
  /** Whether the user starred it. */
  starred: boolean;
  /** Language code of the spoken text, or null. */
  language: string | null;
}

/** The schema of each {@link TranscriptHeader} field, in the order answers show them. */
export const TRANSCRIPT_HEADER_ENTRIES = {
  id: v.string(),
  title: v.string(),
  createdAt: v.string(),
  source: v.nullable(v.string()),
} as const;

/** The schema of each {@link TranscriptDetails} field. */
export const TRANSCRIPT_DETAIL_ENTRIES = {
  duration: v.pipe(v.nullable(v.number()), v.description("Length in seconds.")),
  starred: v.boolean(),
  language: v.nullable(v.string()),
} as const;

/**
 * The header of the transcript in `row` (columns id, title, created_at, source), capped.
 *
 * @example
 * ```ts
 * import { transcriptHeader } from "./transcript_header.ts";
 * transcriptHeader({ id: "7f0c", title: null, created_at: "2026-11-02T09:30:00.000Z", source: "chat" });
 * // { id: "7f0c", title: "", createdAt: "2026-11-02T09:30:00.000Z", source: "chat" }
 * ```
 */
export function transcriptHeader(row: StoreRow): TranscriptHeader {
  return {
    id: capText(String(row["id"]), FIELD_CAPS.id),
    title: capText(textOrNull(row["title"]) ?? "", FIELD_CAPS.title),
    createdAt: capText(String(row["created_at"]), FIELD_CAPS.timestamp),
    source: capText(textOrNull(row["source"]), FIELD_CAPS.label),
  };
}

/**
 * The details of the transcript in `row` (columns duration, starred, language), capped.
 *
 * @example
 * ```ts
 * import { transcriptDetails } from "./transcript_header.ts";
 * transcriptDetails({ duration: 61.5, starred: 1n, language: "en" });
 * // { duration: 61.5, starred: true, language: "en" }
 * ```
 */
export function transcriptDetails(row: StoreRow): TranscriptDetails {
  return {
    duration: numberOrNull(row["duration"]),
    starred: flag(row["starred"]),
    language: capText(textOrNull(row["language"]), FIELD_CAPS.label),
  };
}
