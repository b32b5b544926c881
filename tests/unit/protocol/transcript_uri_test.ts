/**
 * Transcript URIs: a source's name and an item's key in, the same two out, and nothing read
 * from a URI that is not one; the key is the public id without the prefix the URI carries.
 */
import { assertEquals } from "../../helpers/assert.ts";
import {
  parseTranscriptUri,
  transcriptUri,
} from "../../../lib/protocol/resources/transcript_uri.ts";
import { itemId, itemKey } from "../../../lib/tools/reads/item_keys.ts";

Deno.test("transcript URIs round-trip every key, escapes and all", () => {
  for (const key of ["7f0c1b2e-0000-4000-8000-000000000000", "1042", "a/b c?d#e%f", "ü😀:x"]) {
    const uri = transcriptUri("meetily", key);
    assertEquals(parseTranscriptUri(uri), { sourceName: "meetily", key });
  }
  assertEquals(transcriptUri("store", "a/b"), "transcript://store/a%2Fb");
});

Deno.test("what is not a transcript URI names nothing", () => {
  for (
    const uri of [
      "",
      "file:///etc/hosts",
      "transcript://",
      "transcript://store",
      "transcript://store/",
      "transcript:///x",
      "transcript://Store/x",
      "transcript://store/%E0%A4%A",
    ]
  ) {
    assertEquals(parseTranscriptUri(uri), null, uri);
  }
});

Deno.test("an item's key drops the prefix its source's name gives another app's id", () => {
  const screenpipe = { name: "sp", kind: "screenpipe" } as const;
  const store = { name: "store", kind: "transcript-mcp" } as const;
  assertEquals(itemKey(screenpipe, "sp:1042"), "1042");
  assertEquals(itemId(screenpipe, "1042"), "sp:1042");
  // Our own stores' ids are kept whole, whatever they hold.
  assertEquals(itemKey(store, "sp:1042"), "sp:1042");
  assertEquals(itemId(store, "sp:1042"), "sp:1042");
});
