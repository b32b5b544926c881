/**
 * A folder host thread for tests: it hosts the folder it is sent with a betweenSlices hook
 * that counts, answers links as the real entry does, and tells the count when asked. Sent
 * `write`, the hook writes that file the first time it runs: a change made during the
 * first pass, after the folder was listed.
 */
import { FolderHost } from "../../../lib/sources/folder/folder_host.ts";
import type { FolderLink } from "../../../lib/sources/folder/folder_link.ts";

type Message =
  | { type: "host"; path: string; write?: { path: string; text: string } }
  | { type: "link"; link: FolderLink }
  | { type: "count" };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Message>) => void) | null;
  postMessage(message: number): void;
};

let host: FolderHost | undefined;
let hooked = 0;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "host") {
    const write = message.write;
    host = new FolderHost("notes", message.path, undefined, () => {
      if (hooked++ === 0 && write !== undefined) Deno.writeTextFileSync(write.path, write.text);
    });
    host.start();
  } else if (message.type === "link") {
    host?.link(message.link);
  } else {
    scope.postMessage(hooked);
  }
};
