/**
 * Every number an operator or a client can see, in one place: deadlines, caps, budgets and
 * page sizes. The code reads them from here, and so do `--help`, the docs tests and the
 * benchmark, so a number stated anywhere is the number enforced. Internal tuning that no one
 * outside the code can observe (cost weights, flag slots) stays beside its code.
 *
 * @example
 * ```ts
 * import { DEFAULT_TIMEOUT_MS, PAGE_SIZES } from "./limits.ts";
 * const deadline = Date.now() + DEFAULT_TIMEOUT_MS;
 * const { min, max, fallback } = PAGE_SIZES.listTranscripts;
 * ```
 *
 * @module
 */

// ---- The wire ----

/** The largest line accepted, in bytes. Larger lines are answered -32600 and discarded. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

/**
 * The deepest nesting of arrays and objects accepted in a message. MCP messages need a
 * handful of levels; very deep values overflow the stack of recursive consumers (the
 * structured clone that hands arguments to a worker, for one).
 */
export const MAX_NESTING = 64;

/** The longest error message sent to a client, in characters. */
export const MAX_ERROR_MESSAGE = 500;

/** The longest tool error message, in characters: it may quote client input. */
export const MAX_TOOL_ERROR_MESSAGE = 2_000;

// ---- Calls ----

/** The default deadline of one tool call, in milliseconds (`--timeout-ms`). */
export const DEFAULT_TIMEOUT_MS = 5_000;

/** The longest deadline `--timeout-ms` accepts: ten minutes. */
export const MAX_TIMEOUT_MS = 600_000;

/** The most calls that ever run at once. */
export const MAX_POOL_SIZE = 4;

/** The fewest calls that run at once, so one slow call never blocks the rest. */
export const MIN_POOL_SIZE = 2;

/** How long a stopped worker may take to come back before it is replaced, in ms. */
export const STOP_GRACE_MS = 1_000;

/** How long a call may hold the main thread before it is handed to a worker, in ms. */
export const INLINE_BUDGET_MS = 20;

/**
 * The inline budget while no worker thread has started, in ms. Handing a call over then
 * starts one first (a thread of its own, the tools compiled again, 17–20 MiB; hundreds of ms
 * on a loaded 2-core machine), so a cold first call (a new connection's first reads, code run
 * for the first time: 50–100 ms there) is finished here instead, and a session of lists and
 * reads alone may never start a worker (issue #26).
 */
export const INLINE_BUDGET_BEFORE_WORKERS_MS = 100;

/**
 * How long calls of a shape that ran past the inline budget go straight to a worker, in ms.
 * A filter that matches few rows of a large store overruns every time: trying it on the
 * main thread first would only add the budget to each call.
 */
export const SKIP_AFTER_OVERRUN_MS = 30_000;

/** How long after a failed open the main thread's connection is tried again, in ms. */
export const REOPEN_AFTER_MS = 1_000;

/**
 * How long after a failed try a source that failed at start for a reason that may pass
 * (locked, not there yet) is tried again, in ms, in each thread: often enough that it is
 * back within a second of its app letting go, rarely enough that a source that stays
 * missing adds no open attempt to every call.
 */
export const RETRY_SOURCE_AFTER_MS = 1_000;

/** The longest text, in bytes, that get_transcript reads on the main thread. */
export const INLINE_TEXT_BYTES = 2 * 1024 * 1024;

/**
 * Below this largest key (about this many transcripts, on a store that does not reuse keys)
 * one worker ranks faster than several plus a merge.
 */
export const SPLIT_THRESHOLD = 20_000;

/**
 * The fewest workers worth splitting a search across. On a 2-vCPU VM two parts ran in
 * 50–65 ms when the second vCPU was free and in 120–130 ms when it was not, against
 * 64–70 ms for one ranking: a coin toss. From three workers (three or more cores) it pays.
 */
export const MIN_SPLIT_WORKERS = 3;

/** Heap growth since the last collection past which a worker collects, in bytes. */
export const HEAP_GROWTH_LIMIT = 8 * 1024 * 1024;

// ---- The store ----

/**
 * How long a statement waits for the app's write lock before it gives up with `busy`, in
 * ms. Short, because an assistant is waiting; long enough to ride out an app's commit.
 */
export const BUSY_TIMEOUT_MS = 2_000;

/**
 * The page cache of one connection, in KiB. The OS caches the file as well, so a larger
 * cache saves only copies: 16 MB and 128 MB searched no faster than this at 100k
 * transcripts, and with a connection per thread each MB counts three times in the RSS.
 */
export const PAGE_CACHE_KIB = 4 * 1024;

// ---- Search ----

/** The longest query accepted, in characters. */
export const MAX_QUERY_LENGTH = 1_000;

/**
 * The most estimated uninterruptible work a search may need, in milliseconds of one core of
 * the machine the weights were measured on (see bench/RESULTS.md). A stop waits at most
 * about this long; on a loaded core, about twice as long.
 */
export const MAX_QUERY_WORK_MS = 30;

/**
 * How many characters of each hit a search reads for its preview and snippet window when
 * the match lies there. Reading whole texts for every hit made a search for a word in every
 * transcript carry 2.4 MB of text into JavaScript; 4,096 was measured against 8,192 and
 * 16,384 and is no slower for rare words, which read the whole text anyway.
 */
export const SNIPPET_SOURCE_CHARS = 4_096;

/**
 * Characters kept on each side of a snippet's first match: about three times what a
 * 24-token snippet needs, so snippet() still has passages to choose from. Tokenizing the
 * windows is most of a snippet's cost, so they are kept no wider.
 */
export const SNIPPET_WINDOW_RADIUS = 400;

// ---- Answers ----

/** The most a result's JSON may weigh, in UTF-8 bytes: a third of 1 MiB, less headroom. */
export const PAYLOAD_BUDGET_BYTES = 320 * 1024;

/** Caps on single fields, in UTF-16 units, so one huge value cannot crowd out a page. */
export const FIELD_CAPS = {
  id: 1_000,
  timestamp: 100,
  title: 1_000,
  label: 200,
  taskText: 4_000,
  snippet: 1_000,
  preview: 1_000,
  tags: 100,
} as const;

/** How many user-perceived characters a preview keeps. */
export const PREVIEW_LENGTH = 240;

/** How many characters of text the listing queries read for a preview. */
export const PREVIEW_SOURCE_CHARS = 1024;

/**
 * The longest text a cursor carries as a key. Keys longer than this (possible only in a
 * store that breaks its contract) are left out and looked up again from the row's integer
 * key, so a cursor, like every answer, stays small.
 */
export const MAX_CURSOR_KEY_TEXT = 200;

/** A page size argument's range and its value when left out. */
export interface PageSize {
  /** The smallest value; smaller requests are raised to it. */
  readonly min: number;
  /** The largest value; larger requests are lowered to it. */
  readonly max: number;
  /** The value when the argument is left out. */
  readonly fallback: number;
}

/** Each tool's page size: items a page for the lists, characters a page for get_transcript. */
export const PAGE_SIZES: {
  readonly listTranscripts: PageSize;
  readonly searchTranscripts: PageSize;
  readonly listTasks: PageSize;
  readonly transcriptChars: PageSize;
  readonly turnChars: PageSize;
} = {
  listTranscripts: { min: 1, max: 200, fallback: 20 },
  searchTranscripts: { min: 1, max: 100, fallback: 20 },
  listTasks: { min: 1, max: 1_000, fallback: 200 },
  transcriptChars: { min: 1_000, max: 200_000, fallback: 20_000 },
  turnChars: { min: 1_000, max: 200_000, fallback: 20_000 },
};

/** How many of a database's tables an "of no known kind" message names before "…". */
export const MAX_LISTED_TABLES = 12;

/**
 * The constant of reciprocal-rank fusion, which merges the rankings of several sources
 * (scores from different indexes do not compare): a hit at rank r in its source scores
 * 1 / (RRF_K + r). 60 is the value the method was published with; it keeps the top ranks
 * of every source close together, so one source's best match is never buried under
 * another's weak ones.
 */
export const RRF_K = 60;

/** The most notes list_sources shows for one source. */
export const MAX_SOURCE_NOTES = 10;

/**
 * The largest database `discover` reads from a copy in memory, in bytes: a WAL database whose
 * app has closed it (no `-wal` beside it) would get `-wal` and `-shm` files from any reader
 * that opens the file itself, and discover leaves nothing behind. Twice this is held at once.
 */
export const MAX_IDLE_WAL_COPY_BYTES = 256 * 1024 * 1024;

// ---- screenpipe sources ----

/**
 * The longest gap between two of screenpipe's audio rows (across devices) that still keeps
 * them in one transcript, in seconds. screenpipe has no meeting entity: it stores a 30 s
 * chunk per device only when the chunk holds speech, so ten chunks in a row without speech
 * on every device is a pause no conversation makes, while a break between two calls or
 * between a video and a call is usually longer.
 */
export const SCREENPIPE_SITTING_GAP_S = 300;

/**
 * The most of screenpipe's newest audio rows a search scans because the app's search index
 * does not hold them yet. Its background indexer adds 2,000 rows every 30 s, so the rows
 * it has not reached are normally far fewer; past this many (a re-index after an upgrade)
 * the search answers `partial` and says so.
 */
export const SCREENPIPE_SCAN_ROWS = 20_000;

// ---- Sources without a full-text index ----

/**
 * How long one list_sources call may spend counting transcripts where counting walks the
 * data (screenpipe's sittings: about 0.9 s for a year of daily use, 5.5 s when none of the
 * file is in memory yet), in ms, all sources together: below the default deadline, so a
 * cold start answers with the count null and a note instead of a timeout; the next call
 * counts on.
 */
export const COUNT_BUDGET_MS = 2_000;

/**
 * How long one call's searches may scan sources that keep no full-text index (Meetily,
 * Buzz, KuraDB), all scans together (mode `both` scans each source twice, and a call may
 * cover several), before they answer the best of what they saw, marked `partial`, in ms:
 * below the default deadline, so the hits can still be shown.
 */
export const SCAN_SEARCH_BUDGET_MS = 2_000;

/**
 * How many rows (by rowid) one statement of such a scan reads: the budget is checked
 * between statements. About 25 ms of scanning on a 2-core VM.
 */
export const SCAN_CHUNK_ROWS = 65_536;

/**
 * The most memory all sources together may keep for search in one thread, in bytes
 * (estimated, as each keeper estimates its own: Meetily's word indexes, KuraDB's folded
 * text). Each thread reads every source, and V8 ends the whole process when a thread runs
 * out of heap (`--max-old-space-size=512`), so several large sources share this bound:
 * past it, what they have not kept is scanned in SQL, as past their own bounds.
 */
export const KEPT_SEARCH_MAX_BYTES = 192 * 1024 * 1024;

/**
 * The most memory the word index of one Meetily source may take, in bytes (estimated). The
 * index of 5,000 half-hour meetings takes about 40 MB; past the bound the index stops
 * growing and the rows after it are scanned (bench/RESULTS.md, "Meetily scan search").
 */
export const SCAN_INDEX_MAX_BYTES = 128 * 1024 * 1024;

/**
 * How long one search may spend adding rows to that index before it scans the rest, in ms:
 * the first searches after start build it a slice at a time, each within the call's scan
 * budget, and by one step at least (a search reached late in its call still builds some).
 */
export const SCAN_INDEX_SLICE_MS = 1_000;

/** The most words a scanned search looks for; later words of a longer query are ignored. */
export const SCAN_MAX_TERMS = 8;

// ---- The index command ----

/** How long `index` waits for a reader or writer of --out to let go of its lock, in ms. */
export const INDEX_BUSY_TIMEOUT_MS = 5_000;

/** How many transcripts or tasks `index` asks a source for at a time (an item's segments come in one read). */
export const INDEX_PAGE_SIZE = 200;

/** Off a terminal, `index` prints a progress line every this many items. */
export const INDEX_PROGRESS_EVERY = 100;

/**
 * How long `index` reads at most before it lets a stop signal (Ctrl-C, SIGTERM) in, in ms: a
 * source read without a pause would hold the signal off until the run ends.
 */
export const INDEX_STOP_CHECK_MS = 100;

/** On a terminal, how often `index` redraws its progress bar at most, in ms. */
export const INDEX_BAR_REDRAW_MS = 100;

/** The width of that bar, in characters. */
export const INDEX_BAR_WIDTH = 30;

/**
 * `index` skips a source whose files are as at its last run, but only when they were last
 * written at least this long before that run, in ms: a file system with coarse modification
 * times could otherwise hide a write made in the same tick as the run's look. A folder keeps
 * the parse of the file it read last by the same rule (folder_index.ts).
 */
export const INDEX_STAMP_SETTLE_MS = 2_000;

// ---- Seed tool sets (--tools) ----

/**
 * The `limit` of rousseau's search and list tools: its MCP server documents "Default 20";
 * it has no maximum (its list returns every session for 0), so ours caps an answer at 100.
 */
export const ROUSSEAU_TOOL_LIMIT: PageSize = { min: 1, max: 100, fallback: 20 };

/** The most characters rousseau_read_session shows of one session before it cuts. */
export const ROUSSEAU_READ_CHARS = 200_000;

// ---- Resources, prompts and completions ----

/**
 * The most a `resources/read` answer may weigh, its whole line in UTF-8 bytes: 1 MiB. The
 * Markdown gets what the rest of the line leaves, counted as JSON carries it (a line break or
 * a quote is two bytes there); a longer transcript is cut at a turn boundary, and its last
 * line tells how to read on.
 */
export const RESOURCE_MAX_BYTES = 1024 * 1024;

/** Room an answer's line keeps for the request's id, in bytes: a number or a UUID fits. */
export const ANSWER_ID_BYTES = 128;

/** How many transcripts one page of `resources/list` holds. */
export const RESOURCE_PAGE_SIZE = 50;

/**
 * The largest transcript a prompt embeds, as Markdown in UTF-8 bytes (about 25,000 tokens);
 * a longer one is left to the model to page through with get_turns.
 */
export const PROMPT_EMBED_BYTES = 100 * 1024;

/** The most values `completion/complete` suggests. */
export const COMPLETION_MAX_VALUES = 20;

/** How many of each source's newest transcripts `completion/complete` matches titles in. */
export const COMPLETION_SCAN_ITEMS = 2_000;

// ---- Turns ----

/** The most speakers an item's `speakers` lists, in order of first appearance. */
export const MAX_SPEAKERS = 20;

/**
 * The most speakers a search result names, in order of first appearance; `moreSpeakers` says
 * when it has more. A parliament sitting's 20 long names took 650 bytes a result, more than its
 * passages; get_transcript and get_turns name up to MAX_SPEAKERS.
 */
export const SEARCH_SPEAKERS = 6;

/**
 * What a page of search results may weigh, in UTF-8 bytes of JSON, for each result the page
 * asks for (`limit`): past it, results lose their passages after the best, lowest results
 * first, so 10 results stay under 12 KB.
 */
export const SEARCH_RESULT_BYTES = 1_050;

/** How many turns before the moment `aroundMs` names a get_turns page starts with. */
export const TURNS_BEFORE_MOMENT = 3;

/**
 * The characters a segment is guessed to hold before any is read, to size the first read
 * of a page of turns; later reads use the mean of those read. Generated and real meetings
 * both average 150–250.
 */
export const TURN_SEGMENT_CHARS_GUESS = 200;

/** The most segments one read of a page of turns asks for. */
export const TURN_READ_MAX_SEGMENTS = 4_096;

/**
 * The segments read before a moment to find the turns a page starts with; the window
 * grows fourfold while the first of them is not seen from its start.
 */
export const TURN_LOOKBACK_SEGMENTS = 16;

// ---- Folders of transcript files ----

/**
 * A file in a served folder larger than this is skipped with its reason, never read. Parsing
 * one takes up to about six times its size in a thread's heap (measured: 64 MiB of Whisper
 * JSON, 370 MB), which `start` caps at 512 MB; a 128 MiB file ended the whole process. A
 * day's recording with word times is about 20 MB.
 */
export const MAX_TRANSCRIPT_FILE_BYTES = 32 * 1024 * 1024;

/** How soon a change in a served folder is picked up, at most, in ms: the periodic check's period where the folder cannot be watched (else, of the look at whether its path leads to another folder: a drive mounted there), and the wait that gathers a burst of events. */
export const FOLDER_RESCAN_MS = 1_000;

/**
 * How long after start a served folder's parsing thread starts at the latest, in ms, when
 * the client has not finished initializing by then (it starts as soon as it has): until
 * it is up, the folder's host parses files itself.
 */
export const PARSER_START_DELAY_MS = 500;

/** How many skipped files of a folder stderr names one by one; the rest are counted. */
export const MAX_LOGGED_SKIPPED_FILES = 20;

// ---- KuraDB's own tool names (lib/tools/kuradb/) ----

/**
 * search_rag's `limit`, in chunks, as KuraDB documents it: 1–100, and any other value falls
 * back to 10 (KuraDB's rule, kept so prompts written for it behave alike).
 */
export const KURADB_SEARCH_LIMIT: PageSize = { min: 1, max: 100, fallback: 10 };

/** The most characters of one chunk search_rag shows; longer chunks end in "…". */
export const KURADB_CHUNK_CHARS = 8_000;

/**
 * The most memory one KuraDB source's live text, kept for search, may take in one tool worker,
 * in bytes (estimated as V8 stores strings: a byte a character for Latin-1 text, two for any
 * other). Each worker keeps its own copy, so all of them hold up to MAX_POOL_SIZE times this:
 * 50,000 chunks of 1,000 characters take about 47 MB, 66 MB of RSS per worker (bench/RESULTS.md,
 * "KuraDB scan search"). Past the bound the files after it are scanned in SQL instead.
 */
export const KURADB_TEXT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The most text, in characters, of the rendered rousseau sessions a reader keeps for the calls
 * that follow (besides the one read last, however long), counting the three copies a rendering
 * holds: 16 to 32 MB of heap per worker. 64 sessions of 5 MB each, kept by count alone, took a
 * worker past its heap and the server with it.
 */
export const ROUSSEAU_KEPT_CHARS = 16 * 1024 * 1024;

// ---- Search by meaning (issue #15) ----

/**
 * The least cosine similarity at which a word's stored neighbour joins a meaning search.
 * 0.7 was chosen on bench/meaning_eval.ts's first set, written knowing the table; on 30 common
 * synonym pairs chosen without it (buy/purchase, boss/manager, fix/repair…) it admits 18, and
 * 0.6 admits 26, with that set's recall unchanged (bench/RESULTS.md, "A fresh paraphrase set").
 * Lower brings words of the same field but not the same meaning ("pricing" → "options").
 */
export const MEANING_THRESHOLD = 0.6;

/**
 * How many of the table's most frequent words neither bring neighbours nor are brought:
 * words such as "new", "people", "much" and "so", whose neighbours are other such words.
 */
export const MEANING_COMMON_WORDS = 200;

/**
 * The largest share of a source's transcripts that may hold a neighbour word for it to be
 * searched (where the source's index counts it: our own store). A word most transcripts
 * hold tells none apart, and its long list of matches is the costliest part of a search.
 */
export const MEANING_MAX_SHARE = 0.2;

/** A neighbour held by this many transcripts or fewer is never too common to search. */
export const MEANING_SHARE_FLOOR = 50;

/** The most neighbours one query word brings, best first. */
export const MEANING_NEIGHBOURS = 4;

/**
 * The weight of the expanded ranking in a meaning search's rank fusion, below the literal
 * ranking's 1: a transcript that holds the query's own words outranks one that holds only
 * words of the same meaning, all else equal.
 */
export const MEANING_EXPANSION_WEIGHT = 0.5;

/** The weight of the ranking by passage cosine (the re-ranking) in the same fusion. */
export const MEANING_RERANK_WEIGHT = 1;

/**
 * How many of the expanded ranking's best hits join a meaning search's candidates, beside
 * the literal ranking's page; all are re-ranked by passage cosine, and each re-ranked hit's
 * passage is read (the page's own are read anyway).
 */
export const MEANING_POOL = 10;

/**
 * The least share of a query's content words the English table must know for the query to
 * be expanded; below it (other languages, names, codes) the search runs on its own words.
 */
export const MEANING_KNOWN_SHARE = 0.5;

/**
 * The weight of the ranking by whole-transcript topic (each transcript's vector against the
 * query's, lib/search/meaning_index.ts) in a meaning search's fusion. It is the one ranking
 * that can find a transcript sharing no word, and no word's neighbour, with the question.
 */
export const MEANING_TOPIC_WEIGHT = 1;

/**
 * How far above the rest a transcript's topic must stand to join a meaning search, in
 * standard deviations of the query's cosines to every transcript of its source. A transcript
 * about what was asked stands out (2.5 to 5 on the dev paraphrase set); where many are about
 * the same (a series of meetings designing one remote), few do, and the topic reorders
 * little. 2 was chosen on that set and QMSum's train split (bench/RESULTS.md): 2.5 and 3
 * found fewer paraphrases.
 */
export const MEANING_TOPIC_STANDING = 2;

/**
 * A source holding fewer transcripts than this asks {@link MEANING_TOPIC_FEW_STANDING} of
 * them: among a dozen, the one about the question stands out by less than 2 deviations (one
 * nearly as close pulls the spread up).
 */
export const MEANING_TOPIC_FEW = 50;

/** The standing a transcript of a source of fewer than {@link MEANING_TOPIC_FEW} must have. */
export const MEANING_TOPIC_FEW_STANDING = 1.5;

/**
 * How many transcripts one meaning search may add to its thread's topic index. The index is
 * kept while the source's texts are unchanged, so the cost is paid once: a store of 1,000
 * transcripts is read within the first search, and a larger one over the searches that follow,
 * newest transcripts first; until a source's index holds every transcript, the topic list
 * leaves that source out, so no answer depends on how far the reading has got. A count, not a
 * time, for the same reason: 1,000 transcripts of the 10k bench store take about 150 ms.
 */
export const MEANING_INDEX_ITEMS = 1_000;

/**
 * About the most words of one transcript its topic vector is made of: a longer one is read
 * as a third of that from each of its start, middle and end, cut in the source (SQLite's
 * substr), so its whole text is never read here. A mean of more words says little more, and
 * costs in proportion.
 */
export const MEANING_INDEX_WORDS = 600;
