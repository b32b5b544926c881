/**
 * Terms the store generator plants at known rates, so every benchmark query class has a
 * stable meaning at any store size. The random vocabulary never contains them.
 *
 * @module
 */

/** A word in every transcript, several times: the index's longest posting list. */
export const EVERY_WORD = "okay";

/** A word in about {@link COMMON_RATE} of transcripts. */
export const COMMON_WORD = "deadline";
/** The share of transcripts that hold {@link COMMON_WORD}. */
export const COMMON_RATE = 0.85;

/** A word in about {@link RARE_RATE} of transcripts. */
export const RARE_WORD = "zeppelin";
/** The share of transcripts that hold {@link RARE_WORD}. */
export const RARE_RATE = 0.004;

/** A two-word phrase in about {@link PHRASE_RATE} of transcripts. */
export const PHRASE = ["churn", "risk"] as const;
/** The share of transcripts that hold {@link PHRASE} as a phrase. */
export const PHRASE_RATE = 0.25;
/**
 * The share of transcripts that hold each phrase word on its own as well, so a phrase
 * query must check positions rather than only intersect two posting lists.
 */
export const PHRASE_WORD_ALONE_RATE = 0.15;

/** The prefix of a family of distinct words, for `prefix*` queries. */
export const PREFIX = "data";
/** Words sharing {@link PREFIX}; each stems to a different index term. */
export const PREFIX_FAMILY: readonly string[] = [
  "data",
  "database",
  "dataset",
  "datadog",
  "datapoint",
  "datastore",
  "dataflow",
  "datacenter",
  "datasheet",
  "datatype",
  "datagrid",
  "datamart",
];
/** The share of transcripts that hold at least one {@link PREFIX_FAMILY} word. */
export const PREFIX_RATE = 0.4;

/** A ticket id for the plain-words fallback query; other tickets use other numbers. */
export const TICKET = "POL-358";
/** The share of transcripts that mention {@link TICKET}. */
export const TICKET_RATE = 0.01;
/** The share of transcripts that mention some other ticket id. */
export const OTHER_TICKET_RATE = 0.1;

/** True when `word` must stay out of the random vocabulary. */
export function isPlanted(word: string): boolean {
  const lower = word.toLowerCase();
  return lower === EVERY_WORD || lower === COMMON_WORD || lower === RARE_WORD ||
    lower === PHRASE[0] || lower === PHRASE[1] || lower.startsWith(PREFIX) ||
    lower === "pol";
}
