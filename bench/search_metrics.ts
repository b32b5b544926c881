/**
 * The pure parts of `deno task bench-search` (bench/search_eval.ts): a meeting's turns as
 * timed WebVTT cues, a question's keyword form, and the scores of a ranking against the
 * meeting and turns that answer the question. Nothing here reads a file or spawns anything,
 * so tests/project/search_metrics_test.ts checks it on tiny hand-made meetings.
 *
 * @module
 */

/** One turn of a meeting: who spoke and what they said. */
export type Turn = readonly [speaker: string, text: string];

/** The turns answering a question, as inclusive `[first, last]` turn indices. */
export type Span = readonly [first: number, last: number];

/** When a turn is said, in ms from the start of the meeting. */
export interface TurnTime {
  /** Its start. */
  startMs: number;
  /** Its end. */
  endMs: number;
}

/** Made-up speaking speed: words a second. */
export const WORDS_PER_SECOND = 2.5;
/** The shortest a turn lasts, even an empty one. */
export const MIN_TURN_MS = 1_000;
/** How long before a span's first turn a moment still counts as inside the span. */
export const SPAN_LEAD_MS = 30_000;

/**
 * Each turn's made-up times: its words at {@link WORDS_PER_SECOND}, at least
 * {@link MIN_TURN_MS}, each turn starting where the one before ended.
 *
 * @example
 * ```ts
 * import { turnTimes } from "./search_metrics.ts";
 * turnTimes([["A", "one two three four five"], ["B", ""]]);
 * // [{ startMs: 0, endMs: 2000 }, { startMs: 2000, endMs: 3000 }]
 * ```
 */
export function turnTimes(turns: readonly Turn[]): TurnTime[] {
  let at = 0;
  return turns.map(([, text]) => {
    const words = text.split(/\s+/).filter((word) => word !== "").length;
    const startMs = at;
    at += Math.max(MIN_TURN_MS, Math.round((words * 1000) / WORDS_PER_SECOND));
    return { startMs, endMs: at };
  });
}

/**
 * `text` as a WebVTT cue's text: whitespace runs (line breaks too, which would end the cue)
 * made one space, and `&`, `<` and `>` escaped as WebVTT requires (so `-->` cannot appear).
 *
 * @example
 * ```ts
 * import { cueText } from "./search_metrics.ts";
 * cueText(" a < b\n&& c --> d "); // "a &lt; b &amp;&amp; c --&gt; d"
 * ```
 */
export function cueText(text: string): string {
  return text.replace(/\s+/g, " ").trim().replaceAll("&", "&amp;").replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

/**
 * `ms` as a WebVTT timestamp, `hh:mm:ss.ttt`.
 *
 * @example
 * ```ts
 * import { cueClock } from "./search_metrics.ts";
 * cueClock(3_723_004); // "01:02:03.004"
 * ```
 */
export function cueClock(ms: number): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const seconds = Math.floor(ms / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:` +
    `${pad(seconds % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * A meeting as a WebVTT file: one cue a turn at `times`, `<v Speaker>text`. A turn with no
 * text gets no cue (our reader drops an empty cue), but keeps its time, so every later turn
 * is where `times` says. A turn without a speaker gets no voice tag.
 *
 * @example
 * ```ts
 * import { meetingVtt, turnTimes } from "./search_metrics.ts";
 * const turns = [["Ann", "Hi."], ["Ben", ""], ["Ann", "Bye & go."]] as const;
 * meetingVtt(turns, turnTimes(turns));
 * // "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<v Ann>Hi.\n\n" +
 * // "00:00:02.000 --> 00:00:03.200\n<v Ann>Bye &amp; go.\n"
 * ```
 */
export function meetingVtt(turns: readonly Turn[], times: readonly TurnTime[]): string {
  const cues = turns.flatMap(([speaker, text], i) => {
    const said = cueText(text);
    if (said === "") return [];
    const name = cueText(speaker);
    const { startMs, endMs } = times[i]!;
    const voice = name === "" ? "" : `<v ${name}>`;
    return [`${cueClock(startMs)} --> ${cueClock(endMs)}\n${voice}${said}\n`];
  });
  return ["WEBVTT\n", ...cues].join("\n");
}

/**
 * The words a question's keyword form leaves out: question and auxiliary words, pronouns,
 * articles, prepositions and conjunctions, the pieces of contractions (`didn't` is read as
 * `didn` and `t`), and the filler of how QMSum's questions are put ("summarize the
 * discussion about", "what did the group think of", "in the meeting"). The bench's own
 * list, on purpose: the server's lists are what is measured, not what measures.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    // Question words and auxiliaries.
    "what who whom whose which when where why how whether",
    "do does did done doing is are was were be been being am has have had having",
    "can could would should will shall may might must",
    // Pronouns and determiners.
    "i me my we us our you your he him his she her it its they them their",
    "this that these those there here such",
    "a an the some any all each every other others another else",
    // Prepositions and conjunctions.
    "of in on at to for from by with about into onto over under regarding towards",
    "and or but nor not no than then so if as also",
    // Pieces of contractions.
    "s t d ll re ve m didn doesn don isn wasn weren aren couldn wouldn shouldn",
    // How the questions are put.
    "summarize summarise summary summarization discuss discussed discussing discussion",
    "discussions talk talked talking talks say said says saying think thought thinks",
    "opinion opinions view views mention mentioned mentions meeting meetings group team",
    "whole kind sort thing things according",
  ].join(" ").split(" "),
);

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A question's words as unicode61 cuts them (letters and digits), lowercased, each once, in
 * order; `content` leaves out {@link STOP_WORDS}, unless that leaves nothing.
 *
 * @example
 * ```ts
 * import { questionWords } from "./search_metrics.ts";
 * questionWords("What did the team say about the remote's price?", true);
 * // ["remote", "price"]
 * questionWords("Summarize the whole meeting.", true);
 * // ["summarize", "the", "whole", "meeting"]
 * ```
 */
export function questionWords(question: string, content: boolean): string[] {
  const words = [...new Set(question.toLowerCase().match(WORD) ?? [])];
  if (!content) return words;
  const kept = words.filter((word) => !STOP_WORDS.has(word));
  return kept.length > 0 ? kept : words;
}

/**
 * A question's keyword form: its content words, lowercased (so never an FTS5 operator),
 * space-separated.
 *
 * @example
 * ```ts
 * import { keywordForm } from "./search_metrics.ts";
 * keywordForm("Why did Marketing think the LCD screen was too expensive?");
 * // "marketing lcd screen too expensive"
 * ```
 */
export function keywordForm(question: string): string {
  return questionWords(question, true).join(" ");
}

/**
 * Whether `ms` is inside one of `spans`: from {@link SPAN_LEAD_MS} before the start of the
 * span's first turn to the end of its last. Indices past the last turn are clamped to it.
 *
 * @example
 * ```ts
 * import { inSpans } from "./search_metrics.ts";
 * const times = [{ startMs: 0, endMs: 40_000 }, { startMs: 40_000, endMs: 50_000 }];
 * inSpans(10_000, [[1, 1]], times); // true: 30 s before turn 1 starts
 * inSpans(9_999, [[1, 1]], times); // false
 * inSpans(50_001, [[1, 1]], times); // false
 * ```
 */
export function inSpans(ms: number, spans: readonly Span[], times: readonly TurnTime[]): boolean {
  const last = times.length - 1;
  return spans.some(([first, end]) => {
    const from = times[Math.min(first, last)]!.startMs - SPAN_LEAD_MS;
    const to = times[Math.min(end, last)]!.endMs;
    return ms >= from && ms <= to;
  });
}

/** One ranked result as the scores see it. */
export interface RankedMeeting {
  /** The meeting it is (its id), or null when it maps to none. */
  meeting: string | null;
  /** The start of its moment, or null when it has none. */
  momentMs: number | null;
  /** The starts of its passages, when the answer has passages. */
  passageMs?: number[];
}

/** How one question fared in one ranking. */
export interface QuestionScore {
  /** The right meeting's rank (1-based), or null when it is not in the ranking. */
  rank: number | null;
  /** Whether the right meeting's moment is in an answering span. */
  momentInSpan: boolean;
  /** Whether one of its passages is; null when the answer has no passages. */
  passageInSpan: boolean | null;
}

/**
 * The score of `ranking` (best first, as many as were asked for) for a question whose answer
 * is meeting `right`, turns `spans`, timed by `times`. The right meeting's first result is
 * the one whose moment and passages count.
 *
 * @example
 * ```ts
 * import { scoreQuestion } from "./search_metrics.ts";
 * const times = [{ startMs: 0, endMs: 1000 }, { startMs: 1000, endMs: 2000 }];
 * scoreQuestion(
 *   [{ meeting: "b", momentMs: 0 }, { meeting: "a", momentMs: 1000 }],
 *   "a", [[1, 1]], times,
 * );
 * // { rank: 2, momentInSpan: true, passageInSpan: null }
 * ```
 */
export function scoreQuestion(
  ranking: readonly RankedMeeting[],
  right: string,
  spans: readonly Span[],
  times: readonly TurnTime[],
): QuestionScore {
  const at = ranking.findIndex((result) => result.meeting === right);
  const hasPassages = ranking.some((result) => result.passageMs !== undefined);
  if (at === -1) {
    return { rank: null, momentInSpan: false, passageInSpan: hasPassages ? false : null };
  }
  const hit = ranking[at]!;
  return {
    rank: at + 1,
    momentInSpan: hit.momentMs !== null && inSpans(hit.momentMs, spans, times),
    passageInSpan: hasPassages
      ? (hit.passageMs ?? []).some((ms) => inSpans(ms, spans, times))
      : null,
  };
}

/** The figures of a set of questions. */
export interface Figures {
  /** Questions scored. */
  n: number;
  /** Share with the right meeting first. */
  recallAt1: number;
  /** Share with the right meeting in the top 10. */
  recallAt10: number;
  /** Mean reciprocal rank within the top 10 (0 when absent). */
  mrr: number;
  /** Share whose right meeting's moment is in an answering span (0 when absent). */
  momentInSpan: number;
  /** Share with a passage in an answering span, or null when no answer had passages. */
  passageInSpan: number | null;
}

/**
 * The figures of `scores`; NaN shares for none.
 *
 * @example
 * ```ts
 * import { figures } from "./search_metrics.ts";
 * figures([
 *   { rank: 1, momentInSpan: true, passageInSpan: null },
 *   { rank: 4, momentInSpan: false, passageInSpan: null },
 *   { rank: null, momentInSpan: false, passageInSpan: null },
 * ]);
 * // { n: 3, recallAt1: 1/3, recallAt10: 2/3, mrr: (1 + 1/4) / 3, momentInSpan: 1/3,
 * //   passageInSpan: null }
 * ```
 */
export function figures(scores: readonly QuestionScore[]): Figures {
  const n = scores.length;
  const share = (count: number) => count / n;
  const count = (test: (score: QuestionScore) => boolean) => scores.filter(test).length;
  const withPassages = scores.some((score) => score.passageInSpan !== null);
  return {
    n,
    recallAt1: share(count((s) => s.rank === 1)),
    recallAt10: share(count((s) => s.rank !== null && s.rank <= 10)),
    mrr: share(
      scores.reduce((sum, s) => sum + (s.rank !== null && s.rank <= 10 ? 1 / s.rank : 0), 0),
    ),
    momentInSpan: share(count((s) => s.rank !== null && s.rank <= 10 && s.momentInSpan)),
    passageInSpan: withPassages
      ? share(count((s) => s.rank !== null && s.rank <= 10 && s.passageInSpan === true))
      : null,
  };
}
