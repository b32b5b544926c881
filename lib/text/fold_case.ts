/**
 * Comparing names as a person would: case set aside.
 *
 * @module
 */

/**
 * `name` with case set aside as Unicode's full case folding does, near enough: upper case
 * first, so "Straße" and "STRASSE" meet as "strasse", and a final "ς" as "σ".
 *
 * @example
 * ```ts
 * import { foldCase } from "./fold_case.ts";
 * foldCase("Straße") === foldCase("STRASSE"); // true
 * ```
 */
export function foldCase(name: string): string {
  return name.toUpperCase().toLowerCase();
}
