/**
 * screenpipe's timestamps as epoch milliseconds. Every row a sitting is walked or ordered
 * by has its timestamp parsed, a million at a sitting count of a year's store, so the form
 * the app writes (`2026-02-15T16:41:24.123456+00:00`) is read digit by digit, and each
 * day's start is worked out once; anything else takes the pattern, whose answer the fast
 * path gives exactly wherever it answers.
 *
 * @module
 */

const STAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?\s*(Z|[+-]\d{2}:?\d{2})?/i;

const ZERO = 0x30;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Each day's start, by its `YYYY-MM-DD` (a store spans a few hundred days). */
const dayStarts = new Map<string, number>();
const MAX_DAYS = 4096;

/**
 * Epoch milliseconds of a timestamp as screenpipe stores it (`+00:00` or `Z`, a fraction
 * of any length, or none; a value without a zone is UTC, as SQLite's CURRENT_TIMESTAMP
 * writes it), or NaN. What follows the time and zone is ignored, so every row shown (its
 * timestamp begins as a time, screenpipe_schema.ts) has a time to answer.
 *
 * @example
 * ```ts
 * import { parseStamp } from "./screenpipe_stamp.ts";
 * parseStamp("2026-02-15T16:41:24.123456+00:00"); // 1771173684123
 * parseStamp("2026-02-15 18:41:24+02:00"); // 1771173684000
 * parseStamp("yesterday"); // NaN
 * ```
 */
export function parseStamp(text: string): number {
  return parseWritten(text) ?? parseByPattern(text);
}

/** The pattern's reading of `text`: the reference the fast path answers as. */
function parseByPattern(text: string): number {
  const found = STAMP.exec(text.trim());
  if (found === null) return NaN;
  const [, y, mo, d, h, mi, s, fraction, zone] = found;
  let ms = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!) +
    Math.floor(Number(`0.${fraction ?? "0"}`) * 1000);
  if (zone !== undefined && zone.toUpperCase() !== "Z") {
    const sign = zone[0] === "-" ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return ms;
}

/**
 * `text` read as the app writes it, or undefined where it takes another form (a leading
 * or inner space, say). Date.UTC's time of day is a plain sum of its parts, so a day's
 * start plus the parts is the pattern's answer, to the millisecond.
 */
function parseWritten(text: string): number | undefined {
  if (text.length < 19) return undefined;
  const y = digits(text, 0, 4);
  const mo = digits(text, 5, 2);
  const d = digits(text, 8, 2);
  const h = digits(text, 11, 2);
  const mi = digits(text, 14, 2);
  const s = digits(text, 17, 2);
  const t = text.charCodeAt(10);
  if (
    y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0 || text[4] !== "-" ||
    text[7] !== "-" || (t !== 0x54 && t !== 0x74 && t !== 0x20) || text[13] !== ":" ||
    text[16] !== ":"
  ) {
    return undefined;
  }
  let at = 19;
  let fractionMs = 0;
  if (text[at] === "." && isDigit(text.charCodeAt(at + 1))) {
    let end = at + 1;
    while (isDigit(text.charCodeAt(end))) end++;
    fractionMs = Math.floor(Number(`0.${text.slice(at + 1, end)}`) * 1000);
    at = end;
  }
  const next = text.charCodeAt(at);
  // Space before a zone: the pattern's own reading.
  if (next === 0x20 || (next >= 0x09 && next <= 0x0d) || next > 0x7f) return undefined;
  const ms = dayStart(text.slice(0, 10), y, mo, d) + h * HOUR_MS + mi * MINUTE_MS + s * 1000 +
    fractionMs;
  return ms - zoneMinutes(text, at) * MINUTE_MS;
}

/** The zone's offset from UTC at `at` in minutes: 0 for `Z`, none, or what is no zone. */
function zoneMinutes(text: string, at: number): number {
  const sign = text[at] === "+" ? 1 : text[at] === "-" ? -1 : 0;
  if (sign === 0) return 0;
  const hours = digits(text, at + 1, 2);
  const colon = text[at + 3] === ":" ? 1 : 0;
  const minutes = digits(text, at + 3 + colon, 2);
  if (hours < 0 || minutes < 0) return 0;
  return sign * (hours * 60 + minutes);
}

/** The day's start, from Date.UTC as the pattern has it (years 0–99 are 1900–1999). */
function dayStart(key: string, y: number, mo: number, d: number): number {
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = Date.UTC(y, mo - 1, d);
    if (dayStarts.size >= MAX_DAYS) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

/** The number `count` ASCII digits at `at` spell, or -1. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) return -1;
    value = value * 10 + code - ZERO;
  }
  return value;
}

function isDigit(code: number): boolean {
  return code >= ZERO && code <= 0x39;
}
