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
  return clockIn(stamp, 0, stamp.length);
}

/**
 * The timestamp `text` holds from `from` up to `to`, as {@link clockMs} reads one: a cue
 * timing line is read in place, with no substring and no array made (twice per cue).
 */
function clockIn(text: string, from: number, to: number): number | null {
  // Up to three colon-separated fields (digits and their count each), then an optional
  // fraction after `.` or `,`.
  let f0 = 0, f1 = 0, f2 = 0, w0 = 0, w1 = 0, w2 = 0;
  let count = 0;
  let index = from;
  for (; index < to; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x30 && code <= 0x39) {
      const digit = code - 0x30;
      if (count === 0) {
        if (++w0 > 9) return null;
        f0 = f0 * 10 + digit;
      } else if (count === 1) {
        if (++w1 > 9) return null;
        f1 = f1 * 10 + digit;
      } else {
        if (++w2 > 9) return null;
        f2 = f2 * 10 + digit;
      }
    } else if (code === 0x3a && count < 2 && (count === 0 ? w0 : w1) > 0) {
      count++;
    } else break;
  }
  let fraction = 0;
  if (index < to) {
    const mark = text.charCodeAt(index);
    const digits = to - index - 1;
    if ((mark !== 0x2e && mark !== 0x2c) || digits < 1 || digits > 3) return null;
    for (let at = index + 1; at < to; at++) {
      const code = text.charCodeAt(at);
      if (code < 0x30 || code > 0x39) return null;
      fraction = fraction * 10 + code - 0x30;
    }
    fraction *= digits === 1 ? 100 : digits === 2 ? 10 : 1;
  }
  if (count === 0) return null;
  const hours = count === 2 ? f0 : 0;
  const minutes = count === 2 ? f1 : f0;
  const seconds = count === 2 ? f2 : f1;
  // Seconds take two digits, minutes one or two; hours any number.
  if ((count === 2 ? w2 : w1) !== 2 || (count === 2 ? w1 : w0) > 2) return null;
  // Without hours the minutes may run past 59 (a long file written as mm:ss); with them not.
  if (seconds > 59 || (count === 2 && minutes > 59)) return null;
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction;
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
  // The start is what is before the arrow, trimmed as String.prototype.trim would.
  let from = 0;
  let to = arrow;
  while (from < to && isTrimmed(line.charCodeAt(from))) from++;
  while (to > from && isTrimmed(line.charCodeAt(to - 1))) to--;
  const startMs = clockIn(line, from, to);
  // The end is the first word after it: cue settings follow after a space or tab.
  from = arrow + 3;
  while (from < line.length && isTrimmed(line.charCodeAt(from))) from++;
  to = from;
  while (to < line.length && line.charCodeAt(to) !== 0x20 && line.charCodeAt(to) !== 0x09) to++;
  const endMs = clockIn(line, from, to);
  if (startMs === null || endMs === null) return null;
  return { startMs, endMs: Math.max(startMs, endMs) };
}

/** Whether String.prototype.trim removes `code`: ECMAScript's white space and line ends. */
function isTrimmed(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0 || code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
