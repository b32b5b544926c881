/**
 * A transcript's header as every tool shows it (id, title, when, where from) and the
 * details the listing and the reader add (length, starred, language): each field's schema
 * and the way it is read from a row and capped, declared once for list, get and search.
 *
 * @module
 */
import * as v from "valibot";
import type { TranscriptHead } from "../sources/source_reader.ts";
import { capText } from "./response_budget.ts";
import { FIELD_CAPS, MAX_SPEAKERS, SEARCH_SPEAKERS } from "../config/limits.ts";

/** The header fields every tool shows a transcript with. */
export interface TranscriptHeader {
  /** The transcript's id. */
  id: string;
  /** Its title. */
  title: string;
  /** When it was made, as its source holds it (RFC 3339). */
  createdAt: string;
  /** What kind of recording it is (meeting, voice_note, chat, audio, …), or null. */
  source: string | null;
  /** The name of the source it is read from, as list_sources shows it. */
  sourceName: string;
  /** Who speaks in it, in order of first appearance; only where it has segments. */
  speakers?: string[];
}

/** A transcript's header as a search result shows it: its first few speakers. */
export interface SearchHeader extends TranscriptHeader {
  /** Present, true, when `speakers` names the first {@link SEARCH_SPEAKERS} of more. */
  moreSpeakers?: true;
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
  source: v.pipe(
    v.nullable(v.string()),
    v.description("What kind of recording: meeting, voice_note, chat, audio, …"),
  ),
  sourceName: v.pipe(v.string(), v.description("The source it is read from (list_sources).")),
  speakers: v.optional(
    v.pipe(
      v.array(v.string()),
      v.description(
        `Who speaks, each once, in order of first appearance (at most ${MAX_SPEAKERS}); ` +
          "present where the transcript has segments.",
      ),
    ),
  ),
} as const;

/** The schema of each {@link SearchHeader} field, in the order answers show them. */
export const SEARCH_HEADER_ENTRIES = {
  ...TRANSCRIPT_HEADER_ENTRIES,
  speakers: v.optional(
    v.pipe(
      v.array(v.string()),
      v.description(
        `Who speaks, each once, in order of first appearance: the first ${SEARCH_SPEAKERS} ` +
          "(get_turns names them all); present where the transcript has segments.",
      ),
    ),
  ),
  moreSpeakers: v.optional(
    v.pipe(v.literal(true), v.description("Present when more speak than speakers names.")),
  ),
} as const;

/** The schema of each {@link TranscriptDetails} field. */
export const TRANSCRIPT_DETAIL_ENTRIES = {
  duration: v.pipe(v.nullable(v.number()), v.description("Length in seconds.")),
  starred: v.boolean(),
  language: v.nullable(v.string()),
} as const;

/**
 * The header of a transcript read from the source `sourceName`, capped.
 *
 * @example
 * ```ts
 * import { transcriptHeader } from "./transcript_header.ts";
 * transcriptHeader(
 *   { id: "7f0c", title: "Standup", createdAt: "2026-11-02T09:30:00.000Z", source: "chat" },
 *   "store",
 * );
 * // { id: "7f0c", title: "Standup", createdAt: "2026-11-02T09:30:00.000Z", source: "chat",
 * //   sourceName: "store" }
 * ```
 */
export function transcriptHeader(head: TranscriptHead, sourceName: string): TranscriptHeader {
  return {
    id: capText(head.id, FIELD_CAPS.id),
    title: capText(head.title, FIELD_CAPS.title),
    createdAt: capText(head.createdAt, FIELD_CAPS.timestamp),
    source: capText(head.source, FIELD_CAPS.label),
    sourceName,
    ...(head.speakers === undefined
      ? {}
      : { speakers: head.speakers.map((name) => capText(name, FIELD_CAPS.label)) }),
  };
}

/**
 * The header of a search result: {@link transcriptHeader}, naming at most
 * {@link SEARCH_SPEAKERS} speakers, with `moreSpeakers` where it names fewer than it has, so
 * a sitting of many speakers does not outweigh the passages that cite it.
 *
 * @example
 * ```ts
 * import { searchHeader } from "./transcript_header.ts";
 * const speakers = ["A", "B", "C", "D", "E", "F", "G"];
 * const head = { id: "7f0c", title: "Sitting", createdAt: "2026-11-02", source: null, speakers };
 * searchHeader(head, "store").speakers; // ["A", "B", "C", "D", "E", "F"]
 * searchHeader(head, "store").moreSpeakers; // true
 * ```
 */
export function searchHeader(head: TranscriptHead, sourceName: string): SearchHeader {
  const header = transcriptHeader(head, sourceName);
  const { speakers } = header;
  if (speakers === undefined || speakers.length <= SEARCH_SPEAKERS) return header;
  return { ...header, speakers: speakers.slice(0, SEARCH_SPEAKERS), moreSpeakers: true };
}

/**
 * The details of a transcript (duration, starred, language), capped.
 *
 * @example
 * ```ts
 * import { transcriptDetails } from "./transcript_header.ts";
 * transcriptDetails({ duration: 61.5, starred: true, language: "en" });
 * // { duration: 61.5, starred: true, language: "en" }
 * ```
 */
export function transcriptDetails(details: TranscriptDetails): TranscriptDetails {
  return {
    duration: details.duration,
    starred: details.starred,
    language: capText(details.language, FIELD_CAPS.label),
  };
}
