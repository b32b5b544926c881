/**
 * Public ids across sources. An item of another app's database is `<source>:<key>`, the
 * source's name and the item's own key in that app, so ids are unique across sources and
 * stable across restarts for the same source name. Items of a store in our own schema keep
 * their ids as they are (UUIDs, unique by construction), so a client of one store sees
 * exactly the ids it always has.
 *
 * @module
 */

import { SOURCE_NAME_PATTERN } from "../config/source_name.ts";

/**
 * The public id of the item `key` of the source `name`.
 *
 * @example
 * ```ts
 * import { publicId } from "./source_ids.ts";
 * publicId("meetily", "meeting-42"); // "meetily:meeting-42"
 * ```
 */
export function publicId(name: string, key: string): string {
  return `${name}:${key}`;
}

/**
 * Splits a public id made by {@link publicId} into the source name and the key, or null
 * when it has no source prefix (an id of our own schema).
 *
 * @example
 * ```ts
 * import { splitPublicId } from "./source_ids.ts";
 * splitPublicId("screenpipe:1042"); // { name: "screenpipe", key: "1042" }
 * splitPublicId("7f0c1b2e-0000-4000-8000-000000000000"); // null
 * ```
 */
export function splitPublicId(id: string): { name: string; key: string } | null {
  const colon = id.indexOf(":");
  if (colon < 1) return null;
  const name = id.slice(0, colon);
  return SOURCE_NAME_PATTERN.test(name) ? { name, key: id.slice(colon + 1) } : null;
}
