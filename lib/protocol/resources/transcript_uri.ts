/**
 * Transcript resource URIs: `transcript://SOURCE/ID`, where SOURCE is the source's name as
 * list_sources gives it (our own store's too: "store" unless named otherwise) and ID is the
 * item's key within that source: the id itself in our own stores, and another app's public
 * id without the `SOURCE:` prefix the URI already carries (`transcript://screenpipe/1042`
 * is the item get_transcript knows as `screenpipe:1042`).
 *
 * @module
 */
import { SOURCE_NAME_PATTERN } from "../../config/source_name.ts";

/** The URI template `resources/templates/list` offers (RFC 6570). */
export const TRANSCRIPT_URI_TEMPLATE: string = "transcript://{source}/{id}";

const SCHEME = "transcript://";

/**
 * The URI of the item `key` of the source `sourceName`; the key is percent-encoded, as the
 * template's `{id}` expands.
 *
 * @example
 * ```ts
 * import { transcriptUri } from "./transcript_uri.ts";
 * transcriptUri("screenpipe", "1042"); // "transcript://screenpipe/1042"
 * ```
 */
export function transcriptUri(sourceName: string, key: string): string {
  return `${SCHEME}${sourceName}/${encodeURIComponent(key)}`;
}

/**
 * The source name and key a transcript URI names, or null when `uri` is not one.
 *
 * @example
 * ```ts
 * import { parseTranscriptUri } from "./transcript_uri.ts";
 * parseTranscriptUri("transcript://store/7f0c"); // { sourceName: "store", key: "7f0c" }
 * parseTranscriptUri("file:///etc/passwd"); // null
 * ```
 */
export function parseTranscriptUri(uri: string): { sourceName: string; key: string } | null {
  if (!uri.startsWith(SCHEME)) return null;
  const rest = uri.slice(SCHEME.length);
  const slash = rest.indexOf("/");
  if (slash < 1) return null;
  const sourceName = rest.slice(0, slash);
  let key: string;
  try {
    key = decodeURIComponent(rest.slice(slash + 1));
  } catch {
    return null; // A malformed escape names nothing.
  }
  return SOURCE_NAME_PATTERN.test(sourceName) && key !== "" ? { sourceName, key } : null;
}
