/**
 * Meetily's times, read as one instant each. The app and its legacy backend wrote four forms
 * (see docs/sources.md, "Meetily"): RFC 3339 with `+00:00` (the app, 0–9 fraction digits),
 * zone-less `YYYY-MM-DD HH:MM:SS.f` (the app's renames, UTC), zone-less `YYYY-MM-DDTHH:MM:SS.f`
 * (the legacy backend's `utcnow().isoformat()`, UTC) and zone-less `YYYY-MM-DD HH:MM:SS`
 * without a fraction (the legacy backend's `datetime('now', 'localtime')`: local time).
 *
 * One SQL expression turns each into epoch milliseconds, so the order SQL sorts by and the
 * times answered are the same numbers by construction, whatever forms are mixed.
 *
 * @module
 */

/** The legacy backend's local-time form: SQLite's `datetime()` output, no fraction, no zone. */
export const LOCAL_TIME_GLOB =
  "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9]";

/** How every time the apps write begins: a four-digit year and a dash. */
const YEAR_FIRST_GLOB = "[0-9][0-9][0-9][0-9]-*";

/**
 * `ms` (an SQL expression of the time in `column`) where `column` is text that starts with a
 * four-digit year, else NULL: SQLite would read a number as a Julian day and a `-0001-…` as
 * a year before 0, neither of which RFC 3339 can write.
 *
 * @example
 * ```ts
 * import { yearFirstSql } from "./meetily_times.ts";
 * yearFirstSql("x.t", "unixepoch(x.t)").startsWith("CASE WHEN x.t GLOB"); // true
 * ```
 */
export function yearFirstSql(column: string, ms: string): string {
  return `CASE WHEN ${column} GLOB '${YEAR_FIRST_GLOB}' THEN ${ms} END`;
}

/**
 * An SQL expression giving the epoch milliseconds of the time in `column`, or NULL when it
 * is no time. The legacy local form is read in this machine's zone (SQLite's `utc`
 * modifier), every other zone-less form as UTC, as the app itself reads them.
 *
 * @example
 * ```ts
 * import { epochMsSql } from "./meetily_times.ts";
 * epochMsSql("m.created_at").startsWith("CASE WHEN m.created_at GLOB"); // true
 * ```
 */
export function epochMsSql(column: string): string {
  return yearFirstSql(
    column,
    `CAST(round(CASE WHEN ${column} GLOB '${LOCAL_TIME_GLOB}' ` +
      `THEN unixepoch(${column}, 'utc', 'subsec') ELSE unixepoch(${column}, 'subsec') END ` +
      `* 1000) AS INTEGER)`,
  );
}

/** The first millisecond RFC 3339 can write (0000-01-01T00:00:00.000Z). */
const FIRST_MS = Date.parse("0000-01-01T00:00:00.000Z");
/** The last millisecond RFC 3339 can write (9999-12-31T23:59:59.999Z). */
const LAST_MS = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * The RFC 3339 UTC text of epoch milliseconds; the epoch itself for a time that could not
 * be read (facts() counts those) or that a zone moved out of years 0000–9999.
 *
 * @example
 * ```ts
 * import { rfc3339 } from "./meetily_times.ts";
 * rfc3339(0); // "1970-01-01T00:00:00.000Z"
 * ```
 */
export function rfc3339(ms: number | null): string {
  const readable = ms !== null && ms >= FIRST_MS && ms <= LAST_MS;
  return new Date(readable ? ms : 0).toISOString();
}

/**
 * A segment time as milliseconds from the recording's start: `value` (a number of units of
 * `unitMs` each) rounded, or null when it is no number, negative, or past 2^53 ms, which no
 * recording lasts and no client can add to.
 *
 * @example
 * ```ts
 * import { recordingMs } from "./meetily_times.ts";
 * recordingMs(1.5, 1000); // 1500
 * recordingMs(-5, 1000); // null
 * ```
 */
export function recordingMs(value: unknown, unitMs: number): number | null {
  if (typeof value !== "number" && typeof value !== "bigint") return null;
  const ms = Math.round(Number(value) * unitMs);
  return Number.isSafeInteger(ms) && ms >= 0 ? ms : null;
}

/**
 * This machine's UTC offset now, as `UTC+hh:mm`: the zone legacy local times are read in.
 *
 * @example
 * ```ts
 * import { localZone } from "./meetily_times.ts";
 * localZone().startsWith("UTC"); // true
 * ```
 */
export function localZone(): string {
  const offset = -new Date().getTimezoneOffset();
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  return `UTC${offset < 0 ? "-" : "+"}${hours}:${String(Math.abs(offset) % 60).padStart(2, "0")}`;
}
