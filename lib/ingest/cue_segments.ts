/**
 * Segments from the cues of a WebVTT or SRT file: the payload's lines joined, the speaker
 * from a voice span or a prefix (speaker_prefix.ts), a cue of several voices one segment a
 * voice with the cue's times (cue_voices.ts), the text cleaned (cue_text.ts), cues left
 * empty by cleaning dropped, and the whole put in time order when the file is not.
 *
 * @module
 */
import type { FileSegment } from "./file_transcript.ts";
import type { RawCue } from "./cue_blocks.ts";
import { cleanCueText } from "./cue_text.ts";
import { cueVoices } from "./cue_voices.ts";
import { takeSpeakerPrefixes } from "./speaker_prefix.ts";

/**
 * The segments of `cues`, in time order; `singleSpaced` as the scan found the file
 * (cue_blocks.ts).
 *
 * @example
 * ```ts
 * import { cueSegments } from "./cue_segments.ts";
 * cueSegments([{ startMs: 0, endMs: 900, payload: ["<v Ann>Hi", "there</v>"] }]);
 * // [{ startMs: 0, endMs: 900, speaker: "Ann", text: "Hi there" }]
 * ```
 */
export function cueSegments(cues: readonly RawCue[], singleSpaced = false): FileSegment[] {
  const segments: FileSegment[] = [];
  const add = (cue: RawCue, speaker: string | null, payload: string) => {
    const text = cleanCueText(payload, singleSpaced);
    if (text !== "") segments.push({ startMs: cue.startMs, endMs: cue.endMs, speaker, text });
  };
  for (const cue of cues) {
    const payload = cue.payload.length === 1 ? cue.payload[0]! : cue.payload.join(" ");
    if (!payload.includes("<v")) add(cue, null, payload);
    // Each voice a segment with the cue's times: the file says no more of when each spoke.
    // Split on the cue's lines as written, so a line's lead-in ("- ") stays with its voice.
    else {
      for (const voice of cueVoices(cue.payload.join("\n"))) {
        add(cue, voice.speaker, voice.payload.replaceAll("\n", " "));
      }
    }
  }
  takeSpeakerPrefixes(segments);
  // A cue that held only a prefix (`[SPEAKER_00]:`) says nothing once it is taken.
  const said = segments.some((segment) => segment.text === "")
    ? segments.filter((segment) => segment.text !== "")
    : segments;
  return inTimeOrder(said);
}

/**
 * `segments` sorted by start when some start before the one ahead of them (a file whose
 * cues were written out of order); stable, so cues at one time keep the file's order.
 *
 * @example
 * ```ts
 * import { inTimeOrder } from "./cue_segments.ts";
 * const at = (startMs: number) => ({ startMs, endMs: startMs, speaker: null, text: "" });
 * inTimeOrder([at(5), at(1)]).map((segment) => segment.startMs); // [1, 5]
 * ```
 */
export function inTimeOrder(segments: FileSegment[]): FileSegment[] {
  for (let index = 1; index < segments.length; index++) {
    if ((segments[index]!.startMs ?? 0) < (segments[index - 1]!.startMs ?? 0)) {
      return segments.sort((a, b) => (a.startMs ?? 0) - (b.startMs ?? 0));
    }
  }
  return segments;
}
