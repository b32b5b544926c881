/**
 * Where this thread finds the link to a folder's host (folder_link.ts). The runtime sets it:
 * the tool-call pool on the main thread, each tool worker from its start message. A thread
 * without one (a command run once: `check`, `call`) indexes the folder itself.
 *
 * @module
 */
import type { FolderLink } from "./folder_link.ts";

let provider: ((name: string) => FolderLink | undefined) | null = null;

/**
 * Sets how this thread gets a link to the host of the folder source `name` (null: none,
 * folders are indexed in this thread).
 *
 * @example
 * ```ts
 * import { setFolderLinks } from "./folder_links.ts";
 * setFolderLinks(null);
 * ```
 */
export function setFolderLinks(links: ((name: string) => FolderLink | undefined) | null): void {
  provider = links;
}

/**
 * A link to the host of the folder source `name`, or undefined when this thread has none.
 *
 * @example
 * ```ts
 * import { folderLinkFor } from "./folder_links.ts";
 * folderLinkFor("notes"); // undefined, unless the runtime set a provider
 * ```
 */
export function folderLinkFor(name: string): FolderLink | undefined {
  return provider?.(name);
}
