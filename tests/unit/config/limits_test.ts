/**
 * The limits module is the one place operator-visible numbers are written: the tools publish
 * and clamp by it, and no other module of lib/ defines a number but internal tuning.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { sourceFiles } from "../../helpers/source_files.ts";
import { PAGE_SIZES } from "../../../lib/config/limits.ts";
import { publishTool } from "../../../lib/tools/call_tool.ts";
import { findTool } from "../../../lib/tools/registry.ts";
import { clampLimit } from "../../../lib/tools/arguments.ts";

const LIB = new URL("../../../lib/", import.meta.url);

/** Numbers no one outside the code can observe: codes, flag slots, cost weights, caches. */
const INTERNAL = new Set([
  "SIF_A",
  "SHARED_TABLE_BYTES",
  "HEADER_BYTES",
  "STATE",
  "LENGTH",
  "EMPTY",
  "READING",
  "READY",
  "FAILED",
  "WAIT_MS",
  "TOTAL_TTL_MS",
  "EULER_GAMMA",
  "KEPT_RENDERINGS",
  "ROWS_PER_HIT",
  "MAX_RANKED_ROWS",
  "EXCERPT_RADIUS",
  "EXCERPTS_PER_WORD",
  "KEPT",
  "KEPT_SEGMENTS",
  "KEPT_SPEAKERS",
  "KEPT_SUMMARIES",
  "KEPT_ROWS",
  "KEPT_TEXT_ROWS",
  "OVERLAP_MARGIN",
  "CANDIDATES",
  "FOLLOWING_CHARS",
  "SCAN_PAGE",
  "STOP_CALL_ID",
  "STOP_REASON",
  "STOP_CANCELLED",
  "STOP_TIMEOUT",
  "STOP_FLAG_SLOTS",
  "SPAN_TTL_MS",
  "QUOTE",
  "BACKSLASH",
  // A cursor's base64url bytes (tools/cursor.ts).
  "PLUS",
  "SLASH",
  "EQUALS",
  "MINUS",
  "UNDERSCORE",
  "NEWLINE",
  "CARRIAGE_RETURN",
  "NS_PER_DOC",
  "NS_PER_SKIPPED_POSITION",
  "NS_PER_PHRASE_POSITION",
  "NS_PER_NEAR_POSITION",
  "NS_PER_MERGED_POSITION",
  "NS_PER_PREFIX_TERM_SEGMENT",
  "STATS_TTL_MS",
  "STATS_CACHE_SIZE",
  "PREFIX_BATCH",
  "MAX_PREFIX",
  "STORE_SCHEMA_VERSION",
  "SQLITE_CANTOPEN",
  "SQLITE_CORRUPT",
  "SQLITE_NOTADB",
  "SQLITE_IOERR",
  "SQLITE_FULL",
  "SQLITE_READONLY_ROLLBACK",
  "HEADER_BYTES",
  "WAL_FORMAT",
  "ROLLBACK_FORMAT",
  "NUMBER_JSON_MAX_BYTES",
  "UNIT_JSON_MAX_BYTES",
  "LISTING_OVERHEAD_BYTES",
  "SEARCH_OVERHEAD_BYTES",
  "HEAD_ROWS",
  "NEAR_ROWS",
  "CHUNKS_PER_SITTING",
  "MAX_RANKED_CHUNKS",
  "TASK_BATCH",
  "BUILD_ROWS",
  "STEM_CACHE_WORDS",
  "STEM_BATCH_WORDS",
  "TERM_OVERHEAD_BYTES",
  "SEGMENT_BYTES",
  "VERIFY_ROWS",
  "PREVIEW_SEGMENTS",
  "SEGMENT_PAGE",
  // The folder source's host thread and its links (lib/sources/folder/).
  "INDEX_SLICE_MS",
  "SETTLE_MS",
  "ANSWERS",
  "ABANDONED",
  "WAIT_SLICE_MS",
  "PARSE_BATCH_BYTES",
  "BUILD_FILES",
  "FILE_OVERHEAD_BYTES",
  "MAX_CHANGED_FILES",
  "PARSER_BATCHES",
  "BATCHES_AHEAD",
  "ROWS_PER_INSERT",
  "RUN_CACHE_KIB",
  "FTS5_AUTOMERGE",
  "RUN_FTS_HASH_BYTES",
  "FTS5_HASH_BYTES",
  // What a get_turns cursor's check reads (sources/turns.ts, tools/turns_cursor.ts).
  "CUT_TAIL_CHARS",
  "SEGMENT_EDGE_CHARS",
  // Reading screenpipe's timestamps (sources/adapters/screenpipe_stamp.ts): units and a cache.
  "ZERO",
  "HOUR_MS",
  "MINUTE_MS",
  "MAX_DAYS",
  // The folder files read lately, kept parsed for a page's batches and a search page's moments
  // (sources/folder/folder_index.ts).
  "KEPT_REREAD_BYTES",
  // Search by passages (search/passage_rank.ts, passage_units.ts, tools/search_passages.ts,
  // search_passage_view.ts, search_page.ts): the ranking's measured tuning, what a thread
  // keeps, and how much of a passage a result shows (docs/tools.md states them).
  "PASSAGE_WORDS",
  "K1",
  "B",
  "NEXT_PASSAGES_SHARE",
  "NAMED_SPEAKER_LIFT",
  "TITLE_SHARE",
  "MAX_PASSAGES",
  "KEPT_WORDS",
  "MAX_KEPT_KEYS",
  "MAX_TERMS",
  "MAX_LABEL_CHARS",
  "PREVIEW_BESIDE_PASSAGES",
  "PASSAGE_TEXT_CHARS",
  "SNIPPET_CHARS",
  "LEAD_CHARS",
  "PASSAGE_CANDIDATES",
  "FILTERED_CANDIDATES",
  "KEPT_ITEMS",
  "LITERAL_ENOUGH",
  "WHOLE_SHARE",
  "SHOWN_SHARE",
  "PASSAGE_TEXT_MAX_BYTES",
  // What a thread keeps between searches: speakers' name words, the query tokenizer's answers
  // (search/kept_answers.ts), and phrases' BM25 scores (sources/contract/phrase_scores.ts,
  // docs/performance.md states the rows kept).
  "KEPT_NAMES",
  "KEPT_ANSWERS",
  "SEEN_PHRASES",
  "PHRASE_ROWS",
  // Search by meaning's topic index (search/meaning_index.ts): items read a slice at a time,
  // and the words whose place in the table it remembers; and the longest label a text whose
  // speakers are unknown may start its lines with (search/passage_units.ts).
  "SLICE_ITEMS",
  "KNOWN_WORDS",
  "MAX_UNKNOWN_LABEL_CHARS",
]);

Deno.test("limits: no module of lib/ but config/limits.ts defines a number that is not internal", () => {
  const NUMBER_CONSTANT = /^(?:export )?const ([A-Z][A-Z0-9_]*)(?::[^=]+)? = [0-9]/gm;
  const outside = sourceFiles(LIB)
    .filter((path) => path !== "config/limits.ts" && !path.endsWith("_data.ts"))
    .flatMap((path) =>
      [...Deno.readTextFileSync(new URL(path, LIB)).matchAll(NUMBER_CONSTANT)]
        .map((match) => match[1]!)
        .filter((name) => !INTERNAL.has(name))
        .map((name) => `${path}: ${name}`)
    );
  assertEquals(outside, []);
});

Deno.test("limits: each tool publishes and clamps its page size as PAGE_SIZES says", () => {
  const pages = [
    ["list_transcripts", "limit", PAGE_SIZES.listTranscripts],
    ["search_transcripts", "limit", PAGE_SIZES.searchTranscripts],
    ["list_tasks", "limit", PAGE_SIZES.listTasks],
    ["get_transcript", "maxChars", PAGE_SIZES.transcriptChars],
  ] as const;
  for (const [tool, argument, size] of pages) {
    const published = publishTool(findTool(tool)!).inputSchema["properties"] as Record<
      string,
      { default: number; description: string }
    >;
    assertEquals(published[argument]!.default, size.fallback, `${tool}.${argument}`);
    const stated = published[argument]!.description.replaceAll(",", "");
    assert(stated.includes(`${size.min}–${size.max}`), `${tool}.${argument}: ${stated}`);
    assert(size.min <= size.fallback && size.fallback <= size.max, tool);
    assertEquals(clampLimit(size.max + 1, size), size.max);
    assertEquals(clampLimit(size.min - 1, size), size.min);
  }
});
