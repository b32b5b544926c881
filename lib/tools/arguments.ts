/**
 * Argument schemas shared by several tools, so every tool validates and documents them alike.
 *
 * @module
 */
import * as v from "valibot";
import type { PageSize } from "../config/limits.ts";

/** The schema {@link limitArgument} makes: an optional integer with a default. */
export type LimitArgument = v.OptionalSchema<
  v.SchemaWithPipe<
    readonly [
      v.NumberSchema<undefined>,
      v.IntegerAction<number, undefined>,
      v.DescriptionAction<number, string>,
    ]
  >,
  number
>;

/**
 * A page size: an integer with a default. Values outside `min..max` are clamped by the
 * handler ({@link clampLimit}) rather than refused, so an over-eager client still gets an
 * answer.
 *
 * @example
 * ```ts
 * import { limitArgument } from "./arguments.ts";
 * import { PAGE_SIZES } from "../config/limits.ts";
 * const limit = limitArgument(PAGE_SIZES.listTranscripts);
 * ```
 */
export function limitArgument({ min, max, fallback }: PageSize): LimitArgument {
  return v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.description(
        `How many items to return, ${min}–${max} (default ${fallback}); values outside are clamped.`,
      ),
    ),
    fallback,
  );
}

/** An opaque cursor, passed back unchanged from a previous page's `nextCursor`. */
export const cursorArgument: v.OptionalSchema<
  v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.DescriptionAction<string, string>]>,
  undefined
> = v.optional(
  v.pipe(
    v.string(),
    v.description("nextCursor from the previous page; omit for the first page."),
  ),
);

const RFC_3339 =
  /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2}))?$/;

/**
 * Whether `value` is an RFC 3339 date or date-time that names a real moment: Date.parse
 * alone accepts 2026-02-30 (and rolls it over to March).
 *
 * @example
 * ```ts
 * import { isRfc3339 } from "./arguments.ts";
 * isRfc3339("2026-02-28T23:59:59Z"); // true
 * isRfc3339("2026-02-30"); // false
 * ```
 */
export function isRfc3339(value: string): boolean {
  const match = RFC_3339.exec(value);
  if (match === null || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const time = /[Tt ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  return time === null ||
    (Number(time[1]) < 24 && Number(time[2]) < 60 && Number(time[3] ?? 0) < 60);
}

/** The schema {@link timestampArgument} makes: an optional date, normalised. */
export type TimestampArgument = v.OptionalSchema<
  v.SchemaWithPipe<
    readonly [
      v.StringSchema<undefined>,
      v.CheckAction<string, string>,
      v.TransformAction<string, string>,
      v.DescriptionAction<string, string>,
    ]
  >,
  undefined
>;

/**
 * An RFC 3339 date (`2026-11-02`, taken as UTC midnight) or date-time with a zone
 * (`2026-11-02T09:30:00Z`), normalised to the store's `YYYY-MM-DDTHH:MM:SS.sssZ` form.
 *
 * @example
 * ```ts
 * import * as v from "valibot";
 * import { timestampArgument } from "./arguments.ts";
 * v.parse(timestampArgument("since"), "2026-11-02"); // "2026-11-02T00:00:00.000Z"
 * ```
 */
export function timestampArgument(description: string): TimestampArgument {
  return v.optional(
    v.pipe(
      v.string(),
      v.check(
        isRfc3339,
        "an RFC 3339 date or date-time such as 2026-11-02 or 2026-11-02T09:30:00Z",
      ),
      v.transform((value) =>
        new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString()
      ),
      v.description(description),
    ),
  );
}

/**
 * Clamps a requested page size into its allowed range.
 *
 * @example
 * ```ts
 * import { clampLimit } from "./arguments.ts";
 * import { PAGE_SIZES } from "../config/limits.ts";
 * clampLimit(500, PAGE_SIZES.searchTranscripts); // 100
 * ```
 */
export function clampLimit(value: number, { min, max }: PageSize): number {
  return Math.min(max, Math.max(min, value));
}
