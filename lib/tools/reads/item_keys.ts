/**
 * An item's key within its source, as a resource URI carries it beside the source's name:
 * the id itself for a store in our own schema, and for another app's item its public id
 * without the `<source>:` prefix the URI already says.
 *
 * @module
 */
import { publicId, splitPublicId } from "../../sources/source_ids.ts";
import type { ServedSource } from "../../sources/source_set.ts";

/**
 * The key of the item `id` within `source`.
 *
 * @example
 * ```ts
 * import { itemKey } from "./item_keys.ts";
 * itemKey({ name: "screenpipe", kind: "screenpipe" }, "screenpipe:1042"); // "1042"
 * itemKey({ name: "store", kind: "transcript-mcp" }, "7f0c"); // "7f0c"
 * ```
 */
export function itemKey(source: Pick<ServedSource, "name" | "kind">, id: string): string {
  if (source.kind === "transcript-mcp") return id;
  const split = splitPublicId(id);
  return split !== null && split.name === source.name ? split.key : id;
}

/**
 * The public id of the item `key` within `source`: the inverse of {@link itemKey}.
 *
 * @example
 * ```ts
 * import { itemId } from "./item_keys.ts";
 * itemId({ name: "screenpipe", kind: "screenpipe" }, "1042"); // "screenpipe:1042"
 * ```
 */
export function itemId(source: Pick<ServedSource, "name" | "kind">, key: string): string {
  return source.kind === "transcript-mcp" ? key : publicId(source.name, key);
}
