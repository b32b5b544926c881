/**
 * Speakers written into a cue's text rather than a voice span: WhisperX's `[SPEAKER_00]: `,
 * whisper.cpp's `(speaker 1)` (SRT with `--diarize`), and Zoom's `Name: `. The first two are
 * unambiguous and always read. `Name: ` is read only when it is the file's dialect: when at
 * least two cues start that way and they are more than half of the cues that have no speaker
 * yet. One line is no dialect, and half is no majority: a subtitle file where one line reads
 * "Note: the lift is out", or a two-cue file where one reads "Réunion: le café crème…",
 * keeps it as text. Erring that way costs little, since a `Name: ` left in the text still
 * reads "Name: text" in the transcript, where a word taken for a speaker leaves its sentence.
 *
 * @module
 */

/** A cue's text and its speaker, as the speaker passes fill it in. */
export interface SpokenText {
  /** Who spoke, or null while unknown. */
  speaker: string | null;
  /** The clean text. */
  text: string;
}

const TAGGED = /^\[([^\]\n]{1,64})\]:[ \t]*/;
const WHISPER_CPP = /^\(speaker ([0-9]{1,3}|\?)\)[ \t]*/;
const NAMED = /^([^:\s](?:[^:\n]{0,48}[^:\s])?):[ \t]+(?=\S)/;
/** What a name in `Name: ` never holds: sentence punctuation, quotes, a link. */
const NOT_A_NAME = /[,;!?"“”()\[\]]|https?$|^[0-9 ]+$/;

/**
 * Takes the speaker prefixes of `cues` that have no speaker, in place, with the rule above.
 *
 * @example
 * ```ts
 * import { takeSpeakerPrefixes } from "./speaker_prefix.ts";
 * const cues = [
 *   { speaker: null, text: "[SPEAKER_00]: Hello." },
 *   { speaker: null, text: "Ann Lee: Hi." },
 *   { speaker: null, text: "Ann Lee: Shall we start?" },
 * ];
 * takeSpeakerPrefixes(cues);
 * cues.map((cue) => cue.speaker); // ["SPEAKER_00", "Ann Lee", "Ann Lee"]
 * ```
 */
export function takeSpeakerPrefixes(cues: SpokenText[]): void {
  let unnamed = 0;
  const named: { cue: SpokenText; name: string; rest: string }[] = [];
  for (const cue of cues) {
    if (cue.speaker !== null) continue;
    const tagged = TAGGED.exec(cue.text) ?? WHISPER_CPP.exec(cue.text);
    if (tagged !== null) {
      const id = tagged[1]!;
      cue.speaker = tagged[0].startsWith("(")
        ? (id === "?" ? null : `Speaker ${id}`)
        : id.trim() || null; // `[ ]: ` names no one
      cue.text = cue.text.slice(tagged[0].length);
      continue;
    }
    unnamed++;
    const match = NAMED.exec(cue.text);
    const name = match?.[1];
    if (name !== undefined && !NOT_A_NAME.test(name) && name.split(" ").length <= 5) {
      named.push({ cue, name, rest: cue.text.slice(match![0].length) });
    }
  }
  if (named.length < 2 || named.length * 2 <= unnamed) return;
  for (const { cue, name, rest } of named) {
    cue.speaker = name;
    cue.text = rest;
  }
}
