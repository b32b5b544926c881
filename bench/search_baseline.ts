/**
 * The baseline of `deno task bench-search`: what plain SQLite FTS5 does with the same
 * meetings, in process. Each meeting is cut into windows of {@link WINDOW_TURNS} turns
 * every {@link WINDOW_STEP} turns, each window's text its turns as `Speaker: text` lines
 * (as the server indexes a transcript's text; empty turns left out), indexed with the
 * server's tokenizer. A query's words are quoted and ORed, windows ranked by bm25, a
 * meeting ranked by its best window, and its moment is the start of that window's first turn.
 *
 * @module
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { RankedMeeting, Turn, TurnTime } from "./search_metrics.ts";

/** Turns a window holds. */
export const WINDOW_TURNS = 12;
/** Turns from one window's start to the next. */
export const WINDOW_STEP = 6;

/**
 * The first turn of each window over `count` turns: every `step`, until a window reaches the
 * last turn.
 *
 * @example
 * ```ts
 * import { windowStarts } from "./search_baseline.ts";
 * windowStarts(20, 12, 6); // [0, 6, 12]
 * windowStarts(5, 12, 6); // [0]
 * ```
 */
export function windowStarts(count: number, size = WINDOW_TURNS, step = WINDOW_STEP): number[] {
  const starts: number[] = [];
  for (let start = 0; start === 0 || start + size - step < count; start += step) {
    starts.push(start);
  }
  return starts;
}

/**
 * `words` as an FTS5 query: each quoted, ORed.
 *
 * @example
 * ```ts
 * import { orQuery } from "./search_baseline.ts";
 * orQuery(["remote", "price"]); // '"remote" OR "price"'
 * ```
 */
export function orQuery(words: readonly string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" OR ");
}

/** A meeting as the baseline indexes it. */
export interface BaselineMeeting {
  /** Its id. */
  id: string;
  /** Its turns. */
  turns: readonly Turn[];
  /** Its turns' times. */
  times: readonly TurnTime[];
}

/** The windows of a set of meetings, in an FTS5 table in memory. */
export class WindowIndex {
  readonly #db = new DatabaseSync(":memory:");
  readonly #rank: StatementSync;
  readonly #times = new Map<string, readonly TurnTime[]>();

  /**
   * Indexes `meetings`' windows.
   *
   * @example
   * ```ts
   * import { WindowIndex } from "./search_baseline.ts";
   * const index = new WindowIndex([
   *   { id: "m1", turns: [["Ann", "the remote costs too much"]], times: [{ startMs: 0, endMs: 2000 }] },
   * ]);
   * index.rank(["remote"], 10); // [{ meeting: "m1", momentMs: 0 }]
   * index.close();
   * ```
   */
  constructor(meetings: readonly BaselineMeeting[]) {
    this.#db.exec(
      "CREATE VIRTUAL TABLE w USING fts5 (text, meeting UNINDEXED, first UNINDEXED, " +
        "tokenize = 'porter unicode61 remove_diacritics 2')",
    );
    const insert = this.#db.prepare("INSERT INTO w (text, meeting, first) VALUES (?, ?, ?)");
    this.#db.exec("BEGIN");
    for (const { id, turns, times } of meetings) {
      this.#times.set(id, times);
      for (const start of windowStarts(turns.length)) {
        const text = turns.slice(start, start + WINDOW_TURNS)
          .filter(([, said]) => said.trim() !== "")
          .map(([speaker, said]) => `${speaker}: ${said}`).join("\n");
        insert.run(text, id, start);
      }
    }
    this.#db.exec("COMMIT");
    this.#rank = this.#db.prepare(
      "SELECT meeting, first FROM w WHERE w MATCH ? ORDER BY bm25(w), meeting, first",
    );
  }

  /**
   * The meetings best matching any of `words`, at most `limit`, best first, each with the
   * start of its best window.
   */
  rank(words: readonly string[], limit: number): RankedMeeting[] {
    if (words.length === 0) return [];
    const ranked: RankedMeeting[] = [];
    const seen = new Set<string>();
    for (const row of this.#rank.iterate(orQuery(words))) {
      const meeting = String(row["meeting"]);
      if (seen.has(meeting)) continue;
      seen.add(meeting);
      ranked.push({ meeting, momentMs: this.#times.get(meeting)![Number(row["first"])]!.startMs });
      if (ranked.length === limit) break;
    }
    return ranked;
  }

  /** Closes the database. */
  close(): void {
    this.#db.close();
  }
}
