/**
 * The voices of one cue. A cue may hold several voice spans (`<v Anna>Hi.</v> <v Ben>Hello.</v>`,
 * or one a line, unclosed, as `<v Anna>Hi.` then `<v Ben>Hello.`): each becomes its own part,
 * in order, so each speaker keeps their words. A part runs from its voice's tag to the next
 * voice's tag; text before the first voice goes with it, as it does in a cue of one voice;
 * a voice that repeats the one before carries on its part.
 *
 * @module
 */
import { nextVoice } from "./cue_text.ts";

/** One voice's part of a cue payload: who, and the payload's slice they speak (markup kept). */
export interface CueVoice {
  /** The speaker the voice span names, or null (no voice span, or `<v >`). */
  speaker: string | null;
  /** The part of the payload, still to be cleaned (cue_text.ts). */
  payload: string;
}

/**
 * The parts of `payload`, one a voice in order; one part (the whole payload) when it holds
 * one voice or none.
 *
 * @example
 * ```ts
 * import { cueVoices } from "./cue_voices.ts";
 * cueVoices("<v Anna>Hi.</v> <v Ben>Hello.</v>");
 * // [{ speaker: "Anna", payload: "<v Anna>Hi.</v> " }, { speaker: "Ben", payload: "<v Ben>Hello.</v>" }]
 * cueVoices("Hi."); // [{ speaker: null, payload: "Hi." }]
 * ```
 */
export function cueVoices(payload: string): CueVoice[] {
  const first = nextVoice(payload, 0);
  if (first === null) return [{ speaker: null, payload }];
  const voices: CueVoice[] = [];
  let start = 0;
  let speaker = first.name;
  for (let voice = nextVoice(payload, first.end); voice !== null;) {
    if (voice.name !== speaker) {
      const at = lineOpening(payload, start, voice.at);
      voices.push({ speaker, payload: payload.slice(start, at) });
      start = at;
      speaker = voice.name;
    }
    voice = nextVoice(payload, voice.end);
  }
  voices.push({ speaker, payload: start === 0 ? payload : payload.slice(start) });
  return voices;
}

/**
 * Where the part of a voice whose tag is at `tag` begins: at its line's start when only a
 * lead-in (a dialogue dash, spaces) comes before the tag on that line, so "- " of
 * "- <v Ben>Hello." stays Ben's; else at the tag.
 */
function lineOpening(payload: string, partStart: number, tag: number): number {
  // Looked for back to the part's start only: a search to the line's start would read a long
  // line again at each of its voices (quadratic in a line of many).
  let lineStart = tag;
  while (lineStart > partStart && payload.charCodeAt(lineStart - 1) !== 0x0a) lineStart--;
  return lineStart > partStart && /^[^\p{L}\p{N}<]*$/u.test(payload.slice(lineStart, tag))
    ? lineStart
    : tag;
}
