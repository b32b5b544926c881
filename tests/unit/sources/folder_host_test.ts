/**
 * A folder's host thread runs its betweenSlices hook (where the real entry collects
 * garbage) after each slice of a pass, and a hook that runs does not change what is indexed.
 */
import { assert, assertEquals } from "../../helpers/assert.ts";
import { addCalls, buildFolderFixture } from "../../helpers/folder_fixture.ts";
import { makeFolderLink, RemoteFolderReader } from "../../../lib/sources/folder/folder_link.ts";
import { until } from "../../helpers/served_folder.ts";
import { join } from "node:path";

const HOOKED_HOST_URL = new URL("./hooked_folder_host.ts", import.meta.url);

Deno.test("FolderHost runs its betweenSlices hook after each slice of a pass", async () => {
  const folder = buildFolderFixture();
  addCalls(folder, 30, 1_000);
  const worker = new Worker(HOOKED_HOST_URL, { type: "module" });
  worker.postMessage({ type: "host", path: folder.path });
  const { host, caller } = makeFolderLink();
  worker.postMessage({ type: "link", link: host }, [host.port]);
  const reader = new RemoteFolderReader("notes", caller);
  try {
    while (reader.facts().notes.some((note) => note.startsWith("indexing"))) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const hooked = await new Promise<number>((resolve) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.postMessage({ type: "count" });
    });
    assert(hooked >= 1, `the hook ran ${hooked} times`);
    assertEquals(reader.search("call", 50).hits.length, 30);
  } finally {
    reader.close();
    worker.terminate();
    folder.cleanup();
  }
});

Deno.test("a file written during the first pass, after the folder was listed, is served", async () => {
  const folder = buildFolderFixture();
  addCalls(folder, 3, 10);
  const worker = new Worker(HOOKED_HOST_URL, { type: "module" });
  const late = join(folder.path, "late.txt");
  worker.postMessage({ type: "host", path: folder.path, write: { path: late, text: "Wombat." } });
  const { host, caller } = makeFolderLink();
  worker.postMessage({ type: "link", link: host }, [host.port]);
  const reader = new RemoteFolderReader("notes", caller);
  try {
    // No other change follows: the write itself must bring the file in.
    await until("the file written mid-pass indexed", () => {
      return Promise.resolve(reader.search("wombat", 5).hits.length === 1);
    });
  } finally {
    reader.close();
    worker.terminate();
    folder.cleanup();
  }
});
