/**
 * Argument schemas shared by several tools, so every tool validates and documents them alike.
 *
 * @module
 */
import * as v from "valibot";

/**
 * A page size: an integer with a default. Values outside `min..max` are clamped by the
 * handler rather than refused, so an over-eager client still gets an answer.
 *
 * @example
 * ```ts
 * import { limitArgument } from "./arguments.ts";
 * const limit = limitArgument(1, 200, 20);
 * ```
 */
export function limitArgument(min: number, max: number, fallback: number) {
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
export const cursorArgument = v.optional(
  v.pipe(
    v.string(),
    v.description("nextCursor from the previous page; omit for the first page."),
  ),
);

const RFC_3339 =
  /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2}))?$/;

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
export function timestampArgument(description: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => RFC_3339.test(value) && !Number.isNaN(Date.parse(value)),
        "expected an RFC 3339 date or date-time such as 2026-11-02 or 2026-11-02T09:30:00Z",
      ),
      v.transform((value) =>
        new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString()
      ),
      v.description(description),
    ),
  );
}
