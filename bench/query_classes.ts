/**
 * The benchmark's query classes: each is one tool call as an assistant would make it, and
 * the same work done with the tools' SQL (engine_sql.ts) on a bare Store connection.
 *
 * @module
 */
import { decodeCursor } from "../lib/tools/cursor.ts";
import type { Store, StoreRow } from "../lib/store/store.ts";
import { QUERY_WORK_SQL, queryWork } from "../lib/search/query_work.ts";
import { headWindow, withPlainWordsFallback } from "../lib/sources/contract/contract_search.ts";
import {
  FULL_TEXT_SQL,
  GET_TRANSCRIPT_SQL,
  HIT_ROW_SQL,
  LIST_TASKS_SQL,
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
 * The hits whose snippet window the tool cannot cut from the head of the text it read,
 * so it reads their whole text: decided once, outside the timed engine runs, with the
 * tool's own rule (search_transcripts.ts, headWindow).
 */
function wholeTextReads(rows: readonly StoreRow[], match: string): bigint[] {
  return rows.slice(0, SEARCH_LIMIT)
    .filter((row) => headWindow(row, match) === undefined)
    .map((row) => row["pk"] as bigint);
}

// By store and query: a second benchmark in the same process may use another store.
const wholeTextReadsByQuery = new Map<string, bigint[]>();

/**
 * The ranked page and the whole-text reads the tool makes for its snippets; the snippets
 * themselves are made in JavaScript, so they are not SQL.
 */
function searchOnEngine(engine: Store, match: string, estimate = true): number {
  // The tool estimates a query's work before running it (lib/search/query_work.ts).
  if (estimate) queryWork(engine, match);
  const ranked = engine.all(RANK_SQL, match, SEARCH_LIMIT + 1);
  const rows = ranked.slice(0, SEARCH_LIMIT).flatMap((hit) => {
    const row = engine.get(HIT_ROW_SQL, hit["pk"] as bigint);
    return row === undefined ? [] : [row];
  });
  const ids = rows.map((row) => String(row["id"]));
  speakersOnEngine(engine, ids);
  // Each hit's moment: the tool reads the segments on the lines of the texts its snippets'
  // first matches are on, one statement for the page; the engine reads one each as well.
  const places = segmentsAtSql(ids.length).split("(?, ?, ?)").length - 1;
  engine.rows(
    segmentsAtSql(ids.length),
    ...ids.flatMap((id, i) => [i, id, 0]),
    ...Array(3 * (places - ids.length)).fill(null),
  );
  const key = `${engine.location}\n${match}`;
  let reads = wholeTextReadsByQuery.get(key);
  if (reads === undefined) wholeTextReadsByQuery.set(key, reads = wholeTextReads(rows, match));
  for (const pk of reads) engine.get(FULL_TEXT_SQL, pk);
  return ranked.length;
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
];
const MOMENT_SQL = [...[1, 4, 16, 64, 256].map(segmentsAtSql), FIND_EXACT_SQL, FIND_FOLDED_SQL];

function fallbackOnEngine(engine: Store, query: string): number {
  const { mode, run } = withPlainWordsFallback(
    engine,
    query,
    // withPlainWordsFallback has estimated the query already.
    (match) => ({ rows: searchOnEngine(engine, match, false), match }),
  );
  if (mode !== "words" || Array.isArray(run.rows)) {
    throw new Error(`${query} was expected to run as plain words`);
  }
  return run.rows;
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
  const search = (label: string, query: string): QueryClass => ({
    label,
    tool: "search_transcripts",
    // The FTS ranking beside its engine: mode words (search by meaning: meaning_bench.ts).
    args: { query, mode: "words" },
    sql: [RANK_SQL, HIT_ROW_SQL, ...QUERY_WORK_SQL, FULL_TEXT_SQL, ...SPEAKERS_SQL, ...MOMENT_SQL],
    onEngine: (engine) => searchOnEngine(engine, query),
  });
  const classes: QueryClass[] = [
    {
      label: "list page 1",
      tool: "list_transcripts",
      args: {},
      sql: [LIST_TRANSCRIPTS_SQL, ...SPEAKERS_SQL],
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
      sql: [LIST_TRANSCRIPTS_AFTER_SQL, ...SPEAKERS_SQL],
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
    search("search common word", COMMON_WORD),
    search("search rare word", RARE_WORD),
    search("search word in every transcript", EVERY_WORD),
    search("search two-word phrase", `"${PHRASE.join(" ")}"`),
    search("search prefix", `${PREFIX}*`),
    {
      label: "search plain-words fallback",
      tool: "search_transcripts",
      args: { query: FALLBACK_QUERY, mode: "words" },
      sql: [
        RANK_SQL,
        HIT_ROW_SQL,
        ...QUERY_WORK_SQL,
        SEARCH_PROBE_SQL,
        FULL_TEXT_SQL,
        ...SPEAKERS_SQL,
        ...MOMENT_SQL,
      ],
      onEngine: (engine) => fallbackOnEngine(engine, FALLBACK_QUERY),
    },
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
