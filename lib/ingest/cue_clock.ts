/**
 * Cue timestamps of WebVTT and SRT: `hh:mm:ss.ttt`, `mm:ss.ttt` (WebVTT without hours),
 * `h:mm:ss,ttt` (SRT, hours unpadded by early openai-whisper), a `,` or `.` before one to
 * three fraction digits, or none.
 *
 * @module
 */

const CLOCK = /^(?:([0-9]{1,9}):)?([0-9]{1,2}):([0-9]{2})(?:[.,]([0-9]{1,3}))?$/;

/**
 * A cue timestamp in ms, or null when it is not one.
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
  const match = CLOCK.exec(stamp);
  if (match === null) return null;
  const hours = match[1] === undefined ? 0 : Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3]);
  // Without hours the minutes may run past 59 (a long file written as mm:ss); with them not.
  if (seconds > 59 || (match[1] !== undefined && minutes > 59)) return null;
  const fraction = match[4] === undefined ? 0 : Number(match[4].padEnd(3, "0"));
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
  const startMs = clockMs(line.slice(0, arrow).trim());
  const rest = line.slice(arrow + 3).trimStart();
  const space = rest.search(/[ \t]/);
  const endMs = clockMs(space === -1 ? rest.trimEnd() : rest.slice(0, space));
  if (startMs === null || endMs === null) return null;
  return { startMs, endMs: Math.max(startMs, endMs) };
}
