/**
 * search_transcripts: full-text search with BM25 ranking, FTS5 syntax, and a fallback
 * to plain words for queries that are not valid FTS5.
 *
 * @module
 */
import * as v from "valibot";
import { decodeCursor, encodeCursor } from "../cursor.ts";
import { plainWordsQueries } from "../fts_query.ts";
import { KEEP_GOING_SQL, type Store, type StoreRow } from "../store.ts";
import { cursorArgument, limitArgument } from "./arguments.ts";
import { textOrNull } from "./row_values.ts";
import { capText, countFitting, FIELD_CAPS } from "./response_budget.ts";
import { clampLimit, defineTool, READ_ONLY_ANNOTATIONS, ToolError } from "./tool.ts";
import { makePreview } from "../preview.ts";
import { SnippetMaker } from "../snippet.ts";

const NAME = "search_transcripts";

/** The longest query accepted, in characters. */
export const MAX_QUERY_LENGTH = 1_000;

/** Marks around matched terms in snippets. Rare in speech, so they read unambiguously. */
export const SNIPPET_MARKS = ["«", "»"] as const;

const snippets = new SnippetMaker(SNIPPET_MARKS);

/** Column weights for BM25: a match in the title counts ten times one in the text. */
export const BM25_WEIGHTS = [10.0, 1.0] as const;

/**
 * The ranked page of hits. The SQLite sorter orders by an explicit bm25() (measured no
 * slower than FTS5's internal `ORDER BY rank` sorter), and because rows stream through
 * SQLite's own loop, the deadline check runs once per match: a runaway search stops.
 * rowid breaks ties, so offset paging is stable. Snippets are made afterwards, for the
 * page alone (see snippet.ts): in the select list they would be made for every match.
 */
export const SEARCH_SQL = `
  SELECT t.pk, t.id, t.title, t.text, t.created_at, t.source, hits.score
    FROM (SELECT rowid, bm25(transcripts_fts, ${BM25_WEIGHTS.join(", ")}) AS score
            FROM transcripts_fts
           WHERE transcripts_fts MATCH ? AND ${KEEP_GOING_SQL}
           ORDER BY score, rowid
           LIMIT ? OFFSET ?) AS hits
    JOIN transcripts AS t ON t.pk = hits.rowid
   ORDER BY hits.score, hits.rowid`;

const inputSchema = v.strictObject({
  query: v.pipe(
    v.string(),
    v.check((value) => value.trim() !== "", "expected a non-empty query"),
    v.maxLength(MAX_QUERY_LENGTH, `expected at most ${MAX_QUERY_LENGTH} characters`),
    v.description(
      'Words to find. FTS5 syntax works: "exact phrase", AND, OR, NOT, prefix*, title:word. ' +
        "Anything else is searched as plain words.",
    ),
  ),
  limit: limitArgument(1, 100, 20),
  cursor: cursorArgument,
});

const resultSchema = v.object({
  id: v.string(),
  title: v.string(),
  createdAt: v.string(),
  source: v.nullable(v.string()),
  preview: v.string(),
  snippet: v.pipe(v.string(), v.description("The best-matching passage; matches marked «so».")),
  rank: v.pipe(v.number(), v.description("BM25 relevance; higher is more relevant.")),
});

const outputSchema = v.object({
  results: v.array(resultSchema),
  nextCursor: v.nullable(v.string()),
  queryMode: v.pipe(
    v.picklist(["fts5", "words"]),
    v.description('"fts5" when the query ran as FTS5 syntax, "words" when run as plain words.'),
  ),
});

function isQuerySyntaxError(error: unknown): boolean {
  // SQLITE_ERROR (1) from MATCH means FTS5 could not parse the query.
  return (error as { errcode?: unknown } | null)?.errcode === 1;
}

interface Hits {
  rows: StoreRow[];
  match: string;
}

function runSearch(store: Store, match: string, limit: number, offset: number): Hits {
  return { rows: store.all(SEARCH_SQL, match, limit + 1, offset), match };
}

/**
 * Runs a query as plain words: every term required first; when no transcript has them all,
 * any term, so a question in everyday wording still finds the transcripts it is about.
 * The choice depends only on the query, so every page of one query reads the same way.
 */
function searchPlainWords(store: Store, query: string, limit: number, offset: number): Hits {
  const words = plainWordsQueries(query);
  if (words === null) return { rows: [], match: "" };
  const hasEveryTerm = store.get(
    "SELECT 1 AS found FROM transcripts_fts WHERE transcripts_fts MATCH ? LIMIT 1",
    words.allTerms,
  ) !== undefined;
  return runSearch(store, hasEveryTerm ? words.allTerms : words.anyTerm, limit, offset);
}

/** search_transcripts: ranked full-text search over titles and texts. */
export const searchTranscripts = defineTool({
  name: NAME,
  title: "Search transcripts",
  description: "Full-text search over transcript titles and texts, best matches first (BM25, " +
    "titles weighted above text). Each result has a snippet with the matched words marked " +
    "«like this». Everyday wording works; FTS5 syntax (phrases, AND/OR/NOT, prefix*) too.",
  inputSchema,
  outputSchema,
  annotations: READ_ONLY_ANNOTATIONS,
  handler(store, input) {
    const limit = clampLimit(input.limit, 1, 100);
    let offset = 0;
    if (input.cursor !== undefined) {
      const [query, position] = decodeCursor(NAME, input.cursor, ["string", "number"]);
      if (query !== input.query) {
        throw new ToolError("invalid_arguments", "cursor: belongs to a different query");
      }
      offset = position as number;
    }
    let queryMode: "fts5" | "words" = "fts5";
    let hits: Hits;
    try {
      hits = runSearch(store, input.query, limit, offset);
    } catch (error) {
      if (!isQuerySyntaxError(error)) throw error;
      queryMode = "words";
      hits = searchPlainWords(store, input.query, limit, offset);
    }
    const { rows, match } = hits;
    const page = rows.slice(0, limit);
    const texts = page.map((row) => textOrNull(row["text"]) ?? "");
    const marked = snippets.makeAll(
      page.map((row, i) => ({ title: textOrNull(row["title"]) ?? "", text: texts[i]! })),
      match,
    );
    const results = page.map((row, i) => ({
      id: String(row["id"]),
      title: capText(textOrNull(row["title"]) ?? "", FIELD_CAPS.title),
      createdAt: String(row["created_at"]),
      source: capText(textOrNull(row["source"]), FIELD_CAPS.label),
      preview: capText(makePreview(texts[i]!) ?? "", FIELD_CAPS.preview),
      snippet: capText(marked[i]!, FIELD_CAPS.snippet),
      rank: Number((-Number(row["score"])).toPrecision(6)),
    }));
    const fitting = countFitting(results, 200);
    const more = rows.length > limit || fitting < results.length;
    return {
      results: results.slice(0, fitting),
      nextCursor: more ? encodeCursor(NAME, [input.query, offset + fitting]) : null,
      queryMode,
    };
  },
});
