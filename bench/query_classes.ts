/**
 * The benchmark's query classes: each is one tool call as an assistant would make it, and
 * the same work done with the tools' SQL (engine_sql.ts) on a bare Store connection.
 *
 * @module
 */
import { decodeCursor } from "../lib/tools/cursor.ts";
import type { Store } from "../lib/store/store.ts";
import { QUERY_WORK_SQL } from "../lib/search/query_work.ts";
import { withPlainWordsFallback } from "../lib/sources/contract/contract_search.ts";
import { ITEM_TEXT_SQL, TEXT_STAMP_SQL } from "../lib/sources/contract/contract_reader.ts";
import { candidateSearch } from "../lib/tools/search_passages.ts";
import { PHRASE_SCORES_SQL } from "../lib/sources/contract/phrase_scores.ts";
import {
  FULL_TEXT_SQL,
  GET_TRANSCRIPT_SQL,
  HIT_ROW_SQL,
  LIST_TASKS_SQL,
  LIST_TOOL_SQL,
  LIST_TRANSCRIPTS_AFTER_SQL,
  LIST_TRANSCRIPTS_SQL,
  RANK_SQL,
  SEARCH_PROBE_SQL,
} from "./engine_sql.ts";
import { COMMON_WORD, EVERY_WORD, PHRASE, PREFIX, RARE_WORD, TICKET } from "./planted_terms.ts";
import {
  firstSaidSql,
  speakersByTranscript,
  speakersSql,
} from "../lib/sources/contract/contract_segments.ts";
import {
  FIND_EXACT_SQL,
  FIND_FOLDED_SQL,
  segmentsAtSql,
} from "../lib/sources/contract/contract_find_segments.ts";

/** One query class. */
export interface QueryClass {
  /** The row label in the report. */
  label: string;
  tool: string;
  args: Record<string, unknown>;
  /** The statements the tool runs for these arguments, each listed once. */
  sql: string[];
  /** Does on the engine what the tool does in SQL; returns the rows of the main query. */
  onEngine: (engine: Store) => number;
}

/** A query that is not valid FTS5, so search falls back to plain words. */
export const FALLBACK_QUERY = `what's the plan for ${TICKET}?`;

/** The report's row labels, in order; every report has each of them. */
export const CLASS_LABELS = [
  "list page 1",
  "list page 200 (cursor)",
  "get median transcript",
  "get largest transcript",
  "search common word",
  "search rare word",
  "search word in every transcript",
  "search two-word phrase",
  "search prefix",
  "search plain-words fallback",
  "list_tasks page 1",
] as const;

/** What the classes need to know about the store under test. */
export interface StoreFacts {
  /** The list_transcripts cursor that fetches page 200 (or the deepest page). */
  page200Cursor: string;
  medianId: string;
  largestId: string;
}

// The tools' default page sizes; each reads one row more to know whether more follow.
const LIST_LIMIT = 20;
const SEARCH_LIMIT = 20;
const TASKS_LIMIT = 200;

/**
 * What the tool reads for a search: its candidates (the query's words, any of them), each
 * one's text and speakers, the store's stamp, and the moments of the page's passages. The
 * ranking by passages is JavaScript, so it is not SQL. Texts are read on every call, as a
 * search of a store another connection writes does; the tool keeps them while the stamp holds.
 */
function searchOnEngine(engine: Store, query: string): number {
  const asked = candidateSearch({ query }, SEARCH_LIMIT + 1);
  const { run } = withPlainWordsFallback(engine, asked.query, (match) => ({
    rows: engine.all(RANK_SQL, match, asked.count),
    match,
  }));
  const rows = run.rows.flatMap((hit) => {
    const row = engine.get(ITEM_TEXT_SQL, hit["pk"] as bigint);
    return row === undefined ? [] : [row];
  });
  const ids = rows.map((row) => String(row["id"]));
  engine.get(TEXT_STAMP_SQL);
  engine.dataVersion();
  speakersOnEngine(engine, ids);
  // The moments of a page's passages (up to three a hit), one statement for the page.
  const page = ids.slice(0, SEARCH_LIMIT * 3);
  const places = segmentsAtSql(page.length).split("(?, ?, ?)").length - 1;
  engine.rows(
    segmentsAtSql(page.length),
    ...page.flatMap((id, i) => [i, id, 0]),
    ...Array(3 * (places - page.length)).fill(null),
  );
  return run.rows.length;
}

/** The speakers of a page of transcripts, as the contract reader reads them. */
function speakersOnEngine(engine: Store, ids: readonly string[]): void {
  speakersByTranscript(engine, ids);
}

// The statements that give list, get and search results their speakers, and hits moments.
// A connection keeps speakers while PRAGMA data_version says the store is unchanged.
const SPEAKERS_SQL = [
  ...[1, 4, 16, 64, 256].flatMap((size) => [speakersSql(size), firstSaidSql(size)]),
  "PRAGMA data_version",
  TEXT_STAMP_SQL,
];
const MOMENT_SQL = [...[1, 4, 16, 64, 256].map(segmentsAtSql), FIND_EXACT_SQL, FIND_FOLDED_SQL];

/** What a search reads: the ranking first (the statement a run must have recorded). */
const SEARCH_SQL = [
  RANK_SQL,
  // A phrase asked for again is ranked from its scores, kept per connection (phrase_scores.ts).
  PHRASE_SCORES_SQL,
  ITEM_TEXT_SQL,
  TEXT_STAMP_SQL,
  HIT_ROW_SQL,
  FULL_TEXT_SQL,
  SEARCH_PROBE_SQL,
  ...QUERY_WORK_SQL,
  ...SPEAKERS_SQL,
  ...MOMENT_SQL,
];

/**
 * The search classes, in {@link CLASS_LABELS} order: they need nothing of the store.
 *
 * @example
 * ```ts
 * import { searchClasses } from "./query_classes.ts";
 * searchClasses()[0]!.args; // { query: "deadline", mode: "words" }
 * ```
 */
export function searchClasses(): QueryClass[] {
  const search = (label: string, query: string): QueryClass => ({
    label,
    tool: "search_transcripts",
    // The FTS ranking beside its engine: mode words (search by meaning: meaning_bench.ts).
    args: { query, mode: "words" },
    sql: SEARCH_SQL,
    onEngine: (engine) => searchOnEngine(engine, query),
  });
  return [
    search("search common word", COMMON_WORD),
    search("search rare word", RARE_WORD),
    search("search word in every transcript", EVERY_WORD),
    search("search two-word phrase", `"${PHRASE.join(" ")}"`),
    search("search prefix", `${PREFIX}*`),
    search("search plain-words fallback", FALLBACK_QUERY),
  ];
}

/**
 * Every query class, for a store described by `facts`, in {@link CLASS_LABELS} order.
 *
 * @example
 * ```ts
 * import { queryClasses } from "./query_classes.ts";
 * const classes = queryClasses({ page200Cursor: "…", medianId: "…", largestId: "…" });
 * ```
 */
export function queryClasses(facts: StoreFacts): QueryClass[] {
  const [createdAt, pk] = decodeCursor("list_transcripts", facts.page200Cursor, [
    "string",
    "string",
  ]);
  const classes: QueryClass[] = [
    {
      label: "list page 1",
      tool: "list_transcripts",
      args: {},
      sql: [LIST_TOOL_SQL[0]!, ...LIST_TOOL_SQL, ...SPEAKERS_SQL],
      onEngine: (engine) => {
        const rows = engine.all(LIST_TRANSCRIPTS_SQL, LIST_LIMIT + 1);
        speakersOnEngine(engine, rows.map((row) => String(row["id"])));
        return rows.length;
      },
    },
    {
      label: "list page 200 (cursor)",
      tool: "list_transcripts",
      args: { cursor: facts.page200Cursor },
      sql: [LIST_TOOL_SQL[1]!, ...LIST_TOOL_SQL, ...SPEAKERS_SQL],
      onEngine: (engine) => {
        const rows = engine.all(
          LIST_TRANSCRIPTS_AFTER_SQL,
          createdAt as string,
          BigInt(pk as string),
          LIST_LIMIT + 1,
        );
        speakersOnEngine(engine, rows.map((row) => String(row["id"])));
        return rows.length;
      },
    },
    {
      label: "get median transcript",
      tool: "get_transcript",
      args: { id: facts.medianId },
      sql: [GET_TRANSCRIPT_SQL, ...SPEAKERS_SQL],
      onEngine: (engine) => {
        speakersOnEngine(engine, [facts.medianId]);
        return engine.all(GET_TRANSCRIPT_SQL, facts.medianId).length;
      },
    },
    {
      label: "get largest transcript",
      tool: "get_transcript",
      args: { id: facts.largestId },
      sql: [GET_TRANSCRIPT_SQL, ...SPEAKERS_SQL],
      onEngine: (engine) => {
        speakersOnEngine(engine, [facts.largestId]);
        return engine.all(GET_TRANSCRIPT_SQL, facts.largestId).length;
      },
    },
    ...searchClasses(),
    {
      label: "list_tasks page 1",
      tool: "list_tasks",
      args: {},
      sql: [LIST_TASKS_SQL],
      onEngine: (engine) => engine.all(LIST_TASKS_SQL, TASKS_LIMIT + 1).length,
    },
  ];
  if (classes.map((c) => c.label).join("\n") !== CLASS_LABELS.join("\n")) {
    throw new Error("query classes and CLASS_LABELS disagree");
  }
  return classes;
}
