/**
 * The generator's vocabulary: spoken function words at the head, meeting jargon and
 * everyday words in the middle, and a long tail of made-up pronounceable words, drawn with
 * Zipf-like frequencies so the index has the shape of real speech.
 *
 * @module
 */
import { isPlanted } from "./planted_terms.ts";
import { type Random, seededRandom } from "./prng.ts";

// Roughly in order of frequency in transcribed speech, fillers included.
const HEAD = (
  "the I and to a you that it of we so is in like yeah this for on just um have be " +
  "uh know it's but was right think what with they do not are that's can if there " +
  "at we're as all one about go get or don't going really be an would my me some " +
  "up out then when because our more how well now them mean need also I'm which " +
  "from by did had been could kind were where see much those thing still maybe sure " +
  "here got make said actually way other into than only should any even these very"
).split(" ");

/** Words of meetings, planning and product work; titles and tasks draw on them too. */
export const JARGON: readonly string[] = (
  "plan team meeting customer release launch sprint feature roadmap priority update " +
  "timeline budget review design pricing metrics goal quarter week feedback issue " +
  "ticket bug fix test deploy staging production rollout migration backlog scope " +
  "estimate blocker dependency owner stakeholder decision action item follow " +
  "sync standup retro demo prototype spec requirement user onboarding revenue " +
  "growth conversion funnel retention pipeline forecast hiring candidate interview " +
  "offer contract vendor partner legal compliance security audit incident outage " +
  "alert dashboard report analytics experiment hypothesis baseline benchmark " +
  "latency performance scale capacity cost invoice billing subscription plus team " +
  "enterprise support escalation sla handoff alignment bandwidth leverage synergy " +
  "deliverable milestone kickoff wrap recap agenda minutes notes checklist template " +
  "workflow process policy guideline documentation wiki slack email calendar " +
  "invite call zoom slides deck draft proposal approval sign copy marketing " +
  "campaign brand content blog newsletter webinar event conference booth sales " +
  "lead prospect pipeline quota discount renewal upsell account manager director " +
  "engineer designer researcher analyst intern contractor freelancer agency " +
  "mobile web desktop api endpoint server client cache queue worker cluster " +
  "region latency storage backup restore sync offline export import integration " +
  "plugin extension settings permission role admin login password auth token " +
  "beta alpha preview flag toggle rollback hotfix patch version changelog"
).split(" ");

// Everyday words that fill conversation between the jargon.
const EVERYDAY = (
  "time people good first new last long great little own old big high different " +
  "small large next early young important few public bad same able today tomorrow " +
  "yesterday morning afternoon evening monday tuesday wednesday thursday friday " +
  "number part place case point group problem fact hand question work life world " +
  "school state family student country home water room mother area money story " +
  "month lot book eye job word business side kind head house service friend father " +
  "power hour game line end member law car city community name president idea " +
  "body information back parent face others level office door health person art " +
  "war history party result change reason research girl guy moment air teacher " +
  "force education foot boy age policy everything process music market sense " +
  "nation college interest death experience effect class control care field " +
  "development role effort rate heart drug show leader light voice wife police " +
  "mind price hope happen start stop move play run believe hold bring write " +
  "provide sit stand lose pay meet include continue set learn lead understand " +
  "watch speak read spend grow open walk win offer remember love consider appear " +
  "buy wait serve die send expect build stay fall cut reach kill remain suggest " +
  "raise pass sell require decide return explain carry develop drive break " +
  "receive agree support hit produce eat cover catch draw choose cause listen " +
  "honestly basically literally probably definitely totally pretty quite enough " +
  "together already almost later soon again around away across against along"
).split(" ");

const ONSETS = [
  "b",
  "br",
  "c",
  "ch",
  "cl",
  "d",
  "dr",
  "f",
  "fl",
  "g",
  "gr",
  "h",
  "j",
  "k",
  "kl",
  "l",
  "m",
  "n",
  "p",
  "pl",
  "pr",
  "qu",
  "r",
  "s",
  "sh",
  "sk",
  "sl",
  "st",
  "t",
  "th",
  "tr",
  "v",
  "w",
  "z",
];
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "ee", "oo", "ou", "ie", "y"];
const CODAS = ["", "", "", "n", "r", "l", "s", "t", "m", "nd", "st", "rk", "x", "ng"];

// The generator's stream for drawing the vocabulary (see prng.ts seededRandom).
const STREAM_VOCABULARY = 1;

/** How many made-up words the long tail holds. */
export const SYNTHETIC_WORDS = 60_000;

/** Zipf exponent; 1, the classic fit for English word frequencies. */
export const ZIPF_EXPONENT = 1.0;

function syntheticWord(random: Random): string {
  const syllables = random() < 0.7 ? 2 : 3;
  let word = "";
  for (let i = 0; i < syllables; i++) {
    word += ONSETS[Math.floor(random() * ONSETS.length)]! +
      VOWELS[Math.floor(random() * VOWELS.length)]!;
  }
  return word + CODAS[Math.floor(random() * CODAS.length)]!;
}

/** The vocabulary: real words first, most frequent first, then the made-up tail. */
export interface Vocabulary {
  words: string[];
  /** How many of `words`, from the front, are real words. */
  realWords: number;
}

/** Every word, with no duplicates and no planted term. */
export function vocabulary(seed: number, synthetic = SYNTHETIC_WORDS): Vocabulary {
  const random = seededRandom(seed, STREAM_VOCABULARY);
  const seen = new Set<string>();
  const words: string[] = [];
  const add = (word: string) => {
    if (!seen.has(word) && !isPlanted(word)) {
      seen.add(word);
      words.push(word);
    }
  };
  for (const word of HEAD) add(word);
  // Jargon and everyday words interleave in a seeded order, so neither dominates the top.
  const middle = [...JARGON, ...EVERYDAY];
  for (let i = middle.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [middle[i], middle[j]] = [middle[j]!, middle[i]!];
  }
  for (const word of middle) add(word);
  const realWords = words.length;
  while (words.length < realWords + synthetic) add(syntheticWord(random));
  return { words, realWords };
}

/**
 * The share of spoken words drawn from the made-up long tail: names, products and rare
 * words, the part of real speech beyond the most common thousand words.
 */
export const TAIL_SHARE = 0.12;

/** The shape of a {@link ZipfSampler}'s distribution. */
export interface ZipfShape {
  /** How many of the words, from the front, are real words; the rest are the tail. */
  realWords: number;
  /** The share of draws that come from the tail. */
  tailShare?: number;
  /** The Zipf exponent within each part. */
  exponent?: number;
}

/**
 * Draws words with probability proportional to `1 / rank^s` within the real words and
 * within the tail, the tail taking a fixed share. A guide table over the cumulative
 * distribution makes each draw a short scan instead of a binary search.
 */
export class ZipfSampler {
  readonly #words: readonly string[];
  readonly #cdf: Float64Array;
  readonly #guide: Int32Array;

  /**
   * @example
   * ```ts
   * import { vocabulary, ZipfSampler } from "./vocabulary.ts";
   * const { words, realWords } = vocabulary(1);
   * const sampler = new ZipfSampler(words, { realWords });
   * ```
   */
  constructor(words: readonly string[], shape: ZipfShape) {
    this.#words = words;
    const exponent = shape.exponent ?? ZIPF_EXPONENT;
    const tailShare = words.length > shape.realWords ? shape.tailShare ?? TAIL_SHARE : 0;
    const weights = new Float64Array(words.length);
    const parts = [[0, shape.realWords, 1 - tailShare], [shape.realWords, words.length, tailShare]];
    for (const [start, end, share] of parts as [number, number, number][]) {
      let sum = 0;
      for (let rank = start; rank < end; rank++) sum += 1 / Math.pow(rank - start + 1, exponent);
      for (let rank = start; rank < end; rank++) {
        weights[rank] = (share * (1 / Math.pow(rank - start + 1, exponent))) / sum;
      }
    }
    const cdf = new Float64Array(words.length);
    let total = 0;
    for (let rank = 0; rank < words.length; rank++) {
      total += weights[rank]!;
      cdf[rank] = total;
    }
    for (let rank = 0; rank < words.length; rank++) cdf[rank] = cdf[rank]! / total;
    cdf[words.length - 1] = 1;
    const guide = new Int32Array(words.length);
    let rank = 0;
    for (let slot = 0; slot < guide.length; slot++) {
      while (cdf[rank]! < slot / guide.length) rank++;
      guide[slot] = rank;
    }
    this.#cdf = cdf;
    this.#guide = guide;
  }

  /** One word. */
  next(random: Random): string {
    const u = random();
    let rank = this.#guide[Math.floor(u * this.#guide.length)]!;
    while (this.#cdf[rank]! <= u) rank++;
    return this.#words[rank]!;
  }
}
