/**
 * The rankings of several sources merged into one list, by reciprocal-rank fusion: scores of
 * different indexes are not comparable, ranks are.
 *
 * @module
 */
import { RRF_K } from "../config/limits.ts";
import type { HitDetail, SearchRanking } from "../sources/source_reader.ts";
import type { ServedSource } from "../sources/source_set.ts";
import type { PassageFinding } from "./search_passages.ts";

/** One hit of a merged ranking: its source, its key there, and its source's ranking. */
export interface MergedHit {
  /** The source it was found in. */
  source: ServedSource;
  /** Its key in that source. */
  key: string;
  /** Its score in that source. */
  score: number;
  /** The FTS5 query that marks its snippet. */
  match: string;
  /** Its row as shown, when the ranking has read it already (a meaning search's re-ranking). */
  detail?: HitDetail;
  /** What a ranking by passages found in it, which shows it. */
  found?: PassageFinding | undefined;
}

/**
 * The rankings of several sources as one list. One source keeps its own order. Several
 * merge by reciprocal-rank fusion: a hit at rank r (from 1) in its source scores
 * 1 / ({@link RRF_K} + r), ties going to the source named first; scores from different
 * indexes never meet, so a strong match of one source is never buried under another
 * source's weak ones.
 *
 * @example
 * ```ts
 * import { fuseRankings } from "./fuse_rankings.ts";
 * const ranking = (key: string) => ({
 *   hits: [{ key, score: 1 }],
 *   mode: "words" as const,
 *   match: "x",
 *   partial: false,
 * });
 * const a = { name: "a", location: "", kind: null, failure: null };
 * const b = { name: "b", location: "", kind: null, failure: null };
 * fuseRankings([{ source: a, value: ranking("1") }, { source: b, value: ranking("2") }])
 *   .map((hit) => hit.source.name); // ["a", "b"]
 * ```
 */
export function fuseRankings(
  rankings: readonly { source: ServedSource; value: SearchRanking }[],
): MergedHit[] {
  const hits = rankings.flatMap(({ source, value }, sourceIndex) =>
    value.hits.map((hit, rank) => ({
      hit: { source, key: hit.key, score: hit.score, match: value.match },
      fused: 1 / (RRF_K + rank + 1),
      sourceIndex,
      rank,
    }))
  );
  if (rankings.length === 1) return hits.map(({ hit }) => hit);
  return hits.sort((a, b) => b.fused - a.fused || a.sourceIndex - b.sourceIndex || a.rank - b.rank)
    .map(({ hit }) => hit);
}
