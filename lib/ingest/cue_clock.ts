/**
 * Cue timestamps of WebVTT and SRT: `hh:mm:ss.ttt`, `mm:ss.ttt` (WebVTT without hours),
 * `h:mm:ss,ttt` (SRT, hours unpadded by early openai-whisper), a `,` or `.` before one to
 * three fraction digits, or none.
 *
 * @module
 */

/**
 * A cue timestamp in ms, or null when it is not one. Read by hand, one pass over the
 * characters: it runs twice per cue, and a regular expression costs several times more.
 *
 * @example
 * ```ts
 * import { clockMs } from "./cue_clock.ts";
 * clockMs("01:02:03.450"); // 3723450
 * clockMs("0:00:01,5"); // 1500
 * clockMs("02:03.000"); // 123000
 * clockMs("1:75:00.000"); // null
 * ```
 */
export function clockMs(stamp: string): number | null {
  // Up to three colon-separated fields, then an optional fraction after `.` or `,`.
  const fields = [0, 0, 0];
  const widths = [0, 0, 0];
  let count = 0;
  let index = 0;
  for (; index < stamp.length; index++) {
    const code = stamp.charCodeAt(index);
    if (code >= 0x30 && code <= 0x39) {
      if (++widths[count]! > 9) return null;
      fields[count] = fields[count]! * 10 + code - 0x30;
    } else if (code === 0x3a && count < 2 && widths[count]! > 0) {
      count++;
    } else break;
  }
  let fraction = 0;
  if (index < stamp.length) {
    const mark = stamp.charCodeAt(index);
    const digits = stamp.length - index - 1;
    if ((mark !== 0x2e && mark !== 0x2c) || digits < 1 || digits > 3) return null;
    for (let at = index + 1; at < stamp.length; at++) {
      const code = stamp.charCodeAt(at);
      if (code < 0x30 || code > 0x39) return null;
      fraction = fraction * 10 + code - 0x30;
    }
    fraction *= digits === 1 ? 100 : digits === 2 ? 10 : 1;
  }
  // Seconds take two digits, minutes one or two; hours any number.
  if (count === 0 || widths[count] !== 2 || widths[count - 1]! > 2) return null;
  const [hours, minutes, seconds] = count === 2 ? fields : [0, fields[0]!, fields[1]!];
  // Without hours the minutes may run past 59 (a long file written as mm:ss); with them not.
  if (seconds! > 59 || (count === 2 && minutes! > 59)) return null;
  return ((hours! * 60 + minutes!) * 60 + seconds!) * 1000 + fraction;
}

/**
 * The start and end of a cue timing line `START --> END [settings]`, or null when either is
 * not a timestamp. Cue settings (`align:start line:90%`) and SRT coordinates after the end
 * are ignored.
 *
 * @example
 * ```ts
 * import { cueTiming } from "./cue_clock.ts";
 * cueTiming("00:01.000 --> 00:04.000 align:start"); // { startMs: 1000, endMs: 4000 }
 * cueTiming("soon --> later"); // null
 * ```
 */
export function cueTiming(line: string): { startMs: number; endMs: number } | null {
  const arrow = line.indexOf("-->");
  if (arrow === -1) return null;
  const startMs = clockMs(line.slice(0, arrow).trim());
  const rest = line.slice(arrow + 3).trimStart();
  const endMs = clockMs(firstWord(rest));
  if (startMs === null || endMs === null) return null;
  return { startMs, endMs: Math.max(startMs, endMs) };
}

/** `text` up to its first space or tab (cue settings follow the end time after either). */
function firstWord(text: string): string {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x20 || code === 0x09) return text.slice(0, index);
  }
  return text;
}
