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

/**
 * An SQL expression giving the epoch milliseconds of the time in `column`, or NULL when it
 * is no time. The legacy local form is read in this machine's zone (SQLite's `utc`
 * modifier), every other zone-less form as UTC, as the app itself reads them.
 *
 * @example
 * ```ts
 * import { epochMsSql } from "./meetily_times.ts";
 * epochMsSql("m.created_at").startsWith("CAST(round("); // true
 * ```
 */
export function epochMsSql(column: string): string {
  return `CAST(round(CASE WHEN ${column} GLOB '${LOCAL_TIME_GLOB}' ` +
    `THEN unixepoch(${column}, 'utc', 'subsec') ELSE unixepoch(${column}, 'subsec') END ` +
    `* 1000) AS INTEGER)`;
}

/**
 * The RFC 3339 UTC text of epoch milliseconds; the epoch itself for a time that could not
 * be read (facts() counts those).
 *
 * @example
 * ```ts
 * import { rfc3339 } from "./meetily_times.ts";
 * rfc3339(0); // "1970-01-01T00:00:00.000Z"
 * ```
 */
export function rfc3339(ms: number | null): string {
  return new Date(ms ?? 0).toISOString();
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
