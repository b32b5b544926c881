/**
 * Where the demo store is said to be, apart from the demo's data: the start-up line names
 * it before anything of the demo is loaded (issue #26).
 *
 * @module
 */

/**
 * Where the demo store says it lives, in logs and `check`.
 *
 * @example
 * ```ts
 * import { DEMO_LOCATION } from "./demo_location.ts";
 * DEMO_LOCATION; // "(built-in demo store, in memory)"
 * ```
 */
export const DEMO_LOCATION = "(built-in demo store, in memory)";
